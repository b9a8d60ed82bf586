/** "Programul pe zile" (physical courses): each day's title and activities. */
import { Field } from "~/components/ui/Field";
import { newDay } from "~/lib/validation/admin-course-rows";
import { Hidden, IntentButton, RowActions, type AnyForm, type CourseFields } from "./parts";

export function DaysSection({ form, fields }: { form: AnyForm; fields: CourseFields }) {
  const days = fields.days.getFieldList();
  return (
    <section className="admin-panel" aria-labelledby="sectiune-zile">
      <h2 id="sectiune-zile" className="admin-panel__title">
        Programul pe zile
      </h2>
      <ol className="admin-rows">
        {days.map((day, index) => {
          const f = day.getFieldset();
          const activities = f.activities.getFieldList();
          return (
            <li key={day.key} className="admin-row admin-row--block" data-testid="day">
              <Hidden meta={f.id} />
              <div className="admin-row__head">
                <h3 className="admin-row__title">Ziua {index + 1}</h3>
                <RowActions form={form} name={fields.days.name} index={index} what="ziua" />
              </div>
              <Field meta={f.title} label={`Titlul zilei ${index + 1}`} />
              <fieldset className="admin-sublist">
                <legend>Activități</legend>
                <ol className="admin-subrows">
                  {activities.map((activity, a) => (
                    <li key={activity.key} className="admin-subrow">
                      <Field meta={activity} label={`Activitatea ${a + 1} din ziua ${index + 1}`} />
                      <IntentButton props={form.remove.getButtonProps({ name: f.activities.name, index: a })} variant="remove" label={`Elimină activitatea ${a + 1} din ziua ${index + 1}`}>
                        ×
                      </IntentButton>
                    </li>
                  ))}
                </ol>
                <IntentButton props={form.insert.getButtonProps({ name: f.activities.name, defaultValue: "" })} label={`Adaugă activitate în ziua ${index + 1}`}>
                  + Activitate
                </IntentButton>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <IntentButton props={form.insert.getButtonProps({ name: fields.days.name, defaultValue: newDay((fields.days.value ?? []) as Array<{ id?: string }>) })}>+ Adaugă zi</IntentButton>
    </section>
  );
}
