import { Link } from "@remix-run/react";
import { CARD_SIZES, type ResponsiveImage } from "~/lib/images";
import { CatalogueImage } from "./CatalogueImage";
import { Price } from "./Price";

export interface ProductCardView {
  id: number;
  title: string;
  subtitle: string;
  image: ResponsiveImage | null;
  priceBani: number;
  price2Bani: number | null;
}

export function ProductCard({ product, headingLevel = 2 }: { product: ProductCardView; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="card product-card">
      <div className="product-card__media">
        <CatalogueImage image={product.image} alt="" sizes={CARD_SIZES} />
      </div>
      <div className="product-card__body">
        <Heading className="product-card__title">
          <Link to={`/produse/produs/${product.id}`} prefetch="intent">
            {product.title}
          </Link>
        </Heading>
        {product.subtitle ? <p className="product-card__subtitle">{product.subtitle}</p> : null}
        <div className="product-card__footer">
          <Price bani={product.priceBani} oldBani={product.price2Bani} />
          <span className="course-card__more" aria-hidden="true">
            Vezi produsul →
          </span>
        </div>
      </div>
    </article>
  );
}
