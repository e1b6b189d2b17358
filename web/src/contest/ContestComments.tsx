// The contest Q&A tab (spec §2.5): the shared comment area with the three tips. It reloads when a
// question or reply is pushed: to contest admins every one (their room), to a contestant the answers
// to them (their user room; issue #26 item 13).
import { useMemo, useState } from 'react';
import { CommentArea, QaNotice } from '../discussion/CommentArea';
import { useContestLive } from './live';

export function ContestComments({ cid, isContestAdmin }: { cid: number; isContestAdmin: boolean }) {
  const [refresh, setRefresh] = useState(0);
  useContestLive(cid, { comment: () => setRefresh((n) => n + 1) });
  const source = useMemo(() => ({ kind: 'contest' as const, cid }), [cid]);
  const contest = useMemo(() => ({ isAdmin: isContestAdmin }), [isContestAdmin]);
  return <CommentArea source={source} contest={contest} notice={<QaNotice />} refreshKey={refresh} />;
}
