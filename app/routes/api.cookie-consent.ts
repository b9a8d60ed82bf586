/**
 * POST /api/cookie-consent: saves the cookie choice (accept-all, necessary-only, or save with
 * the ticked categories) and returns to the page it came from.
 */
import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { safeRedirect } from "~/lib/safe-redirect";
import { consentSetCookie } from "~/services/consent.server";
import { assertSameOrigin } from "~/services/origin.server";
import { redirectWithToast } from "~/services/toast.server";
import { readFormData } from "~/lib/form-input";
import { readIntent } from "~/lib/intent";

const CONSENT_INTENTS = ["accept-all", "necessary-only", "save"] as const;

/** The categories a consent form chose; anything unknown counts as "necessary only". */
function consentChoice(form: FormData) {
  switch (readIntent(form, CONSENT_INTENTS)) {
    case "accept-all":
      return { analytics: true, marketing: true };
    case "save":
      return { analytics: form.get("analytics") === "on", marketing: form.get("marketing") === "on" };
    case "necessary-only":
    case null:
      return { analytics: false, marketing: false };
  }
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const form = await readFormData(request);
  const choice = consentChoice(form);
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
