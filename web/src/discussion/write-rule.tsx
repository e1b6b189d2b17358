// The posting and commenting rule shown before the editor opens (issue #26 item 4): the threshold
// in force, the signed-in user's progress and the daily post cap, from GET /api/discussion-write-rule.
import { Button, Callout, ProgressBar } from '@blueprintjs/core';
import { discussionBlock, type DiscussionWriteRule } from '@oj/protocol/write-rules';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { http } from '../api/client';
import { useLoad } from '../shell/useLoad';
import { isLoggedIn, useSession } from '../store/session';

export const writeRuleApi = {
  discussion: () => http.get('/api/discussion-write-rule', {}, { quiet: true }),
};

/** The caller's rule (null: signed out, or not loaded yet); `version` reloads it. */
export function useDiscussionWriteRule(version = 0): DiscussionWriteRule | null {
  const loggedIn = useSession(isLoggedIn);
  const rule = useLoad(
    () => (loggedIn ? writeRuleApi.discussion() : Promise.resolve(null)),
    [loggedIn, version],
  );
  return rule.data ?? null;
}

/** The rule's text and progress while it blocks `kind`; nothing when the user may write. */
export function WriteRuleNotice({
  rule,
  kind,
}: {
  rule: DiscussionWriteRule | null;
  kind: 'post' | 'comment';
}) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const block = rule ? discussionBlock(rule, kind) : null;
  if (!rule || !block) return null;
  const need = kind === 'post' ? rule.postNeed : rule.commentNeed;
  return (
    <Callout intent="warning" compact className="oj-write-rule" data-testid={`write-rule-${kind}`}>
      {block === 'ac' ? (
        <>
          <div>{t(`writeRule.${kind}`, { need, accepted: rule.accepted })}</div>
          <ProgressBar
            intent="primary"
            stripes={false}
            value={need > 0 ? rule.accepted / need : 1}
            aria-label={`${rule.accepted}/${need}`}
          />
          <Button
            small
            minimal
            icon="arrow-right"
            text={t('writeRule.go')}
            onClick={() => navigate('/problem')}
          />
        </>
      ) : (
        <div>{t('writeRule.daily', { limit: rule.dailyLimit, count: rule.postedToday })}</div>
      )}
    </Callout>
  );
}
