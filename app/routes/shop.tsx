/** /shop — the shop's entry page: products first, then the courses (docs/product.md lists the route only). */
import { type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ProductCard } from "~/components/catalogue/ProductCard";
import { errorBoundary } from "~/components/ErrorState";
import { errorMetaFor } from "~/lib/meta";
import { Icon, type IconName } from "~/components/ui/Icon";
import { publicUrlFrom, seo } from "~/lib/seo";
import { productCards } from "~/models/catalogue.server";
import { STATIC_PAGE } from "~/lib/route-handle";

/** Pure content: no JavaScript on a first load (see route-handle.ts). */
export const handle = STATIC_PAGE;

export async function loader() {
  return { products: await productCards(3) };
}

const tiles: Array<{ to: string; icon: IconName; title: string; text: string }> = [
  { to: "/produse", icon: "cart", title: "Produse", text: "Ojă semipermanentă, lămpi, pile și îngrijire, exact ce folosim la cursuri." },
  { to: "/cursuri-online", icon: "play", title: "Cursuri online", text: "Lecții video pas cu pas, cu acces imediat după plată." },
  { to: "/cursuri", icon: "award", title: "Cursuri în sală", text: "Grupe mici în Constanța, cu diplomă acreditată la alegere." },
];

export default function Shop() {
  const { products } = useLoaderData<typeof loader>();
  return (
    <main className="page">
      <div className="container">
        <header className="page-header">
          <p className="eyebrow">Magazin</p>
          <h1>Tot ce ai nevoie pentru unghii frumoase</h1>
          <p className="lead">Produse profesionale și cursuri, într-un singur coș. Plătești cu cardul sau prin transfer bancar.</p>
        </header>
        <ul className="shop-tiles">
          {tiles.map((tile) => (
            <li key={tile.to} className="card shop-tile">
              <span className="feature-card__icon">
                <Icon name={tile.icon} />
              </span>
              <h2 className="shop-tile__title">
                <Link to={tile.to} prefetch="intent">
                  {tile.title}
                </Link>
              </h2>
              <p>{tile.text}</p>
            </li>
          ))}
        </ul>
        {products.length ? (
          <section className="section" aria-labelledby="recomandate">
            <div className="section__head">
              <h2 id="recomandate">Produse recomandate</h2>
              <Link to="/produse" className="button button--light" prefetch="intent">
                Toate produsele
              </Link>
            </div>
            <div className="grid catalogue-grid">
              {products.map((product) => (
                <ProductCard key={product.id} product={product} headingLevel={3} />
              ))}
            </div>
          </section>
        ) : (
          <p className="empty-state">Produsele vor fi disponibile în săptămânile următoare.</p>
        )}
      </div>
    </main>
  );
}

export const meta: MetaFunction = ({ matches, error }) =>
  errorMetaFor(error) ??
  seo({
    title: "Magazin",
    description: "Produse profesionale pentru manichiură și cursuri online și în sală, într-un singur coș.",
    path: "/shop",
    publicUrl: publicUrlFrom(matches),
  });

export const ErrorBoundary = errorBoundary("products");
