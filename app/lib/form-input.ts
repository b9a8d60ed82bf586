/**
 * Every form post is read here (issue 14 finding 5), so bad input gets an honest answer instead
 * of a 500 from deep inside:
 *
 * - `readFormData`: a body that is not a form (JSON, text…) → 415; a form body that cannot be
 *   read → 400. Control characters (NUL and the other C0 controls except tab, line feed and
 *   carriage return, and DEL) are removed from every text value, so none can ever reach the
 *   database; the names of the fields that had them are remembered with the FormData.
 * - `parseForm`: parseWithZod plus that check — a form whose text had control characters is
 *   answered as invalid (the route's usual 400 with the form re-rendered), each such field
 *   carrying CONTROL_CHAR_MESSAGE. Works on any FormData (also the multipart one built for admin
 *   forms), marked or not.
 */
import type { Submission } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

export const CONTROL_CHAR_MESSAGE = "Textul conține caractere nepermise (de exemplu caractere de control). Șterge-le și încearcă din nou.";
export const NOT_A_FORM_MESSAGE = "Cererea trebuie trimisă ca formular.";
export const UNREADABLE_FORM_MESSAGE = "Formularul trimis nu a putut fi citit.";

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex
const CONTROL_ALL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

const marked = new WeakMap<FormData, string[]>();

export function hasControlCharacters(value: string): boolean {
  return CONTROL.test(value);
}

function plain(status: number, message: string): Response {
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}

/** True for the two form encodings browsers send. */
export function isFormBody(request: Request): boolean {
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0].trim().toLowerCase();
  return type === "application/x-www-form-urlencoded" || type === "multipart/form-data";
}

/** Throws 415 unless the body is a form. */
export function assertFormBody(request: Request): void {
  if (!isFormBody(request)) throw plain(415, NOT_A_FORM_MESSAGE);
}

/** The names of text fields holding control characters. */
export function controlCharacterFields(formData: FormData): string[] {
  const names = new Set<string>();
  for (const [name, value] of formData) if (typeof value === "string" && CONTROL.test(value)) names.add(name);
  return [...names];
}

/** Control characters removed from every text value; the fields that had them are remembered. */
export function cleanFormData(formData: FormData): FormData {
  const bad = controlCharacterFields(formData);
  if (bad.length === 0) return formData;
  const clean = new FormData();
  for (const [name, value] of formData) clean.append(name, typeof value === "string" ? value.replace(CONTROL_ALL, "") : value);
  marked.set(clean, bad);
  return clean;
}

/** The request's form: 415 for a non-form body, 400 for an unreadable one; control characters removed. */
export async function readFormData(request: Request): Promise<FormData> {
  assertFormBody(request);
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    throw plain(400, UNREADABLE_FORM_MESSAGE);
  }
  return cleanFormData(formData);
}

/**
 * parseWithZod, and a form whose text had control characters is invalid: status "error", each
 * such field with CONTROL_CHAR_MESSAGE (added to whatever `reply` the route gives).
 */
export function parseForm<Schema extends z.ZodType>(
  formData: FormData,
  options: { schema: Schema },
): Submission<z.input<Schema>, string[], z.output<Schema>> {
  const bad = marked.get(formData) ?? controlCharacterFields(formData);
  const source = bad.length > 0 && !marked.has(formData) ? cleanFormData(formData) : formData;
  const submission = parseWithZod(source, { schema: options.schema }) as Submission<z.input<Schema>, string[], z.output<Schema>>;
  if (bad.length === 0) return submission;
  const fieldErrors = Object.fromEntries(bad.map((name) => [name, [CONTROL_CHAR_MESSAGE]]));
  const refused = {
    status: "error" as const,
    payload: submission.payload,
    error: { ...(submission.status === "error" ? submission.error : {}), ...fieldErrors },
    reply: (replyOptions: ReplyOptions = {}) => {
      const given = "fieldErrors" in replyOptions ? replyOptions.fieldErrors : undefined;
      return submission.reply({ ...replyOptions, fieldErrors: { ...fieldErrors, ...given } });
    },
  };
  return refused as Submission<z.input<Schema>, string[], z.output<Schema>>;
}

type ReplyOptions = Parameters<Submission<unknown, string[], unknown>["reply"]>[0] & object;

/**
 * The HTML validation attributes (required, maxLength…) a form's schema implies, for the loader
 * to hand to `useZodForm({ constraint })`: the browser gets them with the first HTML without
 * loading zod (the schema itself is fetched at the form's first touch).
 */
export function formConstraint(schema: z.ZodType) {
  let constraint = constraints.get(schema);
  if (!constraint) {
    constraint = getZodConstraint(schema);
    constraints.set(schema, constraint);
  }
  return constraint;
}

/** Per schema object: a module-level schema is walked once per process, not per request. */
const constraints = new WeakMap<z.ZodType, ReturnType<typeof getZodConstraint>>();

