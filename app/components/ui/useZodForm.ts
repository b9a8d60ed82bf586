/**
 * conform + zod for one form (DESIGN §6): the same schema validates in the browser and in the
 * action. A field is checked when it loses focus, then again on every keystroke (so an error
 * never disappears on blur and moves the button under the pointer). A blocked submit raises
 * `invalidSubmit`, shown by <FormAlert> as "Vă rugăm să corectați erorile…", and focus moves to
 * the first invalid field (also after the server refused the form); without JavaScript the
 * server answers with the same messages.
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useState, type FormEvent } from "react";
import type { z } from "zod";

export interface ZodFormOptions<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>> {
  id: string;
  schema: Schema;
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: Partial<z.input<Schema>>;
}

export function useZodForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>({
  id,
  schema,
  lastResult,
  defaultValue,
}: ZodFormOptions<Schema>) {
  const [blocked, setBlocked] = useState(false);
  // Bumped by a refused submit (here or by the server): focus then moves to the first invalid field.
  const [focusRequest, setFocusRequest] = useState(0);
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult,
    defaultValue: defaultValue as never,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const props = getFormProps(form);
  const formProps = {
    ...props,
    onSubmit(event: FormEvent<HTMLFormElement>) {
      // A button of ours with `formNoValidate` (the cart's "Salvează" for the address alone) is
      // checked by the server only, as without JavaScript. conform's own intent buttons
      // (validate on blur, named "__intent__") are also formNoValidate: they stay with conform.
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      if (submitter instanceof HTMLButtonElement && submitter.formNoValidate && submitter.name !== "__intent__") return;
      props.onSubmit(event);
      setBlocked(event.defaultPrevented);
      // conform validates a field on blur through a submit of its own ("__intent__"): that is
      // not the user's submit, and moving focus then would pull it back from the next field.
      const ownIntent = submitter instanceof HTMLButtonElement && submitter.name === "__intent__";
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
