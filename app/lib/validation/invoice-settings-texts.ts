/** The VAT modes as the invoice settings page names them, zod-free for the page (schema: invoice-settings.ts). */
export const VAT_MODE_LABELS = {
  payer: "Plătitor de TVA (prețurile includ TVA)",
  non_payer: "Neplătitor de TVA",
  exempt: "Scutit de TVA (cu mențiunea legală)",
} as const;
