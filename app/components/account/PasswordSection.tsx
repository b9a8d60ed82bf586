/**
 * "Parola" (#parola) on /cont: change the password with the current one. View ↔ edit is URL
 * state (?edit=password), so it works without JavaScript. A change ends the account's other
 * sessions (models/user.server changePassword).
 */
import type { SubmissionResult } from "@conform-to/react";
import { Link } from "@remix-run/react";
import { Field } from "~/components/ui/Field";
import { FormAlert } from "~/components/ui/FormAlert";
import { SubmitButton } from "~/components/ui/SubmitButton";
import { ValidatedForm } from "~/components/ui/ValidatedForm";
import { useZodForm, type FormConstraint } from "~/components/ui/useZodForm";
import { INVALID_FORM_MESSAGE } from "~/lib/validation/field-rules";
import { AccountSection } from "./AccountSection";

export function PasswordSection({
  editing,
  constraint,
  lastResult,
}: {
  editing: boolean;
  constraint?: FormConstraint;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  return (
    <AccountSection
      id="parola"
      title="Parola"
      action={
        editing ? null : (
          <Link to="?edit=password#parola" className="button button--light button--small" preventScrollReset replace>
            Schimbă parola
          </Link>
        )
      }
    >
      {editing ? <PasswordForm constraint={constraint} lastResult={lastResult} /> : <p className="muted">Pentru a schimba parola îți cerem parola actuală.</p>}
    </AccountSection>
  );
}

function PasswordForm({ constraint, lastResult }: { constraint?: FormConstraint; lastResult?: SubmissionResult<string[]> | null }) {
  const { form, fields, formProps, invalidSubmit } = useZodForm({
    id: "password",
    schema: () => import("~/lib/validation/browser").then((m) => m.passwordChangeSchema),
    constraint,
    lastResult,
  });
  return (
    <ValidatedForm form={form} formProps={formProps} className="form account-form">
      <input type="hidden" name="intent" value="password" />
      <FormAlert id={form.errorId} messages={invalidSubmit ? [INVALID_FORM_MESSAGE] : form.errors} />
      <div className="form-grid">
        <Field meta={fields.currentPassword} label="Parola actuală" type="password" autoComplete="current-password" />
        <Field meta={fields.newPassword} label="Parola nouă" type="password" autoComplete="new-password" />
        <Field meta={fields.confirmPassword} label="Confirmă parola nouă" type="password" autoComplete="new-password" />
      </div>
      <div className="form-actions">
        <SubmitButton className="button button--primary" pendingLabel="Se salvează…">
          Schimbă parola
        </SubmitButton>
        <Link to="/cont#parola" className="button button--light" preventScrollReset replace>
          Anulează
        </Link>
      </div>
    </ValidatedForm>
  );
}
