/**
 * Request schemas of the group contest routes (groups-admin-files.md §3) that the site's back
 * office does not share; the rest (contest body, problem and announcement bodies, paged queries)
 * are the back office's own, in schemas.ts.
 */
import { Type, type Static } from '@sinclair/typebox';

/** PUT /api/group/change-contest-visible (no `uid`: the server knows the caller). */
export const GroupContestVisibleQuery = Type.Object({ cid: Type.Integer(), visible: Type.Boolean() });
export type GroupContestVisibleQuery = Static<typeof GroupContestVisibleQuery>;

/** POST /api/group/add-contest-problem-from-group: a group problem by its display id. */
export const AddFromGroupQuery = Type.Object({
  problemId: Type.String(),
  cid: Type.Integer(),
  displayId: Type.String(),
});
export type AddFromGroupQuery = Static<typeof AddFromGroupQuery>;

/** DELETE /api/group/contest-announcement. */
export const AidCidQuery = Type.Object({ aid: Type.Integer(), cid: Type.Integer() });
export type AidCidQuery = Static<typeof AidCidQuery>;
