/**
 * The wording of the button that places an order (OUG 34/2014 art. 7 alin. (2)): when the order
 * creates an obligation to pay, the button says so; a cart with nothing to pay (a free course)
 * keeps its own label. Shared by the cart page and the JSON API's cart.
 */
export const ORDER_BUTTON_LABEL = "Comandă cu obligație de plată";
export const FREE_ORDER_BUTTON_LABEL = "Prinde cursul gratuit";

export function orderButtonLabel(dueNowBani: number): string {
  return dueNowBani === 0 ? FREE_ORDER_BUTTON_LABEL : ORDER_BUTTON_LABEL;
}
