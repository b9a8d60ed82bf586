/**
 * The lesson video: the browser's own player (keyboard operable, works without JavaScript),
 * with a poster, a signed URL and the lesson's captions (WebVTT, Romanian, on by default: WCAG
 * 1.2.2; served by the lesson media route on this origin, as <track> requires). With JavaScript it also
 * - keeps the furthest point watched and refuses seeking past it (unless the lesson is done);
 * - reports the end of the video (the "Continuă" button waits for it);
 * - when the signed URL has expired mid-lesson (the video errors), asks the server for a fresh
 *   one (or loads the same one again when it was still valid), restores the position and resumes
 *   playing.
 */
import { useEffect, useRef, useState } from "react";
import { allowedSeekTarget } from "~/lib/progress";
import { mediaPath, PLAYER_MESSAGES } from "~/lib/player";

interface Props {
  courseId: number;
  lessonKey: string;
  title: string;
  src: string;
  poster: string | null;
  /** The lesson's WebVTT captions (same origin), or null. */
  captionsSrc?: string | null;
  /** Completed before: free seeking, nothing to wait for. */
  completed: boolean;
  onEnded: () => void;
}

/** At most this many fresh URLs per lesson view: a broken file does not loop for ever. */
const MAX_REFRESHES = 3;

export function LessonVideo({ courseId, lessonKey, title, src, poster, captionsSrc, completed, onEnded }: Props) {
  const ref = useRef<HTMLVideoElement>(null);
  const maxWatched = useRef(0);
  const refreshes = useRef(0);
  const resume = useRef<{ time: number; play: boolean } | null>(null);
  // A renewed URL and a failure belong to the lesson and its own URL: a new lesson starts clean.
  // (Two lessons may show the same file, and a signed URL stays the same for minutes, so the URL
  // alone does not tell lessons apart.)
  const view = `${lessonKey} ${src}`;
  const [renewed, setRenewed] = useState<{ of: string; url: string } | null>(null);
  const [failedFor, setFailedFor] = useState<string | null>(null);
  const currentSrc = renewed?.of === view ? renewed.url : src;
  const failed = failedFor === view;
  const onEndedRef = useRef(onEnded);
  useEffect(() => {
    onEndedRef.current = onEnded;
  });

  // A new lesson (client-side navigation): nothing watched yet.
  useEffect(() => {
    maxWatched.current = 0;
    refreshes.current = 0;
    resume.current = null;
  }, [view]);

  useEffect(() => {
    const video = ref.current;
    if (!video) return;

    const onTimeUpdate = () => {
      if (!video.seeking && video.currentTime > maxWatched.current) maxWatched.current = video.currentTime;
    };
    const onSeeking = () => {
      if (completed) return;
      const target = allowedSeekTarget(video.currentTime, maxWatched.current);
      if (target !== video.currentTime) video.currentTime = target;
    };
    const onEnd = () => {
      maxWatched.current = Math.max(maxWatched.current, video.duration || 0);
      onEndedRef.current();
    };
    const onLoaded = () => {
      const pending = resume.current;
      if (!pending) return;
      resume.current = null;
      video.currentTime = Math.min(pending.time, maxWatched.current);
      if (pending.play) void video.play().catch(() => undefined);
    };
    const onError = async () => {
      if (refreshes.current >= MAX_REFRESHES) {
        setFailedFor(view);
        return;
      }
      refreshes.current += 1;
      resume.current = { time: Math.max(video.currentTime, 0), play: !video.paused || video.currentTime > 0 };
      try {
        const response = await fetch(mediaPath(courseId, lessonKey, "video"), {
          headers: { Accept: "application/json" },
          credentials: "same-origin",
        });
        const data = (await response.json()) as { url?: string };
        if (!response.ok || !data.url) throw new Error(`media ${response.status}`);
        // The same address again (it had not expired: the network failed): load it once more
        // ourselves, since React sees no change to apply.
        if (data.url === currentSrc) video.src = data.url;
        else setRenewed({ of: view, url: data.url });
      } catch (error) {
        console.error("Nu s-a putut reînnoi adresa videoclipului", error);
        setFailedFor(view);
      }
    };

    video.addEventListener("timeupdate", onTimeUpdate);
    video.addEventListener("seeking", onSeeking);
    video.addEventListener("ended", onEnd);
    video.addEventListener("loadedmetadata", onLoaded);
    video.addEventListener("error", onError);
    return () => {
      video.removeEventListener("timeupdate", onTimeUpdate);
      video.removeEventListener("seeking", onSeeking);
      video.removeEventListener("ended", onEnd);
      video.removeEventListener("loadedmetadata", onLoaded);
      video.removeEventListener("error", onError);
    };
  }, [courseId, lessonKey, completed, view, currentSrc]);

  return (
    <div className="player-video">
      <video
        ref={ref}
        key={lessonKey}
        className="player-video__media"
        src={currentSrc}
        poster={poster ?? undefined}
        controls
        preload="metadata"
        playsInline
        controlsList="nodownload"
        aria-label={`Video: ${title}`}
        data-testid="lesson-video"
      >
        {captionsSrc ? <track kind="captions" srcLang="ro" label="Română" src={captionsSrc} default /> : null}
        <p>
          Browserul dumneavoastră nu poate reda acest video. <a href={currentSrc}>Deschideți videoclipul</a>.
        </p>
      </video>
      {failed ? (
        <p className="alert alert--error player-video__error" role="alert">
          {PLAYER_MESSAGES.videoFailed}
        </p>
      ) : null}
    </div>
  );
}
