/**
 * /reset/:token — choose a new password (docs/product.md §2). A valid link shows the form (new password +
 * confirmation); an expired, used or unknown link says so and offers a new one. Success ends
 * every session of the user and sends them to /autentificare with a toast.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard } from "~/components/account/AuthCard";
import { Field } from "~/components/ui/Field";
import { FormAlert } from "~/components/ui/FormAlert";
import { SubmitButton } from "~/components/ui/SubmitButton";
import { ValidatedForm } from "~/components/ui/ValidatedForm";
import { useZodForm } from "~/components/ui/useZodForm";
import { ACCOUNT_MESSAGES } from "~/lib/account-messages";
import { privateHeaders } from "~/lib/http";
import { privatePageMeta } from "~/lib/meta";
import { resetPasswordSchema } from "~/routes/+shared/form-schemas.server";
import { INVALID_FORM_MESSAGE } from "~/lib/validation/field-rules";
import { checkResetToken, resetPassword, type ResetTokenState } from "~/models/password-reset.server";
import { clearSessionCookie } from "~/models/session.server";
import { log } from "~/log.server";
import { assertSameOrigin } from "~/services/origin.server";
import { redirectWithToast } from "~/services/toast.server";
import { errorBoundary } from "~/components/ErrorState";
import { HYDRATE_AFTER_PAINT } from "~/lib/route-handle";
import { formConstraint, parseForm, readFormData } from "~/lib/form-input";
import { rethrowIfUnavailable } from "~/services/unavailable.server";

export async function loader({ params }: LoaderFunctionArgs) {
  const state = await checkResetToken(params.token ?? "");
  return data({ state, constraint: formConstraint(resetPasswordSchema) }, { status: state === "valid" ? 200 : 410 });
}

export async function action({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const submission = parseForm(await readFormData(request), { schema: resetPasswordSchema });
  const hide = { hideFields: ["newPassword", "confirmPassword"] };
  if (submission.status !== "success") {
    return data({ state: null, result: submission.reply({ ...hide, formErrors: [INVALID_FORM_MESSAGE] }) }, { status: 400 });
  }
  try {
    const state = await resetPassword(params.token ?? "", submission.value.newPassword);
    if (state === "valid") {
      // Every session of the user is gone; this browser's cookie goes too.
      return redirectWithToast(
        "/autentificare",
        { message: ACCOUNT_MESSAGES.passwordChanged },
        { headers: { "Set-Cookie": await clearSessionCookie() } },
      );
    }
    return data({ state, result: null }, { status: 410 });
  } catch (error) {
    rethrowIfUnavailable(error);
    log.error("password reset failed", { error });
    return data({ state: null, result: submission.reply({ ...hide, formErrors: [ACCOUNT_MESSAGES.resetFailed] }) }, { status: 500 });
  }
}

const INVALID_LINK: Record<Exclude<ResetTokenState, "valid">, string> = {
  expired: ACCOUNT_MESSAGES.resetLinkExpired,
  used: ACCOUNT_MESSAGES.resetLinkUsed,
  invalid: ACCOUNT_MESSAGES.resetLinkInvalid,
};

export default function ResetPasswordPage() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const state = actionData?.state ?? loaderData.state;
  const { form, fields, formProps, invalidSubmit } = useZodForm({
    id: "reset-password",
    schema: () => import("~/lib/validation/browser").then((m) => m.resetPasswordSchema),
    constraint: loaderData.constraint,
    lastResult: actionData?.result,
  });

  if (state !== "valid") {
    return (
      <AuthCard title="Link indisponibil">
        <div className="alert alert--warning" role="alert">
          <p>{INVALID_LINK[state]}</p>
        </div>
        <p className="muted">Din motive de siguranță, un link de resetare este valabil o oră și poate fi folosit o singură dată.</p>
        <div className="auth__actions">
          <Link to="/forgot-password" className="button button--primary button--block">
            Cere un link nou
          </Link>
          <Link to="/autentificare" className="button button--light button--block">
            Înapoi la autentificare
          </Link>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Alege o parolă nouă" intro="După schimbare vei fi deconectat de pe toate dispozitivele.">
      <ValidatedForm form={form} formProps={formProps} className="form auth__form">
        <FormAlert id={form.errorId} messages={invalidSubmit ? [INVALID_FORM_MESSAGE] : form.errors} />
        <Field
          meta={fields.newPassword}
          label="Parola nouă"
          type="password"
          autoComplete="new-password"
          revealable
          hint="Minimum 8 caractere, cu literă mică, literă mare, cifră și caracter special (ex. !, -, @)."
        />
        <Field meta={fields.confirmPassword} label="Confirmă parola nouă" type="password" autoComplete="new-password" revealable />
        <SubmitButton pendingLabel="Se salvează…">Salvează parola nouă</SubmitButton>
      </ValidatedForm>
    </AuthCard>
  );
}

export const meta: MetaFunction = ({ matches }) => privatePageMeta(matches, "Parolă nouă");
export const headers = privateHeaders;

export const ErrorBoundary = errorBoundary("account");
export const handle = HYDRATE_AFTER_PAINT;
