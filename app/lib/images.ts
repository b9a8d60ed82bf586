/**
 * Responsive catalogue images. Every uploaded image may have a 480px-wide variant stored next to
 * it ("courses/1_curs.webp" → "courses/1_curs-480.webp"); pages offer both through srcset.
 * Catalogue images are 3:2 (960×640); the attributes reserve the space (no layout shift).
 */
export const IMAGE_WIDTH = 960;
export const IMAGE_HEIGHT = 640;
export const SMALL_WIDTH = 480;

export interface ResponsiveImage {
  src: string;
  /** URL of the 480px variant, when it exists. */
  small: string | null;
}

/** The key of the small variant: the suffix goes before the extension. */
export function variantKey(key: string, width = SMALL_WIDTH): string {
  const slash = key.lastIndexOf("/");
  const dot = key.lastIndexOf(".");
  if (dot <= slash + 1) return `${key}-${width}`;
  return `${key.slice(0, dot)}-${width}${key.slice(dot)}`;
}

/**
 * The image a variant key was made from ("courses/1_curs-480.webp" → "courses/1_curs.webp"), or
 * null when the key is not a variant's.
 */
export function baseImageKey(key: string, width = SMALL_WIDTH): string | null {
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

/** "…480w, …960w" when the small variant exists, otherwise null. */
export function srcSetOf(image: ResponsiveImage): string | null {
  return image.small ? `${image.small} ${SMALL_WIDTH}w, ${image.src} ${IMAGE_WIDTH}w` : null;
}

/** `sizes` for cards in the catalogue grid (1 column on phones, up to 3 on desktop). */
export const CARD_SIZES = "(min-width: 1100px) 360px, (min-width: 700px) 50vw, 100vw";
/** `sizes` for a course detail's image: full width on phones, beside the title (380px) from 960px. */
export const COURSE_DETAIL_SIZES = "(min-width: 960px) 380px, 100vw";
/** `sizes` for the large image on a detail page. */
export const DETAIL_SIZES = "(min-width: 1100px) 640px, (min-width: 960px) 55vw, 100vw";
