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

/** "…480w, …960w" when the small variant exists, otherwise null. */
export function srcSetOf(image: ResponsiveImage): string | null {
  return image.small ? `${image.small} ${SMALL_WIDTH}w, ${image.src} ${IMAGE_WIDTH}w` : null;
}

/** `sizes` for cards in the catalogue grid (1 column on phones, up to 3 on desktop). */
export const CARD_SIZES = "(min-width: 1100px) 360px, (min-width: 700px) 50vw, 100vw";
/** `sizes` for the large image on a detail page. */
export const DETAIL_SIZES = "(min-width: 1100px) 640px, (min-width: 960px) 55vw, 100vw";
