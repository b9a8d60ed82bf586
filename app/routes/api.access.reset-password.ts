/**
 * POST /api/access/reset-password {email} → {msg}: the same answer whether or not the address
 * has an account (models/password-reset.requestPasswordReset; rate limited like the page).
 */
import { ACCOUNT_MESSAGES, tooManyAttemptsMessage } from "~/lib/account-messages";
import { forgotPasswordSchema } from "~/lib/validation/account";
import { requestPasswordReset } from "~/models/password-reset.server";
import { apiError, apiRoute, jsonResponse, readJson } from "~/routes/+shared/api/http.server";
import { hitPasswordReset } from "~/services/rate-limit.server";
import { rethrowIfUnavailable } from "~/services/unavailable.server";

export const { loader, action } = apiRoute({
  POST: async ({ request }) => {
    const { email } = await readJson(request, forgotPasswordSchema);
    const limit = await hitPasswordReset(request, email);
    if (!limit.allowed) {
      return apiError(429, tooManyAttemptsMessage(limit.retryAfterMs), {}, { "Retry-After": String(Math.ceil(limit.retryAfterMs / 1000)) });
    }
    try {
      await requestPasswordReset(email);
    } catch (error) {
      rethrowIfUnavailable(error);
      return apiError(503, ACCOUNT_MESSAGES.resetRequestFailed);
    }
    return jsonResponse({ msg: ACCOUNT_MESSAGES.resetRequested });
  },
});
