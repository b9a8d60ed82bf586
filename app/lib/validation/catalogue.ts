/**
 * Add-to-cart forms of the catalogue (docs/architecture.md §6: one zod schema per form). Ids are positive
 * integers; a missing or invalid choice gets docs/product.md §5's field message. Amounts are never posted.
 */
import { z } from "zod";
import { CHOICE_MESSAGES } from "~/lib/course-actions";

const optionId = (message: string) => z.number({ error: message }).int({ error: message }).positive({ error: message }).max(2_147_483_647, { error: message });

export const addPhysicalCourseSchema = z.object({
  intent: z.literal("add-to-cart"),
  priceOptionId: optionId(CHOICE_MESSAGES.physical.field),
  accreditation: z.boolean().default(false),
  advancePayment: z.boolean().default(false),
  /** The chosen session; the server checks that the period needs one and that it has a place. */
  sessionId: z.number().int().positive().max(2_147_483_647).optional(),
});

export const addOnlineCourseSchema = z.object({
  intent: z.literal("add-to-cart"),
  priceOptionId: optionId(CHOICE_MESSAGES.online.field),
});

export const addProductSchema = z.object({
  intent: z.literal("add-to-cart"),
});
