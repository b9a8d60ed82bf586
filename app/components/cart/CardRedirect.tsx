/**
 * Hands the buyer to the card processor: a form posting the sealed request (env_key, data,
 * cipher, iv) to its URL. Submitted automatically with JavaScript; without it, by the button.
 */
import { useEffect, useRef } from "react";

export function CardRedirect({ formUrl, fields }: { formUrl: string; fields: Record<string, string> }) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    form.current?.submit();
  }, []);
  return (
    <div className="modal" role="dialog" aria-modal="true" aria-labelledby="card-title">
      <div className="modal__panel card card--pad">
        <h2 id="card-title">Plata cu cardul</h2>
        <p>Te trimitem pe pagina securizată a procesatorului de plăți NETOPIA Payments.</p>
        <form ref={form} method="post" action={formUrl}>
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button type="submit" className="button button--primary">
            Continuă către plată
          </button>
        </form>
      </div>
    </div>
  );
}
