/**
 * "Capitole" and "Programul pe zile": one component for the editor's two lists of blocks, each
 * block a title and a one-line-per-item list (a chapter's sub-chapters, a day's activities).
 * The two differ only in their words, anchors and new rows, given by `ChaptersSection` and
 * `DaysSection` below.
 */
import type { ReactNode } from "react";
import { Field, FieldErrors } from "~/components/ui/Field";
import { newChapter, newDay, newDetail } from "~/lib/validation/admin-course-rows";
import { BulkAdd, ItemText, type ItemList } from "./ItemLists";
import { anchors, Hidden, IntentButton, RowActions, type AnyForm, type AnyMeta, type CourseFields } from "./parts";

type Values = Array<{ id?: string } | undefined>;
/** A new row's form value: a block or a sub-chapter (objects), an activity (a string). */
type NewRow = object | string;
type RowList = NewRow[];

/**
 * conform's list and fieldset accessors as this component uses them: the two lists' rows differ in
 * shape (a sub-chapter is an object, an activity a string), so their metadata is typed loosely.
 */
type Meta = AnyMeta & { getFieldList: () => Meta[]; getFieldset: () => Record<string, Meta> };

/**
 * The words of one list, put together as "Capitolul 2", "Titlul capitolului 2", "Subcapitolul 3
 * din capitolul 2", "Elimină subcapitolul 3 din capitolul 2", "Adaugă subcapitol în capitolul 2",
 * "+ Subcapitol", "Subcapitole noi în capitolul 2".
 */
interface Words {
  /** A block, as in "Elimină capitolul 2": capitolul, ziua. */
  block: string;
  /** "Titlul capitolului 2": capitolului, zilei. */
  blockOf: string;
  /** The items' legend: Subcapitole, Activități. */
  items: string;
  /** An item, as in "Elimină subcapitolul 3": subcapitolul, activitatea. */
  item: string;
  /** A new item: subcapitol, activitate. */
  newItem: string;
}

interface NestedListProps {
  form: AnyForm;
  /** The blocks' field (`chapters`, `days`). */
  blocks: AnyMeta;
  /** Each block's list of items: `details` (objects with an id) or `activities` (strings). */
  kind: ItemList["kind"];
  section: "capitole" | "zile";
  heading: string;
  hint: ReactNode;
  words: Words;
  testIds: { block: string; item: string };
  blockAnchor: (index: number) => string;
  itemAnchor: (block: number, index: number) => string;
  /** The form value of a block or an item added by "+", from the list's current values. */
  newBlock: (values: Values) => NewRow;
  newItem: (values: Values) => NewRow;
  addBlock: string;
  /** Errors of the whole list shown under it. */
  listErrors?: boolean;
}

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

