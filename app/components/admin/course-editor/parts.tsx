/**
 * Pieces shared by the sections of the course editor: the conform list-intent buttons (insert,
 * remove, move up) that work as plain submit buttons without JavaScript, and hidden id inputs.
 * Visible fields are the site's `ui/Field` components.
 */
import { getInputProps, type FieldMetadata, type FormMetadata, type useForm } from "@conform-to/react";
import { useLocation } from "@remix-run/react";
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

/** Anchors of the editor's sections and rows (ids of their elements). */
export const anchors = {
  section: (name: "general" | "preturi" | "capitole" | "zile" | "lectii") => name,
  price: (index: number) => `pret-${index + 1}`,
  chapter: (index: number) => `capitol-${index + 1}`,
  detail: (chapter: number, index: number) => `capitol-${chapter + 1}-subcapitol-${index + 1}`,
  day: (index: number) => `ziua-${index + 1}`,
  activity: (day: number, index: number) => `ziua-${day + 1}-activitatea-${index + 1}`,
  lesson: (index: number) => `lectia-${index + 1}`,
};

/**
 * An intent button (insert/remove/reorder): a submit button carrying conform's intent. It posts
 * to the page's own path (never `…?index`) with the anchor of the row or section it changes, so
 * that without JavaScript the page comes back scrolled there (the browser keeps the fragment of
 * the URL a form posts to).
 */
export function IntentButton({
  props,
  children,
  variant = "light",
  label,
  anchor,
}: {
  props: Record<string, unknown>;
  children: ReactNode;
  variant?: "light" | "remove" | "icon";
  label?: string;
  /** Where the page comes back to after this post without JavaScript (an element id). */
  anchor?: string;
}) {
  const path = useLocation().pathname;
  const className = variant === "remove" ? "icon-action icon-action--danger" : variant === "icon" ? "icon-action" : "button button--light button--small";
  return (
    <button
      {...props}
      className={className}
      aria-label={label}
      title={label}
      formNoValidate
      formAction={anchor ? `${path}#${anchor}` : path}
    >
      {children}
    </button>
  );
}

/**
 * "↑" (not on the first row) and "×" for row `index` of list `name`; `what` names the row.
 * `anchor(i)` is the id of row i; `listAnchor` the section's, where a removal comes back to.
 */
export function RowActions({
  form,
  name,
  index,
  what,
  anchor,
  listAnchor,
}: {
  form: AnyForm;
  name: string;
  index: number;
  what: string;
  anchor: (index: number) => string;
  listAnchor: string;
}) {
  return (
    <div className="admin-row__actions">
      {index > 0 ? (
        <IntentButton
          props={form.reorder.getButtonProps({ name, from: index, to: index - 1 })}
          variant="icon"
          label={`Mută ${what} ${index + 1} mai sus`}
          anchor={anchor(index - 1)}
        >
          ↑
        </IntentButton>
      ) : null}
      <IntentButton
        props={form.remove.getButtonProps({ name, index })}
        variant="remove"
        label={`Elimină ${what} ${index + 1}`}
        anchor={index > 0 ? anchor(index - 1) : listAnchor}
      >
        ×
      </IntentButton>
    </div>
  );
}

export function Hidden({ meta }: { meta: AnyMeta }) {
  const { key, ...props } = getInputProps(meta, { type: "hidden" });
  return <input key={key} {...props} />;
}
