/**
 * /admin/setari-facturare — the issuer data printed on invoices (defaults: BUSINESS_* and
 * INVOICE_SERIES, VAT_MODE, VAT_RATE configuration), the series with its next number (it never goes backwards)
 * and the VAT mode. Changes apply to invoices issued afterwards; issued ones keep their snapshot.
 */
import { formConstraint, readFormData, parseForm } from "~/lib/form-input";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
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
import { getIssuerSettings, nextNumberOf, saveIssuerSettings } from "~/models/invoice.server";
import { requireAdmin } from "~/models/session.server";
import { redirectWithToast } from "~/services/toast.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const settings = await getIssuerSettings();
  return data({ settings, nextNumber: await nextNumberOf(settings.series), constraint: formConstraint(invoiceSettingsSchema) });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const submission = parseForm(await readFormData(request), { schema: invoiceSettingsSchema });
  if (submission.status !== "success") return data({ result: submission.reply({ formErrors: [INVALID_FORM_MESSAGE] }) }, { status: 400 });
  const value = submission.value;
  const saved = await saveIssuerSettings({ ...value, exemptText: value.exemptText ?? "" });
  if (!saved.ok) return data({ result: submission.reply({ fieldErrors: { [saved.field]: [saved.message] } }) }, { status: 409 });
  return redirectWithToast("/admin/setari-facturare", { ...SHORT_TOAST, message: "Setările de facturare au fost salvate." });
}

export default function InvoiceSettingsPage() {
  const { settings, nextNumber, constraint } = useLoaderData<typeof loader>();
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
