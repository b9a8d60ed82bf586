/** A product line's quantity (issue 16): a number box bounded by the stock and "Actualizează". */
import { Form } from "@remix-run/react";

export function QuantityForm({ lineId, quantity, stock, title }: { lineId: string; quantity: number; stock: number | null; title: string }) {
  const max = Math.max(1, Math.min(99, stock ?? 99));
  return (
    <Form method="post" action="/cart" replace preventScrollReset className="cart-line__quantity">
      <input type="hidden" name="lineId" value={lineId} />
      <label htmlFor={`cantitate-${lineId}`}>Cantitate</label>
      <input
        id={`cantitate-${lineId}`}
        name="quantity"
        type="number"
        inputMode="numeric"
        min={1}
        max={Math.max(max, quantity)}
        defaultValue={quantity}
        key={quantity}
        className="input input--quantity"
        aria-label={`Cantitate ${title}`}
      />
      <button type="submit" name="intent" value="quantity" className="button button--light button--small">
        Actualizează
      </button>
      {stock !== null ? <span className="muted cart-line__stock">în stoc: {stock}</span> : null}
    </Form>
  );
}
