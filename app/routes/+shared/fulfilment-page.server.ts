/** The admin order page's delivery steps (issue 16): parse → model → respond. */
import { parseForm } from "~/lib/form-input";
import { data } from "@remix-run/node";
import type { FulfilmentStep } from "~/lib/delivery";
import { SHORT_TOAST } from "~/lib/toast";
import { shipSchema } from "~/lib/validation/delivery";
import { advanceFulfilment } from "~/models/delivery.server";
import { redirectWithToast } from "~/services/toast.server";

export async function fulfilmentAction(intent: FulfilmentStep, form: FormData, orderId: string, adminId: string) {
  const here = `/admin/comenzi/${orderId}`;
  let ship;
  if (intent === "ship") {
    const submission = parseForm(form, { schema: shipSchema });
    if (submission.status !== "success") return data({ errors: submission.reply().error ?? {} }, { status: 400 });
    ship = { ...submission.value, trackingUrl: submission.value.trackingUrl || null };
  }
  const result = await advanceFulfilment(orderId, intent, { actorUserId: adminId, ship });
  if (!result.ok && result.status === 404) throw new Response(result.message, { status: 404 });
  return redirectWithToast(here, { ...SHORT_TOAST, type: result.ok ? "success" : "error", message: result.message });
}
