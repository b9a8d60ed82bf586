import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { holdDiscreteEventsUntilRendered } from "~/lib/hydration-guard";
import { wholeStylesheetApplied } from "~/lib/whole-stylesheet";

holdDiscreteEventsUntilRendered(window);

// What React adds (a button, a message) must find its rules: a page that arrived with critical CSS
// is taken over once the whole stylesheet applies, never unstyled for a moment.
void wholeStylesheetApplied(document).then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  }),
);
