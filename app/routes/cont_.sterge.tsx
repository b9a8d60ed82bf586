/**
 * /cont/sterge — "Șterge contul" (GDPR art. 17): what is deleted and what is kept (and why), the
 * current password again and the diploma-name choice. The action checks the password (wrong:
 * 400, counted against the login limits), deletes the account in one transaction
 * (models/account-data.server deleteAccount: confirmation e-mail queued in it), clears the
 * session cookie and goes to the home page. A plain form: works without JavaScript.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { errorBoundary } from "~/components/ErrorState";
import { CheckboxField, Field } from "~/components/ui/Field";
import { FormAlert } from "~/components/ui/FormAlert";
import { SubmitButton } from "~/components/ui/SubmitButton";
import { ValidatedForm } from "~/components/ui/ValidatedForm";
import { useZodForm } from "~/components/ui/useZodForm";
import { formConstraint, parseForm, readFormData } from "~/lib/form-input";
import { privateHeaders } from "~/lib/http";
import { privatePageMeta } from "~/lib/meta";
import { DELETE_ACCOUNT_MESSAGES, DELETION_EXPLANATION } from "~/lib/validation/account-data-texts";
import { INVALID_FORM_MESSAGE } from "~/lib/validation/field-rules";
import { deleteAccount } from "~/models/account-data.server";
import { clearSessionCookie, requireUser } from "~/models/session.server";
import { refuseWrongPassword } from "~/routes/+shared/current-password.server";
import { deleteAccountSchema } from "~/routes/+shared/form-schemas.server";
import { log } from "~/log.server";
import { redirectWithToast } from "~/services/toast.server";
import { rethrowIfUnavailable } from "~/services/unavailable.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return { constraint: formConstraint(deleteAccountSchema) };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const submission = parseForm(await readFormData(request), { schema: deleteAccountSchema });
  const hide = { hideFields: ["currentPassword"] };
  if (submission.status !== "success") {
    return data({ result: submission.reply({ ...hide, formErrors: [INVALID_FORM_MESSAGE] }) }, { status: 400 });
  }
  const refused = await refuseWrongPassword(request, user, submission.value.currentPassword);
  if (refused) return data({ result: submission.reply({ ...hide, ...refused.reply }) }, { status: refused.status });
  try {
    await deleteAccount(user, { hideDiplomaName: submission.value.hideDiplomaName });
  } catch (error) {
    rethrowIfUnavailable(error);
    log.error("account deletion failed", { error, userId: user.id });
    return data({ result: submission.reply({ ...hide, formErrors: [DELETE_ACCOUNT_MESSAGES.failed] }) }, { status: 500 });
  }
  log.info("account deleted", { userId: user.id });
  return redirectWithToast("/", { message: DELETE_ACCOUNT_MESSAGES.deleted }, { headers: { "Set-Cookie": await clearSessionCookie() } });
}

export default function DeleteAccountPage() {
  const actionData = useActionData<typeof action>();
  const { constraint } = useLoaderData<typeof loader>();
  const { form, fields, formProps, invalidSubmit } = useZodForm({
    id: "delete-account",
    schema: () => import("~/lib/validation/browser").then((m) => m.deleteAccountSchema),
    constraint,
    lastResult: actionData?.result,
  });
  return (
    <main className="page container account">
      <p className="eyebrow">
        <Link to="/cont#datele-mele">Contul meu</Link>
      </p>
      <h1>Șterge contul</h1>
      <section className="card card--pad" aria-labelledby="ce-se-intampla">
        <h2 id="ce-se-intampla">Ce se întâmplă cu datele tale</h2>
        <ul>
          {DELETION_EXPLANATION.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <p className="muted">
          Înainte de ștergere poți <a href="/cont/datele-mele.json" download>descărca datele tale</a>. Ștergerea nu poate fi anulată.
        </p>
        <ValidatedForm form={form} formProps={formProps} className="form account-form">
          <FormAlert id={form.errorId} messages={invalidSubmit ? [INVALID_FORM_MESSAGE] : form.errors} />
          <Field meta={fields.currentPassword} label="Parola actuală" type="password" autoComplete="current-password" />
          <CheckboxField meta={fields.hideDiplomaName} label="Afișează diplomele mele fără nume la verificarea după cod" />
          <div className="form-actions">
            <SubmitButton className="button button--primary" pendingLabel="Se șterge…">
              Șterge definitiv contul
            </SubmitButton>
            <Link to="/cont#datele-mele" className="button button--light">
              Renunță
            </Link>
          </div>
        </ValidatedForm>
      </section>
    </main>
  );
}

export const meta: MetaFunction = ({ matches }) => privatePageMeta(matches, "Șterge contul");
export const headers = privateHeaders;

export const ErrorBoundary = errorBoundary("account");
