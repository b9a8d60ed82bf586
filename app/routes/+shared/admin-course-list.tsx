/**
 * The list page of the two course tabs (online and physical courses): one card per course with
 * its prices, lessons and students, "Modifică", "Elimina" and "Vezi pe site". Typed by
 * `courseListLoader` in `./admin-course.server`.
 */
import { Link, useLoaderData } from "@remix-run/react";
import { AdminCardList } from "~/components/admin/AdminCardList";
import { COURSE_TAB_INFO, PublishedBadge } from "./admin-course";
import type { courseListLoader } from "./admin-course.server";

export function CourseListPage() {
  const { kind, courses, error } = useLoaderData<typeof courseListLoader>();
  const tab = COURSE_TAB_INFO[kind];
  return (
    <AdminCardList
      headingId="lista-titlu"
      heading={tab.label}
      path={tab.path}
      newLabel={`+ ${kind === "online" ? "Curs online nou" : "Curs fizic nou"}`}
      error={error}
      empty={tab.empty}
      items={courses}
      testId="admin-course"
      card={(course) => ({
        meta: (
          <>
            <PublishedBadge published={course.isPublished} />
            {course.category ? <span className="muted">{course.category}</span> : null}
          </>
        ),
        subtitle: course.secondTitle,
        facts: (
          <>
            {course.options} {course.options === 1 ? "preț" : "prețuri"}
            {kind === "online" ? ` · ${course.lessons} ${course.lessons === 1 ? "lecție" : "lecții"}` : ""} · {course.enrollments}{" "}
            {course.enrollments === 1 ? "cursant" : "cursanți"}
          </>
        ),
        actions: (
          <>
            <Link to={`${tab.path}/${course.id}/sterge`} className="button button--danger button--small" aria-label={`Elimina ${course.title}`}>
              Elimina
            </Link>
            {course.isPublished ? (
              <Link to={`${tab.publicPath}/${course.id}`} className="button button--link button--small">
                Vezi pe site
              </Link>
            ) : null}
          </>
        ),
      })}
    />
  );
}
