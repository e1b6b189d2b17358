// Small rules of the rank pages.
export const RANK_PAGE_SIZE = 30;
export const PAGE_SIZES = [10, 15, 30, 50, 100] as const;

const NICKNAME_TONES = ['blue', 'green', 'orange', 'red', 'purple'] as const;
export type NicknameTone = (typeof NICKNAME_TONES)[number];

/** One of five tag styles, by the nickname's length modulo 5 (spec §2 Site rankings). */
export function nicknameTone(nickname: string): NicknameTone {
  return NICKNAME_TONES[[...nickname].length % 5]!;
}

/** Bar widths (percent of the best) for the top-10 chart. */
export function barPercents(values: number[]): number[] {
  const max = Math.max(0, ...values);
  return values.map((v) => (max > 0 ? Math.round((Math.max(0, v) / max) * 100) : 0));
}
