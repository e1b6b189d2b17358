/**
 * Contest wire objects of the group, replay and virtual routes (issue #30) that the contest
 * capability's `responses.ts` does not hold: the paging fields of a board page these routes
 * answer (serialised, unlike the rank pages sent as ready bytes) and the group contest list's
 * VO (groups-admin-files.md §3: its `gid`, `allowEndSubmit` and `count` are null).
 */
import { Type, type Static } from '@sinclair/typebox';
import { EnvelopeOf, PageOf } from '../envelope';
import { ACMContestRankVO, AdminContestVO, ContestVO, OIContestRankVO } from './responses';

/** A board row: ACM or OI by the contest's type. */
export const ContestRankRow = Type.Union([ACMContestRankVO, OIContestRankVO]);

/** The fields of a board page (no `orders`/`searchCount`: boards page themselves). */
export const rankPageFields = {
  records: Type.Array(ContestRankRow),
  total: Type.Integer(),
  size: Type.Integer(),
  current: Type.Integer(),
  pages: Type.Integer(),
};

/** A contest of GET /api/group/get-contest-list: the list's ContestVO with these three null. */
export const GroupContestVO = Type.Object({
  ...ContestVO.properties,
  gid: Type.Null(),
  allowEndSubmit: Type.Null(),
  count: Type.Null(),
});
export type GroupContestVO = Static<typeof GroupContestVO>;
export const GroupContestPageEnvelope = EnvelopeOf(PageOf(GroupContestVO));

/** GET /api/group/get-admin-contest-list: the full rows, password included (the reference's). */
export const GroupAdminContestPageEnvelope = EnvelopeOf(PageOf(AdminContestVO));
