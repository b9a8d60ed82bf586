/** "Capitole": chapters, each with its sub-chapters. */
import { Field, FieldErrors } from "~/components/ui/Field";
import { newChapter, newDetail } from "~/lib/validation/admin-course-rows";
import { BulkAdd, ItemText, type ItemList } from "./ItemLists";
import { anchors, Hidden, IntentButton, RowActions, type AnyForm, type CourseFields } from "./parts";

export function ChaptersSection({ form, fields }: { form: AnyForm; fields: CourseFields }) {
  const chapters = fields.chapters.getFieldList();
  const chapterValues = (fields.chapters.value ?? []) as Array<{ id?: string } | undefined>;
  return (
    <section id={anchors.section("capitole")} className="admin-panel" aria-labelledby="sectiune-capitole">
      <h2 id="sectiune-capitole" className="admin-panel__title">
        Capitole
      </h2>
      <p className="field__hint">
        Capitolele și subcapitolele lăsate goale nu se salvează. Lipește o listă (un rând pe subcapitol) într-un subcapitol și fiecare rând devine un
        subcapitol.
      </p>
      <ol className="admin-rows">
        {chapters.map((chapter, index) => {
          const f = chapter.getFieldset();
          const details = f.details.getFieldList();
          const detailValues = (f.details.value ?? []) as Array<{ id?: string } | undefined>;
          const list: ItemList = { form, name: f.details.name, kind: "details", values: detailValues, anchor: (d) => anchors.detail(index, d) };
          return (
            <li key={chapter.key} id={anchors.chapter(index)} className="admin-row admin-row--block" data-testid="chapter">
              <Hidden meta={f.id} />
              <div className="admin-row__head">
                <h3 className="admin-row__title">Capitolul {index + 1}</h3>
                <RowActions
                  form={form}
                  name={fields.chapters.name}
                  index={index}
                  what="capitolul"
                  anchor={anchors.chapter}
                  listAnchor={anchors.section("capitole")}
                />
              </div>
              <Field meta={f.title} label={`Titlul capitolului ${index + 1}`} />
              <fieldset className="admin-sublist">
                <legend>Subcapitole</legend>
                <ol className="admin-subrows">
                  {details.map((detail, d) => {
                    const df = detail.getFieldset();
                    return (
                      <li key={detail.key} id={anchors.detail(index, d)} className="admin-subrow" data-testid="detail">
                        <Hidden meta={df.id} />
                        <ItemText meta={df.text} label={`Subcapitolul ${d + 1} din capitolul ${index + 1}`} list={list} index={d} />
                        <IntentButton
                          props={form.remove.getButtonProps({ name: f.details.name, index: d })}
                          variant="remove"
                          label={`Elimină subcapitolul ${d + 1} din capitolul ${index + 1}`}
                          anchor={d > 0 ? anchors.detail(index, d - 1) : anchors.chapter(index)}
                        >
                          ×
                        </IntentButton>
                      </li>
                    );
                  })}
                </ol>
                <IntentButton
                  props={form.insert.getButtonProps({ name: f.details.name, defaultValue: newDetail(detailValues) })}
                  label={`Adaugă subcapitol în capitolul ${index + 1}`}
                  anchor={anchors.detail(index, details.length)}
                >
                  + Subcapitol
                </IntentButton>
                <BulkAdd list={list} what={`Subcapitole noi în capitolul ${index + 1}`} />
              </fieldset>
            </li>
          );
        })}
      </ol>
      <FieldErrors id={fields.chapters.errorId} errors={fields.chapters.errors} />
      <IntentButton
        props={form.insert.getButtonProps({ name: fields.chapters.name, defaultValue: newChapter(chapterValues) })}
        anchor={anchors.chapter(chapters.length)}
      >
        + Adaugă capitol
      </IntentButton>
    </section>
  );
}
