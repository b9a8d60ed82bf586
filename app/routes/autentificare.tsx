/**
 * /autentificare — login (docs/product.md §2). Guests only. The form posts to this route's action, which
 * authenticates through remix-auth's FormStrategy, creates a new session row (a fresh id: no
 * session fixation) and redirects to /cont or to a same-site `redirectTo`.
 */
import type { SubmissionResult } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { AuthCard } from "~/components/account/AuthCard";
import { Field } from "~/components/ui/Field";
import { FormAlert } from "~/components/ui/FormAlert";
import { SubmitButton } from "~/components/ui/SubmitButton";
import { ValidatedForm } from "~/components/ui/ValidatedForm";
import { useHydrated } from "~/components/ui/useHydrated";
import { useZodForm } from "~/components/ui/useZodForm";
import { ACCOUNT_MESSAGES } from "~/lib/account-messages";
import { privateHeaders } from "~/lib/http";
import { privatePageMeta } from "~/lib/meta";
import { safeRedirect } from "~/lib/safe-redirect";
import { loginSchema } from "~/routes/+shared/form-schemas.server";
import { INVALID_FORM_MESSAGE } from "~/lib/validation/field-rules";
import { createSession, requireGuest } from "~/models/session.server";
import { authenticator, LoginError } from "~/models/login.server";
import { log } from "~/log.server";
import { assertSameOrigin } from "~/services/origin.server";
import { redirectWithToast } from "~/services/toast.server";
import { errorBoundary } from "~/components/ErrorState";
import { HYDRATE_AFTER_PAINT } from "~/lib/route-handle";
import { assertFormBody, formConstraint } from "~/lib/form-input";
import { rethrowIfUnavailable } from "~/services/unavailable.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireGuest(request);
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "/cont");
  return { redirectTo, constraint: formConstraint(loginSchema) };
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  await requireGuest(request);
  // FormStrategy reads the body itself: nothing here reads it before authenticate(). Not a form: 415.
  assertFormBody(request);
  try {
    const user = await authenticator.authenticate("form", request);
    const cookie = await createSession(user.id, request);
    const headers = new Headers([["Set-Cookie", cookie], ["Set-Cookie", user.deviceCookie]]);
    return redirectWithToast(user.redirectTo, { message: ACCOUNT_MESSAGES.loginSuccess }, { headers });
  } catch (error) {
    rethrowIfUnavailable(error);
    if (error instanceof LoginError) return data({ result: error.result }, { status: error.status, headers: error.headers });
    log.error("login failed", { error });
    const result: SubmissionResult<string[]> = { status: "error", error: { "": [ACCOUNT_MESSAGES.loginFailed] } };
    return data({ result }, { status: 500 });
  }
}

export default function LoginPage() {
  const { redirectTo, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { form, fields, formProps, invalidSubmit } = useZodForm({
    id: "login",
    schema: () => import("~/lib/validation/browser").then((m) => m.loginSchema),
    constraint,
    lastResult: actionData?.result,
  });
  const hydrated = useHydrated();
  // With JavaScript: enabled once both fields are filled and neither shows an error. The values
  // are read from the inputs themselves (typed before hydration, or filled in by the browser).
  const formRef = useRef<HTMLFormElement>(null);
  const [filled, setFilled] = useState(false);
  const checkFilled = useCallback(() => {
    const elements = formRef.current?.elements;
    const value = (name: string) => (elements?.namedItem(name) as HTMLInputElement | null)?.value.trim() ?? "";
    setFilled(value("email") !== "" && value("password") !== "");
  }, []);
  useEffect(checkFilled, [checkFilled]);
  // After a refused attempt the password field starts empty again, as it does without JavaScript.
  useEffect(() => {
    const password = formRef.current?.elements.namedItem("password") as HTMLInputElement | null;
    if (actionData && password) {
      password.value = "";
      checkFilled();
    }
  }, [actionData, checkFilled]);
  const hasErrors = Boolean(fields.email.errors?.length) || Boolean(fields.password.errors?.length);
  const incomplete = hydrated && (!filled || hasErrors);
  // A wrong e-mail or password: both fields are marked invalid and point to the message.
  const refusedBy = form.errors?.includes(ACCOUNT_MESSAGES.wrongCredentials) ? form.errorId : undefined;

  return (
    <AuthCard
      title="Autentificare"
      intro="Bine ai revenit! Intră în cont pentru cursurile tale, coș și comenzi."
      footer={
        <p>
          Nu ai cont?{" "}
          <Link to={redirectTo === "/cont" ? "/register" : `/register?redirectTo=${encodeURIComponent(redirectTo)}`} className="auth__link">
            Creează un cont nou
          </Link>
        </p>
      }
    >
      <ValidatedForm
        form={form}
        formProps={formProps}
        className="form auth__form"
        ref={formRef}
        onInput={checkFilled}
        onChange={checkFilled}
      >
        <FormAlert id={form.errorId} messages={invalidSubmit ? [INVALID_FORM_MESSAGE] : form.errors} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field meta={fields.email} label="Email" type="email" autoComplete="email" inputMode="email" autoCapitalize="none" spellCheck={false} refusedBy={refusedBy} />
        <Field meta={fields.password} label="Parolă" type="password" autoComplete="current-password" revealable refusedBy={refusedBy} />
        <p className="auth__aside">
          <Link to="/forgot-password" className="auth__link">
            Ai uitat parola?
          </Link>
        </p>
        <SubmitButton disabled={incomplete} pendingLabel="Se verifică…">
          Intră în cont
        </SubmitButton>
      </ValidatedForm>
    </AuthCard>
  );
}

export const meta: MetaFunction = ({ matches }) => privatePageMeta(matches, "Autentificare");
export const headers = privateHeaders;

export const ErrorBoundary = errorBoundary("account");
export const handle = HYDRATE_AFTER_PAINT;
