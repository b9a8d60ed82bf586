/**
 * "Adresa de facturare" in the cart summary: the saved address with "Modifică", or the fields to
 * enter it (open when there is none, at `?adresa=editeaza`, or after a refused address). The
 * fields (issue 24: street, locality, county, sector, postal code) belong to the checkout form
 * (conform fields of `checkoutSchema`, `form` attribute), so an address typed but not saved is
 * used by the order button; "Salvează" posts the same form with the intent `save-address`, checked
 * by the server alone (`formNoValidate`: the boxes below do not block it).
 */
import { Link } from "@remix-run/react";
import { AddressFields, type AddressFieldsMeta } from "~/components/account/AddressFields";

export function CartAddress({
  address,
  complete,
  editing,
  fields,
  formId,
}: {
  address: string;
  /** The saved address has its county and locality (else the invoice reads them from the line). */
  complete: boolean;
  editing: boolean;
  fields: AddressFieldsMeta;
  formId: string;
}) {
  return (
    <section id="adresa" className="cart-address" aria-labelledby="adresa-titlu">
      <h3 id="adresa-titlu">Adresa de facturare</h3>
      {editing ? (
        <div className="form">
          <p className="muted">Apare pe factură. Factura pe firmă (CUI) se completează în datele de facturare din cont.</p>
          <AddressFields fields={fields} />
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
          {!complete ? <p className="muted">Completează județul și localitatea („Modifică”): factura electronică le cere separat.</p> : null}
          <Link to="/cont?edit=billing#adresa-facturare">Factura pe firmă (CUI): datele de facturare din cont</Link>
          <Link to="/cart?adresa=editeaza#adresa" className="button button--light button--small" replace preventScrollReset>
            Modifică
          </Link>
        </div>
      )}
    </section>
  );
}
