/**
 * "Facturi și comenzi" (#facturi). The cart/checkout work fills it with the user's orders and
 * invoices: pass them as children; with none it shows the empty state.
 */
import type { ReactNode } from "react";
import { AccountSection } from "./AccountSection";

export function InvoicesSection({ children }: { children?: ReactNode }) {
  return (
    <AccountSection id="facturi" title="Facturi și comenzi">
      {children ?? <p className="muted">Nu ai încă facturi sau comenzi.</p>}
    </AccountSection>
  );
}
