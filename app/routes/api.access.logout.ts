/** POST /api/access/logout: ends this session (row and cookie), like POST /logout. */
import { ACCOUNT_MESSAGES } from "~/lib/account-messages";
import { destroySession } from "~/models/session.server";
import { apiError, apiRoute, jsonResponse } from "~/routes/+shared/api/http.server";
import { log } from "~/log.server";
import { rethrowIfUnavailable } from "~/services/unavailable.server";

export const { loader, action } = apiRoute({
  POST: async ({ request }) => {
    try {
      const clear = await destroySession(request);
      return jsonResponse({ msg: ACCOUNT_MESSAGES.logoutSuccess }, { headers: { "Set-Cookie": clear } });
    } catch (error) {
      rethrowIfUnavailable(error);
      log.error("api logout failed", { error: String(error) });
      return apiError(503, ACCOUNT_MESSAGES.logoutFailed);
    }
  },
});
