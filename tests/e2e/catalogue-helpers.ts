/**
 * The seeded catalogue as the e2e tests see it (db/seed-data.ts inserts physical courses, then
 * online courses, then products, in this order, into an empty database).
 */
import type { Page } from "@playwright/test";

export const COURSES = {
  basic: { id: 1, title: "Curs de bază – Tehnician manichiură" },
  advanced: { id: 2, title: "Curs avansat – Construcție și nail art" },
  pedicure: { id: 3, title: "Curs de pedichiură estetică" },
  semipermanent: { id: 4, title: "Ojă semipermanentă de la zero" },
  nailArt: { id: 5, title: "Nail art: tehnici moderne" },
  hygiene: { id: 6, title: "Igiena și sterilizarea instrumentelor" },
} as const;

export const PRODUCTS = {
  kit: { id: 1, title: "Kit ojă semipermanentă – Starter" },
  lamp: { id: 2, title: "Lampă UV/LED 48W" },
  files: { id: 3, title: "Set pile profesionale (10 buc.)" },
  oil: { id: 4, title: "Ulei pentru cuticule cu vitamina E" },
} as const;

export const cartBadge = (page: Page) => page.getByTestId("cart-count");

/** Reads the cookie_consent value the way Remix's createCookie wrote it. */
export function decodeConsent(value: string): { analytics: boolean; marketing: boolean } {
  return JSON.parse(Buffer.from(decodeURIComponent(value), "base64").toString("utf8"));
}
