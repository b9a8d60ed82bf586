/** Route ids: a positive integer that fits PostgreSQL's `integer`; anything else is "not found". */
const MAX_INT = 2_147_483_647;

export function parseId(value: string | undefined | null): number | null {
  if (!value || !/^[1-9][0-9]{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= MAX_INT ? id : null;
}
