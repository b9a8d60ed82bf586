/**
 * The bank-transfer step (docs/product.md §4): the fixed instructions and "Am efectuat transferul". It is
 * the action's answer, so it works as a page step without JavaScript and as a dialog with it.
 */
import { Form, Link, useNavigate } from "@remix-run/react";
import { useCallback, useEffect, useRef } from "react";
import { useFocusTrap } from "~/components/ui/useDialogKeys";
import { formatMoney } from "~/lib/money";

export interface TransferDetails {
  reference: string;
  amountBani: number;
  iban: string;
  bank: string;
  accountHolder: string;
  email: string;
  /** The checkout's answers, posted again with "Am efectuat transferul" (address: the fields typed, unsaved). */
  values: { acceptTerms: boolean; digitalConsent: boolean; withdrawalWaiver: boolean; earlyStart: boolean; cartVersion: string; address: Record<string, string> };
}

const groupIban = (iban: string) => iban.replace(/(.{4})/g, "$1 ").trim();

export function TransferPanel({ details, submitting }: { details: TransferDetails; submitting: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  useEffect(() => heading.current?.focus(), []);
  // Tab stays in the dialog; Escape is "Anulează" (back to the cart).
  useFocusTrap(panel, useCallback(() => navigate("/cart", { replace: true }), [navigate]));
  return (
    <div className="modal" role="dialog" aria-modal="true" aria-labelledby="transfer-title">
      <div className="modal__panel card card--pad" ref={panel}>
        <h2 id="transfer-title" ref={heading} tabIndex={-1}>
          Plată prin transfer bancar
        </h2>
        <p>Fă transferul cu datele de mai jos, apoi apasă „Am efectuat transferul”. Cursurile devin disponibile după ce confirmăm plata.</p>
        <dl className="transfer">
          <div><dt>Beneficiar</dt><dd>{details.accountHolder}</dd></div>
          <div><dt>IBAN</dt><dd className="transfer__mono">{groupIban(details.iban)}</dd></div>
          <div><dt>Banca</dt><dd>{details.bank}</dd></div>
          <div><dt>Suma</dt><dd><strong>{formatMoney(details.amountBani)}</strong></dd></div>
          <div><dt>Detalii plată</dt><dd className="transfer__mono"><strong>{details.reference}</strong></dd></div>
        </dl>
        <p className="muted">
          Trimite dovada plății la <a href={`mailto:${details.email}`}>{details.email}</a>, menționând referința comenzii.
        </p>
        <Form method="post" className="row">
          <input type="hidden" name="cartVersion" value={details.values.cartVersion} />
          <input type="hidden" name="paymentMethod" value="bank_transfer" />
          {Object.entries(details.values.address).map(([name, value]) => (value ? <input key={name} type="hidden" name={name} value={value} /> : null))}
          {details.values.acceptTerms ? <input type="hidden" name="acceptTerms" value="on" /> : null}
          {details.values.digitalConsent ? <input type="hidden" name="digitalConsent" value="on" /> : null}
          {details.values.withdrawalWaiver ? <input type="hidden" name="withdrawalWaiver" value="on" /> : null}
          {details.values.earlyStart ? <input type="hidden" name="earlyStart" value="on" /> : null}
          <button type="submit" name="intent" value="confirm-transfer" className="button button--primary" disabled={submitting}>
            Am efectuat transferul
          </button>
          <Link to="/cart" className="button button--ghost" replace>
            Anulează
          </Link>
        </Form>
      </div>
    </div>
  );
}
