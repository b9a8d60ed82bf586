/**
 * Form field primitives for conform field metadata (docs/architecture.md §6): a label, the control, an
 * optional hint and the errors after the control, linked by aria-describedby; aria-invalid
 * when there are errors (red border), data-valid once a filled field was touched and is valid
 * (green border). Untouched empty fields show nothing. Reusable by every form of the site.
 */
import { getInputProps, getSelectProps, getTextareaProps, useFormMetadata, type FieldMetadata } from "@conform-to/react";
import {
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import { useHydrated } from "./useHydrated";

type InputType = "text" | "email" | "password" | "tel" | "search" | "url" | "number" | "date";
type AnyField = FieldMetadata<unknown, Record<string, unknown>, string[]>;

interface CommonProps {
  meta: AnyField;
  label: ReactNode;
  hint?: ReactNode;
  /** Shows "(opțional)" next to the label. */
  optional?: boolean;
}

/**
 * Touched (lost focus once) or the form came back from a rejected submit. `autoFocus`: this is
 * the first field the server refused, so the answer page puts the cursor there (WCAG 3.3.1);
 * without JavaScript the `autofocus` attribute is the only way, and with it React focuses the
 * field when the answer is rendered. Error keys come in the schema's order, which is the form's.
 */
function useFieldState(meta: AnyField) {
  const [touched, setTouched] = useState(false);
  const form = useFormMetadata(meta.formId);
  const invalid = Boolean(meta.errors?.length);
  const filled = typeof meta.value === "string" ? meta.value.trim() !== "" : meta.value !== undefined;
  const showValid = !invalid && filled && (touched || form.status === "error");
  const firstRefused =
    form.status === "error" ? Object.entries(form.allErrors).find(([name, errors]) => name !== "" && errors.length > 0)?.[0] : undefined;
  return { invalid, showValid, autoFocus: firstRefused === meta.name || undefined, markTouched: () => setTouched(true) };
}

export function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  // The slot is always there (with a reserved line) so that the layout does not jump.
  return (
    <div id={id} className="field__message" aria-live="polite">
      {errors?.length ? (
        <ul className="field__errors">
          {errors.map((error, index) => (
            <li key={`${index}-${error}`}>{error}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function Label({ meta, label, optional }: Pick<CommonProps, "meta" | "label" | "optional">) {
  return (
    <label htmlFor={meta.id} className="field__label">
      {label}
      {optional ? <span className="field__optional"> (opțional)</span> : null}
    </label>
  );
}

export function Field({
  meta,
  label,
  hint,
  optional,
  type = "text",
  revealable,
  refusedBy,
  ...rest
}: CommonProps & {
  type?: InputType;
  revealable?: boolean;
  /**
   * The id of the form's alert when the server refused the form as a whole because of this
   * field's value (a wrong e-mail or password): the field is marked invalid and described by it.
   */
  refusedBy?: string;
} & Omit<
    InputHTMLAttributes<HTMLInputElement>,
    "type" | "name" | "id" | "defaultValue" | "form"
  >) {
  const { invalid, showValid, autoFocus, markTouched } = useFieldState(meta);
  const hydrated = useHydrated();
  const [revealed, setRevealed] = useState(false);
  const hintId = hint ? `${meta.id}-hint` : undefined;
  const { key, ...inputProps } = getInputProps(meta, { type, ariaDescribedBy: hintId });
  const input = (
    <input
      key={key}
      {...inputProps}
      {...rest}
      type={revealable && revealed ? "text" : type}
      className={`input${rest.className ? ` ${rest.className}` : ""}`}
      autoFocus={autoFocus || rest.autoFocus}
      aria-invalid={invalid || Boolean(refusedBy) || undefined}
      aria-describedby={[inputProps["aria-describedby"], refusedBy].filter(Boolean).join(" ") || undefined}
      data-valid={showValid || undefined}
      onBlur={(event) => {
        markTouched();
        rest.onBlur?.(event);
      }}
    />
  );
  return (
    <div className="field">
      <Label meta={meta} label={label} optional={optional} />
      {revealable ? (
        // The wrapper is there from the first render, so hydration never re-creates the input
        // (which would lose what was typed before the JavaScript arrived).
        <div className="input-reveal">
          {input}
          {hydrated ? (
            <button
              type="button"
              className="input-reveal__button"
              aria-controls={meta.id}
              aria-pressed={revealed}
              onClick={() => setRevealed((value) => !value)}
            >
              {revealed ? "Ascunde" : "Arată"}
            </button>
          ) : null}
        </div>
      ) : (
        input
      )}
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

export function TextareaField({
  meta,
  label,
  hint,
  optional,
  ...rest
}: CommonProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name" | "id" | "defaultValue" | "form">) {
  const { invalid, showValid, autoFocus, markTouched } = useFieldState(meta);
  const hintId = hint ? `${meta.id}-hint` : undefined;
  const { key, ...textareaProps } = getTextareaProps(meta, { ariaDescribedBy: hintId });
  return (
    <div className="field">
      <Label meta={meta} label={label} optional={optional} />
      <textarea
        key={key}
        {...textareaProps}
        {...rest}
        className={`textarea${rest.className ? ` ${rest.className}` : ""}`}
        autoFocus={autoFocus || rest.autoFocus}
        aria-invalid={invalid || undefined}
        data-valid={showValid || undefined}
        onBlur={(event) => {
          markTouched();
          rest.onBlur?.(event);
        }}
      />
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

export function CheckboxField({ meta, label, hint, className }: Omit<CommonProps, "optional"> & { className?: string }) {
  const hintId = hint ? `${meta.id}-hint` : undefined;
  const { key, ...inputProps } = getInputProps(meta, { type: "checkbox", ariaDescribedBy: hintId });
  return (
    <div className="field">
      <label className={`check${className ? ` ${className}` : ""}`} htmlFor={meta.id}>
        <input key={key} {...inputProps} />
        <span>{label}</span>
      </label>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {meta.errors?.length ? <FieldErrors id={meta.errorId} errors={meta.errors} /> : null}
    </div>
  );
}

export function SelectField({
  meta,
  label,
  hint,
  optional,
  options,
  placeholder,
  ...rest
}: CommonProps & {
  options: Array<{ value: string; label: string }>;
  /** A first, empty choice such as "Alege…". */
  placeholder?: string;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, "name" | "id" | "defaultValue" | "form">) {
  const { invalid, showValid, autoFocus, markTouched } = useFieldState(meta);
  const hintId = hint ? `${meta.id}-hint` : undefined;
  const { key, ...selectProps } = getSelectProps(meta, { ariaDescribedBy: hintId });
  return (
    <div className="field">
      <Label meta={meta} label={label} optional={optional} />
      <select
        key={key}
        {...selectProps}
        {...rest}
        className="select"
        autoFocus={autoFocus || rest.autoFocus}
        aria-invalid={invalid || undefined}
        data-valid={showValid || undefined}
        onBlur={(event) => {
          markTouched();
          rest.onBlur?.(event);
        }}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}
