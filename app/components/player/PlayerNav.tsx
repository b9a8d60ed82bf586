/**
 * The player's chapter list (docs/product.md §2): chapters in order, each with its published lessons.
 * A completed chapter shows ✓, a locked one a lock; the lessons of a locked chapter are plain
 * text, never links. On phones the list is toggled by a `<details>` ("Vezi lecțiile" /
 * "Ascunde lecțiile") that works without JavaScript; from 960px it is always shown. The list is
 * rendered once (read once by screen readers).
 */
import { Link } from "@remix-run/react";
import { Icon } from "~/components/ui/Icon";
import { ProgressBar } from "~/components/ui/ProgressBar";
import { certificatePath, type NavChapter, PLAYER_MESSAGES, playerPath } from "~/lib/player";

interface NavProps {
  courseId: number;
  chapters: NavChapter[];
  currentKey: string | null;
  progress: number;
  finished: boolean;
  /** False on the expired page: nothing is a link to a lesson. */
  linkLessons?: boolean;
  certificateCurrent?: boolean;
}

function ProgressSummary({ progress }: { progress: number }) {
  return (
    <div className="player-nav__progress">
      <ProgressBar value={progress} label="Progresul cursului" />
      <span className="player-nav__progress-label">finalizat</span>
    </div>
  );
}

function ChapterLists({ courseId, chapters, currentKey, finished, linkLessons = true, certificateCurrent, idPrefix }: NavProps & { idPrefix: string }) {
  return (
    <ol className="player-chapters">
      {chapters.map((chapter, index) => {
        const headingId = `${idPrefix}-capitol-${chapter.chapterId}`;
        const state = chapter.completed && chapter.unlocked ? "done" : chapter.unlocked ? "open" : "locked";
        return (
          <li key={chapter.chapterId} className={`player-chapter player-chapter--${state}`} data-testid="player-chapter" data-state={state}>
            <h2 id={headingId} className="player-chapter__title">
              <span className="player-chapter__marker" aria-hidden="true">
                {state === "done" ? <Icon name="check" size={16} /> : state === "locked" ? <Icon name="lock" size={15} /> : index + 1}
              </span>
              {/* Read as "1. Introducere" (the marker is only the picture of the number). */}
              <span className="visually-hidden">{`${index + 1}. `}</span>
              <span className="player-chapter__name">{chapter.title}</span>
              {state === "done" ? <span className="visually-hidden"> (capitol finalizat)</span> : null}
              {state === "locked" ? <span className="visually-hidden"> (capitol blocat)</span> : null}
            </h2>
            {state === "locked" ? <p className="player-chapter__hint">{PLAYER_MESSAGES.locked}</p> : null}
            <ol className="player-lessons" aria-labelledby={headingId}>
              {chapter.lessons.map((lesson) => {
                const current = lesson.key === currentKey;
                const className = `player-lesson${lesson.completed ? " player-lesson--done" : ""}${current ? " player-lesson--current" : ""}`;
                const content = (
                  <>
                    <span className="player-lesson__icon" aria-hidden="true">
                      {lesson.completed ? <Icon name="check" size={14} /> : state === "locked" ? <Icon name="lock" size={13} /> : <Icon name="play" size={12} />}
                    </span>
                    <span className="player-lesson__title">{lesson.title}</span>
                    {lesson.completed ? <span className="visually-hidden"> (vizionată)</span> : null}
                  </>
                );
                return (
                  <li key={lesson.key}>
                    {state !== "locked" && linkLessons ? (
                      <Link to={playerPath(courseId, lesson.key)} className={className} aria-current={current ? "page" : undefined} preventScrollReset={false}>
                        {content}
                      </Link>
                    ) : (
                      <span className={`${className} player-lesson--static`}>{content}</span>
                    )}
                  </li>
                );
              })}
            </ol>
          </li>
        );
      })}
      <li className={`player-chapter player-chapter--certificate player-chapter--${finished ? "done" : "locked"}`}>
        <h2 className="player-chapter__title">
          <span className="player-chapter__marker" aria-hidden="true">
            <Icon name={finished ? "award" : "lock"} size={15} />
          </span>
          {finished ? (
            <Link to={certificatePath(courseId)} className="player-chapter__link" aria-current={certificateCurrent ? "page" : undefined}>
              {PLAYER_MESSAGES.diploma}
            </Link>
          ) : (
            <>
              <span className="player-chapter__name">{PLAYER_MESSAGES.diploma}</span>
              <span className="visually-hidden"> (disponibilă după finalizarea cursului)</span>
            </>
          )}
        </h2>
      </li>
    </ol>
  );
}

export function PlayerNav(props: NavProps) {
  const lessonCount = props.chapters.reduce((n, c) => n + c.lessons.length, 0);
  const done = props.chapters.reduce((n, c) => n + c.lessons.filter((l) => l.completed).length, 0);
  // One list in the page: on phones the <details> only toggles it (CSS shows the list while the
  // toggle is open), so it is read once and works without JavaScript.
  return (
    <>
      <details className="player-toggle">
        <summary className="player-toggle__summary">
          <span className="player-toggle__show">{PLAYER_MESSAGES.showLessons}</span>
          <span className="player-toggle__hide">{PLAYER_MESSAGES.hideLessons}</span>
          <span className="player-toggle__count">
            {done}/{lessonCount} lecții · {props.progress}%
          </span>
        </summary>
      </details>
      <nav className="player-nav" aria-label="Lecțiile cursului">
        <p className="player-nav__heading">Conținutul cursului</p>
        <ProgressSummary progress={props.progress} />
        <ChapterLists {...props} idPrefix="c" />
      </nav>
    </>
  );
}
