/** The cart's lines by group (physical courses, online courses, products), each with its total. */
import { formatPrice } from "~/lib/money";
import { CartLineItem, type CartLineItemData } from "./CartLineItem";

const GROUPS = [
  { key: "physical", title: "Cursuri Fizice" },
  { key: "online", title: "Cursuri Online" },
  { key: "product", title: "Produse" },
] as const;

export function CartGroups({
  lines,
  byCategory,
}: {
  lines: CartLineItemData[];
  byCategory: Record<(typeof GROUPS)[number]["key"], number>;
}) {
  return (
    <div className="cart-groups">
      {GROUPS.map((group) => {
        const groupLines = lines.filter((l) => l.category === group.key);
        if (groupLines.length === 0) return null;
        return (
          <section key={group.key} className="cart-group card" aria-labelledby={`grupa-${group.key}`}>
            <header className="cart-group__head">
              <h2 id={`grupa-${group.key}`}>{group.title}</h2>
              <p className="cart-group__total">
                Total: <strong>{formatPrice(byCategory[group.key])}</strong>
              </p>
            </header>
            <ul className="cart-lines">
              {groupLines.map((line) => (
                <CartLineItem key={line.id} line={line} />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
