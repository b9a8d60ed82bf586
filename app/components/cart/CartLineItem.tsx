import { Form } from "@remix-run/react";
import { useState } from "react";
import { formatPrice } from "~/lib/money";
import { formatAccess } from "~/lib/pricing";
import { formatSessionDays } from "~/lib/sessions";
import { QuantityForm } from "./QuantityForm";

export interface CartLineItemData {
  id: string;
  category: "physical" | "online" | "product";
  title: string | null;
  imageUrl: string | null;
  days: number | null;
  accreditation: boolean;
  diploma: boolean;
  dueNowBani: number;
  fullBani: number;
  advanceOnly: boolean;
  problem: string | null;
  href: string | null;
  quantity?: number;
  stock?: number | null;
  /** In-person course: the chosen session. */
  session?: { dates: string[]; startTime: string; endTime: string; place: string; seatsLeft: number } | null;
}

function Placeholder() {
  return (
    <svg viewBox="0 0 96 72" width="96" height="72" aria-hidden="true" className="cart-line__placeholder">
      <rect width="96" height="72" rx="10" fill="#fbeee9" />
      <rect x="42" y="14" width="12" height="14" rx="3" fill="#2b1b2e" opacity=".55" />
      <path d="M36 30a3 3 0 0 1 3-3h18a3 3 0 0 1 3 3l2 26a4 4 0 0 1-4 4H38a4 4 0 0 1-4-4Z" fill="#b8325a" opacity=".55" />
    </svg>
  );
}

/** One cart line (docs/product.md §2 Cart screen): image or placeholder, title, price, access, options, remove. */
export function CartLineItem({ line }: { line: CartLineItemData }) {
  const [imageFailed, setImageFailed] = useState(false);
  const title = line.title ?? "Titlu necunoscut";
  return (
    <li className="cart-line">
      <div className="cart-line__media">
        {line.imageUrl && !imageFailed ? (
          <img src={line.imageUrl} alt="" width={96} height={72} loading="lazy" onError={() => setImageFailed(true)} />
        ) : (
          <Placeholder />
        )}
      </div>
      <div className="cart-line__body">
        <h3 className="cart-line__title">{line.href ? <a href={line.href}>{title}</a> : title}</h3>
        <ul className="cart-line__meta">
          {line.category !== "product" ? <li>Acces: {formatAccess(line.days)}</li> : null}
          {line.category === "physical" ? <li>{line.accreditation ? "cu acreditare" : "fără acreditare"}</li> : null}
          {line.session ? (
            <li className="cart-line__session" data-testid="cart-line-session">
              Sesiunea: <strong>{formatSessionDays(line.session.dates)}</strong>, {line.session.startTime}–{line.session.endTime}, {line.session.place}
            </li>
          ) : null}
          {line.category === "online" ? <li>{line.diploma ? "diploma de participare" : "fără diplomă"}</li> : null}
        </ul>
        {line.category === "product" ? <QuantityForm lineId={line.id} quantity={line.quantity ?? 1} stock={line.stock ?? null} title={title} /> : null}
        {line.advanceOnly ? (
          <p className="cart-line__note">Restul de {formatPrice(line.fullBani - line.dueNowBani)} se achită la curs.</p>
        ) : null}
        {line.problem ? (
          <p className="field__error" role="alert">
            {line.problem}
          </p>
        ) : null}
      </div>
      <div className="cart-line__side">
        <p className="price cart-line__price">
          {formatPrice(line.dueNowBani)}
          {line.advanceOnly ? <span className="cart-line__advance"> (doar avans)</span> : null}
        </p>
        <Form method="post" replace>
          <input type="hidden" name="lineId" value={line.id} />
          <button type="submit" name="intent" value="remove" className="button button--light button--small" aria-label={`Elimină ${title} din coș`}>
            Elimină
          </button>
        </Form>
      </div>
    </li>
  );
}
