/**
 * The Produse tab: product cards (publish/unpublish in place), the product form and the delete
 * confirmation step. Plain form posts; JavaScript only uploads the image directly. Typed by
 * the loaders and actions in `./admin-product.server`.
 */
import type { SerializeFrom } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { Field, SelectField, TextareaField } from "~/components/ui/Field";
import { FormAlert } from "~/components/ui/FormAlert";
import { useZodForm } from "~/components/ui/useZodForm";
import { ValidatedForm } from "~/components/ui/ValidatedForm";
import { formatMoney } from "~/lib/money";
import { INVALID_FORM_MESSAGE } from "~/lib/validation/field-rules";
import { PRODUCT_MESSAGES } from "~/lib/validation/admin-product-texts";
import { AdminCardList } from "~/components/admin/AdminCardList";
import { MediaField } from "~/components/admin/MediaField";
import { PublishedBadge } from "./admin-course";
import type { productDeleteLoader, productEditorAction, productEditorLoader, productListLoader } from "./admin-product.server";

const PATH = "/admin/produse";

export function ProductListPage() {
  const { products, error } = useLoaderData<typeof productListLoader>();
  const busy = useNavigation().state === "submitting";
  return (
    <AdminCardList
      headingId="produse-titlu"
      heading="Produse"
      path={PATH}
      newLabel="+ Produs nou"
      error={error}
      empty="Nu există produse. Adaugă primul produs al magazinului."
      items={products}
      testId="admin-product"
      card={(product) => ({
        meta: (
          <>
            <PublishedBadge published={product.isPublished} />
            <span className="muted">{product.priceBani === 0 ? "Gratis" : formatMoney(product.priceBani)}</span>
          </>
        ),
        subtitle: product.subtitle,
        actions: (
          <>
            <Form method="post">
              <input type="hidden" name="id" value={product.id} />
              <button
                type="submit"
                name="intent"
                value={product.isPublished ? "unpublish" : "publish"}
                className="button button--light button--small"
                disabled={busy}
                aria-label={`${product.isPublished ? "Ascunde" : "Publică"} ${product.title}`}
              >
                {product.isPublished ? "Ascunde" : "Publică"}
              </button>
            </Form>
            <Link to={`${PATH}/${product.id}/sterge`} className="button button--danger button--small" aria-label={`Elimina ${product.title}`}>
              Elimina
            </Link>
          </>
        ),
      })}
    />
  );
}

export function ProductEditorPage() {
  const data = useLoaderData<typeof productEditorLoader>();
  // A new key after each save: the form starts again from the saved values.
  return <ProductEditor key={`${data.productId ?? "nou"}-${data.version}`} data={data} />;
}

type ProductEditorData = SerializeFrom<typeof productEditorLoader>;

function ProductEditor({ data }: { data: ProductEditorData }) {
  const actionData = useActionData<typeof productEditorAction>();
  const { form, fields, formProps, invalidSubmit } = useZodForm({
    id: `produs-${data.productId ?? "nou"}`,
    schema: () => import("~/lib/validation/browser").then((m) => m.productFormSchema),
    constraint: data.constraint,
    lastResult: actionData?.result,
    defaultValue: data.defaultValue as never,
  });
  const [uploading, setUploading] = useState(false);
  const saving = useNavigation().state === "submitting";
  return (
    <section aria-labelledby="produs-titlu" className="admin-editor">
      <p>
        <Link to={PATH}>← Produse</Link>
      </p>
      <div className="admin-toolbar">
        <h2 id="produs-titlu">{data.productId === null ? "Produs nou" : `Modifică: ${data.title}`}</h2>
        {data.productId !== null ? (
          <Link to={`${PATH}/${data.productId}/sterge`} className="button button--danger button--small">
            Elimina
          </Link>
        ) : null}
      </div>
      <FormAlert tone="warning" messages={[data.priceWarning]} />
      <ValidatedForm form={form} formProps={formProps} encType="multipart/form-data" className="admin-form">
        <button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true">
          Salvează
        </button>
        <FormAlert id={form.errorId} messages={[...(form.errors ?? []), actionData?.formError, invalidSubmit ? INVALID_FORM_MESSAGE : null]} />
        <section className="admin-panel">
          <div className="form-grid">
            <Field meta={fields.title} label="Titlu" />
            <Field meta={fields.subtitle} label="Subtitlu" optional />
            <Field meta={fields.price} label="Preț (RON)" hint="Format românesc, ex. 149,90, sau „Gratis”." />
            <Field meta={fields.price2} label="Preț întreg" optional hint="Afișat tăiat lângă preț." />
            <Field meta={fields.stock} label="Stoc (bucăți)" inputMode="numeric" optional hint="Gol = nelimitat; 0 = „Stoc epuizat”." />
            <SelectField
              meta={fields.isPublished}
              label="Stare"
              options={[
                { value: "nu", label: "Nepublicat (ascuns)" },
                { value: "da", label: "Publicat" },
              ]}
            />
          </div>
          <TextareaField meta={fields.description} label="Descriere" optional rows={6} />
          <MediaField
            form={form}
            meta={fields.imageKey}
            kind="image"
            folder="products"
            label="Imagine"
            limit={data.uploads.limit}
            maxBytes={data.uploads.maxBytes}
            formLimit={data.uploads.formLimit}
            urls={{ ...data.urls, ...(actionData?.urls ?? {}) }}
            proofs={actionData?.proofs}
            onBusyChange={setUploading}
          />
        </section>
        <div className="form-actions">
          <button type="submit" className="button button--primary" disabled={uploading || saving}>
            {saving ? "Se salvează…" : data.productId === null ? "Creează produsul" : "Salvează modificările"}
          </button>
          <Link to={PATH} className="button button--light">
            Renunță
          </Link>
        </div>
      </ValidatedForm>
    </section>
  );
}

export function ProductDeletePage() {
  const { product } = useLoaderData<typeof productDeleteLoader>();
  const busy = useNavigation().state === "submitting";
  return (
    <section className="card card--pad admin-confirm" role="alertdialog" aria-labelledby="confirmare-titlu" aria-describedby="confirmare-text">
      <h2 id="confirmare-titlu">{PRODUCT_MESSAGES.confirmDelete}</h2>
      <p id="confirmare-text">
        <strong>{product.title}</strong>
        {product.subtitle ? ` – ${product.subtitle}` : ""}
      </p>
      <p className="muted">Coșurile care îl conțin îl pierd; comenzile vechi își păstrează detaliile. Poți și doar să-l ascunzi din magazin.</p>
      <Form method="post" className="form-actions">
        <button type="submit" name="intent" value="delete" className="button button--danger" disabled={busy}>
          Da, șterge produsul
        </button>
        <Link to={PATH} className="button button--light">
          Nu, renunță
        </Link>
      </Form>
    </section>
  );
}
