import { Link } from "@remix-run/react";

export interface Crumb {
  label: string;
  to?: string;
}

/** Breadcrumb trail; the last entry is the current page. */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  return (
    <nav className="breadcrumbs" aria-label="Navigare">
      <ol>
        {items.map((item, index) =>
          item.to && index < items.length - 1 ? (
            <li key={item.label}>
              <Link to={item.to} prefetch="intent">
                {item.label}
              </Link>
            </li>
          ) : (
            <li key={item.label} aria-current="page">
              {item.label}
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}
