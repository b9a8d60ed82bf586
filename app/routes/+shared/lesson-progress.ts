/**
 * The lesson player's `clientAction` (with JavaScript): the progress save without a reload.
 */
import { type ClientActionFunctionArgs, redirect as clientRedirect } from "@remix-run/react";
import { PLAYER_MESSAGES, progressPath } from "~/lib/player";

/**
 * With JavaScript: the save goes to the JSON action /lectie/progres (same model), retried once
 * if it fails; a failure is logged and answered with a discreet note, never an error page.
 * `intent=watched` (the video ended) only saves; `intent=continue` saves and moves on.
 */
export async function clientAction({ request, params }: ClientActionFunctionArgs) {
  const form = await request.formData();
  const intent = form.get("intent");
  const key = typeof form.get("lectie") === "string" ? String(form.get("lectie")) : null;
  for (let attempt = 1; attempt <= 2; attempt++) {
    try {
      const response = await fetch(progressPath(Number(params.id)), {
        method: "POST",
        body: form,
        headers: { Accept: "application/json" },
        credentials: "same-origin",
      });
      if (response.redirected) {
        // The session ended: the login page, which brings the student back here.
        const to = new URL(response.url);
        return clientRedirect(`${to.pathname}${to.search}`);
      }
      const data = (await response.json()) as { ok: boolean; next?: string; redirect?: string; message?: string };
      if (data.ok) return intent === "continue" && data.next ? clientRedirect(data.next) : { ok: true as const, saved: key };
      if (data.redirect) return clientRedirect(data.redirect);
      if (response.status < 500) return { ok: false as const, message: data.message ?? PLAYER_MESSAGES.saveFailed, lessonKey: key };
      console.error(`Salvarea progresului a eșuat (încercarea ${attempt})`, response.status);
    // outage-safe: browser code (fetch): the server answered or the network failed
    } catch (error) {
      console.error(`Salvarea progresului a eșuat (încercarea ${attempt})`, error);
    }
  }
  return { ok: false as const, message: PLAYER_MESSAGES.saveFailed, lessonKey: key, saveFailed: true };
}
