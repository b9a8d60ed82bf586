/**
 * Footer (docs/product.md §2 Layout): company details from configuration, social links, the six policy
 * links, contact, and the ANPC notice.
 *
 * ANPC (Ordinul 449/2022) asks shops to show the SAL and SOL pictograms. The EU's online dispute
 * resolution platform (SOL/ODR) was closed on 20 July 2025 (Regulation (EU) 2024/3228), so only
 * SAL – alternative dispute resolution at ANPC – is linked here.
 */
import { Link } from "@remix-run/react";
import { Icon } from "~/components/ui/Icon";
import { legalPages } from "./nav";

export interface FooterBusiness {
  name: string;
  brand: string;
  cui: string;
  regCom: string;
  address: string;
  phone: string;
  email: string;
  instagram: string;
  facebook: string;
}

const telHref = (phone: string) => `tel:${phone.replace(/[^+\d]/g, "")}`;

function SalPictogram() {
  return (
    <svg width="250" height="50" viewBox="0 0 250 50" role="img" aria-labelledby="sal-title">
      <title id="sal-title">ANPC – Soluționarea alternativă a litigiilor</title>
      <rect x="0.5" y="0.5" width="249" height="49" rx="6" fill="#fff" stroke="#2b4f8c" />
      <rect x="0.5" y="0.5" width="62" height="49" rx="6" fill="#2b4f8c" />
      <text x="31.5" y="31" textAnchor="middle" fontFamily="Arial, sans-serif" fontSize="17" fontWeight="700" fill="#fff">
        SAL
      </text>
      <text x="72" y="21" fontFamily="Arial, sans-serif" fontSize="10.5" fontWeight="700" fill="#2b4f8c">
        SOLUȚIONAREA ALTERNATIVĂ
      </text>
      <text x="72" y="36" fontFamily="Arial, sans-serif" fontSize="10.5" fontWeight="700" fill="#2b4f8c">
        A LITIGIILOR
      </text>
    </svg>
  );
}

export function SiteFooter({ business }: { business: FooterBusiness }) {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section aria-labelledby="footer-company">
          <h2 id="footer-company" className="site-footer__title">
            {business.brand}
          </h2>
          <p className="site-footer__company">
            {business.name}
            <br />
            CUI {business.cui} · Reg. Com. {business.regCom}
            <br />
            {business.address}
          </p>
          <p className="site-footer__social">
            <a href={business.instagram} className="icon-btn" aria-label="Instagram" rel="noopener noreferrer" target="_blank">
              <Icon name="instagram" />
            </a>
            <a href={business.facebook} className="icon-btn" aria-label="Facebook" rel="noopener noreferrer" target="_blank">
              <Icon name="facebook" />
            </a>
          </p>
        </section>
        <nav aria-labelledby="footer-courses">
          <h2 id="footer-courses" className="site-footer__title">
            Academia
          </h2>
          <ul className="site-footer__links">
            <li><Link to="/cursuri">Cursuri fizice</Link></li>
            <li><Link to="/cursuri-online">Cursuri online</Link></li>
            <li><Link to="/produse">Produse</Link></li>
            <li><Link to="/servicii">Servicii salon</Link></li>
            <li><Link to="/about-me">Despre mine</Link></li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="site-footer__title">
            Informații
          </h2>
          <ul className="site-footer__links">
            {legalPages.map((page) => (
              <li key={page.to}>
                <Link to={page.to}>{page.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="site-footer__title">
            Contact
          </h2>
          <ul className="site-footer__links site-footer__contact">
            <li>
              <Icon name="phone" size={18} /> <a href={telHref(business.phone)}>{business.phone}</a>
            </li>
            <li>
              <Icon name="mail" size={18} /> <a href={`mailto:${business.email}`}>{business.email}</a>
            </li>
            <li>
              <Icon name="clock" size={18} /> Zilnic, 09:00–18:00
            </li>
            <li>
              <Link to="/contact">Pagina de contact</Link>
            </li>
          </ul>
        </section>
      </div>
      <div className="container site-footer__anpc">
        <a href="https://anpc.ro/ce-este-sal/" rel="noopener noreferrer" target="_blank" className="site-footer__sal">
          <SalPictogram />
        </a>
        <p>
          Protecția consumatorilor:{" "}
          <a href="https://anpc.ro/" rel="noopener noreferrer" target="_blank">
            ANPC
          </a>{" "}
          · © {year} {business.name}
        </p>
      </div>
    </footer>
  );
}
