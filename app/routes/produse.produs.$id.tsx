/** /produse/produs/:id — product detail with add to cart. */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { CatalogueImage } from "~/components/catalogue/CatalogueImage";
import { vatLabel } from "~/models/invoice-views.server";
import { Price } from "~/components/catalogue/Price";
import { errorBoundary } from "~/components/ErrorState";
import { JsonLd } from "~/components/JsonLd";
import { Icon } from "~/components/ui/Icon";
import { parseId } from "~/lib/ids";
import { DETAIL_SIZES } from "~/lib/images";
import { absoluteUrl, errorSeo, publicUrlFrom, schemaPrice, seo, summarize } from "~/lib/seo";
import { SHORT_TOAST } from "~/lib/toast";
import { useRootData } from "~/root";
import { addProductToCart } from "~/models/cart.server";
import { productDetail } from "~/models/catalogue.server";
import { parseAddProductForm } from "~/routes/+shared/course-detail.server";
import { getUser, requireUser } from "~/models/session.server";
import { log } from "~/log.server";
import { redirectWithToast } from "~/services/toast.server";
import { HYDRATE_ON_INTERACTION } from "~/lib/route-handle";
import { readFormData } from "~/lib/form-input";
import { rethrowIfUnavailable } from "~/services/unavailable.server";

/** Shown as HTML first; the scripts start at the first interaction (see route-handle.ts). */
export const handle = HYDRATE_ON_INTERACTION;

const notFound = () => new Response("Produsul nu există.", { status: 404 });
const ADD_FAILED = "Eroare la adăugarea în coș.";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = parseId(params.id);
  if (!id) throw notFound();
  const user = await getUser(request);
  const detail = await productDetail(id, user?.id ?? null);
  if (!detail) throw notFound();
  return { ...detail, vat: await vatLabel() };
}

export async function action({ request, params }: ActionFunctionArgs) {
  // Auth first: a cross-site post is refused (403) before anything else is looked at.
  const user = await requireUser(request);
  const id = parseId(params.id);
  if (!id) throw notFound();
  if (!parseAddProductForm(await readFormData(request))) return data({ error: ADD_FAILED }, { status: 400 });
  let result;
  try {
    result = await addProductToCart(user.id, id);
  } catch (error) {
    rethrowIfUnavailable(error);
    log.error("catalogue: adding a product to the cart failed", { productId: id, error });
    result = { ok: false as const, status: 500, message: ADD_FAILED };
  }
  if (!result.ok) {
    if (result.status === 404) throw notFound();
    return data({ error: result.message || ADD_FAILED }, { status: result.status });
  }
  return redirectWithToast(`/produse/produs/${id}`, { message: result.message, ...SHORT_TOAST });
}

export default function ProductPage() {
  const { product, inCart, vat } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const root = useRootData();
  const publicUrl = root?.publicUrl ?? "";
  const url = absoluteUrl(publicUrl, `/produse/produs/${product.id}`);
  const submitting = navigation.state === "submitting";
  const soldOut = product.stock === 0;

  return (
    <main className="page container product-detail">
      <Breadcrumbs items={[{ label: "Acasă", to: "/" }, { label: "Produse", to: "/produse" }, { label: product.title }]} />
      <div className="product-detail__layout">
        <div className="product-detail__media">
          <CatalogueImage image={product.image} alt={product.title} sizes={DETAIL_SIZES} priority />
        </div>
        <div className="product-detail__info">
          <p className="eyebrow">Produs profesional</p>
          <h1>{product.title}</h1>
          {product.subtitle ? <p className="lead">{product.subtitle}</p> : null}
          <p className="product-detail__price">
            <Price bani={product.priceBani} oldBani={product.price2Bani} lowestBani={product.lowest30Bani} vatIncluded={vat.vatIncluded} />
          </p>
          <p className={`status status--${soldOut ? "failed" : "confirmed"}`} data-testid="stock">
            {soldOut ? "Stoc epuizat" : "În stoc"}
          </p>
          {product.description ? <p className="product-detail__description">{product.description}</p> : null}
          {actionData?.error ? (
            <div className="alert alert--error" role="alert">
              <p>{actionData.error}</p>
            </div>
          ) : null}
          {inCart ? (
            <div className="product-detail__actions">
              <p className="status status--confirmed">
                <Icon name="check" size={18} /> Produsul este în coș
              </p>
              <Link to="/cart" className="button button--primary">
                Vezi coșul
              </Link>
            </div>
          ) : (
            <Form method="post" className="product-detail__actions" preventScrollReset>
              <input type="hidden" name="intent" value="add-to-cart" />
              <button type="submit" className="button button--primary" disabled={submitting || soldOut} aria-busy={submitting || undefined}>
                <Icon name="cart" size={20} /> {soldOut ? "Stoc epuizat" : "Adaugă în coș"}
              </button>
            </Form>
          )}
          <ul className="meta-list product-detail__perks">
            <li>
              <Icon name="check" size={20} /> Livrare prin curier sau la easybox în 2–3 zile lucrătoare
            </li>
            <li>
              <Icon name="pin" size={20} /> Ridicare gratuită din academie, în Constanța
            </li>
            <li>
              <Icon name="award" size={20} /> Folosit și recomandat la cursurile noastre
            </li>
          </ul>
        </div>
      </div>
      <JsonLd
        data={{
          "@context": "https://schema.org",
          "@type": "Product",
          name: product.title,
          description: summarize(product.description || product.subtitle || product.title, 300),
          ...(product.image ? { image: absoluteUrl(publicUrl, product.image.src) } : {}),
          brand: { "@type": "Brand", name: root?.business.brand ?? "" },
          offers: {
            "@type": "Offer",
            price: schemaPrice(product.priceBani),
            priceCurrency: "RON",
            availability: soldOut ? "https://schema.org/OutOfStock" : "https://schema.org/InStock",
            itemCondition: "https://schema.org/NewCondition",
            url,
          },
        }}
      />
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, params }) => {
  const publicUrl = publicUrlFrom(matches);
  if (!data) return errorSeo(publicUrl, true);
  const { product } = data;
  return seo({
    title: product.title,
    description: summarize(product.description || product.subtitle || product.title),
    path: `/produse/produs/${params.id}`,
    publicUrl,
    image: product.image?.src,
    type: "product",
  });
};

export const ErrorBoundary = errorBoundary("product");
