/**
 * "Adresa de facturare" (#adresa-facturare): the address used on orders and invoices.
 * View ↔ edit is URL state (?edit=billing); Cancel restores the saved address.
 */
import type { SubmissionResult } from "@conform-to/react";
import { Link } from "@remix-run/react";
import { TextareaField } from "~/components/ui/Field";
import { FormAlert } from "~/components/ui/FormAlert";
import { SubmitButton } from "~/components/ui/SubmitButton";
import { ValidatedForm } from "~/components/ui/ValidatedForm";
import { useZodForm, type FormConstraint } from "~/components/ui/useZodForm";
import { INVALID_FORM_MESSAGE } from "~/lib/validation/field-rules";
import type { BuyerDetails } from "~/lib/validation/buyer";
import { AccountSection } from "./AccountSection";
import { BuyerFields } from "./BuyerFields";

export function BillingSection({
  address,
  buyer,
  editing,
  constraint,
  lastResult,
}: {
  constraint?: FormConstraint;
  address: string;
  buyer: BuyerDetails;
  editing: boolean;
  lastResult?: SubmissionResult<string[]> | null;
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
        <BillingForm address={address} buyer={buyer} constraint={constraint} lastResult={lastResult} />
      ) : address ? (
        <>
          {buyer.buyerType === "company" ? (
            <p className="billing-company">
              <strong>{buyer.companyName}</strong> · CUI {buyer.companyCui}
              {buyer.companyRegCom ? ` · Reg. Com. ${buyer.companyRegCom}` : ""}
            </p>
          ) : null}
          <p className="details-list__multiline billing-address">{address}</p>
        </>
      ) : (
        <p className="muted">Nu ai adăugat încă o adresă de facturare. O folosim pe comenzi și facturi.</p>
      )}
    </AccountSection>
  );
}

function BillingForm({
  address,
  buyer,
  constraint,
  lastResult,
}: {
  address: string;
  buyer: BuyerDetails;
  constraint?: FormConstraint;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const { form, fields, formProps, invalidSubmit } = useZodForm({
    id: "billing",
    schema: () => import("~/lib/validation/browser").then((m) => m.billingSchema),
    constraint,
    lastResult,
    defaultValue: { address, ...buyer },
  });
  return (
    <ValidatedForm form={form} formProps={formProps} className="form account-form">
      <input type="hidden" name="intent" value="billing" />
      <FormAlert id={form.errorId} messages={invalidSubmit ? [INVALID_FORM_MESSAGE] : form.errors} />
      <BuyerFields fields={fields} />
      <TextareaField
        meta={fields.address}
        label="Adresa de facturare"
        autoComplete="street-address"
        rows={3}
        hint="Stradă, număr, bloc/apartament, localitate, județ, cod poștal."
      />
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
