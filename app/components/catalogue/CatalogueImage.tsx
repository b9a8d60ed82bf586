import { IMAGE_HEIGHT, IMAGE_WIDTH, type ResponsiveImage, srcSetOf } from "~/lib/images";

/**
 * A catalogue image with its intrinsic size (no layout shift) and srcset. Lazy and of low fetch
 * priority unless it is the page's main image above the fold (`priority`: eager, high).
 */
export function CatalogueImage({
  image,
  alt,
  sizes,
  priority = false,
  className,
}: {
  image: ResponsiveImage | null;
  alt: string;
  sizes: string;
  priority?: boolean;
  className?: string;
}) {
  if (!image) {
    return (
      // Without an image: a drawn placeholder. A card's image is decorative (alt ""): hidden from
      // screen readers then, since an unnamed role="img" is an axe violation (role-img-alt).
      <div className={`image-placeholder ${className ?? ""}`} {...(alt ? { role: "img", "aria-label": alt } : { "aria-hidden": true })}>
        <svg width="48" height="48" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M4 5h16v14H4zM4 15l4-4 4 4 3-3 5 5" fill="none" stroke="currentColor" strokeWidth="1.5" />
        </svg>
      </div>
    );
  }
  const srcSet = srcSetOf(image);
  return (
    <img
      src={image.src}
      srcSet={srcSet ?? undefined}
      sizes={srcSet ? sizes : undefined}
      width={IMAGE_WIDTH}
      height={IMAGE_HEIGHT}
      alt={alt}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? "auto" : "async"}
      className={className}
      // The others yield: on a slow phone they would otherwise share the link with the main
      // image and the font (Chrome gives the first five images of a page a raised priority).
      {...{ fetchpriority: priority ? "high" : "low" }}
    />
  );
}
