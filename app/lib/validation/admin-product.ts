/**
 * The admin product form: title, subtitle, description, price in Romanian format ("Gratis"
 * allowed), an optional compare-at price, publish flag and image. One schema for the browser
 * and the action; `toProductInput` gives the bani values the model saves.
 */
import { z } from "zod";
import { moneyToInput, parseMoney } from "../money";
import { isValidStorageKey } from "../storage-keys";
import { PRODUCT_MESSAGES } from "./admin-product-texts";

export { PRODUCT_MESSAGES } from "./admin-product-texts";


export const productFormSchema = z
  .object({
    title: z.string({ message: PRODUCT_MESSAGES.titleRequired }).trim().min(1, PRODUCT_MESSAGES.titleRequired).max(200),
    subtitle: z.string().trim().max(200).optional(),
    description: z.string().trim().max(10_000).optional(),
    price: z
      .string()
      .optional()
      .superRefine((value, ctx) => {
        const price = parseMoney(value);
        if (!price.ok) ctx.addIssue({ code: "custom", message: price.error });
      }),
    price2: z
      .string()
      .optional()
      .superRefine((value, ctx) => {
        if (!value?.trim()) return;
        const price = parseMoney(value);
        if (!price.ok) ctx.addIssue({ code: "custom", message: price.error });
      }),
    /** Units in stock; empty = "nelimitat". */
    stock: z
      .string()
      .trim()
      .optional()
      .refine((value) => !value || /^\d{1,6}$/.test(value), "Stocul este un număr întreg de bucăți (gol = nelimitat)."),
    isPublished: z.enum(["da", "nu"]).default("nu"),
    imageKey: z
      .string()
      .trim()
      .optional()
      .refine((value) => !value || (isValidStorageKey(value) && value.startsWith("products/")), PRODUCT_MESSAGES.badKey),
  });

export type ProductForm = z.output<typeof productFormSchema>;

export interface ProductInput {
  title: string;
  subtitle: string;
  description: string;
  priceBani: number;
  price2Bani: number | null;
  /** null = nelimitat. */
  stock: number | null;
  isPublished: boolean;
  imageKey: string | null;
}

const bani = (text: string | undefined) => {
  const parsed = parseMoney(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.bani;
};

export function toProductInput(form: ProductForm): ProductInput {
  return {
    title: form.title,
    subtitle: form.subtitle ?? "",
    description: form.description ?? "",
    priceBani: bani(form.price),
    price2Bani: form.price2?.trim() ? bani(form.price2) : null,
    stock: form.stock ? Number(form.stock) : null,
    isPublished: form.isPublished === "da",
    imageKey: form.imageKey || null,
  };
}

export function productToFormValue(product: ProductInput) {
  return {
    title: product.title,
    subtitle: product.subtitle,
    description: product.description,
    price: moneyToInput(product.priceBani),
    price2: product.price2Bani === null ? "" : moneyToInput(product.price2Bani),
    stock: product.stock === null ? "" : String(product.stock),
    isPublished: product.isPublished ? "da" : "nu",
    imageKey: product.imageKey ?? "",
  };
}

export const newProductFormValue = { title: "", subtitle: "", description: "", price: "", price2: "", stock: "", isPublished: "nu", imageKey: "" };
