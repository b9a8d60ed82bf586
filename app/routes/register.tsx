/**
 * /register — create an account (docs/product.md §2): nume, e-mail, password (the five rules) and the
 * marketing opt-in (unticked). Success logs the user in and lands on /cont with a toast, or on
 * the same-site page the login page was to return to (`?redirectTo=`, e.g. a course page with
 * the period the guest chose).
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard } from "~/components/account/AuthCard";
import { CheckboxField, Field } from "~/components/ui/Field";
import { FormAlert } from "~/components/ui/FormAlert";
import { SubmitButton } from "~/components/ui/SubmitButton";
import { ValidatedForm } from "~/components/ui/ValidatedForm";
import { useZodForm } from "~/components/ui/useZodForm";
import { ACCOUNT_MESSAGES, tooManyAttemptsMessage } from "~/lib/account-messages";
import { privateHeaders } from "~/lib/http";
import { privatePageMeta } from "~/lib/meta";
import { safeRedirect } from "~/lib/safe-redirect";
import { registerSchema } from "~/routes/+shared/form-schemas.server";
import { EMAIL_MESSAGES, INVALID_FORM_MESSAGE } from "~/lib/validation/field-rules";
import { createSession, requireGuest } from "~/models/session.server";
import { EmailTakenError, registerUser } from "~/models/user.server";
import { log } from "~/log.server";
import { assertSameOrigin } from "~/services/origin.server";
import { hitRegister } from "~/services/rate-limit.server";
import { redirectWithToast } from "~/services/toast.server";
import { errorBoundary } from "~/components/ErrorState";
import { HYDRATE_AFTER_PAINT } from "~/lib/route-handle";
import { formConstraint, parseForm, readFormData } from "~/lib/form-input";
import { rethrowIfUnavailable } from "~/services/unavailable.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireGuest(request);
  // From the login page: where the guest was going (a course page with a chosen period…).
  return { redirectTo: safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "/cont"), constraint: formConstraint(registerSchema) };
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  await requireGuest(request);
  const formData = await readFormData(request);
  const submission = parseForm(formData, { schema: registerSchema });
  const hide = { hideFields: ["password"] };
  if (submission.status !== "success") {
    return data({ result: submission.reply({ ...hide, formErrors: [INVALID_FORM_MESSAGE] }) }, { status: 400 });
  }
  try {
    const limit = await hitRegister(request);
    if (!limit.allowed) {
      return data(
        { result: submission.reply({ ...hide, formErrors: [tooManyAttemptsMessage(limit.retryAfterMs)] }) },
        { status: 429, headers: { "Retry-After": String(Math.ceil(limit.retryAfterMs / 1000)) } });
    }
    const user = await registerUser(submission.value);
    const cookie = await createSession(user.id, request);
    const target = safeRedirect(formData.get("redirectTo"), "/cont");
    return redirectWithToast(target, { message: ACCOUNT_MESSAGES.registerSuccess }, { headers: { "Set-Cookie": cookie } });
  } catch (error) {
    rethrowIfUnavailable(error);
    if (error instanceof EmailTakenError) {
      return data({ result: submission.reply({ ...hide, fieldErrors: { email: [EMAIL_MESSAGES.taken] } }) }, { status: 409 });
    }
    log.error("registration failed", { error });
    return data({ result: submission.reply({ ...hide, formErrors: [ACCOUNT_MESSAGES.registerFailed] }) }, { status: 500 });
  }
}

export default function RegisterPage() {
  const { redirectTo, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { form, fields, formProps, invalidSubmit } = useZodForm({
    id: "register",
    schema: () => import("~/lib/validation/browser").then((m) => m.registerSchema),
    constraint,
    lastResult: actionData?.result,
  });

  return (
    <AuthCard
      title="Creează un cont"
      intro="Un singur cont pentru cursuri, cursuri online, coș și diplome."
      footer={
        <p>
          Ai deja cont?{" "}
          <Link to="/autentificare" className="auth__link">
            Autentifică-te
          </Link>
        </p>
      }
    >
      <ValidatedForm form={form} formProps={formProps} className="form auth__form">
        <FormAlert id={form.errorId} messages={invalidSubmit ? [INVALID_FORM_MESSAGE] : form.errors} />
        {redirectTo !== "/cont" ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <Field meta={fields.name} label="Nume" autoComplete="name" />
        <Field meta={fields.email} label="Email" type="email" autoComplete="email" inputMode="email" autoCapitalize="none" spellCheck={false} />
        <Field
          meta={fields.password}
          label="Parolă"
          type="password"
          autoComplete="new-password"
          revealable
          hint="Minimum 8 caractere, cu literă mică, literă mare, cifră și caracter special (ex. !, -, @)."
        />
        <CheckboxField meta={fields.marketing} label="Vreau să primesc pe email noutăți despre cursuri și oferte." />
        <p className="auth__legal">
          Prin crearea contului ești de acord cu <Link to="/termeni">Termenii și condițiile</Link> și cu{" "}
          <Link to="/confidentialitate">Politica de confidențialitate</Link>.
        </p>
        <SubmitButton pendingLabel="Se creează contul…">Creează contul</SubmitButton>
      </ValidatedForm>
    </AuthCard>
  );
}

export const meta: MetaFunction = ({ matches }) => privatePageMeta(matches, "Creează un cont");
export const headers = privateHeaders;

export const ErrorBoundary = errorBoundary("account");
export const handle = HYDRATE_AFTER_PAINT;
