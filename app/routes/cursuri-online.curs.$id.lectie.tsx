/**
 * /cursuri-online/curs/:id/lectie[?lectie=2-1] — the online course player (docs/product.md §2, §4, §5, §8).
 * Login and a confirmed, unexpired enrolment are required; every rule is checked here on the
 * server (lib/progress + models/lesson): a locked lesson answers 403, the watch rule decides
 * when "Continuă" counts. Without JavaScript "Continuă" is a plain form post; with it the save
 * goes through `clientAction` (no reload, one retry, never a crash) and then moves on.
 */
import { type HeadersFunction, type MetaFunction } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { useLoaderData } from "@remix-run/react";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { errorBoundary } from "~/components/ErrorState";
import { PlayerNav } from "~/components/player/PlayerNav";
import { ExpiredView, FinishedView, LessonView } from "~/routes/+shared/lesson-player";
import { courseHref } from "~/lib/course-actions";
import { pageTitle } from "~/lib/meta";
import { PLAYER_MESSAGES } from "~/lib/player";
import { playerAction, playerLoader } from "~/routes/+shared/lesson-player.server";

const NO_STORE = { "Cache-Control": "private, no-store", Vary: "Cookie" };

export const loader = playerLoader;
export const action = playerAction;

export { clientAction } from "./+shared/lesson-progress";

/**
 * The background save at the end of a video does not reload the page's data: the student stays
 * on the lesson (the next one would open otherwise) and the video is not reloaded.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get("intent") === "watched" ? false : defaultShouldRevalidate;

export default function LessonPlayer() {
  const data = useLoaderData<typeof loader>();
  const currentKey = data.lesson?.key ?? null;
  return (
    <main className="page container player">
      <Breadcrumbs
        items={[
          { label: "Cursurile mele", to: "/cont#cursuri-active" },
          { label: data.course.title, to: courseHref("online", data.course.id) },
          { label: data.lesson?.title ?? (data.view === "finished" ? PLAYER_MESSAGES.congratulations : "Lecții") },
        ]}
      />
      <p className="player__course">
        <span className="eyebrow">Curs online</span>
        <span className="player__course-title">{data.course.title}</span>
      </p>
      {/* The lesson (with its h1) comes before the chapter list; from 960px CSS puts the list on the left. */}
      <div className="player__layout">
        <div className="player__main">
          {data.view === "lesson" && data.lesson ? (
            <LessonView data={{ ...data, lesson: data.lesson }} />
          ) : data.view === "finished" ? (
            <FinishedView data={data} />
          ) : data.view === "expired" ? (
            <ExpiredView data={data} />
          ) : (
            <section className="player-expired">
              <h1>Lecțiile vor fi disponibile în curând</h1>
              <p className="lead">Cursul nu are încă lecții publicate. Revino în curând.</p>
            </section>
          )}
        </div>
        <aside className="player__aside">
          <PlayerNav
            courseId={data.course.id}
            chapters={data.chapters}
            currentKey={currentKey}
            progress={data.progress}
            finished={data.finished}
            linkLessons={data.view !== "expired"}
          />
        </aside>
      </div>
    </main>
  );
}

export const headers: HeadersFunction = () => NO_STORE;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const title = data ? (data.lesson ? `${data.lesson.title} – ${data.course.title}` : data.course.title) : "Lecție";
  return [{ title: pageTitle(matches, title) }, { name: "robots", content: "noindex, nofollow" }];
};

export const ErrorBoundary = errorBoundary("onlineCourse");
