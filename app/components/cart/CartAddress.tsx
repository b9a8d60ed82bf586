/**
 * "Adresa de facturare" in the cart summary: the saved address with "Modifică", or the box to
 * enter it (open when there is none, at `?adresa=editeaza`, or after a refused address). The box belongs to the checkout
 * form (conform field `address` of `checkoutSchema`, `form` attribute), so an address typed but
 * not saved is used by the order button; "Salvează" posts the same form with the intent
 * `save-address`, checked by the server alone (`formNoValidate`: the boxes below do not block it).
 */
import type { FieldMetadata } from "@conform-to/react";
import { Link } from "@remix-run/react";
import { TextareaField } from "~/components/ui/Field";

export function CartAddress({
  address,
  editing,
  meta,
  formId,
}: {
  address: string;
  editing: boolean;
  meta: FieldMetadata<string | undefined>;
  formId: string;
}) {
  return (
    <section id="adresa" className="cart-address" aria-labelledby="adresa-titlu">
      <h3 id="adresa-titlu">Adresa de facturare</h3>
      {editing ? (
        <div className="form">
          <TextareaField
            meta={meta}
            label="Adresa"
            rows={3}
            placeholder="Strada, numărul, localitatea, județul, codul poștal"
            hint="Apare pe factură. Factura pe firmă (CUI) se completează în datele de facturare din cont."
          />
          <div className="row">
            <button type="submit" form={formId} formNoValidate name="intent" value="save-address" className="button button--dark button--small">
              Salvează
            </button>
            {address ? (
              <Link to="/cart" className="button button--light button--small" replace preventScrollReset>
                Anulează
              </Link>
            ) : null}
          </div>
        </div>
      ) : (
        <div className="cart-address__view">
          <p className="cart-address__text">{address}</p>
          <Link to="/cont?edit=billing#adresa-facturare">Factura pe firmă (CUI): datele de facturare din cont</Link>
          <Link to="/cart?adresa=editeaza#adresa" className="button button--light button--small" replace preventScrollReset>
            Modifică
          </Link>
        </div>
      )}
    </section>
  );
}
