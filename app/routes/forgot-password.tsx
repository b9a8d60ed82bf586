/**
 * /forgot-password — ask for a reset link (docs/product.md §2). The answer is the same overlay,
 * "Cerere trimisă cu succes!", whether or not the address has an account (no enumeration);
 * only an existing account gets the e-mail. A mail failure shows "Eroare la resetarea parolei"
 * with a retry link. The overlay is rendered by the server: it works without JavaScript.
 */
import { data, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard } from "~/components/account/AuthCard";
import { Field } from "~/components/ui/Field";
import { FormAlert } from "~/components/ui/FormAlert";
import { Overlay } from "~/components/ui/Overlay";
import { SubmitButton } from "~/components/ui/SubmitButton";
import { ValidatedForm } from "~/components/ui/ValidatedForm";
import { useZodForm } from "~/components/ui/useZodForm";
import { ACCOUNT_MESSAGES, tooManyAttemptsMessage } from "~/lib/account-messages";
import { privateHeaders } from "~/lib/http";
import { privatePageMeta } from "~/lib/meta";
import { forgotPasswordSchema } from "~/routes/+shared/form-schemas.server";
import { INVALID_FORM_MESSAGE } from "~/lib/validation/field-rules";
import { requestPasswordReset } from "~/models/password-reset.server";
import { log } from "~/log.server";
import { assertSameOrigin } from "~/services/origin.server";
import { hitPasswordReset } from "~/services/rate-limit.server";
import { errorBoundary } from "~/components/ErrorState";
import { HYDRATE_AFTER_PAINT } from "~/lib/route-handle";
import { formConstraint, parseForm, readFormData } from "~/lib/form-input";
import { rethrowIfUnavailable } from "~/services/unavailable.server";

export function loader() {
  return { constraint: formConstraint(forgotPasswordSchema) };
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const submission = parseForm(await readFormData(request), { schema: forgotPasswordSchema });
  if (submission.status !== "success") {
    return data({ outcome: "invalid" as const, result: submission.reply({ formErrors: [INVALID_FORM_MESSAGE] }) }, { status: 400 });
  }
  try {
    const limit = await hitPasswordReset(request, submission.value.email);
    if (!limit.allowed) {
      return data(
        { outcome: "invalid" as const, result: submission.reply({ formErrors: [tooManyAttemptsMessage(limit.retryAfterMs)] }) },
        { status: 429, headers: { "Retry-After": String(Math.ceil(limit.retryAfterMs / 1000)) } });
    }
    await requestPasswordReset(submission.value.email);
  } catch (error) {
    rethrowIfUnavailable(error);
    log.error("password reset request failed", { error });
    return data({ outcome: "error" as const, result: null }, { status: 503 });
  }
  return { outcome: "sent" as const, result: null };
}

export default function ForgotPasswordPage() {
  const actionData = useActionData<typeof action>();
  const { constraint } = useLoaderData<typeof loader>();
  const { form, fields, formProps, invalidSubmit } = useZodForm({
    id: "forgot-password",
    schema: () => import("~/lib/validation/browser").then((m) => m.forgotPasswordSchema),
    constraint,
    lastResult: actionData?.result,
  });

  return (
    <>
      <AuthCard
        title="Ai uitat parola?"
        intro="Scrie adresa de email a contului și îți trimitem un link pentru a alege o parolă nouă."
        footer={
          <p>
            Ți-ai amintit parola?{" "}
            <Link to="/autentificare" className="auth__link">
              Înapoi la autentificare
            </Link>
          </p>
        }
      >
        <ValidatedForm form={form} formProps={formProps} className="form auth__form">
          <FormAlert id={form.errorId} messages={invalidSubmit ? [INVALID_FORM_MESSAGE] : form.errors} />
          <Field meta={fields.email} label="Email" type="email" autoComplete="email" inputMode="email" autoCapitalize="none" spellCheck={false} />
          <SubmitButton pendingLabel="Se trimite…">Trimite linkul de resetare</SubmitButton>
        </ValidatedForm>
      </AuthCard>
      {actionData?.outcome === "sent" ? (
        <Overlay title={ACCOUNT_MESSAGES.resetRequested} closeTo="/autentificare">
          <p className="overlay__text">
            Dacă adresa are un cont la noi, vei primi în câteva minute un email cu linkul de resetare. Linkul este
            valabil o oră. Verifică și folderul Spam.
          </p>
          <div className="overlay__actions">
            <Link to="/autentificare" className="button button--primary">
              Înapoi la autentificare
            </Link>
          </div>
        </Overlay>
      ) : actionData?.outcome === "error" ? (
        <Overlay title={ACCOUNT_MESSAGES.resetRequestFailed} tone="error" closeTo="/forgot-password">
          <p className="overlay__text">Nu am putut trimite emailul acum. Te rugăm să încerci din nou în câteva momente.</p>
          <div className="overlay__actions">
            <Link to="/forgot-password" className="button button--primary">
              Încearcă din nou
            </Link>
          </div>
        </Overlay>
      ) : null}
    </>
  );
}

export const meta: MetaFunction = ({ matches }) => privatePageMeta(matches, "Resetarea parolei");
export const headers = privateHeaders;

export const ErrorBoundary = errorBoundary("account");
export const handle = HYDRATE_AFTER_PAINT;
