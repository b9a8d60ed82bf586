/**
 * A message about the whole form (role="alert"): the server's form errors (wrong password,
 * too many attempts, "Vă rugăm să corectați erorile…") or a success note. Renders nothing
 * when there is nothing to say. Give it the form's errorId so the form can reference it.
 */
import type { ReactNode } from "react";

export function FormAlert({
  id,
  messages,
  tone = "error",
  children,
}: {
  id?: string;
  messages?: Array<string | null | undefined> | null;
  tone?: "error" | "success" | "info" | "warning";
  children?: ReactNode;
}) {
  const list = [...new Set((messages ?? []).filter((m): m is string => Boolean(m)))];
  if (list.length === 0 && !children) return null;
  return (
    <div id={id} className={`alert alert--${tone}`} role={tone === "error" || tone === "warning" ? "alert" : "status"}>
      {list.map((message) => (
        <p key={message}>{message}</p>
      ))}
      {children}
    </div>
  );
}
