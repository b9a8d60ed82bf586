/**
 * Lists the trainer types one line per item (a chapter's sub-chapters, a day's activities):
 * a pasted or submitted multi-line text becomes one item per non-empty line. Shared by the
 * editor's paste handler (with JavaScript) and the action's "Adaugă mai multe" button (without).
 */
import { nextId } from "./next-id";

/** The lists that take several lines at once: `chapters[i].details` and `days[i].activities`. */
export const BULK_LIST_NAME = /^(?:chapters\[(\d{1,3})\]\.details|days\[(\d{1,3})\]\.activities)$/;

/** One item per non-empty line; surrounding spaces and a leading bullet ("•", "-", "–", "*") removed. */
export function splitLines(text: string): string[] {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.replace(/^\s*(?:[•●▪◦‣∙·*–—-]\s+)?/, "").trim())
    .filter((line) => line !== "");
}

/** True when a pasted text holds more than one item. */
export const isMultiLine = (text: string) => splitLines(text).length > 1;

type Detail = { id?: unknown; text?: unknown };

const detailId = (d: Detail | undefined) => {
  const n = Number(d?.id);
  return Number.isInteger(n) && n >= 0 ? n : null;
};
const blank = (value: unknown) => typeof value !== "string" || value.trim() === "";

/**
 * Sub-chapters with `lines` put in place of item `at` (its text replaced by the first line, the
 * others inserted after it), or appended when `at` is null. Appended lines take the place of
 * blank rows (those are not saved anyway). New sub-chapters take ids after the largest (docs/product.md §9).
 */
export function withDetailLines(details: ReadonlyArray<Detail | undefined>, lines: string[], at: number | null = null): Array<{ id: number; text: string }> {
  const current = details.map((d) => ({ id: detailId(d), text: typeof d?.text === "string" ? d.text : "" }));
  const kept = at === null ? current.filter((d) => !blank(d.text)) : current;
  let next = nextId(kept.filter((d): d is { id: number; text: string } => d.id !== null), 0);
  const fresh = (text: string) => ({ id: next++, text });
  const withIds = kept.map((d) => (d.id === null ? fresh(d.text) : { id: d.id, text: d.text }));
  if (at === null) return [...withIds, ...lines.map(fresh)];
  const [first = "", ...rest] = lines;
  const before = withIds.slice(0, at);
  const after = withIds.slice(at + 1);
  const own = withIds[at] ?? fresh("");
  return [...before, { id: own.id, text: first }, ...rest.map(fresh), ...after];
}

/** Activities (plain texts) with `lines` put in place of item `at`, or appended (replacing blank rows). */
export function withActivityLines(activities: ReadonlyArray<unknown>, lines: string[], at: number | null = null): string[] {
  const current = activities.map((a) => (typeof a === "string" ? a : ""));
  if (at === null) return [...current.filter((a) => !blank(a)), ...lines];
  const [first = "", ...rest] = lines;
  return [...current.slice(0, at), first, ...rest, ...current.slice(at + 1)];
}

/**
 * The "Adaugă mai multe" post without JavaScript (button `bulkAdd` = the list's name, text area
 * `bulk:<name>`): the form data turned into conform's `update` intent for that list, with the
 * items already in the form followed by one item per line, so the action answers with the
 * unsaved form holding them, like any other list button. The `bulk:` fields are dropped. Changes
 * the form data in place (it keeps what lib/form-input noted about it).
 */
export function applyBulkAdd(formData: FormData): void {
  const target = formData.get("bulkAdd");
  const text = typeof target === "string" ? formData.get(`bulk:${target}`) : null;
  const names = new Set([...formData.keys()].filter((name) => name === "bulkAdd" || name.startsWith("bulk:")));
  for (const name of names) formData.delete(name);
  const match = typeof target === "string" ? BULK_LIST_NAME.exec(target) : null;
  if (!match || typeof target !== "string") return;
  const lines = typeof text === "string" ? splitLines(text) : [];
  const prefix = `${target}[`;
  const rows: Array<Record<string, string>> = [];
  const plain: string[] = [];
  for (const [name, value] of formData) {
    if (!name.startsWith(prefix) || typeof value !== "string") continue;
    const item = /^\[(\d{1,4})\](?:\.(id|text))?$/.exec(name.slice(target.length));
    if (!item) continue;
    const index = Number(item[1]);
    if (item[2]) (rows[index] ??= {})[item[2]] = value;
    else plain[index] = value;
  }
  const value =
    match[1] !== undefined
      ? withDetailLines(Array.from(rows, (r) => r ?? {}), lines).map((d) => ({ id: String(d.id), text: d.text }))
      : withActivityLines(Array.from(plain, (a) => a ?? ""), lines);
  formData.set("__intent__", JSON.stringify({ type: "update", payload: { name: target, value } }));
}
