/**
 * The pages of the two course tabs (shared by online and physical courses): the editor page and
 * the delete confirmation step (a page of its own, so it works without JavaScript); the list of
 * cards is in `./admin-course-list` (the editor's script does not carry it). Typed by their
 * loaders and actions in `./admin-course.server`.
 */
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormAlert } from "~/components/ui/FormAlert";
import { COURSE_FORM_MESSAGES, type AdminCourseKind } from "~/lib/validation/admin-course-rows";
import { CourseEditor } from "~/components/admin/CourseEditor";
import type { courseDeleteLoader, courseEditorAction, courseEditorLoader } from "./admin-course.server";

export const COURSE_TAB_INFO: Record<AdminCourseKind, { path: string; label: string; publicPath: string; empty: string }> = {
  online: { path: "/admin/cursuri-online", label: "Cursuri online", publicPath: "/cursuri-online/curs", empty: "Nu există cursuri online." },
  physical: { path: "/admin/cursuri", label: "Cursuri fizice", publicPath: "/cursuri/curs", empty: "Nu există cursuri fizice." },
};

export function PublishedBadge({ published }: { published: boolean }) {
  return <span className={`status ${published ? "status--confirmed" : "status--neutral"}`}>{published ? "Publicat" : "Nepublicat"}</span>;
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
