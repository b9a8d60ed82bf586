/**
 * A form's `intent` (the name/value of the button that sent it) read as a typed union, so that a
 * route action handles its intents in one exhaustive `switch` instead of an if-chain of strings.
 * An absent or unknown intent is `null`: the action answers 400.
 */
export function readIntent<const Intent extends string>(form: FormData, intents: readonly Intent[]): Intent | null {
  const value = form.get("intent");
  return typeof value === "string" && (intents as readonly string[]).includes(value) ? (value as Intent) : null;
}
