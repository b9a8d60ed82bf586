/** Business facts shown on several pages (docs/product.md §9). */
export const OPENING_HOURS = "Zilnic, 09:00–18:00";
/** schema.org openingHours for the same hours. */
export const OPENING_HOURS_SCHEMA = "Mo-Su 09:00-18:00";
export const FOUNDED_YEAR = 2016;

export const telHref = (phone: string) => `tel:${phone.replace(/[^+\d]/g, "")}`;
export const mapsHref = (address: string) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
