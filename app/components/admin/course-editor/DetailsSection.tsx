/** "Informații generale": title, subtitles, category, state, duration, list price, cover image. */
import { Field, SelectField, TextareaField } from "~/components/ui/Field";
import type { AdminCourseKind } from "~/lib/validation/admin-course-rows";
import { MediaField } from "../MediaField";
import { anchors, PUBLISH_OPTIONS, type CourseFields, type MediaContext } from "./parts";

export function DetailsSection({ kind, fields, media }: { kind: AdminCourseKind; fields: CourseFields; media: MediaContext }) {
  return (
    <section id={anchors.section("general")} className="admin-panel" aria-labelledby="sectiune-general">
      <h2 id="sectiune-general" className="admin-panel__title">
        Informații generale
      </h2>
      <div className="form-grid">
        <Field meta={fields.title} label="Titlu" />
        <Field meta={fields.secondTitle} label="Subtitlu" />
        <Field meta={fields.category} label="Categorie" placeholder="ex. Manichiură" />
        <SelectField meta={fields.isPublished} label="Stare" options={PUBLISH_OPTIONS} />
      </div>
      <TextareaField meta={fields.thirdTitle} label="Descriere" rows={5} />
      <div className="form-grid">
        {kind === "physical" ? (
          <>
            <Field meta={fields.durationDays} label="Durata (zile)" hint="Un număr de zile sau „nelimitat”." />
            <Field meta={fields.nextSessionOn} label="Următoarea sesiune" type="date" hint="Apare pe pagina principală." />
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
        <Field meta={fields.price2} label="Preț întreg (opțional)" hint="Afișat tăiat lângă preț, ex. 2.500,00." />
      </div>
      <MediaField
        form={media.form}
        meta={fields.imageKey}
        kind="image"
        folder="courses"
        label="Imagine de copertă"
        limit={media.uploads.limits.image}
        maxBytes={media.uploads.maxBytes.image}
        formLimit={media.uploads.limits.form}
        urls={media.urls}
        proofs={media.proofs}
        onBusyChange={media.onBusy}
      />
    </section>
  );
}