export function NestedListSection({ form, blocks, kind, section, heading, hint, words, testIds, blockAnchor, itemAnchor, newBlock, newItem, addBlock, listErrors }: NestedListProps) {
  const rows = (blocks as Meta).getFieldList();
  const titleId = `sectiune-${section}`;
  return (
    <section id={anchors.section(section)} className="admin-panel" aria-labelledby={titleId}>
      <h2 id={titleId} className="admin-panel__title">
        {heading}
      </h2>
      <p className="field__hint">{hint}</p>
      <ol className="admin-rows">
        {rows.map((row, index) => {
          const f = row.getFieldset();
          const itemsMeta = f[kind];
          const items = itemsMeta.getFieldList();
          const values = (itemsMeta.value ?? []) as Values;
          const list: ItemList = { form, name: itemsMeta.name, kind, values, anchor: (i) => itemAnchor(index, i) };
          const n = index + 1;
          return (
            <li key={row.key} id={blockAnchor(index)} className="admin-row admin-row--block" data-testid={testIds.block}>
              <Hidden meta={f.id} />
              <div className="admin-row__head">
                <h3 className="admin-row__title">{`${capitalised(words.block)} ${n}`}</h3>
                <RowActions form={form} name={blocks.name} index={index} what={words.block} anchor={blockAnchor} listAnchor={anchors.section(section)} />
              </div>
              <Field meta={f.title} label={`Titlul ${words.blockOf} ${n}`} />
              <fieldset className="admin-sublist">
                <legend>{words.items}</legend>
                <ol className="admin-subrows">
                  {items.map((item, i) => {
                    // A sub-chapter keeps its id in a hidden input; an activity is its text alone.
                    const itemFields = kind === "details" ? item.getFieldset() : null;
                    return (
                      <li key={item.key} id={itemAnchor(index, i)} className="admin-subrow" data-testid={testIds.item}>
                        {itemFields ? <Hidden meta={itemFields.id} /> : null}
                        <ItemText meta={itemFields ? itemFields.text : item} label={`${capitalised(words.item)} ${i + 1} din ${words.block} ${n}`} list={list} index={i} />
                        <IntentButton
                          props={form.remove.getButtonProps({ name: itemsMeta.name, index: i })}
                          variant="remove"
                          label={`Elimină ${words.item} ${i + 1} din ${words.block} ${n}`}
                          anchor={i > 0 ? itemAnchor(index, i - 1) : blockAnchor(index)}
                        >
                          ×
                        </IntentButton>
                      </li>
                    );
                  })}
                </ol>
                <IntentButton
                  props={form.insert.getButtonProps<RowList>({ name: itemsMeta.name, defaultValue: newItem(values) })}
                  label={`Adaugă ${words.newItem} în ${words.block} ${n}`}
                  anchor={itemAnchor(index, items.length)}
                >
                  {`+ ${capitalised(words.newItem)}`}
                </IntentButton>
                <BulkAdd list={list} what={`${words.items} noi în ${words.block} ${n}`} />
              </fieldset>
            </li>
          );
        })}
      </ol>
      {listErrors ? <FieldErrors id={blocks.errorId} errors={blocks.errors} /> : null}
      <IntentButton props={form.insert.getButtonProps<RowList>({ name: blocks.name, defaultValue: newBlock((blocks.value ?? []) as Values) })} anchor={blockAnchor(rows.length)}>
        {addBlock}
      </IntentButton>
    </section>
  );
}

/** "Capitole": chapters, each with its sub-chapters. */
export function ChaptersSection({ form, fields }: { form: AnyForm; fields: CourseFields }) {
  return (
    <NestedListSection
      form={form}
      blocks={fields.chapters}
      kind="details"
      section="capitole"
      heading="Capitole"
      hint="Capitolele și subcapitolele lăsate goale nu se salvează. Lipește o listă (un rând pe subcapitol) într-un subcapitol și fiecare rând devine un subcapitol."
      words={{ block: "capitolul", blockOf: "capitolului", items: "Subcapitole", item: "subcapitolul", newItem: "subcapitol" }}
      testIds={{ block: "chapter", item: "detail" }}
      blockAnchor={anchors.chapter}
      itemAnchor={anchors.detail}
      newBlock={newChapter}
      newItem={newDetail}
      addBlock="+ Adaugă capitol"
      listErrors
    />
  );
}

/** "Programul pe zile" (physical courses): each day's title and activities. */
export function DaysSection({ form, fields }: { form: AnyForm; fields: CourseFields }) {
  return (
    <NestedListSection
      form={form}
      blocks={fields.days}
      kind="activities"
      section="zile"
      heading="Programul pe zile"
      hint="Lipește o listă (un rând pe activitate) într-o activitate și fiecare rând devine o activitate."
      words={{ block: "ziua", blockOf: "zilei", items: "Activități", item: "activitatea", newItem: "activitate" }}
      testIds={{ block: "day", item: "activity" }}
      blockAnchor={anchors.day}
      itemAnchor={anchors.activity}
      newBlock={newDay}
      newItem={() => ""}
      addBlock="+ Adaugă zi"
    />
  );
}
