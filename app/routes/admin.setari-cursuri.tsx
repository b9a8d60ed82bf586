/**
 * /admin/setari-cursuri — the course price settings (docs/product.md §9 gives the defaults): the surcharge
 * of the accredited diploma of a physical course and the fixed advance. The cart and checkout
 * use them from the next quote on; lines already ordered keep their amounts.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Field } from "~/components/ui/Field";
import { FormAlert } from "~/components/ui/FormAlert";
import { SubmitButton } from "~/components/ui/SubmitButton";
import { ValidatedForm } from "~/components/ui/ValidatedForm";
import { useZodForm } from "~/components/ui/useZodForm";
import { formConstraint, parseForm, readFormData } from "~/lib/form-input";
import { SHORT_TOAST } from "~/lib/toast";
import { INVALID_FORM_MESSAGE } from "~/lib/validation/field-rules";
import { getPriceSettings, savePriceSettings } from "~/models/course-settings.server";
import { requireAdmin } from "~/models/session.server";
import { redirectWithToast } from "~/services/toast.server";
import { COURSE_SETTINGS_MESSAGES, courseSettingsSchema, priceSettingsToForm, toPriceSettings } from "./+shared/form-schemas.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { settings: priceSettingsToForm(await getPriceSettings()), constraint: formConstraint(courseSettingsSchema) };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const submission = parseForm(await readFormData(request), { schema: courseSettingsSchema });
  if (submission.status !== "success") return data({ result: submission.reply({ formErrors: [INVALID_FORM_MESSAGE] }) }, { status: 400 });
  await savePriceSettings(toPriceSettings(submission.value));
  return redirectWithToast("/admin/setari-cursuri", { ...SHORT_TOAST, message: COURSE_SETTINGS_MESSAGES.saved });
}

export default function CourseSettingsPage() {
  const { settings, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { form, fields, formProps, invalidSubmit } = useZodForm({
    id: "course-settings",
    schema: () => import("~/lib/validation/browser").then((m) => m.courseSettingsSchema),
    constraint,
    lastResult: actionData?.result,
    defaultValue: settings,
  });
  return (
    <section aria-labelledby="setari-cursuri-titlu">
      <p>
        <Link to="/admin/cursuri">← Cursuri fizice</Link>
      </p>
      <h2 id="setari-cursuri-titlu">Setări cursuri</h2>
      <p className="muted">
        Se aplică tuturor cursurilor fizice care oferă diploma acreditată sau plata unui avans, de la următoarea adăugare în coș; comenzile deja plasate își
        păstrează sumele.
      </p>
      <ValidatedForm form={form} formProps={formProps} className="form" style={{ maxWidth: "32rem" }}>
        <FormAlert id={form.errorId} messages={invalidSubmit ? [INVALID_FORM_MESSAGE] : form.errors} />
        <Field meta={fields.accreditationSurcharge} label="Acreditare: suma adăugată la preț (RON)" hint="Ex. 650,00. Se adaugă la prețul perioadei alese." />
        <Field meta={fields.advancePayment} label="Avans (RON)" hint="Ex. 500,00. Se plătește acum în locul totalului; restul, la curs." />
        <div className="form-actions">
          <SubmitButton className="button button--primary" pendingLabel="Se salvează…">
            Salvează
          </SubmitButton>
        </div>
      </ValidatedForm>
    </section>
  );
}
