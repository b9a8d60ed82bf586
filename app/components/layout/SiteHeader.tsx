/**
 * Top bar (docs/product.md §2 Layout). Below 960px the menu is a <details> hamburger (no JavaScript
 * needed); over 799px the account button opens a hover/focus menu that hides 600 ms after the
 * pointer leaves (a CSS transition delay). Escape closes either, and Tab out of the open hamburger
 * closes it (app/lib/page-keys.ts, on every page with or without the app's scripts). The Admin
 * entry mirrors the server-side role check.
 */
import { Form, Link, NavLink, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { Icon } from "~/components/ui/Icon";
import { Logo } from "./Logo";
import { mainNav } from "./nav";

export interface HeaderUser {
  name: string;
  role: "user" | "admin";
}

function NavLinks({ isAdmin }: { isAdmin: boolean }) {
  return (
    <ul className="nav__list">
      {mainNav.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} end={"end" in item} className="nav__link" prefetch="intent">
            {item.label}
          </NavLink>
        </li>
      ))}
      {isAdmin ? (
        <li>
          <NavLink to="/admin" className="nav__link nav__link--admin">
            Admin
          </NavLink>
        </li>
      ) : null}
    </ul>
  );
}

function firstName(name: string) {
  return name.trim().split(/\s+/)[0] || name;
}

export function SiteHeader({ brand, user, cartCount }: { brand: string; user: HeaderUser | null; cartCount: number }) {
  const location = useLocation();
  const mobileMenu = useRef<HTMLDetailsElement>(null);
  // With JavaScript, close the hamburger after a navigation; not when the scripts start (a menu
  // opened on a slow phone before they arrived stays open).
  const menuPath = useRef(location.pathname);
  useEffect(() => {
    if (menuPath.current === location.pathname) return;
    menuPath.current = location.pathname;
    if (mobileMenu.current) mobileMenu.current.open = false;
  }, [location.pathname]);
  const isAdmin = user?.role === "admin";
  const cartLabel = cartCount === 1 ? "Coș: 1 produs" : `Coș: ${cartCount} produse`;

  return (
    <header className="site-header">
      <div className="site-header__inner container">
        <details className="mobile-nav" ref={mobileMenu} data-dismiss="leave">
          <summary className="icon-btn mobile-nav__toggle" aria-label="Meniu">
            <Icon name="menu" className="mobile-nav__open" />
            <Icon name="close" className="mobile-nav__close" />
          </summary>
          <nav className="mobile-nav__panel" aria-label="Meniu principal">
            <NavLinks isAdmin={isAdmin} />
            {user ? (
              <div className="mobile-nav__account">
                <Link to="/cont" className="nav__link">
                  Contul meu
                </Link>
                <Form method="post" action="/logout">
                  <button type="submit" className="link-button">
                    Deconectare
                  </button>
                </Form>
              </div>
            ) : null}
          </nav>
        </details>

        <Logo brand={brand} />

        <nav className="desktop-nav" aria-label="Meniu principal">
          <NavLinks isAdmin={isAdmin} />
        </nav>

        <div className="site-header__actions">
          <Link to="/cart" className="icon-btn cart-btn" aria-label={user ? cartLabel : "Coș"}>
            <Icon name="cart" />
            {user && cartCount > 0 ? (
              <span className="badge cart-btn__badge" data-testid="cart-count" aria-hidden="true">
                {cartCount}
              </span>
            ) : null}
          </Link>
          {user ? (
            <div className="account-menu" data-dismiss="menu">
              <Link to="/cont" className="icon-btn account-menu__button" aria-label={`Contul meu (${user.name})`}>
                <Icon name="user" />
              </Link>
              <div className="account-menu__panel">
                <p className="account-menu__greeting">Bună, {firstName(user.name)}!</p>
                <Link to="/cont#informatii-cont" className="account-menu__item">
                  Informații cont
                </Link>
                <Form method="post" action="/logout">
                  <button type="submit" className="account-menu__item account-menu__logout">
                    Deconectare
                  </button>
                </Form>
              </div>
            </div>
          ) : (
            <Link to="/autentificare" className="icon-btn" aria-label="Autentificare">
              <Icon name="user" />
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
