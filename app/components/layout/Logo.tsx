import { Link } from "@remix-run/react";

export function Logo({ brand }: { brand: string }) {
  return (
    <Link to="/" className="logo" aria-label={`${brand} – pagina principală`}>
      <svg width="30" height="30" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect x="12" y="3" width="8" height="10" rx="2" fill="#2b1b2e" />
        <path d="M8 14.5a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2L25 26a3 3 0 0 1-3 3H10a3 3 0 0 1-3-3Z" fill="#b8325a" />
        <path d="M10.5 16.5v9" stroke="#fff" strokeWidth="2" strokeLinecap="round" opacity=".45" />
      </svg>
      <span className="logo__text">{brand}</span>
    </Link>
  );
}
