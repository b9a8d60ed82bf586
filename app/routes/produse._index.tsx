/** /produse — product list; empty: products will be available in the coming weeks (docs/product.md §2). */
import { type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ProductCard } from "~/components/catalogue/ProductCard";
import { errorBoundary } from "~/components/ErrorState";
import { errorMetaFor } from "~/lib/meta";
import { publicUrlFrom, seo } from "~/lib/seo";
import { productCards } from "~/models/catalogue.server";
import { STATIC_PAGE } from "~/lib/route-handle";

/** Pure content: no JavaScript on a first load (see route-handle.ts). */
export const handle = STATIC_PAGE;

const EMPTY_PRODUCTS = "Produsele vor fi disponibile în săptămânile următoare.";

export async function loader() {
  return { products: await productCards() };
}

export default function Products() {
  const { products } = useLoaderData<typeof loader>();
  // The first card that shows a picture holds the page's largest paint on a phone.
  const priorityId = products.find((product) => product.image)?.id;
  return (
    <main className="page">
      <div className="container">
        <header className="page-header">
          <p className="eyebrow">Magazin</p>
          <h1>Produse profesionale pentru unghii</h1>
          <p className="lead">
            Produsele cu care lucrăm zilnic în salon și la cursuri, alese și testate de formatoare. Livrare prin curier
            în toată țara sau ridicare din Constanța.
          </p>
        </header>
        {products.length === 0 ? (
          <div className="empty-state">
            <p>{EMPTY_PRODUCTS}</p>
            <Link to="/cursuri" className="button button--ghost">
              Vezi cursurile
            </Link>
          </div>
        ) : (
          <div className="grid catalogue-grid catalogue-grid--products">
            {products.map((product) => (
              <ProductCard key={product.id} product={product} priority={product.id === priorityId} />
            ))}
          </div>
        )}
      </div>
    </main>
  );
}

export const meta: MetaFunction = ({ matches, error }) =>
  errorMetaFor(error) ??
  seo({
    title: "Produse pentru manichiură",
    description: "Kituri de ojă semipermanentă, lămpi UV/LED, pile și îngrijire pentru cuticule, folosite la cursurile noastre.",
    path: "/produse",
    publicUrl: publicUrlFrom(matches),
  });

export const ErrorBoundary = errorBoundary("products");
