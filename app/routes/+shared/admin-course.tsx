/**
 * The pages of the two course tabs (shared by online and physical courses): the list of cards,
 * the editor page and the delete confirmation step (a page of its own, so it works without
 * JavaScript). Typed by their loaders and actions in `./admin-course.server`.
 */
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { CatalogueImage } from "~/components/catalogue/CatalogueImage";
import { FormAlert } from "~/components/ui/FormAlert";
import { COURSE_FORM_MESSAGES, type AdminCourseKind } from "~/lib/validation/admin-course-rows";
import { CourseEditor } from "~/components/admin/CourseEditor";
import type { courseDeleteLoader, courseEditorAction, courseEditorLoader, courseListLoader } from "./admin-course.server";

export const COURSE_TAB_INFO: Record<AdminCourseKind, { path: string; label: string; publicPath: string; empty: string }> = {
  online: { path: "/admin/cursuri-online", label: "Cursuri online", publicPath: "/cursuri-online/curs", empty: "Nu există cursuri online." },
  physical: { path: "/admin/cursuri", label: "Cursuri fizice", publicPath: "/cursuri/curs", empty: "Nu există cursuri fizice." },
};

export function PublishedBadge({ published }: { published: boolean }) {
  return <span className={`status ${published ? "status--confirmed" : "status--neutral"}`}>{published ? "Publicat" : "Nepublicat"}</span>;
}

export function CourseListPage() {
  const { kind, courses, error } = useLoaderData<typeof courseListLoader>();
  const tab = COURSE_TAB_INFO[kind];
  return (
    <section aria-labelledby="lista-titlu">
      <div className="admin-toolbar">
        <h2 id="lista-titlu">{tab.label}</h2>
        <Link to={`${tab.path}/nou`} className="button button--primary">
          + {kind === "online" ? "Curs online nou" : "Curs fizic nou"}
        </Link>
      </div>
      {error ? (
        <FormAlert messages={[error]}>
          <p>
            <a href={tab.path} className="button button--light button--small">
              Reîncearcă
            </a>
          </p>
        </FormAlert>
      ) : courses.length === 0 ? (
        <p className="empty-state">{tab.empty}</p>
      ) : (
        <ul className="admin-cards">
          {courses.map((course) => (
            <li key={course.id} className="card admin-card" data-testid="admin-course">
              <div className="admin-card__media">
                <CatalogueImage image={course.image} alt="" sizes="160px" />
              </div>
              <div className="admin-card__body">
                <p className="admin-card__meta">
                  <PublishedBadge published={course.isPublished} />
                  {course.category ? <span className="muted">{course.category}</span> : null}
                </p>
                <h3 className="admin-card__title">{course.title}</h3>
                {course.secondTitle ? <p className="admin-card__subtitle">{course.secondTitle}</p> : null}
                <p className="admin-card__facts muted">
                  {course.options} {course.options === 1 ? "preț" : "prețuri"}
                  {kind === "online" ? ` · ${course.lessons} ${course.lessons === 1 ? "lecție" : "lecții"}` : ""} · {course.enrollments}{" "}
                  {course.enrollments === 1 ? "cursant" : "cursanți"}
                </p>
              </div>
              <div className="admin-card__actions">
                <Link to={`${tab.path}/${course.id}`} className="button button--dark button--small" aria-label={`Modifică ${course.title}`}>
                  Modifică
                </Link>
                <Link to={`${tab.path}/${course.id}/sterge`} className="button button--danger button--small" aria-label={`Elimina ${course.title}`}>
                  Elimina
                </Link>
                {course.isPublished ? (
                  <Link to={`${tab.publicPath}/${course.id}`} className="button button--link button--small">
                    Vezi pe site
                  </Link>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function CourseEditorPage() {
  const data = useLoaderData<typeof courseEditorLoader>();
  const actionData = useActionData<typeof courseEditorAction>();
  const tab = COURSE_TAB_INFO[data.kind];
  return (
    <section aria-labelledby="editor-titlu" className="admin-editor">
      <p>
        <Link to={tab.path}>← {tab.label}</Link>
      </p>
      <div className="admin-toolbar">
        <h2 id="editor-titlu">{data.courseId === null ? (data.kind === "online" ? "Curs online nou" : "Curs fizic nou") : `Modifică: ${data.title}`}</h2>
        {data.courseId !== null ? (
          <Link to={`${tab.path}/${data.courseId}/sterge`} className="button button--danger button--small">
            Elimina
          </Link>
        ) : null}
      </div>
      <FormAlert tone="warning" messages={[data.priceWarning]} />
      <CourseEditor
        key={`${data.courseId ?? "nou"}-${data.version}`}
        kind={data.kind}
        courseId={data.courseId}
        defaultValue={data.defaultValue}
        lastResult={actionData?.result}
        urls={{ ...data.urls, ...(actionData?.urls ?? {}) }}
        proofs={actionData?.proofs}
        uploads={data.uploads}
        constraint={data.constraint}
        formError={actionData?.formError}
        listPath={tab.path}
        priceSettings={data.priceSettings}
      />
    </section>
  );
}

export function CourseDeletePage() {
  const { kind, course, enrollments } = useLoaderData<typeof courseDeleteLoader>();
  const tab = COURSE_TAB_INFO[kind];
  const busy = useNavigation().state === "submitting";
  return (
    <section className="card card--pad admin-confirm" aria-labelledby="confirmare-titlu" role="alertdialog" aria-describedby="confirmare-text">
      <h2 id="confirmare-titlu">{COURSE_FORM_MESSAGES.confirmDelete}</h2>
      <p id="confirmare-text">
        <strong>{course.title}</strong>
        {course.secondTitle ? ` – ${course.secondTitle}` : ""}
      </p>
      {enrollments > 0 ? (
        <FormAlert tone="warning">
          <p>
            Cursul are {enrollments} {enrollments === 1 ? "cursant înscris" : "cursanți înscriși"}: nu va fi șters, ci ascuns din catalog, iar cursanții își păstrează accesul.
          </p>
        </FormAlert>
      ) : (
        <p className="muted">Se șterg și prețurile{kind === "online" ? ", lecțiile" : ""} și fișierele cursului; coșurile care îl conțin îl pierd. Comenzile vechi își păstrează detaliile.</p>
      )}
      <Form method="post" className="form-actions">
        <button type="submit" name="intent" value="delete" className="button button--danger" disabled={busy}>
          {enrollments > 0 ? "Da, ascunde cursul" : "Da, șterge cursul"}
        </button>
        <Link to={tab.path} className="button button--light">
          Nu, renunță
        </Link>
      </Form>
    </section>
  );
}
