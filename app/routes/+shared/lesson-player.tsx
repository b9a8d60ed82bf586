/**
 * The views of the lesson player route (`cursuri-online.curs.$id.lectie.tsx`): a lesson with
 * its video (and captions), transcript, PDF and "Continuă"; the finished course; the expired access. Typed by the route's
 * loader and actions.
 */
import { Link, useActionData, useFetcher, type useLoaderData } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { LessonVideo } from "~/components/player/LessonVideo";
import { Icon, type IconName } from "~/components/ui/Icon";
import { useHydrated } from "~/components/ui/useHydrated";
import { formatDate } from "~/lib/dates";
import { certificatePath, diplomaPdfPath, PLAYER_MESSAGES, playerPath } from "~/lib/player";
import type { playerAction as action, playerLoader as loader } from "./lesson-player.server";
import type { clientAction } from "./lesson-progress";

type Data = ReturnType<typeof useLoaderData<typeof loader>>;
type LessonData = NonNullable<Data["lesson"]>;

export function LessonView({ data }: { data: Data & { lesson: LessonData } }) {
  const { lesson, course } = data;
  const hydrated = useHydrated();
  const actionData = useActionData<typeof action>();
  const fetcher = useFetcher<typeof clientAction>({ key: `progres-${course.id}` });
  const [ended, setEnded] = useState(false);
  useEffect(() => setEnded(false), [lesson.key]);

  const hasVideo = Boolean(lesson.videoUrl);
  const watched = lesson.completed || !hasVideo || ended;
  const busy = fetcher.state !== "idle" && fetcher.formData?.get("intent") === "continue";
  const reply = fetcher.data && "message" in fetcher.data && fetcher.data.lessonKey === lesson.key ? fetcher.data : null;
  const serverReply = actionData && !actionData.ok && actionData.lessonKey === lesson.key ? actionData : null;
  const notice = reply ?? serverReply;
  const saved = fetcher.data && "saved" in fetcher.data && fetcher.data.saved === lesson.key;

  const onEnded = () => {
    setEnded(true);
    // docs/product.md §4: the end of the video marks the lesson watched (saved in the background).
    fetcher.submit({ intent: "watched", lectie: lesson.key, inscriere: data.enrollmentId }, { method: "post" });
  };

  return (
    <article className="player-lesson-view" aria-labelledby="lectie-titlu">
      <p className="player-lesson-view__eyebrow">
        {lesson.chapterTitle} · Lecția {lesson.position} din {lesson.chapterLessons}
      </p>
      <h1 id="lectie-titlu" className="player-lesson-view__title">
        {lesson.title}
      </h1>
      {lesson.videoUrl ? (
        <LessonVideo
          courseId={course.id}
          lessonKey={lesson.key}
          title={lesson.title}
          src={lesson.videoUrl}
          poster={lesson.posterUrl}
          captionsSrc={lesson.captionsSrc}
          completed={lesson.completed}
          onEnded={onEnded}
        />
      ) : (
        <p className="alert alert--info">{PLAYER_MESSAGES.noVideo}</p>
      )}
      <div className="player-continue">
        {hasVideo && !lesson.completed ? (
          <p className="player-continue__warning" id="avertisment-video">
            <Icon name="play" size={18} />
            <span>{PLAYER_MESSAGES.watchWarning}</span>
          </p>
        ) : null}
        <fetcher.Form method="post" action={playerPath(course.id, lesson.key)} className="player-continue__form">
          <input type="hidden" name="lectie" value={lesson.key} />
          <input type="hidden" name="inscriere" value={data.enrollmentId} />
          <button
            type="submit"
            name="intent"
            value="continue"
            className="button button--primary player-continue__button"
            disabled={(hydrated && !watched) || busy}
            aria-describedby={hasVideo && !lesson.completed ? "avertisment-video" : undefined}
            aria-busy={busy || undefined}
          >
            {busy ? PLAYER_MESSAGES.saving : PLAYER_MESSAGES.continue}
            {busy ? null : <Icon name="chevron" size={18} />}
          </button>
        </fetcher.Form>
        <div aria-live="polite" className="player-continue__status">
          {saved && !notice ? (
            <p className="player-saved" role="status">
              <Icon name="check" size={16} /> Lecția a fost marcată ca vizionată.
            </p>
          ) : null}
          {notice ? (
            <p className={`player-note${"saveFailed" in notice && notice.saveFailed ? " player-note--quiet" : ""}`} role="status">
              {notice.message}
            </p>
          ) : null}
        </div>
      </div>
      {lesson.transcript ? <Transcript text={lesson.transcript} /> : null}
      {lesson.explanation || lesson.pdfHref ? (
        <section className="player-about" aria-labelledby="despre-lectie">
          <h2 id="despre-lectie" className="player-about__title">
            Despre lecție
          </h2>
          {lesson.explanation ? <p className="player-about__text">{lesson.explanation}</p> : null}
          {lesson.pdfHref ? (
            <a href={lesson.pdfHref} className="player-pdf" download>
              <span className="player-pdf__icon" aria-hidden="true">
                <Icon name="download" size={20} />
              </span>
              <span>
                <strong>Descarcă fișa lecției</strong>
                <span className="player-pdf__meta">PDF</span>
              </span>
            </a>
          ) : null}
        </section>
      ) : null}
    </article>
  );
}

