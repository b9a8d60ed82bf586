import { useEffect, useState } from "react";

let hydrated = false;

/**
 * False during the server render and the hydration render; true once React has hydrated. The
 * flag is app-wide: a component mounted later (after a client navigation) starts at true, so
 * JavaScript-only controls do not flash their no-JavaScript state. The one hook of the site.
 */
export function useHydrated(): boolean {
  const [value, setValue] = useState(hydrated);
  useEffect(() => {
    hydrated = true;
    setValue(true);
  }, []);
  return value;
}
