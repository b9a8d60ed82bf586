/**
 * Enrolment payment status as users see it (docs/product.md §4): pending → "În așteptare" (red),
 * confirmed → "Confirmat" (green), anything else (failed, refunded, unknown) → "Eșuat" (orange).
 */
export type StatusTone = "pending" | "confirmed" | "failed";

export function paymentStatusView(status: string): { label: string; tone: StatusTone } {
  if (status === "pending") return { label: "În așteptare", tone: "pending" };
  if (status === "confirmed") return { label: "Confirmat", tone: "confirmed" };
  return { label: "Eșuat", tone: "failed" };
}

/** Progress as a whole percentage between 0 and 100. */
export function clampProgress(progress: number | null | undefined): number {
  if (typeof progress !== "number" || Number.isNaN(progress)) return 0;
  return Math.min(100, Math.max(0, Math.round(progress)));
}
