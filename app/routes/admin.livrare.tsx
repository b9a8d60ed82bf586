/**
 * /admin/livrare — delivery methods (issue 16): name, kind, fee, free-above threshold, estimated
 * days, active flag. One plain form per method and one to add a method; amounts in RON as the
 * product prices ("25,00", "Gratis"). The fee the buyer pays is always computed on the server.
 */
import { readFormData, parseForm } from "~/lib/form-input";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { DELIVERY_KIND_LABELS, formatEstimatedDays } from "~/lib/delivery";
import { formatPrice, moneyToInput } from "~/lib/money";
import { SHORT_TOAST } from "~/lib/toast";
import { deliveryMethodSchema, METHOD_MESSAGES, toDeliveryMethodInput } from "~/routes/+shared/form-schemas.server";
import { listDeliveryMethodsForAdmin, saveDeliveryMethod, type DeliveryMethodRow } from "~/models/delivery.server";
import { requireAdmin } from "~/models/session.server";
import { redirectWithToast } from "~/services/toast.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return data({ methods: await listDeliveryMethodsForAdmin() });
}

type ActionData = { formId: string; errors: Record<string, string[] | null> };

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const form = await readFormData(request);
  const submission = parseForm(form, { schema: deliveryMethodSchema });
  const formId = String(form.get("id") || "nou");
  if (submission.status !== "success") {
    return data<ActionData>({ formId, errors: submission.reply().error ?? {} }, { status: 400 });
  }
  const saved = await saveDeliveryMethod(submission.value.id ?? null, toDeliveryMethodInput(submission.value));
  if (!saved) throw new Response(METHOD_MESSAGES.notFound, { status: 404 });
  return redirectWithToast("/admin/livrare", { ...SHORT_TOAST, message: saved.created ? METHOD_MESSAGES.created : METHOD_MESSAGES.updated });
}

export default function AdminDelivery() {
  const { methods } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <section aria-labelledby="livrare-titlu" className="admin-delivery">
      <h2 id="livrare-titlu">Metode de livrare</h2>
      <p className="muted">
        Se aplică doar comenzilor cu produse (cursurile nu se livrează). Ridicarea personală este mereu gratuită; pragul „gratuit peste” se compară cu
        totalul produselor din coș.
      </p>
      <div className="admin-delivery__list">
        {methods.map((method) => (
          <MethodForm key={method.id} method={method} errors={actionData?.formId === String(method.id) ? actionData.errors : null} busy={busy} />
        ))}
        <MethodForm method={null} errors={actionData?.formId === "nou" ? actionData.errors : null} busy={busy} />
      </div>
    </section>
  );
}

type MethodView = DeliveryMethodRow;

function MethodForm({ method, errors, busy }: { method: MethodView | null; errors: Record<string, string[] | null> | null; busy: boolean }) {
  const id = method ? `metoda-${method.id}` : "metoda-noua";
  const error = (name: string) => errors?.[name]?.[0];
  const input = (name: string, label: string, defaultValue: string, hint?: string, inputMode?: "numeric" | "decimal") => (
    <div className="field">
      <label htmlFor={`${id}-${name}`} className="field__label">
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        name={name}
        className="input"
        defaultValue={defaultValue}
        inputMode={inputMode}
        aria-invalid={error(name) ? true : undefined}
        aria-describedby={error(name) ? `${id}-${name}-error` : undefined}
      />
      {hint ? <p className="field__hint">{hint}</p> : null}
      {error(name) ? (
        <p id={`${id}-${name}-error`} className="field__error" role="alert">
          {error(name)}
        </p>
      ) : null}
    </div>
  );
  return (
    <Form method="post" className="card card--pad form admin-delivery__method" aria-labelledby={`${id}-titlu`}>
      <h3 id={`${id}-titlu`}>
        {method ? method.name : "Adaugă o metodă"}
        {method ? (
          <span className={`status status--${method.isActive ? "confirmed" : "failed"}`}> {method.isActive ? "activă" : "inactivă"}</span>
        ) : null}
      </h3>
      {method ? (
        <p className="muted">
          {DELIVERY_KIND_LABELS[method.kind]} · {method.kind === "pickup" ? "gratuit" : formatPrice(method.feeBani)}
          {method.freeAboveBani !== null && method.kind !== "pickup" ? ` · gratuit peste ${formatPrice(method.freeAboveBani)}` : ""}
          {method.estimatedDays !== null ? ` · ${formatEstimatedDays(method.estimatedDays)}` : ""}
        </p>
      ) : null}
      {method ? <input type="hidden" name="id" value={method.id} /> : null}
      <div className="admin-delivery__fields">
        {input("name", "Nume", method?.name ?? "")}
        <div className="field">
          <label htmlFor={`${id}-kind`} className="field__label">
            Tip
          </label>
          <select id={`${id}-kind`} name="kind" className="select" defaultValue={method?.kind ?? "courier"}>
            {(Object.keys(DELIVERY_KIND_LABELS) as Array<keyof typeof DELIVERY_KIND_LABELS>).map((kind) => (
              <option key={kind} value={kind}>
                {DELIVERY_KIND_LABELS[kind]}
              </option>
            ))}
          </select>
        </div>
        {input("fee", "Cost (RON)", method ? moneyToInput(method.feeBani) : "", "Ex. 25,00 sau „Gratis”. Ridicarea e mereu gratuită.", "decimal")}
        {input("freeAbove", "Gratuit peste (RON)", method?.freeAboveBani != null ? moneyToInput(method.freeAboveBani) : "", "Gol = fără prag.", "decimal")}
        {input("estimatedDays", "Zile estimate", method?.estimatedDays != null ? String(method.estimatedDays) : "", "Zile lucrătoare; gol = nu se afișează.", "numeric")}
        {input("description", "Descriere pentru client", method?.description ?? "")}
      </div>
      <label className="check">
        <input type="checkbox" name="isActive" value="da" defaultChecked={method ? method.isActive : true} />
        <span>Activă (apare în coș)</span>
      </label>
      <button type="submit" className="button button--dark button--small" disabled={busy}>
        {method ? "Salvează" : "Adaugă metoda"}
      </button>
    </Form>
  );
}
