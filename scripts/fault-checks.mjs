/**
 * The order checks of `npm run test:faults` (phase 1), kept apart from the run so that a unit
 * test (tests/unit/fault-checks.test.ts) shows they fail on a planted lost or doubled order.
 *
 * Each load buyer keeps a tally of its checkouts: every `cartVersion` it posted, with the answer
 * it got — a redirect (the order was placed), a refusal (4xx, or the form again), or no clear
 * answer (5xx, cut, timeout: the order may or may not have been committed). The cart version is
 * the checkout's idempotency key (orders.idempotency_key), so the database tells which posted
 * checkout each of the buyer's orders belongs to.
 */

/** The orders of the given buyers, by e-mail: their idempotency keys and line counts. */
export async function ordersOfBuyers(sql, emails) {
  if (emails.length === 0) return new Map();
  const rows = await sql`
    select u.email, o.idempotency_key as key, (select count(*)::int from order_lines l where l.order_id = o.id) as lines
    from orders o join users u on u.id = o.user_id
    where u.email in ${sql(emails)}`;
  const byEmail = new Map(emails.map((email) => [email, []]));
  for (const row of rows) byEmail.get(row.email).push({ key: row.key, lines: row.lines });
  return byEmail;
}

/**
 * What went wrong, per kind:
 * - lost: a checkout answered with success whose order is not in the database;
 * - doubled: an order that no single posted checkout explains — a second order for the same
 *   posted cart, an order for a cart never posted, or an order for a checkout that was refused;
 * - half: an order without lines.
 * `tallies`: [{ email, posts: [{ version, answer: "placed" | "refused" | "unclear" }] }].
 */
export function orderFindings(tallies, ordersByEmail) {
  const lost = [];
  const doubled = [];
  const half = [];
  for (const { email, posts } of tallies) {
    const orders = ordersByEmail.get(email) ?? [];
    const byKey = new Map();
    for (const order of orders) {
      byKey.set(order.key, (byKey.get(order.key) ?? 0) + 1);
      if (order.lines === 0) half.push(`${email}: order ${order.key} has no lines`);
    }
    // A cart posted more than once (a retry of the same checkout) still makes one order at
    // most; its strongest answer counts (placed > unclear > refused).
    const answers = new Map();
    for (const post of posts) {
      const seen = answers.get(post.version);
      if (seen === undefined || STRENGTH[post.answer] > STRENGTH[seen]) answers.set(post.version, post.answer);
    }
    for (const [version, answer] of answers) {
      if (answer === "placed" && !byKey.has(version)) lost.push(`${email}: checkout ${version} answered with success, no order`);
    }
    for (const [key, n] of byKey) {
      const answer = answers.get(key);
      if (n > 1) doubled.push(`${email}: ${n} orders for checkout ${key}`);
      if (answer === undefined) doubled.push(`${email}: order ${key} for a cart never posted`);
      else if (answer === "refused") doubled.push(`${email}: order ${key} for a refused checkout`);
    }
  }
  const placed = tallies.reduce((sum, t) => sum + t.posts.filter((p) => p.answer === "placed").length, 0);
  const attempts = tallies.reduce((sum, t) => sum + t.posts.length, 0);
  return { lost, doubled, half, placed, attempts };
}

const STRENGTH = { refused: 0, unclear: 1, placed: 2 };

/** The answer a checkout POST got: a redirect places the order; 5xx or no answer is unclear. */
export function checkoutAnswer(status) {
  if (status >= 300 && status < 400) return "placed";
  if (status === 0 || status >= 500) return "unclear";
  return "refused";
}
