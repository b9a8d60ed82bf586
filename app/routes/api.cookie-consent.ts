/**
 * POST /api/cookie-consent: saves the cookie choice (accept-all, necessary-only, or save with
 * the ticked categories) and returns to the page it came from.
 */
import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { safeRedirect } from "~/lib/safe-redirect";
import { consentSetCookie } from "~/services/consent.server";
import { assertSameOrigin } from "~/services/origin.server";
import { redirectWithToast } from "~/services/toast.server";

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const form = await request.formData();
  const intent = form.get("intent");
  const choice =
    intent === "accept-all"
      ? { analytics: true, marketing: true }
      : intent === "save"
        ? { analytics: form.get("analytics") === "on", marketing: form.get("marketing") === "on" }
        : { analytics: false, marketing: false };
  const to = safeRedirect(form.get("redirectTo"), "/");
  const headers = { "Set-Cookie": await consentSetCookie(choice) };
  // The preferences form on /cookie confirms the change; the banner simply disappears.
  if (form.get("source") === "preferences") {
    return redirectWithToast(to, { message: "Preferințele privind cookie-urile au fost salvate." }, { headers });
  }
  return redirect(to, { headers });
}

export function loader() {
  return redirect("/cookie");
}
