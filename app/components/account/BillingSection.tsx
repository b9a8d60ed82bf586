/**
 * "Adresa de facturare" (#adresa-facturare): the address (as fields, issue 24) and the invoice
 * buyer used on orders and invoices. View ↔ edit is URL state (?edit=billing); Cancel restores the
 * saved data. "Completează din ANAF" posts the form with the intent `anaf-lookup`: the page comes
 * back with the company's data filled in (`lookup`), for the buyer to check and save.
 */
import type { SubmissionResult } from "@conform-to/react";
import { Link } from "@remix-run/react";
import { FormAlert } from "~/components/ui/FormAlert";
import { SubmitButton } from "~/components/ui/SubmitButton";
import { ValidatedForm } from "~/components/ui/ValidatedForm";
import { useZodForm, type FormConstraint } from "~/components/ui/useZodForm";
import { INVALID_FORM_MESSAGE } from "~/lib/validation/field-rules";
import type { BuyerDetails } from "~/lib/validation/buyer";
import type { PostalInput } from "~/lib/validation/postal-address";
import { AccountSection } from "./AccountSection";
import { AddressFields } from "./AddressFields";
import { BuyerFields } from "./BuyerFields";

/** What "Completează din ANAF" sends back: the form's values with the company's filled in. */
export interface BillingLookup {
  /** Changes with every lookup, so the form starts again from `values`. */
  stamp: string;
  ok: boolean;
  message: string;
  values: Record<string, string>;
  /** Field errors (an invalid CUI). */
  errors?: Record<string, string[]>;
}

export function BillingSection({
  address,
  postal,
  buyer,
  editing,
  constraint,
  lastResult,
  lookup,
}: {
  constraint?: FormConstraint;
  /** The address as one line (composed from the fields). */
  address: string;
  postal: Record<keyof PostalInput, string>;
  buyer: BuyerDetails;
  editing: boolean;
  lastResult?: SubmissionResult<string[]> | null;
  lookup?: BillingLookup | null;
}) {
  return (
    <AccountSection
      id="adresa-facturare"
      title="Adresa de facturare"
      action={
        editing ? null : (
          <Link to="?edit=billing#adresa-facturare" className="button button--light button--small" preventScrollReset replace>
            {address ? "Modifică" : "Adaugă adresa"}
          </Link>
        )
      }
    >
      {editing ? (
        <BillingForm
          key={lookup?.stamp ?? "saved"}
          defaults={lookup?.values ?? { ...postal, ...buyer }}
          lookup={lookup ?? null}
          constraint={constraint}
          lastResult={lookup ? null : lastResult}
        />
      ) : address ? (
        <>
          {buyer.buyerType === "company" ? (
            <p className="billing-company">
              <strong>{buyer.companyName}</strong> · CUI {buyer.companyCui}
              {buyer.companyRegCom ? ` · Reg. Com. ${buyer.companyRegCom}` : ""}
            </p>
          ) : null}
          <p className="details-list__multiline billing-address">{address}</p>
          {!postal.county ? (
            <p className="muted">Completează județul și localitatea („Modifică”): factura electronică le cere separat.</p>
          ) : null}
        </>
      ) : (
        <p className="muted">Nu ai adăugat încă o adresă de facturare. O folosim pe comenzi și facturi.</p>
      )}
    </AccountSection>
  );
}

function BillingForm({
  defaults,
  lookup,
  constraint,
  lastResult,
}: {
  defaults: Record<string, string>;
  lookup: BillingLookup | null;
  constraint?: FormConstraint;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const { form, fields, formProps, invalidSubmit } = useZodForm({
    id: "billing",
    schema: () => import("~/lib/validation/browser").then((m) => m.billingSchema),
    constraint,
    lastResult: lastResult ?? (lookup?.errors ? { status: "error", initialValue: lookup.values, error: lookup.errors } : null),
    defaultValue: defaults,
  });
  return (
    <ValidatedForm form={form} formProps={formProps} className="form account-form">
      <input type="hidden" name="intent" value="billing" />
      {/* Enter in a field saves (the first submit button is the form's default, before "Completează din ANAF"). */}
      <button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true">
        Salvează
      </button>
      <FormAlert id={form.errorId} messages={invalidSubmit ? [INVALID_FORM_MESSAGE] : form.errors} />
      {lookup && !lookup.errors ? <FormAlert tone={lookup.ok ? "success" : "warning"} messages={[lookup.message]} /> : null}
      <BuyerFields fields={fields} lookup />
      <AddressFields fields={fields} />
      <div className="form-actions">
        <SubmitButton className="button button--primary" pendingLabel="Se salvează…">
          Salvează
        </SubmitButton>
        <Link to="/cont#adresa-facturare" className="button button--light" preventScrollReset replace>
          Anulează
        </Link>
      </div>
    </ValidatedForm>
  );
}
