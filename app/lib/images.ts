/**
 * Responsive catalogue images. Every uploaded image may have narrower variants stored next to it
 * ("courses/1_curs.webp" → "courses/1_curs-480.webp", "courses/1_curs-720.webp"); pages offer
 * those that exist through srcset. Catalogue images are 3:2 (960×640); the attributes reserve the
 * space (no layout shift).
 *
 * Why 720 as well as 480: a phone shows a card 328–380 CSS px wide, at 1.75–2 device pixels per
 * CSS pixel: 575–760 pixels. With only 480 and 960 it took the 960px file; the 720px one is about
 * two thirds of its bytes (a seed card: 7.4 → 5.0 KB). On a slow link that was the difference
 * between the first card's picture arriving in one round trip or two (Lighthouse LCP of /cursuri
 * 993 → ~930 ms). Images stored before a width existed get it from the media job
 * (models/media.server.ts backfillImageVariants).
 */
export const IMAGE_WIDTH = 960;
export const IMAGE_HEIGHT = 640;
export const SMALL_WIDTH = 480;
export const MEDIUM_WIDTH = 720;
/** The variants stored next to every catalogue image, narrowest first. */
export const VARIANT_WIDTHS = [SMALL_WIDTH, MEDIUM_WIDTH] as const;

export interface ResponsiveImage {
  src: string;
  /** URL of the 480px variant, when it exists. */
  small: string | null;
  /** URL of the 720px variant, when it exists. */
  medium: string | null;
}

/** The key of a variant: the width goes before the extension. */
export function variantKey(key: string, width: number = SMALL_WIDTH): string {
  const slash = key.lastIndexOf("/");
  const dot = key.lastIndexOf(".");
  if (dot <= slash + 1) return `${key}-${width}`;
  return `${key.slice(0, dot)}-${width}${key.slice(dot)}`;
}

/** The keys of every variant of an image. */
export function variantKeys(key: string): string[] {
  return VARIANT_WIDTHS.map((width) => variantKey(key, width));
}

/**
 * The image a variant key was made from ("courses/1_curs-480.webp" → "courses/1_curs.webp"), or
 * null when the key is not a variant's (of `width`, or of any variant width when not given).
 */
export function baseImageKey(key: string, width?: number): string | null {
  if (width === undefined) {
    for (const each of VARIANT_WIDTHS) {
      const base = baseImageKey(key, each);
      if (base !== null) return base;
    }
    return null;
  }
  const slash = key.lastIndexOf("/");
  const dot = key.lastIndexOf(".");
  const suffix = `-${width}`;
  const stem = dot > slash + 1 ? key.slice(0, dot) : key;
  if (!stem.endsWith(suffix) || stem.length - suffix.length <= slash + 1) return null;
  return `${stem.slice(0, -suffix.length)}${dot > slash + 1 ? key.slice(dot) : ""}`;
}

/**
 * The stable public address of a published catalogue image (routes/img.$.ts): no signature, no
 * expiry, cacheable for a year (keys are never reused). Only for images the catalogue shows.
 */
export function publicImagePath(key: string): string {
  return `/img/${key}`;
}

/** "…480w, …720w, …960w" with the variants that exist; null when none does. */
export function srcSetOf({ src, small, medium }: ResponsiveImage): string | null {
  const narrower = [small && `${small} ${SMALL_WIDTH}w`, medium && `${medium} ${MEDIUM_WIDTH}w`].filter(Boolean);
  return narrower.length ? [...narrower, `${src} ${IMAGE_WIDTH}w`].join(", ") : null;
}

/**
 * On a phone an image is as wide as the page less its side margins (`.container`: 1rem each side
 * below 600px), not the whole screen: 380px of a 412px screen, 358 of 390, 328 of 360, i.e. 92 %
 * within a pixel or three (calc(100vw - 2rem) says the same in more bytes of every page's script).
 * Saying 100vw made a phone at 1.75 dpr ask for 721 pixels and get the 960px file instead of the
 * 720px one it needs. Every `sizes` below ends with it (the home page's hero too, routes/_index.tsx).
 */
/** `sizes` for cards in the catalogue grid (1 column on phones, up to 3 on desktop). */
export const CARD_SIZES = "(min-width: 1100px) 360px, (min-width: 700px) 50vw, 92vw";
/** `sizes` for a course detail's image: full width on phones, beside the title (380px) from 960px. */
export const COURSE_DETAIL_SIZES = "(min-width: 960px) 380px, 92vw";
/** `sizes` for the large image on a detail page. */
export const DETAIL_SIZES = "(min-width: 1100px) 640px, (min-width: 960px) 55vw, 92vw";
