/**
 * POST /api/access/login {email, password} → {msg, user}, with the same session cookie as the
 * login page. The very same remix-auth strategy runs (login schema, rate limits, argon2 check):
 * the JSON body is handed to it as the form it expects. A session the caller still holds (just
 * registered, or another account) ends when the new one starts, as a fresh login on the
 * original site did. Errors: {msg, error} (401, 429 + Retry-After).
 */
import { ACCOUNT_MESSAGES } from "~/lib/account-messages";
import { loginBody } from "~/lib/api/schemas";
import { getUserProfile } from "~/models/user.server";
import { createSession, destroySession } from "~/models/session.server";
import { apiError, apiRoute, jsonResponse, readJson } from "~/routes/+shared/api/http.server";
import { userView } from "~/routes/+shared/api/views.server";
import { authenticator, LoginError } from "~/models/login.server";

export const { loader, action } = apiRoute({
  POST: async ({ request }) => {
    const body = await readJson(request, loginBody);
    const form = new FormData();
    form.set("email", body.email);
    form.set("password", body.password);
    const headers = new Headers(request.headers);
    headers.delete("Content-Type");
    headers.delete("Content-Length");
    try {
      const auth = await authenticator.authenticate("form", new Request(request.url, { method: "POST", body: form, headers }));
      const [cookie, profile] = await Promise.all([createSession(auth.id, request), getUserProfile(auth.id), destroySession(request)]);
      if (!profile) return apiError(500, ACCOUNT_MESSAGES.loginFailed);
      const cookies = new Headers([["Set-Cookie", cookie], ["Set-Cookie", auth.deviceCookie]]);
      return jsonResponse({ msg: ACCOUNT_MESSAGES.loginSuccess, user: userView(profile) }, { headers: cookies });
    } catch (error) {
      if (error instanceof LoginError) {
        const errors = (error.result.error ?? {}) as Record<string, string[] | null>;
        const msg = errors[""]?.[0] ?? Object.values(errors).find((list) => list?.length)?.[0] ?? ACCOUNT_MESSAGES.loginFailed;
        return apiError(error.status, msg, {}, error.headers);
      }
      throw error;
    }
  },
});
