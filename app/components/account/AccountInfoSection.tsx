/**
 * "Informații cont" (#informatii-cont): email, nume, telefon, adresa. View ↔ edit is URL state
 * (?edit=account), so it works without JavaScript; Cancel returns to the view and the next edit
 * starts from the saved values again.
 */
import type { SubmissionResult } from "@conform-to/react";
import { Link } from "@remix-run/react";
import { Fragment } from "react";
import { Field, TextareaField } from "~/components/ui/Field";
import { FormAlert } from "~/components/ui/FormAlert";
import { SubmitButton } from "~/components/ui/SubmitButton";
import { ValidatedForm } from "~/components/ui/ValidatedForm";
import { useZodForm, type FormConstraint } from "~/components/ui/useZodForm";
import { INVALID_FORM_MESSAGE } from "~/lib/validation/field-rules";
import { AccountSection } from "./AccountSection";

export interface ProfileView {
  email: string;
  name: string;
  phone: string;
  address: string;
}

/**
 * An e-mail address that may wrap on a narrow column: only after "@" and before a dot, never in
 * the middle of a word (the cell is also two columns wide on a desktop screen).
 */
function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?=\.)|(?<=@)/);
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={`${index}-${part}`}>
          {index > 0 ? <wbr /> : null}
          <span>{part}</span>
        </Fragment>
      ))}
    </>
  );
}

function Value({ value }: { value: string }) {
  return value ? <>{value}</> : <span className="muted">Necompletat</span>;
}

export function AccountInfoSection({
  profile,
  editing,
  constraint,
  lastResult,
}: {
  profile: ProfileView;
  editing: boolean;
  constraint?: FormConstraint;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  return (
    <AccountSection
      id="informatii-cont"
      title="Informații cont"
      action={
        editing ? null : (
          <Link to="?edit=account#informatii-cont" className="button button--light button--small" preventScrollReset replace>
            Modifică
          </Link>
        )
      }
    >
      {editing ? (
        <AccountForm profile={profile} constraint={constraint} lastResult={lastResult} />
      ) : (
        <dl className="details-list">
          <div className="details-list__wide">
            <dt>Email</dt>
            <dd className="details-list__email">
              <EmailText email={profile.email} />
            </dd>
          </div>
          <div>
            <dt>Nume</dt>
            <dd>
              <Value value={profile.name} />
            </dd>
          </div>
          <div>
            <dt>Telefon</dt>
            <dd>
              <Value value={profile.phone} />
            </dd>
          </div>
          <div>
            <dt>Adresa</dt>
            <dd className="details-list__multiline">
              <Value value={profile.address} />
            </dd>
          </div>
        </dl>
      )}
    </AccountSection>
  );
}

function AccountForm({
  profile,
  constraint,
  lastResult,
}: {
  profile: ProfileView;
  constraint?: FormConstraint;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const { form, fields, formProps, invalidSubmit } = useZodForm({
    id: "account",
    schema: () => import("~/lib/validation/browser").then((m) => m.accountSchema),
    constraint,
    lastResult,
    defaultValue: profile,
  });
  return (
    <ValidatedForm form={form} formProps={formProps} className="form account-form">
      <input type="hidden" name="intent" value="account" />
      <FormAlert id={form.errorId} messages={invalidSubmit ? [INVALID_FORM_MESSAGE] : form.errors} />
      <div className="form-grid">
        <Field meta={fields.name} label="Nume" autoComplete="name" />
        <Field meta={fields.email} label="Email" type="email" autoComplete="email" inputMode="email" autoCapitalize="none" spellCheck={false} />
        <Field meta={fields.phone} label="Telefon" type="tel" autoComplete="tel" inputMode="tel" optional />
      </div>
      <TextareaField meta={fields.address} label="Adresa" autoComplete="street-address" rows={3} optional />
      <Field
        meta={fields.currentPassword}
        label="Parola actuală"
        type="password"
        autoComplete="current-password"
        hint="Necesară doar dacă schimbi adresa de email."
      />
      <div className="form-actions">
        <SubmitButton className="button button--primary" pendingLabel="Se salvează…">
          Salvează
        </SubmitButton>
        <Link to="/cont#informatii-cont" className="button button--light" preventScrollReset replace>
          Anulează
        </Link>
      </div>
    </ValidatedForm>
  );
}
