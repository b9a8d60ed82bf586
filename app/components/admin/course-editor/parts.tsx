/**
 * Pieces shared by the sections of the course editor: the conform list-intent buttons (insert,
 * remove, move up) that work as plain submit buttons without JavaScript, and hidden id inputs.
 * Visible fields are the site's `ui/Field` components.
 */
import { getInputProps, type FieldMetadata, type FormMetadata, type useForm } from "@conform-to/react";
import type { ReactNode } from "react";
import type { CourseForm, CourseFormInput } from "~/lib/validation/admin-course";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyForm = FormMetadata<any, string[]>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyMeta = FieldMetadata<any, Record<string, unknown>, string[]>;

/** The conform fields of the whole course form. */
export type CourseFields = ReturnType<typeof useForm<CourseFormInput, CourseForm>>[1];

export interface UploadSettings {
  limits: { image: string; video: string; pdf: string; captions: string; form: string };
  maxBytes: { image: number; video: number; pdf: number; captions: number };
}

/** What every media field of the editor needs besides its own name and kind. */
export interface MediaContext {
  form: AnyForm;
  uploads: UploadSettings;
  urls: Record<string, string>;
  proofs?: Record<string, string>;
  onBusy: (busy: boolean) => void;
}

export const PUBLISH_OPTIONS = [
  { value: "nu", label: "Nepublicat (ascuns)" },
  { value: "da", label: "Publicat" },
];

/** An intent button (insert/remove/reorder): a submit button carrying conform's intent. */
export function IntentButton({
  props,
  children,
  variant = "light",
  label,
}: {
  props: Record<string, unknown>;
  children: ReactNode;
  variant?: "light" | "remove" | "icon";
  label?: string;
}) {
  const className = variant === "remove" ? "icon-action icon-action--danger" : variant === "icon" ? "icon-action" : "button button--light button--small";
  return (
    <button {...props} className={className} aria-label={label} title={label} formNoValidate>
      {children}
    </button>
  );
}

/** "↑" (not on the first row) and "×" for row `index` of list `name`; `what` names the row. */
export function RowActions({ form, name, index, what }: { form: AnyForm; name: string; index: number; what: string }) {
  return (
    <div className="admin-row__actions">
      {index > 0 ? (
        <IntentButton props={form.reorder.getButtonProps({ name, from: index, to: index - 1 })} variant="icon" label={`Mută ${what} ${index + 1} mai sus`}>
          ↑
        </IntentButton>
      ) : null}
      <IntentButton props={form.remove.getButtonProps({ name, index })} variant="remove" label={`Elimină ${what} ${index + 1}`}>
        ×
      </IntentButton>
    </div>
  );
}

export function Hidden({ meta }: { meta: AnyMeta }) {
  const { key, ...props } = getInputProps(meta, { type: "hidden" });
  return <input key={key} {...props} />;
}
