// Scroll-board settings (spec §2.6): opens /scrollBoard in a new window with cid, removeStar and medals[] ×3.
import { Button, Callout, Card, NumericInput, Switch } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { scrollBoardBlocker } from './rules';
import { useContestFacts } from './store';

export function scrollBoardUrl(cid: string, removeStar: boolean, medals: readonly number[]): string {
  const q = new URLSearchParams({ cid, removeStar: String(removeStar) });
  for (const m of medals) q.append('medals[]', String(m));
  return `/scrollBoard?${q.toString()}`;
}

export function ScrollBoardSettings({ cid }: { cid: string }) {
  const { t } = useTranslation();
  const [removeStar, setRemoveStar] = useState(false);
  const [medals, setMedals] = useState<number[]>([]);
  const set = (i: number, v: number) =>
    setMedals((m) => {
      const next = [m[0] ?? 0, m[1] ?? 0, m[2] ?? 0];
      next[i] = Number.isFinite(v) && v >= 0 ? Math.floor(v) : 0;
      return next;
    });
  const labels = ['contestUi.gold', 'contestUi.silver', 'contestUi.bronze'] as const;
  const facts = useContestFacts(cid);
  // The resolver reveals what the seal hid: it needs a sealed board and an ended contest (issue #16).
  const blocker = facts ? scrollBoardBlocker(facts.contest, Date.now()) : null;
  return (
    <Card className="oj-scroll-settings" data-testid="scroll-settings">
      {blocker && (
        <Callout intent="warning" icon="lock" data-testid="scroll-blocker" data-reason={blocker}>
          {t(`contestUi.scrollNeeds.${blocker}`)}
        </Callout>
      )}
      <Switch
        checked={removeStar}
        label={t('contestUi.removeStar')}
        onChange={() => setRemoveStar((v) => !v)}
      />
      {labels.map((key, i) => (
        <label key={key} className="oj-scroll-medal">
          {t(key)}
          <NumericInput
            min={0}
            value={medals[i] ?? ''}
            placeholder={t('contestUi.medalAuto')}
            onValueChange={(v) => set(i, v)}
            data-testid={`scroll-medal-${i}`}
          />
        </label>
      ))}
      <Button
        intent="primary"
        icon="share"
        disabled={blocker !== null}
        onClick={() =>
          window.open(scrollBoardUrl(cid, removeStar, medals.length === 3 ? medals : []), '_blank')
        }
        data-testid="scroll-open"
      >
        {t('contestUi.openScrollBoard')}
      </Button>
    </Card>
  );
}
