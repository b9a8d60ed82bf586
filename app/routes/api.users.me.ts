/**
 * GET /api/users/me → {user}. PUT {email?, nume?, telefon?, adresa?} → {msg, user}: only the
 * fields sent change, each checked with the account form's rule (a billing edit sends just
 * `adresa`); the others keep their saved values. An empty or null `telefon`/`adresa` clears it.
 * models/user.updateAccount, as /cont (the old address is told when the e-mail changes).
 */
import { ACCOUNT_MESSAGES } from "~/lib/account-messages";
import { fromProfileBody } from "~/lib/api/schemas";
import { accountSchema } from "~/lib/validation/account";
import { EMAIL_MESSAGES } from "~/lib/validation/field-rules";
import { EmailTakenError, getUserProfile, updateAccount } from "~/models/user.server";
import { apiError, apiRoute, apiUser, jsonResponse, readJson } from "~/routes/+shared/api/http.server";
import { userView } from "~/routes/+shared/api/views.server";

/** The account form's field rules, each field optional: what is not sent is not checked. */
const partialProfile = accountSchema.pick({ name: true, email: true, phone: true, address: true }).partial();

const blank = (value: unknown) => value === null || (typeof value === "string" && value.trim() === "");

export const { loader, action } = apiRoute({
  GET: async ({ request }) => jsonResponse({ user: userView(await apiUser(request)) }),
  PUT: async ({ request }) => {
    const user = await apiUser(request);
    const cleared = { phone: false, address: false };
    const input = await readJson(request, partialProfile, (body) => {
      cleared.phone = "telefon" in body && blank(body.telefon);
      cleared.address = "adresa" in body && blank(body.adresa);
      return fromProfileBody({ ...body, telefon: cleared.phone ? undefined : body.telefon, adresa: cleared.address ? undefined : body.adresa });
    });
    const next = {
      name: input.name ?? user.name,
      email: input.email ?? user.email,
      phone: cleared.phone ? "" : (input.phone ?? user.phone),
      address: cleared.address ? "" : (input.address ?? user.address),
    };
    try {
      await updateAccount(user.id, next, { email: user.email, name: user.name });
    } catch (error) {
      if (error instanceof EmailTakenError) return apiError(409, EMAIL_MESSAGES.taken, { errors: { email: [EMAIL_MESSAGES.taken] } });
      throw error;
    }
    const profile = await getUserProfile(user.id);
    if (!profile) return apiError(500, ACCOUNT_MESSAGES.updateFailed);
    return jsonResponse({ msg: ACCOUNT_MESSAGES.updateSuccess, user: userView(profile) });
  },
});