/** WCAG 1.2.2 / 1.2.1: what is said in the video as text; blank lines separate paragraphs. */
function Transcript({ text }: { text: string }) {
  const paragraphs = text.split(/\r?\n\s*\n/).map((p) => p.trim()).filter(Boolean);
  return (
    <details className="player-transcript" data-testid="lesson-transcript">
      <summary className="player-transcript__summary">Transcriere</summary>
      <div className="player-transcript__text">
        {paragraphs.map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
      </div>
    </details>
  );
}

export function FinishedView({ data }: { data: Data }) {
  return (
    <CourseEnd
      className="player-finish"
      headingId="felicitari"
      icon="award"
      iconSize={40}
      title={PLAYER_MESSAGES.congratulations}
      lead={<>Ai finalizat cursul „{data.course.title}”. Îți mulțumim pentru seriozitate și îți dorim mult succes cu clientele tale!</>}
    >
      <div className="player-finish__diploma card">
        <h2>{PLAYER_MESSAGES.diploma}</h2>
        <p>Diploma ta de absolvire este gata, cu un cod unic pe care oricine îl poate verifica online.</p>
        <div className="row">
          <DiplomaLink courseId={data.course.id} />
          <a href={diplomaPdfPath(data.course.id)} className="button button--light" download>
            <Icon name="download" size={18} /> Descarcă diploma (PDF)
          </a>
        </div>
      </div>
      <p className="muted">Poți revedea oricând lecțiile din lista cursului.</p>
    </CourseEnd>
  );
}

export function ExpiredView({ data }: { data: Data }) {
  return (
    <CourseEnd
      className="player-expired"
      headingId="acces-expirat"
      icon="clock"
      iconSize={36}
      muted
      title={PLAYER_MESSAGES.expiredTitle}
      lead={
        <>
          Accesul tău la cursul „{data.course.title}” s-a încheiat pe {formatDate(data.accessUntil)}. Lecțiile nu mai pot fi
          vizionate, dar progresul tău ({data.progress}%) rămâne salvat
          {data.finished ? ", iar diploma rămâne a ta." : "."}
        </>
      }
    >
      <div className="row">
        {data.finished ? <DiplomaLink courseId={data.course.id} /> : null}
        <Link to="/contact" className="button button--light">
          Contactează-ne pentru prelungire
        </Link>
      </div>
    </CourseEnd>
  );
}

/** The page in place of a lesson: a badge, a heading, what happened, and what the student can do now. */
function CourseEnd({
  className,
  headingId,
  icon,
  iconSize,
  muted = false,
  title,
  lead,
  children,
}: {
  className: string;
  headingId: string;
  icon: IconName;
  iconSize: number;
  muted?: boolean;
  title: string;
  lead: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className={className} aria-labelledby={headingId}>
      <span className={muted ? "player-finish__badge player-finish__badge--muted" : "player-finish__badge"} aria-hidden="true">
        <Icon name={icon} size={iconSize} />
      </span>
      <h1 id={headingId}>{title}</h1>
      <p className="lead">{lead}</p>
      {children}
    </section>
  );
}

function DiplomaLink({ courseId }: { courseId: number }) {
  return (
    <Link to={certificatePath(courseId)} className="button button--primary">
      <Icon name="award" size={18} /> Vezi diploma
    </Link>
  );
}
