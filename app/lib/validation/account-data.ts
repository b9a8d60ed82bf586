/**
 * "Șterge contul" on /cont/sterge (GDPR art. 17): the current password again, and whether the
 * diplomas keep the holder's name. The explanation shown above the form and the messages are in
 * `account-data-texts.ts` (zod-free, for the page), re-exported here.
 */
import { z } from "zod";
import { currentPasswordField } from "./fields";

export const deleteAccountSchema = z.object({
  currentPassword: currentPasswordField(),
  /** Ticked: diplomas stay verifiable by code without the holder's name. */
  hideDiplomaName: z.boolean().optional().default(false),
});

export * from "./account-data-texts";
