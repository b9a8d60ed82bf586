/** "Programul pe zile" (physical courses): each day's title and activities. */
import { Field } from "~/components/ui/Field";
import { newDay } from "~/lib/validation/admin-course-rows";
import { BulkAdd, ItemText, type ItemList } from "./ItemLists";
import { anchors, Hidden, IntentButton, RowActions, type AnyForm, type CourseFields } from "./parts";

export function DaysSection({ form, fields }: { form: AnyForm; fields: CourseFields }) {
  const days = fields.days.getFieldList();
  return (
    <section id={anchors.section("zile")} className="admin-panel" aria-labelledby="sectiune-zile">
      <h2 id="sectiune-zile" className="admin-panel__title">
        Programul pe zile
      </h2>
      <p className="field__hint">Lipește o listă (un rând pe activitate) într-o activitate și fiecare rând devine o activitate.</p>
      <ol className="admin-rows">
        {days.map((day, index) => {
          const f = day.getFieldset();
          const activities = f.activities.getFieldList();
          const list: ItemList = {
            form,
            name: f.activities.name,
            kind: "activities",
            values: (f.activities.value ?? []) as unknown[],
            anchor: (a) => anchors.activity(index, a),
          };
          return (
            <li key={day.key} id={anchors.day(index)} className="admin-row admin-row--block" data-testid="day">
              <Hidden meta={f.id} />
              <div className="admin-row__head">
                <h3 className="admin-row__title">Ziua {index + 1}</h3>
                <RowActions form={form} name={fields.days.name} index={index} what="ziua" anchor={anchors.day} listAnchor={anchors.section("zile")} />
              </div>
              <Field meta={f.title} label={`Titlul zilei ${index + 1}`} />
              <fieldset className="admin-sublist">
                <legend>Activități</legend>
                <ol className="admin-subrows">
                  {activities.map((activity, a) => (
                    <li key={activity.key} id={anchors.activity(index, a)} className="admin-subrow" data-testid="activity">
                      <ItemText meta={activity} label={`Activitatea ${a + 1} din ziua ${index + 1}`} list={list} index={a} />
                      <IntentButton
                        props={form.remove.getButtonProps({ name: f.activities.name, index: a })}
                        variant="remove"
                        label={`Elimină activitatea ${a + 1} din ziua ${index + 1}`}
                        anchor={a > 0 ? anchors.activity(index, a - 1) : anchors.day(index)}
                      >
                        ×
                      </IntentButton>
                    </li>
                  ))}
                </ol>
                <IntentButton
                  props={form.insert.getButtonProps({ name: f.activities.name, defaultValue: "" })}
                  label={`Adaugă activitate în ziua ${index + 1}`}
                  anchor={anchors.activity(index, activities.length)}
                >
                  + Activitate
                </IntentButton>
                <BulkAdd list={list} what={`Activități noi în ziua ${index + 1}`} />
              </fieldset>
            </li>
          );
        })}
      </ol>
      <IntentButton
        props={form.insert.getButtonProps({ name: fields.days.name, defaultValue: newDay((fields.days.value ?? []) as Array<{ id?: string }>) })}
        anchor={anchors.day(days.length)}
      >
        + Adaugă zi
      </IntentButton>
    </section>
  );
}
