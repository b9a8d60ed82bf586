/**
 * conform + zod for one form (docs/architecture.md §6): the same schema validates in the browser and in the
 * action. A field is checked when it loses focus, then again on every keystroke (so an error
 * never disappears on blur and moves the button under the pointer). A blocked submit raises
 * `invalidSubmit`, shown by <FormAlert> as "Vă rugăm să corectați erorile…", and focus moves to
 * the first invalid field (also after the server refused the form); without JavaScript the
 * server answers with the same messages.
 *
 * zod and conform's zod adapter weigh ~95 KB gzipped in the browser, about as much as React,
 * so they are not part of a page's first load: `schema` is a loader
 * (`() => import("~/lib/validation/browser").then((m) => m.xSchema)`), fetched when the form is first
 * focused, touched or submitted. The field attributes the schema implies (required, maxLength…)
 * are computed by the route loader with `formConstraint(schema)` (lib/form-input.ts) and passed
 * as `constraint`, so the first HTML (and the page without JavaScript) carries them. Until the
 * schema has arrived (a blur or submit within milliseconds of the first touch), the browser lets
 * the form through and the server validates it, with the same messages as without JavaScript.
 */
import { getFormProps, parse, useForm, type SubmissionResult } from "@conform-to/react";
import { useCallback, useEffect, useRef, useState, type FocusEvent, type FormEvent } from "react";
import type { z } from "zod";

type AnySchema = z.ZodType<Record<string, unknown>, Record<string, unknown>>;

/** What `getZodConstraint` returns: the HTML validation attributes per field name. */
export type FormConstraint = Record<
  string,
  { required?: boolean; minLength?: number; maxLength?: number; min?: string | number; max?: string | number; step?: string | number; multiple?: boolean; pattern?: string }
>;

export interface ZodFormOptions<Schema extends AnySchema> {
  id: string;
  /** Loads the form's schema (a dynamic import of its `lib/validation` module). */
  schema: () => Promise<Schema>;
  /** `formConstraint(schema)` from the loader; omitted → no HTML validation attributes. */
  constraint?: FormConstraint;
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: Partial<z.input<Schema>>;
}

type Validator = (formData: FormData) => ReturnType<typeof parse>;

/** The schema and conform's zod adapter, loaded together once per form. */
function useLazyValidator<Schema extends AnySchema>(load: () => Promise<Schema>, onReady: () => void) {
  const validator = useRef<Validator | null>(null);
  const readyRef = useRef(onReady);
  readyRef.current = onReady;
  const pending = useRef<Promise<void> | null>(null);
  const loadRef = useRef(load);
  loadRef.current = load;
  const start = useCallback(() => {
    pending.current ??= Promise.all([loadRef.current(), import("@conform-to/zod/v4")]).then(
      ([schema, { parseWithZod }]) => {
        validator.current = (formData) => parseWithZod(formData, { schema });
        readyRef.current();
      },
      () => {
        pending.current = null; // offline for a moment: try again at the next touch
      },
    );
  }, []);
  return { validator, start };
}

