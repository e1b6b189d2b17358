// Bottom strip of the other problems of a contest or training (focus-mode list), coloured by the caller's result.
import { Button } from '@blueprintjs/core';
import { JudgeStatus } from '@oj/protocol/enums/judge-status';
import { useLocation } from 'wouter';
import { http } from '../api/client';
import { statusTone } from '../judge/status-meta';
import { useLoad } from '../shell/useLoad';
import type { Scope } from './CodePanel';

/** Where a problem of the strip opens, keeping the contest/training prefix. */
export function navHref(scope: Scope, problemId: string): string {
  const id = encodeURIComponent(problemId);
  if (scope.cid) return `/contest/${scope.cid}/problem/${id}`;
  if (scope.gid && scope.tid) return `/group/${scope.gid}/training/${scope.tid}/problem/${id}/full-screen`;
  if (scope.tid) return `/training/${scope.tid}/problem/${id}`;
  return `/problem/${id}`;
}

export function ProblemNavStrip({
  scope,
  current,
  refresh,
}: {
  scope: Scope;
  current: string;
  refresh: number;
}) {
  const [, navigate] = useLocation();
  const list = useLoad(
    () =>
      http.get(
        '/api/get-full-screen-problem-list',
        scope.tid ? { tid: Number(scope.tid) } : { cid: Number(scope.cid) },
        { quiet: true },
      ),
    [scope.cid, scope.tid, refresh],
  );
  const items = list.data ?? [];
  if (items.length === 0) return null;
  return (
    <nav className="oj-pd-nav" data-testid="problem-nav-strip">
      {items.map((p) => (
        <Button
          key={p.pid}
          small
          active={p.problemId === current}
          title={p.title}
          className={
            p.status === null || p.status === JudgeStatus.NOT_SUBMITTED
              ? ''
              : `oj-status-${statusTone(p.status)}`
          }
          onClick={() => navigate(navHref(scope, p.problemId))}
          data-testid="problem-nav-item"
        >
          {p.problemId}
          {p.score !== null ? ` (${p.score})` : ''}
        </Button>
      ))}
    </nav>
  );
}
