/** "Prețuri": the course's price options (value, days, accreditation/diploma, advance payment). */
import { FieldErrors, CheckboxField, Field } from "~/components/ui/Field";
import { newPrice, type AdminCourseKind } from "~/lib/validation/admin-course-rows";
import { Hidden, IntentButton, RowActions, type AnyForm, type CourseFields } from "./parts";

export function PricesSection({ kind, form, fields }: { kind: AdminCourseKind; form: AnyForm; fields: CourseFields }) {
  const prices = fields.prices.getFieldList();
  return (
    <section className="admin-panel" aria-labelledby="sectiune-preturi">
      <h2 id="sectiune-preturi" className="admin-panel__title">
        Prețuri
      </h2>
      <p className="field__hint">
        Valoarea în format românesc (ex. 1.800,00) sau „Gratis”. Zilele: {kind === "physical" ? "perioada cursului" : "zilele de acces"}, sau „nelimitat”.
        {kind === "physical" ? " Acreditarea adaugă 650 RON; avansul este de 500 RON." : ""}
      </p>
      {prices.length === 0 ? <p className="muted">Niciun preț: cursul va apărea cu „Preț la cerere”.</p> : null}
      <ol className="admin-rows">
        {prices.map((price, index) => {
          const f = price.getFieldset();
          return (
            <li key={price.key} className="admin-row admin-row--price">
              <Hidden meta={f.id} />
              <Field meta={f.value} label={`Preț ${index + 1} (RON)`} placeholder="1.000,00 sau Gratis" />
              <Field meta={f.days} label="Zile" placeholder="nelimitat" />
              <div className="admin-row__checks">
                <CheckboxField meta={f.accreditation} label={kind === "physical" ? "Cu acreditare" : "Cu diplomă"} className="admin-check" />
                {kind === "physical" ? <CheckboxField meta={f.advancePayment} label="Plată avans" className="admin-check" /> : null}
              </div>
              <RowActions form={form} name={fields.prices.name} index={index} what="prețul" />
            </li>
          );
        })}
      </ol>
      <FieldErrors id={fields.prices.errorId} errors={fields.prices.errors} />
      <IntentButton props={form.insert.getButtonProps({ name: fields.prices.name, defaultValue: newPrice(kind) })}>+ Adaugă preț</IntentButton>
    </section>
  );
}