export function useZodForm<Schema extends AnySchema>({ id, schema, constraint, lastResult, defaultValue }: ZodFormOptions<Schema>) {
  const [blocked, setBlocked] = useState(false);
  // Bumped by a refused submit (here or by the server): focus then moves to the first invalid field.
  const [focusRequest, setFocusRequest] = useState(0);
  // Fields left (blurred) before the schema arrived were let through: checked again once it is here.
  const leftEarly = useRef(new Set<string>());
  // Fields the server has judged (its answer to a submit) and that were not typed in since: the
  // server's word stands (e.g. "Parola actuală nu este corectă.", which the schema cannot know),
  // so a schema arriving after the answer never re-checks them and wipes it.
  const serverJudged = useRef(new Set<string>());
  const seenResult = useRef(lastResult);
  if (seenResult.current !== lastResult) {
    // During render, not in an effect: the schema's promise may settle before effects run.
    seenResult.current = lastResult;
    serverJudged.current = new Set(Object.keys(lastResult?.error ?? {}));
    for (const name of serverJudged.current) leftEarly.current.delete(name);
  }
  // Where focus went when a field was last left: a blur check is skipped when it went to one of
  // the form's submit buttons (see onSubmit).
  const blurredTo = useRef<EventTarget | null>(null);
  const recheckEarly = useRef(() => {});
  // Whether the browser checks the fields yet (the schema is here): `data-checks` on the form,
  // a marker for tests and tools, like `data-hydrated` on the page.
  const [checksReady, setChecksReady] = useState(false);
  const { validator, start } = useLazyValidator(schema, () => {
    recheckEarly.current();
    setChecksReady(true);
  });
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult,
    defaultValue: defaultValue as never,
    constraint,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    // Before the schema is here, every value passes: the submit goes to the server, which checks it.
    onValidate: ({ formData }) => (validator.current ?? passThrough)(formData) as never,
  });
  recheckEarly.current = () => {
    for (const name of leftEarly.current) if (!serverJudged.current.has(name)) form.validate({ name });
    leftEarly.current.clear();
  };
  const props = getFormProps(form);
  const formProps = {
    ...props,
    "data-checks": checksReady ? "browser" : "server",
    onFocus: start,
    onPointerDown: start,
    onBlur(event: FocusEvent<HTMLFormElement>) {
      blurredTo.current = event.relatedTarget;
      const name = (event.target as Partial<HTMLInputElement>).name;
      if (!validator.current && name) leftEarly.current.add(name);
    },
    onInput(event: FormEvent<HTMLFormElement>) {
      // Typed in again: the field is the visitor's again, checked as any other.
      const name = (event.target as Partial<HTMLInputElement>).name;
      if (name) serverJudged.current.delete(name);
    },
    onSubmit(event: FormEvent<HTMLFormElement>) {
      start();
      // A button of ours with `formNoValidate` (the cart's "Salvează" for the address alone) is
      // checked by the server only, as without JavaScript. conform's own intent buttons
      // (validate on blur, named "__intent__") are also formNoValidate: they stay with conform.
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      if (submitter instanceof HTMLButtonElement && submitter.formNoValidate && submitter.name !== "__intent__") return;
      // conform validates a field on blur through a submit of its own ("__intent__"): that is
      // not the user's submit, and moving focus then would pull it back from the next field.
      const ownIntent = submitter instanceof HTMLButtonElement && submitter.name === "__intent__";
      const leftFor = blurredTo.current;
      blurredTo.current = null;
      if (ownIntent && isBlurCheck(submitter) && leftFor !== submitter && isSubmitButtonOf(leftFor, event.currentTarget)) {
        // The field was left for a press on the form's own submit button: that submit checks every
        // field a moment later. Checking it now would show its message (and move the button) between
        // the press and the release, so the click would land beside the button and be lost.
        event.preventDefault();
        return;
      }
      props.onSubmit(event);
      // Only the visitor's own submit raises the form alert; a blur check shows the field's message alone.
      if (!ownIntent) setBlocked(event.defaultPrevented);
      // The visitor's submit checks every field (here, or at the server while the schema is on
      // its way): the fields left before it need no check of their own afterwards. conform's
      // blur checks are submits too ("__intent__") and must keep the list: a field turns red or
      // green only once it has been left (7f055e9 cleared it on those as well and broke that).
      if (!ownIntent) leftEarly.current.clear();
      if (event.defaultPrevented && !ownIntent) setFocusRequest((n) => n + 1);
    },
  };
  useEffect(() => {
    if (lastResult?.status === "error") setFocusRequest((n) => n + 1);
  }, [lastResult]);
  useEffect(() => {
    if (focusRequest === 0) return;
    // Screen readers and keyboards land on what needs fixing, not on the submit button.
    const element = document.getElementById(form.id);
    const active = document.activeElement;
    if (!element || (active && element.contains(active) && active.getAttribute("aria-invalid") === "true")) return;
    element.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest, form.id]);
  const fieldErrors = Object.entries(form.allErrors).some(([name, errors]) => name !== "" && errors.length > 0);
  return { form, fields, formProps, invalidSubmit: blocked && fieldErrors };
}

/** conform's check of one field on leaving it: a submit of its own whose intent is "validate". */
function isBlurCheck(submitter: HTMLButtonElement): boolean {
  try {
    return (JSON.parse(submitter.value) as { type?: unknown }).type === "validate";
  } catch {
    return false;
  }
}

/** A button that sends the whole form (not one of conform's list buttons such as „+ Adaugă preț”). */
function isSubmitButtonOf(target: EventTarget | null, form: HTMLFormElement): boolean {
  return (target instanceof HTMLButtonElement || target instanceof HTMLInputElement) && target.type === "submit" && target.form === form && target.name !== "__intent__";
}

const passThrough: Validator = (formData) => parse(formData, { resolve: (value) => ({ value }) });
