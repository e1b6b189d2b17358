// The group list a signed-in member sees is every visible group plus the member's own hidden ones,
// by id. The visible part is the same for everybody, so it comes from the shared caches (the ids
// and row ranges); only the member's hidden groups, a handful, are read per request.

export interface PagePick {
  kind: 'visible' | 'hidden';
  /** Index into the visible ids or into the hidden list. */
  index: number;
}

export interface MemberPageLayout {
  /** Visible groups on the page: indexes `visibleFrom`..`visibleTo` (exclusive) of the visible ids. */
  visibleFrom: number;
  visibleTo: number;
  /** The page's rows in order. */
  picks: PagePick[];
}

/**
 * Which rows make the page at `offset` (`limit` rows) of the id-ordered union of `visibleIds` and
 * `hiddenIds` (both ascending, disjoint: a hidden group is never visible).
 */
export function memberPageLayout(
  visibleIds: readonly number[],
  hiddenIds: readonly number[],
  offset: number,
  limit: number,
): MemberPageLayout {
  const picks: PagePick[] = [];
  let visibleFrom = -1;
  let i = 0;
  let j = 0;
  for (let k = 0; k < offset + limit && (i < visibleIds.length || j < hiddenIds.length); k++) {
    const hidden = j < hiddenIds.length && (i >= visibleIds.length || hiddenIds[j]! < visibleIds[i]!);
    if (k >= offset) {
      if (!hidden && visibleFrom < 0) visibleFrom = i;
      picks.push(hidden ? { kind: 'hidden', index: j } : { kind: 'visible', index: i });
    }
    if (hidden) j++;
    else i++;
  }
  if (visibleFrom < 0) visibleFrom = i;
  return { visibleFrom, visibleTo: i, picks };
}
