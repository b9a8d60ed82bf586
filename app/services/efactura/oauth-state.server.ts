/**
 * The OAuth `state` of a connection in progress, kept in a signed, HttpOnly cookie of the admin's
 * browser for 10 minutes (SameSite=Lax: it comes back on ANAF's top-level redirect to the
 * callback). The callback accepts only the state this browser started with, once.
 */
import { createCookie } from "@remix-run/node";
import { getConfig } from "~/config.server";

export const OAUTH_STATE_SECONDS = 600;

function stateCookie() {
  const config = getConfig();
  return createCookie("anaf_oauth_state", {
    httpOnly: true,
    sameSite: "lax",
    secure: config.cookieSecure,
    path: "/admin",
    maxAge: OAUTH_STATE_SECONDS,
    secrets: [config.sessionSecret],
  });
}

export const serializeOauthState = (state: string) => stateCookie().serialize(state);
export const clearOauthState = () => stateCookie().serialize("", { maxAge: 0 });

export async function readOauthState(request: Request): Promise<string | null> {
  const value: unknown = await stateCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 ? value : null;
}
