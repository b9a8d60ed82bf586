/**
 * The admin course form (docs/product.md §2 Admin page): general fields, prices, chapters with
 * sub-chapters, programme days (physical), lessons with media (online), one section component
 * each (`./course-editor/`). Every nested list is edited with conform's list intents (insert,
 * remove, reorder): buttons that, without JavaScript, post the form and come back with the
 * updated (unsaved) form; with JavaScript conform applies them in the browser. One zod schema
 * validates the whole course both sides (`useZodForm` + `ui/Field`).
 */
import type { SubmissionResult } from "@conform-to/react";
import { Link, useLocation, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { FormAlert } from "~/components/ui/FormAlert";
import { ValidatedForm } from "~/components/ui/ValidatedForm";
import { useZodForm, type FormConstraint } from "~/components/ui/useZodForm";
import type { PriceSettings } from "~/lib/pricing";
import type { AdminCourseKind } from "~/lib/validation/admin-course-rows";
import { INVALID_FORM_MESSAGE } from "~/lib/validation/invalid-form";
import { DetailsSection } from "./course-editor/DetailsSection";
import { ChaptersSection, DaysSection } from "./course-editor/NestedListSection";
import { LessonsSection } from "./course-editor/LessonsSection";
import type { CourseFields, MediaContext, UploadSettings } from "./course-editor/parts";
import { PricesSection } from "./course-editor/PricesSection";

export type { UploadSettings } from "./course-editor/parts";

export function CourseEditor({
  kind,
  courseId,
  defaultValue,
  lastResult,
  urls,
  proofs,
  uploads,
  formError,
  listPath,
  priceSettings,
  constraint,
}: {
  kind: AdminCourseKind;
  courseId: number | null;
  defaultValue: Record<string, unknown>;
  lastResult: SubmissionResult<string[]> | null | undefined;
  urls: Record<string, string>;
  /** Proofs that uploaded keys were checked (from the last post). */
  proofs?: Record<string, string>;
  uploads: UploadSettings;
  formError?: string | null;
  listPath: string;
  /** The accreditation surcharge and the advance (admin settings), shown in the prices section. */
  priceSettings: PriceSettings;
  /** `formConstraint(courseFormSchema(kind))` from the loader. */
  constraint?: FormConstraint;
}) {
  const { form, fields: conformFields, formProps } = useZodForm({
    id: `curs-${courseId ?? "nou"}`,
    schema: () => import("~/lib/validation/browser").then((m) => m.courseFormSchema(kind)),
    constraint,
    lastResult,
    defaultValue,
  });
  const fields = conformFields as unknown as CourseFields;
  const [uploading, setUploading] = useState(0);
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("__intent__") == null && navigation.formData?.get("bulkAdd") == null;
  // The page's own path (the route is an index route: without it the form would post to `…?index`).
  const path = useLocation().pathname;
  const media: MediaContext = {
    form,
    uploads,
    urls,
    proofs,
    onBusy: (busy) => setUploading((n) => Math.max(0, n + (busy ? 1 : -1))),
  };
  const errorCount = Object.values(form.allErrors).reduce((n, list) => n + (list?.length ? 1 : 0), 0);

  return (
    <ValidatedForm form={form} formProps={formProps} action={path} encType="multipart/form-data" className="admin-form">
      {/* Enter in a text field submits the form with this button (the first one), not an intent. */}
      <button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true">
        Salvează
      </button>
      <FormAlert id={form.errorId} messages={[...(form.errors ?? []), formError]} />
      {errorCount > 0 && form.status === "error" ? <FormAlert messages={[INVALID_FORM_MESSAGE]} /> : null}

      <DetailsSection kind={kind} fields={fields} media={media} />
      <PricesSection kind={kind} form={form} fields={fields} settings={priceSettings} />
      <ChaptersSection form={form} fields={fields} />
      {kind === "physical" ? <DaysSection form={form} fields={fields} /> : null}
      {kind === "online" ? <LessonsSection fields={fields} media={media} /> : null}

      <div className="admin-form__footer">
        {uploading > 0 ? <p className="muted">Așteaptă terminarea încărcării fișierelor…</p> : null}
        <div className="form-actions">
          <button type="submit" className="button button--primary" disabled={uploading > 0 || saving}>
            {saving ? "Se salvează…" : courseId === null ? "Creează cursul" : "Salvează modificările"}
          </button>
          <Link to={listPath} className="button button--light">
            Renunță
          </Link>
        </div>
      </div>
    </ValidatedForm>
  );
}
