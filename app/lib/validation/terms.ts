/**
 * Inline editing of the legal pages (docs/product.md §2 Legal pages, §4, §5): a list of sections, each a
 * title and a description, stored and shown as plain text. Sections whose title and
 * description are both blank are dropped on save.
 */
import { z } from "zod";

export const TERMS_MESSAGES = {
  createFailed: "Eroare: Creare eșuată",
  saveFailed: "Eroare: Salvare eșuată",
  created: "Pagina a fost creată.",
  saved: "Pagina a fost salvată.",
  tooMany: "Cel mult 100 de secțiuni.",
} as const;

export const termsFormSchema = z.object({
  sections: z
    .array(
      z.object({
        title: z.string().max(300, "Titlul poate avea cel mult 300 de caractere.").optional(),
        description: z.string().max(50_000, "Textul poate avea cel mult 50.000 de caractere.").optional(),
      }),
    )
    .max(100, TERMS_MESSAGES.tooMany)
    .default([]),
});

export type TermsForm = z.output<typeof termsFormSchema>;

/** Trims each section and drops the blank ones (title and description both empty). */
export function cleanSections(sections: TermsForm["sections"]): Array<{ title: string; description: string }> {
  return sections
    .map((s) => ({ title: (s.title ?? "").trim(), description: (s.description ?? "").replace(/\r\n/g, "\n").trim() }))
    .filter((s) => s.title !== "" || s.description !== "");
}
