/**
 * /admin/setari-facturare — the ANAF e-Factura connection (connect through ANAF's OAuth page,
 * renew, disconnect) and the issuer data printed on invoices (defaults: BUSINESS_* and
 * INVOICE_SERIES, VAT_MODE, VAT_RATE configuration), the series with its next number (it never goes backwards)
 * and the VAT mode. Changes apply to invoices issued afterwards; issued ones keep their snapshot.
 */
import { formConstraint, readFormData, parseForm } from "~/lib/form-input";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Field, SelectField, TextareaField } from "~/components/ui/Field";
import { FormAlert } from "~/components/ui/FormAlert";
import { SubmitButton } from "~/components/ui/SubmitButton";
import { ValidatedForm } from "~/components/ui/ValidatedForm";
import { useZodForm } from "~/components/ui/useZodForm";
import { RO_COUNTIES } from "~/lib/fiscal-ids";
import { SHORT_TOAST } from "~/lib/toast";
import { INVALID_FORM_MESSAGE } from "~/lib/validation/field-rules";
import { VAT_MODE_LABELS } from "~/lib/validation/invoice-settings-texts";
import { invoiceSettingsSchema } from "~/routes/+shared/form-schemas.server";
import { getIssuerSettings, nextNumberOf, saveIssuerSettings } from "~/models/invoice-settings.server";
import { requireAdmin } from "~/models/session.server";
import { connectionStatus, disconnect, startConnection, type ConnectionStatus } from "~/models/efactura-connection.server";
import { formatDate } from "~/lib/dates";
import { serializeOauthState } from "~/services/efactura/oauth-state.server";
import { redirectWithToast } from "~/services/toast.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const settings = await getIssuerSettings();
  return data({
    settings,
    nextNumber: await nextNumberOf(settings.series),
    constraint: formConstraint(invoiceSettingsSchema),
    connection: await connectionStatus(),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const form = await readFormData(request);
  const intent = form.get("intent");
  if (intent === "anaf-connect") {
    const started = startConnection();
    if (!started) throw new Response("Conexiunea cu ANAF nu este configurată pe acest site.", { status: 409 });
    return redirect(started.url, { status: 303, headers: { "Set-Cookie": await serializeOauthState(started.state) } });
  }
  if (intent === "anaf-disconnect") {
    await disconnect();
    return redirectWithToast("/admin/setari-facturare", { ...SHORT_TOAST, message: "Conexiunea cu ANAF a fost ștearsă. Facturile se transmit din nou manual." });
  }
  const submission = parseForm(form, { schema: invoiceSettingsSchema });
  if (submission.status !== "success") return data({ result: submission.reply({ formErrors: [INVALID_FORM_MESSAGE] }) }, { status: 400 });
  const value = submission.value;
  const saved = await saveIssuerSettings({ ...value, exemptText: value.exemptText ?? "" });
  if (!saved.ok) return data({ result: submission.reply({ fieldErrors: { [saved.field]: [saved.message] } }) }, { status: 409 });
  return redirectWithToast("/admin/setari-facturare", { ...SHORT_TOAST, message: "Setările de facturare au fost salvate." });
}

export default function InvoiceSettingsPage() {
  const { settings, nextNumber, constraint, connection } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { form, fields, formProps, invalidSubmit } = useZodForm({
    id: "invoice-settings",
    schema: () => import("~/lib/validation/browser").then((m) => m.invoiceSettingsSchema),
    constraint,
    lastResult: actionData?.result,
    defaultValue: { ...settings, nextNumber, exemptText: settings.exemptText },
  });
  return (
    <section aria-labelledby="setari-titlu">
      <p>
        <Link to="/admin/facturi">← Facturi</Link>
      </p>
      <h2 id="setari-titlu">Setări facturare</h2>
      <p className="muted">
        Următoarea factură: <strong data-testid="next-invoice">{settings.series} {nextNumber}</strong>. Numărul poate doar crește; facturile emise nu se
        modifică.
      </p>
      <AnafConnection connection={connection} />
      <h3>Datele firmei pe facturi</h3>
      <ValidatedForm form={form} formProps={formProps} className="form">
        <FormAlert id={form.errorId} messages={invalidSubmit ? [INVALID_FORM_MESSAGE] : form.errors} />
        <Field meta={fields.name} label="Denumirea firmei" />
        <Field meta={fields.cui} label="CUI / CIF" hint="Plătitor de TVA: cu RO în față (RO41234564). Neplătitor: doar cifrele (41234564)." />
        <Field meta={fields.regCom} label="Nr. Reg. Com." />
        <TextareaField meta={fields.address} label="Adresa sediului" rows={2} />
        <Field meta={fields.city} label="Localitatea" hint="În București: SECTOR1 … SECTOR6." />
        <SelectField meta={fields.county} label="Județul" options={Object.entries(RO_COUNTIES).map(([value, label]) => ({ value, label }))} />
        <Field meta={fields.bank} label="Banca" />
        <Field meta={fields.iban} label="IBAN" />
        <Field meta={fields.series} label="Seria facturilor" />
        <Field meta={fields.nextNumber} label="Numărul următor" type="number" min={nextNumber} />
        <SelectField meta={fields.vatMode} label="Regim TVA" options={Object.entries(VAT_MODE_LABELS).map(([value, label]) => ({ value, label }))} />
        <Field meta={fields.vatRate} label="Cota TVA standard (%)" type="number" hint="21 % din 1 august 2025." />
        <TextareaField meta={fields.exemptText} label="Mențiunea de scutire" optional rows={2} hint="Tipărită pe facturi în regimul „scutit”." />
        <div className="form-actions">
          <SubmitButton className="button button--primary" pendingLabel="Se salvează…">
            Salvează
          </SubmitButton>
        </div>
      </ValidatedForm>
    </section>
  );
}

/** The e-Factura connection box: state in words, and the one action that fits. */
function AnafConnection({ connection }: { connection: ConnectionStatus }) {
  const day = (value: Date | null) => (value ? formatDate(value) : "");
  const target = connection.mode === "simulator" ? "simulatorul ANAF al site-ului" : connection.env === "prod" ? "ANAF (producție)" : "ANAF (mediul de test)";
  const connect = (label: string) => (
    <Form method="post" reloadDocument>
      <input type="hidden" name="intent" value="anaf-connect" />
      <button type="submit" className="button button--primary">
        {label}
      </button>
    </Form>
  );
  return (
    <section aria-labelledby="anaf-titlu" className="card card--pad" data-testid="anaf-connection">
      <h3 id="anaf-titlu">Conexiunea ANAF e-Factura</h3>
      {connection.state === "off" ? (
        <p>
          Conexiunea directă nu este configurată (ANAF_CLIENT_ID). Exportați XML-urile din pagina Facturi, încărcați-le în SPV și introduceți indexul de
          încărcare.
        </p>
      ) : connection.state === "disconnected" ? (
        <>
          <p>
            Neconectat. Conectați firma o singură dată: veți fi trimis la {target}, unde titularul se autentifică cu certificatul calificat. Apoi fiecare
            factură și stornare emisă de acum înainte se transmite automat în SPV, iar răspunsul ANAF se păstrează lângă factură.
          </p>
          {connect("Conectează la ANAF")}
        </>
      ) : connection.state === "expired" ? (
        <>
          <div className="alert alert--error" role="alert">
            Conexiunea cu ANAF a expirat sau a fost revocată: facturile nu se mai transmit automat. Reînnoiți conexiunea acum.
          </div>
          {connect("Reînnoiește conexiunea")}
        </>
      ) : (
        <>
          <p>
            <span className="status status--confirmed">Conectat</span> la {target} din {day(connection.connectedAt)}. Facturile emise de atunci se transmit
            automat.
          </p>
          {connection.state === "renew_soon" ? (
            <div className="alert alert--warning" role="alert">
              Conexiunea trebuie reînnoită până la {day(connection.renewBy)} (autorizarea ANAF ține un an).
            </div>
          ) : (
            <p className="muted">Autorizarea este valabilă până la {day(connection.renewBy)}; tokenul de acces se reîmprospătează singur.</p>
          )}
          <div className="row">
            {connect("Reînnoiește conexiunea")}
            <Form method="post">
              <input type="hidden" name="intent" value="anaf-disconnect" />
              <button type="submit" className="button button--light">
                Deconectează
              </button>
            </Form>
          </div>
        </>
      )}
    </section>
  );
}
