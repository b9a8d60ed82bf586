/**
 * "Lecții" (online courses): the lessons grouped under their chapter, each with its video, PDF,
 * captions (WebVTT), transcript and length. Lessons whose chapter is gone are listed under "Fără capitol".
 */
import type { FieldMetadata } from "@conform-to/react";
import { Field, SelectField, TextareaField } from "~/components/ui/Field";
import { newLesson, TRANSCRIPT_MAX_LENGTH } from "~/lib/validation/admin-course-rows";
import { readVideoDurationInBrowser } from "../direct-upload";
import { MediaField } from "../MediaField";
import { anchors, Hidden, IntentButton, PUBLISH_OPTIONS, type CourseFields, type MediaContext } from "./parts";

type ChapterOption = { id: string; title: string; position: number };

export function LessonsSection({ fields, media }: { fields: CourseFields; media: MediaContext }) {
  const { form, uploads } = media;
  const lessons = fields.lessons.getFieldList();
  const chapterValues = (fields.chapters.value ?? []) as Array<{ id?: string; title?: string } | undefined>;
  const lessonValues = (fields.lessons.value ?? []) as Array<{ chapterId?: string; lessonId?: string } | undefined>;
  const chapterOptions: ChapterOption[] = chapterValues
    .map((c, index) => ({ id: String(c?.id ?? ""), title: c?.title ?? "", position: index + 1 }))
    .filter((c) => c.id !== "");
  return (
    <section id={anchors.section("lectii")} className="admin-panel" aria-labelledby="sectiune-lectii">
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
                  listName={fields.lessons.name}
                  meta={lesson}
                  index={index}
                  chapterOptions={chapterOptions}
                  chapterPosition={chapter.position}
                  media={media}
                />
              ))}
            </ol>
            {chapter.id !== "" ? (
              <IntentButton
                props={form.insert.getButtonProps({ name: fields.lessons.name, defaultValue: newLesson(lessonValues, Number(chapter.id)) })}
                label={`Adaugă lecție în capitolul ${chapter.position}`}
                anchor={anchors.lesson(lessons.length)}
              >
                + Lecție
              </IntentButton>
            ) : null}
          </div>
        );
      })}
    </section>
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
  captionsKey?: string;
  transcript?: string;
  videoDurationSeconds?: number;
};

function LessonRow({
  listName,
  meta,
  index,
  chapterOptions,
  chapterPosition,
  media,
}: {
  listName: string;
  meta: FieldMetadata<LessonValue, Record<string, unknown>, string[]>;
  index: number;
  chapterOptions: ChapterOption[];
  /** 1-based position of the lesson's chapter (0: no chapter). */
  chapterPosition: number;
  media: MediaContext;
}) {
  const { form, uploads, urls, proofs, onBusy } = media;
  const f = meta.getFieldset();
  const name = `${chapterPosition || "?"}.${String(f.lessonId.value ?? "") || "?"}`;
  const selectOptions = chapterOptions.map((c) => ({ value: c.id, label: `${c.position}. ${c.title || "(fără titlu)"}` }));
  const current = String(f.chapterId.value ?? "");
  if (current && !selectOptions.some((o) => o.value === current)) selectOptions.unshift({ value: current, label: "(capitol inexistent)" });
  const common = { form, formLimit: uploads.limits.form, urls, proofs, onBusyChange: onBusy };
  return (
    <li id={anchors.lesson(index)} className="admin-row admin-row--block" data-testid="lesson">
      <Hidden meta={f.id} />
      <div className="admin-row__head">
        <h3 className="admin-row__title">Lecția {name}</h3>
        <IntentButton props={form.remove.getButtonProps({ name: listName, index })} variant="remove" label={`Elimină lecția ${name}`} anchor={anchors.section("lectii")}>
          ×
        </IntentButton>
      </div>
      <div className="form-grid">
        <SelectField meta={f.chapterId} label={`Capitolul lecției ${name}`} options={selectOptions} />
        <Field meta={f.lessonId} label={`Numărul lecției ${name}`} type="number" inputMode="numeric" />
        <SelectField meta={f.isPublished} label={`Stare lecția ${name}`} options={PUBLISH_OPTIONS} />
      </div>
      <Field meta={f.title} label={`Titlul lecției ${name}`} />
      <TextareaField meta={f.explanation} label={`Explicație lecția ${name}`} rows={3} />
      <div className="form-grid">
        <MediaField
          {...common}
          meta={f.videoKey}
          kind="video"
          folder="videos"
          label={`Video lecția ${name}`}
          limit={uploads.limits.video}
          maxBytes={uploads.maxBytes.video}
          onUploaded={(file) => {
            void readVideoDurationInBrowser(file).then((seconds) => {
              if (seconds !== null) form.update({ name: f.videoDurationSeconds.name, value: String(seconds) });
            });
          }}
        />
        <MediaField {...common} meta={f.pdfKey} kind="pdf" folder="pdfs" label={`PDF lecția ${name}`} limit={uploads.limits.pdf} maxBytes={uploads.maxBytes.pdf} />
      </div>
      <div className="form-grid">
        <MediaField
          {...common}
          meta={f.captionsKey}
          kind="captions"
          folder="captions"
          label={`Subtitrări lecția ${name}`}
          limit={uploads.limits.captions}
          maxBytes={uploads.maxBytes.captions}
        />
      </div>
      <TextareaField
        meta={f.transcript}
        label={`Transcriere lecția ${name}`}
        optional
        rows={4}
        hint={`Textul vorbit în video, pentru cine nu îl poate asculta. Se afișează sub video, în secțiunea „Transcriere”; un rând gol începe un paragraf nou. Cel mult ${TRANSCRIPT_MAX_LENGTH.toLocaleString("ro-RO")} de caractere.`}
      />
      <div className="form-grid">
        <Field
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
