/**
 * The box around a table that may scroll sideways on a narrow screen. A region a keyboard user
 * cannot reach is a region they cannot scroll (axe `scrollable-region-focusable`, WCAG 2.1.1), so
 * the box is always a named, focusable region: Tab stops on it and the arrow keys scroll it.
 * Whether it overflows depends on the screen, which the server does not know, so it is focusable
 * whatever the width (the pattern of accessible responsive tables).
 */
import type { ReactNode } from "react";

export function TableWrap({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-wrap" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
