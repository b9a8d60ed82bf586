/** A message shown after a redirect or an action (docs/product.md §9 toast rules). */
export interface Toast {
  id: string;
  type: "success" | "error" | "info";
  message: string;
  /** Milliseconds before it closes itself: 5000 in account flows, 3000 in cart and admin flows. */
  duration: number;
  position: "top-right" | "top-left";
}

export type ToastInput = Pick<Toast, "message"> & Partial<Omit<Toast, "message" | "id">>;

/** Cart and admin flows: 3000 ms, top-left (docs/product.md §9). */
export const SHORT_TOAST = { duration: 3000, position: "top-left" } as const;
