/**
 * The admin course form (SPEC §2 Admin page): general fields, prices, chapters with
 * sub-chapters, programme days (physical), lessons with media (online). Every nested list is
 * edited with conform's list intents (insert, remove, reorder): buttons that, without
 * JavaScript, post the form and come back with the updated (unsaved) form; with JavaScript
 * conform applies them in the browser. One zod schema validates the whole course both sides.
 */
import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type FieldMetadata,
  type FormMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useMemo, useState, type ReactNode } from "react";
import { FieldErrors } from "~/components/ui/Field";
import { FormAlert } from "~/components/ui/FormAlert";
import {
  courseFormSchema,
  newChapter,
  newDay,
  newDetail,
  newLesson,
  newPrice,
  type AdminCourseKind,
  type CourseFormInput,
} from "~/lib/validation/admin-course";
import { readVideoDuration } from "./direct-upload";
import { MediaField } from "./MediaField";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyForm = FormMetadata<any, string[]>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyMeta = FieldMetadata<any, Record<string, unknown>, string[]>;

export interface UploadSettings {
  limits: { image: string; video: string; pdf: string; form: string };
  maxBytes: { image: number; video: number; pdf: number };
}

// ─── Small field helpers (labels, errors, aria) ─────────────────────────────────────────────

function TextInput({ meta, label, hint, type = "text", ...rest }: { meta: AnyMeta; label: ReactNode; hint?: ReactNode; type?: "text" | "number" | "date"; placeholder?: string; readOnly?: boolean; inputMode?: "numeric" | "decimal" }) {
  const { key, ...props } = getInputProps(meta, { type, ariaDescribedBy: hint ? `${meta.id}-hint` : undefined });
  return (
    <div className="field">
      <label className="field__label" htmlFor={meta.id}>
        {label}
      </label>
      <input key={key} {...props} {...rest} className="input" aria-invalid={meta.errors?.length ? true : undefined} />
      {hint ? (
        <p id={`${meta.id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

function TextArea({ meta, label, rows = 3 }: { meta: AnyMeta; label: ReactNode; rows?: number }) {
  const { key, ...props } = getTextareaProps(meta);
  return (
    <div className="field">
      <label className="field__label" htmlFor={meta.id}>
        {label}
      </label>
      <textarea key={key} {...props} rows={rows} className="textarea" aria-invalid={meta.errors?.length ? true : undefined} />
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

function Select({ meta, label, options }: { meta: AnyMeta; label: ReactNode; options: Array<{ value: string; label: string }> }) {
  const { key, ...props } = getSelectProps(meta);
  return (
    <div className="field">
      <label className="field__label" htmlFor={meta.id}>
        {label}
      </label>
      <select key={key} {...props} className="select" aria-invalid={meta.errors?.length ? true : undefined}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

function Checkbox({ meta, label }: { meta: AnyMeta; label: ReactNode }) {
  const { key, ...props } = getInputProps(meta, { type: "checkbox" });
  return (
    <label className="check admin-check" htmlFor={meta.id}>
      <input key={key} {...props} />
      <span>{label}</span>
    </label>
  );
}

function Hidden({ meta }: { meta: AnyMeta }) {
  const { key, ...props } = getInputProps(meta, { type: "hidden" });
  return <input key={key} {...props} />;
}

const PUBLISH_OPTIONS = [
  { value: "nu", label: "Nepublicat (ascuns)" },
  { value: "da", label: "Publicat" },
];

/** An intent button (insert/remove/reorder): a submit button carrying conform's intent. */
function IntentButton({ props, children, variant = "light", label }: { props: Record<string, unknown>; children: ReactNode; variant?: "light" | "remove" | "icon"; label?: string }) {
  const className = variant === "remove" ? "icon-action icon-action--danger" : variant === "icon" ? "icon-action" : "button button--light button--small";
  return (
    <button {...props} className={className} aria-label={label} title={label} formNoValidate>
      {children}
    </button>
  );
}

// ─── The form ───────────────────────────────────────────────────────────────────────────────

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
}) {
  const schema = useMemo(() => courseFormSchema(kind), [kind]);
  const [form, fields] = useForm<CourseFormInput>({
    id: `curs-${courseId ?? "nou"}`,
    lastResult,
    defaultValue: defaultValue as never,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const [uploading, setUploading] = useState(0);
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("__intent__") == null;
  const onBusy = (busy: boolean) => setUploading((n) => Math.max(0, n + (busy ? 1 : -1)));

  const prices = fields.prices.getFieldList();
  const chapters = fields.chapters.getFieldList();
  const days = fields.days.getFieldList();
  const lessons = fields.lessons.getFieldList();
  const chapterValues = (fields.chapters.value ?? []) as Array<{ id?: string; title?: string } | undefined>;
  const lessonValues = (fields.lessons.value ?? []) as Array<{ chapterId?: string; lessonId?: string } | undefined>;
  const chapterOptions = chapterValues
    .map((c, index) => ({ id: String(c?.id ?? ""), title: c?.title ?? "", position: index + 1 }))
    .filter((c) => c.id !== "");
  const errorCount = Object.values(form.allErrors).reduce((n, list) => n + (list?.length ? 1 : 0), 0);

  return (
    <Form method="post" encType="multipart/form-data" className="admin-form" {...getFormProps(form)}>
      {/* Enter in a text field submits the form with this button (the first one), not an intent. */}
      <button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true">
        Salvează
      </button>
      <FormAlert id={form.errorId} messages={[...(form.errors ?? []), formError]} />
      {errorCount > 0 && form.status === "error" ? (
        <FormAlert messages={["Vă rugăm să corectați erorile înainte de a trimite formularul."]} />
      ) : null}

      <section className="admin-panel" aria-labelledby="sectiune-general">
        <h2 id="sectiune-general" className="admin-panel__title">
          Informații generale
        </h2>
        <div className="form-grid">
          <TextInput meta={fields.title} label="Titlu" />
          <TextInput meta={fields.secondTitle} label="Subtitlu" />
          <TextInput meta={fields.category} label="Categorie" placeholder="ex. Manichiură" />
          <Select meta={fields.isPublished} label="Stare" options={PUBLISH_OPTIONS} />
        </div>
        <TextArea meta={fields.thirdTitle} label="Descriere" rows={5} />
        <div className="form-grid">
          {kind === "physical" ? (
            <>
              <TextInput meta={fields.durationDays} label="Durata (zile)" hint="Un număr de zile sau „nelimitat”." />
              <TextInput meta={fields.nextSessionOn} label="Următoarea sesiune" type="date" hint="Apare pe pagina principală." />
            </>
          ) : (
            <div className="field">
              <label className="field__label" htmlFor="durata-online">
                Durata
              </label>
              <input id="durata-online" className="input input--readonly" value="nelimitat" readOnly aria-readonly="true" />
              <p className="field__hint">Cursurile online au acces nelimitat la conținut.</p>
              <input type="hidden" name={fields.durationDays.name} value="nelimitat" />
            </div>
          )}
          <TextInput meta={fields.price2} label="Preț întreg (opțional)" hint="Afișat tăiat lângă preț, ex. 2.500,00." />
        </div>
        <MediaField
          form={form}
          meta={fields.imageKey}
          kind="image"
          folder="courses"
          label="Imagine de copertă"
          limit={uploads.limits.image}
          maxBytes={uploads.maxBytes.image}
          formLimit={uploads.limits.form}
          urls={urls}
          proofs={proofs}
          onBusyChange={onBusy}
        />
      </section>

      <section className="admin-panel" aria-labelledby="sectiune-preturi">
        <h2 id="sectiune-preturi" className="admin-panel__title">
          Prețuri
        </h2>
        <p className="field__hint">
          Valoarea în format românesc (ex. 1.800,00) sau „Gratis”. Zilele: {kind === "physical" ? "perioada cursului" : "zilele de acces"}, sau „nelimitat”.
          {kind === "physical" ? " Acreditarea adaugă 650 RON; avansul este de 500 RON." : ""}
        </p>
        {prices.length === 0 ? <p className="muted">Niciun preț: cursul va apărea cu „Preț la cerere”.</p> : null}
        <ol className="admin-rows">
          {prices.map((price, index) => {
            const f = price.getFieldset();
            return (
              <li key={price.key} className="admin-row admin-row--price">
                <Hidden meta={f.id} />
                <TextInput meta={f.value} label={`Preț ${index + 1} (RON)`} placeholder="1.000,00 sau Gratis" />
                <TextInput meta={f.days} label="Zile" placeholder="nelimitat" />
                <div className="admin-row__checks">
                  <Checkbox meta={f.accreditation} label={kind === "physical" ? "Cu acreditare" : "Cu diplomă"} />
                  {kind === "physical" ? <Checkbox meta={f.advancePayment} label="Plată avans" /> : null}
                </div>
                <div className="admin-row__actions">
                  {index > 0 ? (
                    <IntentButton props={form.reorder.getButtonProps({ name: fields.prices.name, from: index, to: index - 1 })} variant="icon" label={`Mută prețul ${index + 1} mai sus`}>
                      ↑
                    </IntentButton>
                  ) : null}
                  <IntentButton props={form.remove.getButtonProps({ name: fields.prices.name, index })} variant="remove" label={`Elimină prețul ${index + 1}`}>
                    ×
                  </IntentButton>
                </div>
              </li>
            );
          })}
        </ol>
        <FieldErrors id={fields.prices.errorId} errors={fields.prices.errors} />
        <IntentButton props={form.insert.getButtonProps({ name: fields.prices.name, defaultValue: newPrice(kind) })}>+ Adaugă preț</IntentButton>
      </section>

      <section className="admin-panel" aria-labelledby="sectiune-capitole">
        <h2 id="sectiune-capitole" className="admin-panel__title">
          Capitole
        </h2>
        <p className="field__hint">Capitolele și subcapitolele lăsate goale nu se salvează.</p>
        <ol className="admin-rows">
          {chapters.map((chapter, index) => {
            const f = chapter.getFieldset();
            const details = f.details.getFieldList();
            const detailValues = (f.details.value ?? []) as Array<{ id?: string } | undefined>;
            return (
              <li key={chapter.key} className="admin-row admin-row--block" data-testid="chapter">
                <Hidden meta={f.id} />
                <div className="admin-row__head">
                  <h3 className="admin-row__title">Capitolul {index + 1}</h3>
                  <div className="admin-row__actions">
                    {index > 0 ? (
                      <IntentButton props={form.reorder.getButtonProps({ name: fields.chapters.name, from: index, to: index - 1 })} variant="icon" label={`Mută capitolul ${index + 1} mai sus`}>
                        ↑
                      </IntentButton>
                    ) : null}
                    <IntentButton props={form.remove.getButtonProps({ name: fields.chapters.name, index })} variant="remove" label={`Elimină capitolul ${index + 1}`}>
                      ×
                    </IntentButton>
                  </div>
                </div>
                <TextInput meta={f.title} label={`Titlul capitolului ${index + 1}`} />
                <fieldset className="admin-sublist">
                  <legend>Subcapitole</legend>
                  <ol className="admin-subrows">
                    {details.map((detail, d) => {
                      const df = detail.getFieldset();
                      return (
                        <li key={detail.key} className="admin-subrow">
                          <Hidden meta={df.id} />
                          <TextInput meta={df.text} label={`Subcapitolul ${d + 1} din capitolul ${index + 1}`} />
                          <IntentButton props={form.remove.getButtonProps({ name: f.details.name, index: d })} variant="remove" label={`Elimină subcapitolul ${d + 1} din capitolul ${index + 1}`}>
                            ×
                          </IntentButton>
                        </li>
                      );
                    })}
                  </ol>
                  <IntentButton props={form.insert.getButtonProps({ name: f.details.name, defaultValue: newDetail(detailValues) })} label={`Adaugă subcapitol în capitolul ${index + 1}`}>
                    + Subcapitol
                  </IntentButton>
                </fieldset>
              </li>
            );
          })}
        </ol>
        <FieldErrors id={fields.chapters.errorId} errors={fields.chapters.errors} />
        <IntentButton props={form.insert.getButtonProps({ name: fields.chapters.name, defaultValue: newChapter(chapterValues) })}>+ Adaugă capitol</IntentButton>
      </section>

      {kind === "physical" ? (
        <section className="admin-panel" aria-labelledby="sectiune-zile">
          <h2 id="sectiune-zile" className="admin-panel__title">
            Programul pe zile
          </h2>
          <ol className="admin-rows">
            {days.map((day, index) => {
              const f = day.getFieldset();
              const activities = f.activities.getFieldList();
              return (
                <li key={day.key} className="admin-row admin-row--block" data-testid="day">
                  <Hidden meta={f.id} />
                  <div className="admin-row__head">
                    <h3 className="admin-row__title">Ziua {index + 1}</h3>
                    <div className="admin-row__actions">
                      {index > 0 ? (
                        <IntentButton props={form.reorder.getButtonProps({ name: fields.days.name, from: index, to: index - 1 })} variant="icon" label={`Mută ziua ${index + 1} mai sus`}>
                          ↑
                        </IntentButton>
                      ) : null}
                      <IntentButton props={form.remove.getButtonProps({ name: fields.days.name, index })} variant="remove" label={`Elimină ziua ${index + 1}`}>
                        ×
                      </IntentButton>
                    </div>
                  </div>
                  <TextInput meta={f.title} label={`Titlul zilei ${index + 1}`} />
                  <fieldset className="admin-sublist">
                    <legend>Activități</legend>
                    <ol className="admin-subrows">
                      {activities.map((activity, a) => (
                        <li key={activity.key} className="admin-subrow">
                          <TextInput meta={activity} label={`Activitatea ${a + 1} din ziua ${index + 1}`} />
                          <IntentButton props={form.remove.getButtonProps({ name: f.activities.name, index: a })} variant="remove" label={`Elimină activitatea ${a + 1} din ziua ${index + 1}`}>
                            ×
                          </IntentButton>
                        </li>
                      ))}
                    </ol>
                    <IntentButton props={form.insert.getButtonProps({ name: f.activities.name, defaultValue: "" })} label={`Adaugă activitate în ziua ${index + 1}`}>
                      + Activitate
                    </IntentButton>
                  </fieldset>
                </li>
              );
            })}
          </ol>
          <IntentButton props={form.insert.getButtonProps({ name: fields.days.name, defaultValue: newDay((fields.days.value ?? []) as Array<{ id?: string }>) })}>+ Adaugă zi</IntentButton>
        </section>
      ) : null}

      {kind === "online" ? (
        <section className="admin-panel" aria-labelledby="sectiune-lectii">
          <h2 id="sectiune-lectii" className="admin-panel__title">
            Lecții
          </h2>
          <p className="field__hint">
            Lecțiile se numerotează în cadrul fiecărui capitol, de la 1. Videoclipurile mari se încarcă direct în spațiul de stocare (maximum {uploads.limits.video}); fără JavaScript, limita unui formular este {uploads.limits.form}.
          </p>
          {chapterOptions.length === 0 ? <p className="muted">Adaugă mai întâi un capitol.</p> : null}
          {[...chapterOptions, { id: "", title: "Fără capitol", position: 0 }].map((chapter) => {
            const inChapter = lessons
              .map((lesson, index) => ({ lesson, index }))
              .filter(({ index }) =>
                chapter.id === ""
                  ? !chapterOptions.some((c) => c.id === String(lessonValues[index]?.chapterId ?? ""))
                  : String(lessonValues[index]?.chapterId ?? "") === chapter.id,
              );
            if (chapter.id === "" && inChapter.length === 0) return null;
            const label = chapter.id === "" ? "Fără capitol" : `Capitolul ${chapter.position}${chapter.title ? `: ${chapter.title}` : ""}`;
            return (
              <div key={chapter.id || "none"} className="lesson-group" data-testid="lesson-group">
                <h3 className="lesson-group__title">{label}</h3>
                {inChapter.length === 0 ? <p className="muted">Nicio lecție în acest capitol.</p> : null}
                <ol className="admin-rows">
                  {inChapter.map(({ lesson, index }) => (
                    <LessonRow
                      key={lesson.key}
                      form={form}
                      listName={fields.lessons.name}
                      meta={lesson}
                      index={index}
                      chapterOptions={chapterOptions}
                      chapterPosition={chapter.position}
                      uploads={uploads}
                      urls={urls}
                      proofs={proofs}
                      onBusy={onBusy}
                    />
                  ))}
                </ol>
                {chapter.id !== "" ? (
                  <IntentButton
                    props={form.insert.getButtonProps({ name: fields.lessons.name, defaultValue: newLesson(lessonValues, Number(chapter.id)) })}
                    label={`Adaugă lecție în capitolul ${chapter.position}`}
                  >
                    + Lecție
                  </IntentButton>
                ) : null}
              </div>
            );
          })}
        </section>
      ) : null}

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
    </Form>
  );
}

type LessonValue = {
  id?: number;
  chapterId: number;
  lessonId: number;
  title: string;
  explanation?: string;
  isPublished?: string;
  videoKey?: string;
  pdfKey?: string;
  videoDurationSeconds?: number;
};

function LessonRow({
  form,
  listName,
  meta,
  index,
  chapterOptions,
  chapterPosition,
  uploads,
  urls,
  proofs,
  onBusy,
}: {
  form: AnyForm;
  listName: string;
  meta: FieldMetadata<LessonValue, Record<string, unknown>, string[]>;
  index: number;
  chapterOptions: Array<{ id: string; title: string; position: number }>;
  /** 1-based position of the lesson's chapter (0: no chapter). */
  chapterPosition: number;
  uploads: UploadSettings;
  urls: Record<string, string>;
  proofs?: Record<string, string>;
  onBusy: (busy: boolean) => void;
}) {
  const f = meta.getFieldset();
  const name = `${chapterPosition || "?"}.${String(f.lessonId.value ?? "") || "?"}`;
  const selectOptions = chapterOptions.map((c) => ({ value: c.id, label: `${c.position}. ${c.title || "(fără titlu)"}` }));
  const current = String(f.chapterId.value ?? "");
  if (current && !selectOptions.some((o) => o.value === current)) selectOptions.unshift({ value: current, label: "(capitol inexistent)" });
  return (
    <li className="admin-row admin-row--block" data-testid="lesson">
      <Hidden meta={f.id} />
      <div className="admin-row__head">
        <h3 className="admin-row__title">Lecția {name}</h3>
        <IntentButton props={form.remove.getButtonProps({ name: listName, index })} variant="remove" label={`Elimină lecția ${name}`}>
          ×
        </IntentButton>
      </div>
      <div className="form-grid">
        <Select meta={f.chapterId} label={`Capitolul lecției ${name}`} options={selectOptions} />
        <TextInput meta={f.lessonId} label={`Numărul lecției ${name}`} type="number" inputMode="numeric" />
        <Select meta={f.isPublished} label={`Stare lecția ${name}`} options={PUBLISH_OPTIONS} />
      </div>
      <TextInput meta={f.title} label={`Titlul lecției ${name}`} />
      <TextArea meta={f.explanation} label={`Explicație lecția ${name}`} rows={3} />
      <div className="form-grid">
        <MediaField
          form={form}
          meta={f.videoKey}
          kind="video"
          folder="videos"
          label={`Video lecția ${name}`}
          limit={uploads.limits.video}
          maxBytes={uploads.maxBytes.video}
          formLimit={uploads.limits.form}
          urls={urls}
          proofs={proofs}
          onBusyChange={onBusy}
          onUploaded={(file) => {
            void readVideoDuration(file).then((seconds) => {
              if (seconds !== null) form.update({ name: f.videoDurationSeconds.name, value: String(seconds) });
            });
          }}
        />
        <MediaField
          form={form}
          meta={f.pdfKey}
          kind="pdf"
          folder="pdfs"
          label={`PDF lecția ${name}`}
          limit={uploads.limits.pdf}
          maxBytes={uploads.maxBytes.pdf}
          formLimit={uploads.limits.form}
          urls={urls}
          proofs={proofs}
          onBusyChange={onBusy}
        />
      </div>
      <div className="form-grid">
        <TextInput
          meta={f.videoDurationSeconds}
          label={`Durata video lecția ${name} (secunde, opțional)`}
          type="number"
          inputMode="numeric"
          hint="Serverul o măsoară din fișierul video la salvare; valoarea de aici se folosește doar dacă fișierul nu poate fi citit."
        />
      </div>
    </li>
  );
}
