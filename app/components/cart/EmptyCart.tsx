import { Link } from "@remix-run/react";

export function EmptyCart() {
  return (
    <div className="cart-empty card card--pad">
      <svg viewBox="0 0 160 140" width="160" height="140" aria-hidden="true">
        <ellipse cx="80" cy="126" rx="58" ry="8" fill="#ead9da" />
        <path d="M38 50h84l-8 66a8 8 0 0 1-8 7H54a8 8 0 0 1-8-7Z" fill="#fbeee9" stroke="#b8325a" strokeWidth="3" />
        <path d="M58 58V42a22 22 0 0 1 44 0v16" fill="none" stroke="#2b1b2e" strokeWidth="4" strokeLinecap="round" />
        <path d="M66 86h28" stroke="#b8325a" strokeWidth="4" strokeLinecap="round" />
      </svg>
      <h2>Coșul tău este gol</h2>
      <p className="muted">Alege un curs fizic, un curs online sau produse profesionale și le vei găsi aici.</p>
      <Link to="/cursuri" className="button button--primary">
        Explorează Cursuri
      </Link>
    </div>
  );
}
