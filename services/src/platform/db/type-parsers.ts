// How column values come back to JS, identical on PostgreSQL (pg) and PGlite.
// pg would return int8/numeric as strings and PGlite mixes number/bigint;
// services want plain numbers (COUNT(*), SUM(), bigserial ids).
// timestamptz/timestamp/date already come back as Date on both drivers.

export const PG_OID = { int8: 20, numeric: 1700 } as const;

/** int8 → number; refuses values a JS number cannot hold exactly instead of rounding silently. */
export function parseInt8(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`int8 value ${text} is outside the safe JavaScript integer range`);
  }
  return value;
}

/** numeric → number (scores, averages); exact decimals are not needed by this platform. */
export function parseNumeric(text: string): number {
  return Number(text);
}

export const TYPE_PARSERS: Record<number, (text: string) => unknown> = {
  [PG_OID.int8]: parseInt8,
  [PG_OID.numeric]: parseNumeric,
};
