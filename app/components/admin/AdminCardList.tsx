/**
 * The admin's catalogue lists (online and physical courses, products): a heading with its "+ … nou"
 * link, then the error with "Reîncearcă", the empty text or one card per item (image, badge and
 * facts, title, "Modifică" and the list's own actions).
 */
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { CatalogueImage } from "~/components/catalogue/CatalogueImage";
import { FormAlert } from "~/components/ui/FormAlert";
import type { ResponsiveImage } from "~/lib/images";

interface CardItem {
  id: number | string;
  title: string;
  image: ResponsiveImage | null;
}

/** What a card shows besides its image, title and "Modifică". */
export interface CardParts {
  /** Above the title (the published badge, a category, a price). */
  meta: ReactNode;
  subtitle?: string | null;
  /** Under the title (counts). */
  facts?: ReactNode;
  /** After "Modifică". */
  actions: ReactNode;
}

export function AdminCardList<Item extends CardItem>({
  headingId,
  heading,
  path,
  newLabel,
  error,
  empty,
  items,
  testId,
  card,
}: {
  headingId: string;
  heading: string;
  /** The list's page: "/nou" and "/:id" are under it. */
  path: string;
  newLabel: string;
  error: string | null | undefined;
  empty: string;
  items: Item[];
  testId: string;
  card: (item: Item) => CardParts;
}) {
  return (
    <section aria-labelledby={headingId}>
      <div className="admin-toolbar">
        <h2 id={headingId}>{heading}</h2>
        <Link to={`${path}/nou`} className="button button--primary">
          {newLabel}
        </Link>
      </div>
      {error ? (
        <FormAlert messages={[error]}>
          <p>
            <a href={path} className="button button--light button--small">
              Reîncearcă
            </a>
          </p>
        </FormAlert>
      ) : items.length === 0 ? (
        <p className="empty-state">{empty}</p>
      ) : (
        <ul className="admin-cards">
          {items.map((item) => {
            const { meta, subtitle, facts, actions } = card(item);
            return (
              <li key={item.id} className="card admin-card" data-testid={testId}>
                <div className="admin-card__media">
                  <CatalogueImage image={item.image} alt="" sizes="160px" />
                </div>
                <div className="admin-card__body">
                  <p className="admin-card__meta">{meta}</p>
                  <h3 className="admin-card__title">{item.title}</h3>
                  {subtitle ? <p className="admin-card__subtitle">{subtitle}</p> : null}
                  {facts ? <p className="admin-card__facts muted">{facts}</p> : null}
                </div>
                <div className="admin-card__actions">
                  <Link to={`${path}/${item.id}`} className="button button--dark button--small" aria-label={`Modifică ${item.title}`}>
                    Modifică
                  </Link>
                  {actions}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
