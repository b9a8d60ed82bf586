/**
 * POST /logout: ends this session (row and cookie). GET is not a way to log out. When the
 * session row cannot be deleted (database down) the user stays logged in and is told so
 * ("Eroare la deconectare"), back on the page they came from, so they can try again.
 */
import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { ACCOUNT_MESSAGES } from "~/lib/account-messages";
import { safeRedirect } from "~/lib/safe-redirect";
import { destroySession } from "~/models/session.server";
import { log } from "~/log.server";
import { assertSameOrigin } from "~/services/origin.server";
import { redirectWithToast } from "~/services/toast.server";
import { rethrowIfUnavailable } from "~/services/unavailable.server";

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  let clear: string;
  try {
    clear = await destroySession(request);
  } catch (error) {
    rethrowIfUnavailable(error);
    log.error("logout failed", { error });
    return redirectWithToast(backTo(request), { type: "error", message: ACCOUNT_MESSAGES.logoutFailed });
  }
  return redirectWithToast("/", { message: ACCOUNT_MESSAGES.logoutSuccess }, { headers: { "Set-Cookie": clear } });
}

export function loader() {
  return redirect("/");
}

/** The same-site page the logout form was posted from, else the home page. */
function backTo(request: Request): string {
  const referer = request.headers.get("Referer");
  if (!referer) return "/";
  try {
    const url = new URL(referer);
    if (url.host !== new URL(request.url).host) return "/";
    return safeRedirect(`${url.pathname}${url.search}`, "/");
  // outage-safe: parsing the Referer URL: no database
  } catch {
    return "/";
  }
}
