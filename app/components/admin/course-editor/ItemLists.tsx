/**
 * The one-line-per-item lists of the editor (a chapter's sub-chapters, a day's activities):
 * each item is an auto-growing text area (CSS `field-sizing: content`, a few lines of script
 * where the browser lacks it); pasting several lines into an item makes one item per line; and
 * "Adaugă mai multe (un rând pe element)" takes a whole list at once — split in the browser
 * with JavaScript, by the action without (lib/bulk-items is the rule both use).
 */
import { useLocation } from "@remix-run/react";
import { useId, useRef, type ClipboardEvent, type FormEvent, type MouseEvent } from "react";
import { TextareaField } from "~/components/ui/Field";
import { useHydrated } from "~/components/ui/useHydrated";
import { isMultiLine, splitLines, withActivityLines, withDetailLines } from "~/lib/bulk-items";
import type { AnyForm, AnyMeta } from "./parts";

/** A list that takes several lines: `chapters[i].details` or `days[i].activities`. */
export interface ItemList {
  form: AnyForm;
  /** The list's field name. */
  name: string;
  kind: "details" | "activities";
  /** The list's current values (conform's). */
  values: ReadonlyArray<unknown>;
  /** The id of item i's row (also its anchor). */
  anchor: (index: number) => string;
}

/** The list with `lines` put at item `at` (or appended), as form values (strings, as inputs hold them). */
function listWith(list: ItemList, lines: string[], at: number | null) {
  if (list.kind === "activities") return withActivityLines(list.values, lines, at);
  return withDetailLines(list.values as Array<{ id?: unknown; text?: unknown }>, lines, at).map((d) => ({ id: String(d.id), text: d.text }));
}

/**
 * Sets the list (conform's update intent) and then focuses the row `focusId`. conform's intents
 * are form submissions it catches; the blur validation of a focused row that the update
 * re-creates fires while React removes it, is not caught and posts the form (seen in Chromium).
 * So the field loses focus first, after the current event, and then the list is updated.
 */
function update(list: ItemList, value: unknown, focusId: string) {
  window.setTimeout(() => {
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    list.form.update({ name: list.name, value: value as never });
    // After React has rendered the new rows.
    requestAnimationFrame(() => window.setTimeout(() => document.getElementById(focusId)?.querySelector("textarea")?.focus(), 0));
  }, 0);
}

/** Grows a text area to its content where CSS `field-sizing` is not supported. */
function grow(textarea: HTMLTextAreaElement) {
  if (typeof CSS !== "undefined" && CSS.supports?.("field-sizing", "content")) return;
  textarea.style.height = "auto";
  textarea.style.height = `${textarea.scrollHeight + 4}px`;
}

export function ItemText({ meta, label, list, index }: { meta: AnyMeta; label: string; list: ItemList; index: number }) {
  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const text = event.clipboardData.getData("text/plain");
    if (!isMultiLine(text)) return;
    event.preventDefault();
    const field = event.currentTarget;
    const lines = splitLines(text);
    // What was around the selection stays: before it on the first item, after it on the last.
    lines[0] = field.value.slice(0, field.selectionStart) + lines[0];
    lines[lines.length - 1] += field.value.slice(field.selectionEnd);
    update(list, listWith(list, lines, index), list.anchor(index + lines.length - 1));
  };
  return (
    <TextareaField
      meta={meta}
      label={label}
      rows={2}
      className="textarea--item"
      onPaste={onPaste}
      onInput={(event: FormEvent<HTMLTextAreaElement>) => grow(event.currentTarget)}
      onFocus={(event) => grow(event.currentTarget)}
    />
  );
}

/** "Adaugă mai multe (un rând pe element)": a text area and a button that add one item per line. */
export function BulkAdd({ list, what }: { list: ItemList; what: string }) {
  const path = useLocation().pathname;
  const hydrated = useHydrated();
  const id = useId();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const firstNew = list.values.filter((v) => {
    const text = list.kind === "details" ? (v as { text?: unknown } | undefined)?.text : v;
    return typeof text === "string" && text.trim() !== "";
  }).length;
  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (!hydrated || !textarea.current) return;
    event.preventDefault();
    const lines = splitLines(textarea.current.value);
    if (lines.length === 0) return textarea.current.focus();
    update(list, listWith(list, lines, null), list.anchor(firstNew));
    textarea.current.value = "";
  };
  return (
    <details className="bulk-add">
      <summary className="bulk-add__summary">Adaugă mai multe (un rând pe element)</summary>
      <div className="field">
        <label className="field__label" htmlFor={id}>
          {what}, câte unul pe rând
        </label>
        <textarea ref={textarea} id={id} name={`bulk:${list.name}`} rows={6} className="textarea" />
      </div>
      <button
        type="submit"
        name="bulkAdd"
        value={list.name}
        formNoValidate
        formAction={`${path}#${list.anchor(firstNew)}`}
        className="button button--light button--small"
        onClick={onClick}
      >
        Adaugă rândurile
      </button>
    </details>
  );
}
