/**
 * The delivery card of an admin order (issue 16): method, address, fulfilment status, and the
 * next step: "Marchează expediată" (courier, AWB, optional tracking link), "Marchează livrată",
 * or "Marchează ridicată" for pickup. Only paid orders can move; plain forms, no JS needed.
 */
import { Form } from "@remix-run/react";
import { formatDateTime } from "~/lib/dates";
import { ORDER_STATUS_LABELS } from "~/lib/order-labels";
import type { OrderStatus } from "../../../db/schema";
import { DELIVERY_KIND_LABELS, formatDeliveryAddress, fulfilmentView, type DeliveryKind, type FulfilmentStatus } from "~/lib/delivery";
import { formatPrice } from "~/lib/money";

export interface FulfilmentView {
  methodName: string;
  kind: DeliveryKind;
  feeBani: number;
  address: { name: string; phone: string; street: string; city: string; county: string; postalCode: string } | null;
  status: FulfilmentStatus;
  courierName: string | null;
  awb: string | null;
  trackingUrl: string | null;
  shippedAt: string | Date | null;
  completedAt: string | Date | null;
}

export function FulfilmentCard({
  delivery,
  orderStatus,
  busy,
  errors,
  pickupAddress,
}: {
  delivery: FulfilmentView;
  orderStatus: OrderStatus;
  busy: boolean;
  errors?: Record<string, string[] | null> | null;
  pickupAddress: string;
}) {
  const paid = orderStatus === "paid";
  const view = fulfilmentView(delivery.status, orderStatus);
  const error = (name: string) => errors?.[name]?.[0];
  const input = (name: string, label: string, type = "text", required = true) => (
    <div className="field">
      <label htmlFor={`ship-${name}`} className="field__label">
        {label}
        {!required ? <span className="field__optional"> (opțional)</span> : null}
      </label>
      <input
        id={`ship-${name}`}
        name={name}
        type={type}
        className="input"
        required={required}
        aria-invalid={error(name) ? true : undefined}
        aria-describedby={error(name) ? `ship-${name}-error` : undefined}
      />
      {error(name) ? (
        <p id={`ship-${name}-error`} className="field__error" role="alert">
          {error(name)}
        </p>
      ) : null}
    </div>
  );
  return (
    <div className="card card--pad" data-testid="fulfilment">
      <h3>Livrare</h3>
      <p>
        {delivery.methodName} ({DELIVERY_KIND_LABELS[delivery.kind]}) · {delivery.feeBani === 0 ? "gratuit" : formatPrice(delivery.feeBani)}
        <br />
        Status: <span className={`status status--${view.tone}`}>{view.label}</span>
      </p>
      {delivery.kind === "pickup" ? (
        <p className="muted">Ridicare de la: {pickupAddress}</p>
      ) : delivery.address ? (
        <p className="prewrap">
          {delivery.kind === "locker" ? "Easybox / locker: " : "Adresa: "}
          {formatDeliveryAddress(delivery.address)}
        </p>
      ) : null}
      {delivery.awb ? (
        <p>
          Curier: {delivery.courierName} · AWB <strong>{delivery.awb}</strong>
          {delivery.trackingUrl ? (
            <>
              {" "}
              · <a href={delivery.trackingUrl}>urmărire</a>
            </>
          ) : null}
          {delivery.shippedAt ? <span className="muted"> · expediată {formatDateTime(delivery.shippedAt)}</span> : null}
        </p>
      ) : null}
      {view.closed ? <p className="muted">Comanda a fost închisă ({ORDER_STATUS_LABELS[orderStatus].toLowerCase()}): nu se expediază.</p> : null}
      {!paid && !view.closed && delivery.status === "to_prepare" ? <p className="muted">Comanda poate fi expediată după confirmarea plății.</p> : null}
      {paid && delivery.status === "to_prepare" && delivery.kind !== "pickup" ? (
        <Form method="post" className="form">
          {input("courierName", "Curier")}
          {input("awb", "Număr AWB")}
          {input("trackingUrl", "Link de urmărire", "url", false)}
          <button type="submit" name="intent" value="ship" className="button button--primary" disabled={busy}>
            Marchează expediată
          </button>
        </Form>
      ) : null}
      {paid && delivery.status === "shipped" ? (
        <Form method="post">
          <button type="submit" name="intent" value="deliver" className="button button--dark" disabled={busy}>
            Marchează livrată
          </button>
        </Form>
      ) : null}
      {paid && delivery.status === "to_prepare" && delivery.kind === "pickup" ? (
        <Form method="post">
          <button type="submit" name="intent" value="pickup" className="button button--primary" disabled={busy}>
            Marchează ridicată
          </button>
        </Form>
      ) : null}
    </div>
  );
}
