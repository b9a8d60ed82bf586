/**
 * The lesson player's texts and addresses (docs/product.md §2 Online course player, §8 Player). Pure and
 * shared with the browser: components render these, routes and models answer with them.
 */
export const PLAYER_MESSAGES = {
  watchWarning: "Pentru a trece la următoarea lecție, trebuie să vizionați întregul video.",
  continue: "Continuă",
  saving: "Se salvează…",
  showLessons: "Vezi lecțiile",
  hideLessons: "Ascunde lecțiile",
  awaitingPayment: "Se așteaptă confirmarea plății",
  noAccess: "Nu mai aveți acces la acest curs: plata nu a fost confirmată sau a fost returnată.",
  expiredTitle: "Accesul la curs a expirat",
  locked: "Capitolul se deblochează după ce finalizați capitolul anterior.",
  lockedPage: "Această lecție este blocată. Finalizați mai întâi capitolele anterioare.",
  saveFailed: "Progresul nu a putut fi salvat. Verificați conexiunea și apăsați din nou „Continuă”.",
  videoFailed: "Videoclipul nu a putut fi încărcat. Reîncărcați pagina pentru a continua.",
  noVideo: "Această lecție nu are video.",
  congratulations: "Felicitări!",
  diploma: "Diplomă",
  notFoundDiploma: "Diplomă inexistentă",
} as const;

/** "Mai vizionați lecția încă 4 secunde." (Romanian plural: 1 secundă, 2–19 secunde, 20+ de secunde). */
export function waitMessage(seconds: number): string {
  const n = Math.max(1, Math.ceil(seconds));
  const unit = n === 1 ? "secundă" : n % 100 >= 20 || n % 100 === 0 ? "de secunde" : "secunde";
  return `Mai vizionați lecția încă ${n} ${unit}.`;
}

export const playerPath = (courseId: number, lessonKey?: string | null) =>
  `/cursuri-online/curs/${courseId}/lectie${lessonKey ? `?lectie=${encodeURIComponent(lessonKey)}` : ""}`;

/** `tip` of the lesson media route per kind (captions: the WebVTT file itself, for <track>). */
export const MEDIA_TIP = { video: "video", pdf: "pdf", captions: "subtitrari" } as const;

export const mediaPath = (courseId: number, lessonKey: string, kind: keyof typeof MEDIA_TIP) =>
  `/cursuri-online/curs/${courseId}/lectie/media?lectie=${encodeURIComponent(lessonKey)}&tip=${MEDIA_TIP[kind]}`;

export const progressPath = (courseId: number) => `/cursuri-online/curs/${courseId}/lectie/progres`;

export const certificatePath = (courseId: number) => `/cursuri-online/curs/${courseId}/diploma`;

export const diplomaPdfPath = (courseId: number) => `/cursuri-online/curs/${courseId}/diploma.pdf`;

/** A lesson video's poster frame is stored next to it: "videos/1_lectie.mp4" → "videos/1_lectie-poster.webp". */
export function posterKeyFor(videoKey: string): string {
  const slash = videoKey.lastIndexOf("/");
  const dot = videoKey.lastIndexOf(".");
  const stem = dot > slash + 1 ? videoKey.slice(0, dot) : videoKey;
  return `${stem}-poster.webp`;
}

/** What the sidebar shows: serialisable, computed on the server. */
export interface NavLesson {
  key: string;
  title: string;
  completed: boolean;
}
export interface NavChapter {
  chapterId: number;
  title: string;
  completed: boolean;
  unlocked: boolean;
  lessons: NavLesson[];
}
