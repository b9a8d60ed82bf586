/**
 * POST /api/access/reset/{token} {newPassword, confirmPassword} → {msg}; every session of the
 * user ends (models/password-reset.resetPassword). An expired, used or unknown link → 410.
 */
import { ACCOUNT_MESSAGES } from "~/lib/account-messages";
import { resetPasswordSchema } from "~/lib/validation/account";
import { resetPassword } from "~/models/password-reset.server";
import { clearSessionCookie } from "~/models/session.server";
import { apiError, apiRoute, jsonResponse, readJson } from "~/routes/+shared/api/http.server";

const INVALID = { expired: ACCOUNT_MESSAGES.resetLinkExpired, used: ACCOUNT_MESSAGES.resetLinkUsed, invalid: ACCOUNT_MESSAGES.resetLinkInvalid } as const;

export const { loader, action } = apiRoute({
  POST: async ({ request, params }) => {
    const { newPassword } = await readJson(request, resetPasswordSchema);
    const state = await resetPassword(params.token ?? "", newPassword);
    if (state !== "valid") return apiError(410, INVALID[state]);
    return jsonResponse({ msg: ACCOUNT_MESSAGES.passwordChanged }, { headers: { "Set-Cookie": await clearSessionCookie() } });
  },
});
