/** The centred card used by the login, registration and password pages. */
import type { ReactNode } from "react";

export function AuthCard({
  title,
  intro,
  children,
  footer,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <main className="page container auth">
      <div className="auth__card card">
        <div className="auth__head">
          <h1 className="auth__title">{title}</h1>
          {intro ? <p className="auth__intro">{intro}</p> : null}
        </div>
        {children}
        {footer ? <div className="auth__footer">{footer}</div> : null}
      </div>
    </main>
  );
}
