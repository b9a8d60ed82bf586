/**
 * Login with remix-auth's FormStrategy (docs/architecture.md §5). The strategy reads the posted form (it
 * clones the request: never read the body before `authenticate`), validates it with the same
 * zod schema as the browser, applies the login rate limit, and checks e-mail + argon2id hash.
 * It returns the user and the safe redirect target, or throws a LoginError carrying the
 * conform reply the login page shows (the typed e-mail kept, the password never echoed).
 */
import type { SubmissionResult } from "@conform-to/react";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { ACCOUNT_MESSAGES, tooManyAttemptsMessage } from "~/lib/account-messages";
import { safeRedirect } from "~/lib/safe-redirect";
import { loginSchema } from "~/lib/validation/account";
import { INVALID_FORM_MESSAGE } from "~/lib/validation/field-rules";
import { verifyLogin } from "~/models/user.server";
import { log } from "~/log.server";
import { readDevice, rememberDevice } from "~/services/known-device.server";
import { forgiveLogin, hitLogin, recordLoginFailure } from "~/services/rate-limit.server";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from "~/services/unavailable.server";
import { parseForm } from "~/lib/form-input";

export interface AuthenticatedUser {
  id: string;
  redirectTo: string;
  /** Set-Cookie remembering this device for the account (known-device.server.ts). */
  deviceCookie: string;
}

export class LoginError extends Error {
  constructor(
    readonly status: number,
    readonly result: SubmissionResult<string[]>,
    readonly headers: Record<string, string> = {},
  ) {
    super("login failed");
    this.name = "LoginError";
  }
}

export const authenticator = new Authenticator<AuthenticatedUser>();

authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    const submission = parseForm(form, { schema: loginSchema });
    const hide = { hideFields: ["password"] };
    if (submission.status !== "success") {
      throw new LoginError(400, submission.reply({ ...hide, formErrors: [INVALID_FORM_MESSAGE] }));
    }
    const { email, password, redirectTo } = submission.value;
    try {
      const device = await readDevice(request);
      const limit = await hitLogin(request, email, device);
      if (!limit.allowed) {
        throw new LoginError(429, submission.reply({ ...hide, formErrors: [tooManyAttemptsMessage(limit.retryAfterMs)] }), {
          "Retry-After": String(Math.ceil(limit.retryAfterMs / 1000)),
        });
      }
      const user = await verifyLogin(email, password);
      if (!user) {
        await recordLoginFailure(request);
        throw new LoginError(401, submission.reply({ ...hide, formErrors: [ACCOUNT_MESSAGES.wrongCredentials] }));
      }
      await forgiveLogin(request, email, device);
      return { id: user.id, redirectTo: safeRedirect(redirectTo, "/cont"), deviceCookie: await rememberDevice(device, email) };
    } catch (error) {
      if (error instanceof LoginError) throw error;
      log.error("login failed", { error });
      // The database is away: 503 + Retry-After, the form shown again with the e-mail typed.
      if (isDatabaseUnavailable(error)) {
        throw new LoginError(503, submission.reply({ ...hide, formErrors: [ACCOUNT_MESSAGES.loginFailed] }), {
          "Retry-After": String(RETRY_AFTER_SECONDS),
        });
      }
      throw new LoginError(500, submission.reply({ ...hide, formErrors: [ACCOUNT_MESSAGES.loginFailed] }));
    }
  }),
  "form",
);
