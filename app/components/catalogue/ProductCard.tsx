import { Link } from "@remix-run/react";
import type { ProductCardView } from "~/lib/catalogue-views";
import { CARD_SIZES } from "~/lib/images";
import { CatalogueImage } from "./CatalogueImage";
import { Price } from "./Price";

export type { ProductCardView };

/** `priority`: the first card of a list, whose image is the page's largest paint on a phone. */
export function ProductCard({ product, headingLevel = 2, priority = false }: { product: ProductCardView; headingLevel?: 2 | 3; priority?: boolean }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="card product-card">
      <div className="product-card__media">
        <CatalogueImage image={product.image} alt="" sizes={CARD_SIZES} priority={priority} />
      </div>
      <div className="product-card__body">
        <Heading className="product-card__title">
          <Link to={`/produse/produs/${product.id}`} prefetch="intent">
            {product.title}
          </Link>
        </Heading>
        {product.subtitle ? <p className="product-card__subtitle">{product.subtitle}</p> : null}
        <div className="product-card__footer">
          <Price bani={product.priceBani} oldBani={product.price2Bani} lowestBani={product.lowest30Bani} />
          <span className="course-card__more" aria-hidden="true">
            Vezi produsul →
          </span>
        </div>
      </div>
    </article>
  );
}
