// "Remote · Codeforces": marks a problem judged on another OJ (issue #17). Remote problem ids are
// `OJ-id` (judge.md §6.1); the list rows carry only the id, the detail also `isRemote`.
import { Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

const REMOTE_JUDGES: Record<string, string> = {
  HDU: 'HDU',
  CF: 'Codeforces',
  GYM: 'Codeforces Gym',
  POJ: 'POJ',
  SPOJ: 'SPOJ',
  AC: 'AtCoder',
  LIBRE: 'LibreOJ',
};

/** The source judge's name of a remote problem id (`CF-1234A` → Codeforces), else null. */
export function remoteJudgeOf(problemId: string): string | null {
  const dash = problemId.indexOf('-');
  if (dash <= 0) return null;
  return REMOTE_JUDGES[problemId.slice(0, dash).toUpperCase()] ?? null;
}

export function RemoteBadge({ problemId, isRemote }: { problemId: string; isRemote?: boolean }) {
  const { t } = useTranslation();
  const judge = isRemote === false ? null : remoteJudgeOf(problemId);
  if (!judge) return null;
  return (
    <Tag minimal intent="primary" className="oj-remote-badge" data-testid="remote-badge">
      {t('remote.badge', { judge })}
    </Tag>
  );
}
