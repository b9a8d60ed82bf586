/**
 * "Prețuri": the course's price options. Physical courses: one entry per period (value, days,
 * and whether the accredited diploma may be chosen with it: only the periods ticked offer it),
 * and a box for paying only the advance; the two amounts are the admin's settings (shown here,
 * edited in "Setări cursuri").
 * Online courses: value, access days and whether the diploma is included, in the order entered.
 */
import { Link } from "@remix-run/react";
import { FieldErrors, CheckboxField, Field } from "~/components/ui/Field";
import { formatMoney } from "~/lib/money";
import type { PriceSettings } from "~/lib/pricing";
import { newPrice, type AdminCourseKind } from "~/lib/validation/admin-course-rows";
import { anchors, Hidden, IntentButton, RowActions, type AnyForm, type CourseFields } from "./parts";

export function PricesSection({ kind, form, fields, settings }: { kind: AdminCourseKind; form: AnyForm; fields: CourseFields; settings: PriceSettings }) {
  const prices = fields.prices.getFieldList();
  return (
    <section id={anchors.section("preturi")} className="admin-panel" aria-labelledby="sectiune-preturi">
      <h2 id="sectiune-preturi" className="admin-panel__title">
        Prețuri
      </h2>
      <p className="field__hint">
        Valoarea în format românesc (ex. 1.800,00) sau „Gratis”. Zilele: {kind === "physical" ? "perioada cursului" : "zilele de acces"}, sau „nelimitat”.{kind === "physical" ? " Bifează „Diplomă acreditată” la perioadele cu care se poate alege diploma; celelalte se vând fără ea." : ""}
        {kind === "online" ? " Opțiunile apar pe pagina cursului în ordinea de aici." : ""}
      </p>
      {prices.length === 0 ? <p className="muted">Niciun preț: cursul va apărea cu „Preț la cerere”.</p> : null}
      <ol className="admin-rows">
        {prices.map((price, index) => {
          const f = price.getFieldset();
          return (
            <li key={price.key} id={anchors.price(index)} className={`admin-row admin-row--price${kind === "physical" ? " admin-row--period" : ""}`}>
              <Hidden meta={f.id} />
              <Field meta={f.value} label={`Preț ${index + 1} (RON)`} placeholder="1.000,00 sau Gratis" />
              <Field meta={f.days} label="Zile" placeholder="nelimitat" />
              {kind === "online" ? (
                <div className="admin-row__checks">
                  <CheckboxField meta={f.accreditation} label="Cu diplomă" className="admin-check" />
                </div>
              ) : (
                <div className="admin-row__checks">
                  <CheckboxField meta={f.accreditable} label={`Perioada ${index + 1} cu diplomă acreditată (+${formatMoney(settings.accreditationSurchargeBani)})`} className="admin-check" />
                </div>
              )}
              <RowActions form={form} name={fields.prices.name} index={index} what="prețul" anchor={anchors.price} listAnchor={anchors.section("preturi")} />
            </li>
          );
        })}
      </ol>
      <FieldErrors id={fields.prices.errorId} errors={fields.prices.errors} />
      <IntentButton props={form.insert.getButtonProps({ name: fields.prices.name, defaultValue: newPrice(kind) })} anchor={anchors.price(prices.length)}>
        + Adaugă preț
      </IntentButton>
      {kind === "physical" ? (
        <fieldset className="admin-sublist admin-offers">
          <legend>Opțiuni la cumpărare</legend>
          <CheckboxField meta={fields.offersAdvance} label={`Plata unui avans: ${formatMoney(settings.advancePaymentBani)} acum, restul la curs`} className="admin-check" />
          <p className="field__hint">
            Sumele sunt aceleași pentru toate cursurile (setare): le modifici în <Link to="/admin/setari-cursuri">Setări cursuri</Link>.
          </p>
        </fieldset>
      ) : null}
    </section>
  );
}
