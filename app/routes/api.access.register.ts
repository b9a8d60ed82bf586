/**
 * POST /api/access/register {nume, email, password, marketing} → 201 {msg: 'Utilizator creat cu
 * succes', user}, logged in (session cookie; a session the caller still held ends, as at login).
 * The registration form's schema, rate limit and model (registerUser); an e-mail already used →
 * 409 'Email deja folosită'.
 */
import { ACCOUNT_MESSAGES, tooManyAttemptsMessage } from "~/lib/account-messages";
import { fromRegisterBody } from "~/lib/api/schemas";
import { registerSchema } from "~/lib/validation/account";
import { EMAIL_MESSAGES } from "~/lib/validation/field-rules";
import { createSession, destroySession } from "~/models/session.server";
import { EmailTakenError, registerUser } from "~/models/user.server";
import { apiError, apiRoute, jsonResponse, readJson } from "~/routes/+shared/api/http.server";
import { userView } from "~/routes/+shared/api/views.server";
import { hitRegister } from "~/services/rate-limit.server";

export const { loader, action } = apiRoute({
  POST: async ({ request }) => {
    const input = await readJson(request, registerSchema, fromRegisterBody);
    const limit = await hitRegister(request);
    if (!limit.allowed) {
      return apiError(429, tooManyAttemptsMessage(limit.retryAfterMs), {}, { "Retry-After": String(Math.ceil(limit.retryAfterMs / 1000)) });
    }
    try {
      const user = await registerUser(input);
      const [cookie] = await Promise.all([createSession(user.id, request), destroySession(request)]);
      return jsonResponse({ msg: ACCOUNT_MESSAGES.registerSuccess, user: userView(user) }, { status: 201, headers: { "Set-Cookie": cookie } });
    } catch (error) {
      if (error instanceof EmailTakenError) return apiError(409, EMAIL_MESSAGES.taken, { errors: { email: [EMAIL_MESSAGES.taken] } });
      throw error;
    }
  },
});
