/**
 * docs/product.md §9: new ids continue from the maximum existing id. A new course starts with one default
 * chapter and detail of id 0; a chapter added to an empty list starts at 1 (pass firstId).
 */
export function nextId(items: ReadonlyArray<{ id: number }>, firstId = 0): number {
  if (items.length === 0) return firstId;
  return Math.max(...items.map((item) => item.id)) + 1;
}
