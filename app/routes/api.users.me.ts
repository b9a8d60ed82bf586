/**
 * GET /api/users/me → the user; PUT {email, nume, telefon, adresa} → the updated user (the
 * account form's schema and models/user.updateAccount; only these fields can change).
 */
import { ACCOUNT_MESSAGES } from "~/lib/account-messages";
import { fromProfileBody } from "~/lib/api/schemas";
import { accountSchema } from "~/lib/validation/account";
import { EMAIL_MESSAGES } from "~/lib/validation/field-rules";
import { EmailTakenError, getUserProfile, updateAccount } from "~/models/user.server";
import { apiError, apiRoute, apiUser, jsonResponse, readJson } from "~/routes/+shared/api/http.server";
import { userView } from "~/routes/+shared/api/views.server";

export const { loader, action } = apiRoute({
  GET: async ({ request }) => jsonResponse(userView(await apiUser(request))),
  PUT: async ({ request }) => {
    const user = await apiUser(request);
    const input = await readJson(request, accountSchema, fromProfileBody);
    try {
      await updateAccount(user.id, input);
    } catch (error) {
      if (error instanceof EmailTakenError) return apiError(409, EMAIL_MESSAGES.taken, { errors: { email: [EMAIL_MESSAGES.taken] } });
      throw error;
    }
    const profile = await getUserProfile(user.id);
    if (!profile) return apiError(500, ACCOUNT_MESSAGES.updateFailed);
    return jsonResponse({ msg: ACCOUNT_MESSAGES.updateSuccess, user: userView(profile) });
  },
});
