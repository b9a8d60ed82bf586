/**
 * Toasts flashed through a signed cookie (docs/architecture.md §6): set on the response of an action, shown by
 * the root layout on the next page, then cleared. Works the same with and without JavaScript.
 */
import { createCookieSessionStorage, redirect } from "@remix-run/node";
import { getConfig } from "~/config.server";
import type { Toast, ToastInput } from "~/lib/toast";

type FlashData = { toast: Toast };
let storage: ReturnType<typeof createCookieSessionStorage<Record<string, never>, FlashData>> | undefined;
function flashStorage() {
  const config = getConfig();
  storage ??= createCookieSessionStorage<Record<string, never>, FlashData>({
    cookie: {
      name: "__flash",
      httpOnly: true,
      sameSite: "lax",
      secure: config.cookieSecure,
      path: "/",
      secrets: [config.sessionSecret],
    },
  });
  return storage;
}

export function makeToast(input: ToastInput): Toast {
  return {
    id: Math.random().toString(36).slice(2, 10),
    type: input.type ?? "success",
    message: input.message,
    duration: input.duration ?? 5000,
    position: input.position ?? "top-right",
  };
}

/** The Set-Cookie value carrying a toast to the next page. */
export async function toastCookie(input: ToastInput): Promise<string> {
  const session = await flashStorage().getSession();
  session.flash("toast", makeToast(input));
  return flashStorage().commitSession(session);
}

/** A redirect that shows a toast on the page it lands on. Extra Set-Cookie values are kept. */
export async function redirectWithToast(url: string, toast: ToastInput, init: { headers?: HeadersInit } = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastCookie(toast));
  return redirect(url, { headers });
}

/** Reads (and consumes) the pending toast of this request. */
export async function readToast(request: Request): Promise<{ toast: Toast | null; setCookie: string | null }> {
  const cookieHeader = request.headers.get("Cookie");
  if (!cookieHeader?.includes("__flash=")) return { toast: null, setCookie: null };
  const session = await flashStorage().getSession(cookieHeader);
  const toast = (session.get("toast") as Toast | undefined) ?? null;
  return { toast, setCookie: await flashStorage().commitSession(session) };
}
