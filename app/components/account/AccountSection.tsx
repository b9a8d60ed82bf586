/** One titled section of the account page, reachable by its anchor (#cursuri-active, …). */
import type { ReactNode } from "react";

export function AccountSection({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section id={id} className="account-section card" aria-labelledby={`${id}-title`}>
      <header className="account-section__head">
        <h2 id={`${id}-title`} className="account-section__title">
          {title}
        </h2>
        {action ? <div className="account-section__action">{action}</div> : null}
      </header>
      <div className="account-section__body">{children}</div>
    </section>
  );
}
