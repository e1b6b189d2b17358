// /admin/contest/ccs-feed: our scroll board (resolver) on any Contest API event feed (issue #24
// item 7). An admin gives the feed's URL with basic-auth credentials (the server fetches it) or
// uploads the NDJSON file; the server reads it into the ACM or OI resolver's input, and the
// resolver reveals what the freeze hid, as on a contest of ours.
import { Button, Callout, FileInput, FormGroup, InputGroup } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CcsFeedBoard } from '@oj/protocol/contest/ccs-import';
import { ApiError } from '../../api/client';
import { ccsApi } from './ccs-api';
import { Board } from '../../contest/ScrollBoardPage';
import { OiScrollBoardView } from '../../contest/ScrollBoardOi';
import { buildSealedBoard } from '../../contest/scroll-reveal';
import { buildOiSealedBoard } from '../../contest/scroll-reveal-oi';
import { formatDateTime } from '../../contest/format';
import '../../contest/contest.css';
import './admin-contest.css';

const NO_AWARDS = { awardType: null, awardConfigList: null };

/** The resolver's starting state for a feed (sealed at its freeze; no freeze: nothing hidden). */
export function feedScrollState(feed: CcsFeedBoard) {
  if (feed.kind === 'oi')
    return {
      kind: 'oi' as const,
      state: buildOiSealedBoard(feed.board, { nameOf: (row) => row.nickname ?? row.username }),
    };
  return {
    kind: 'acm' as const,
    state: buildSealedBoard({
      problems: feed.problems,
      startTime: feed.startTime,
      sealTime: feed.freezeTime ?? Number.MAX_SAFE_INTEGER,
      submissions: feed.submissions,
    }),
  };
}

function Revealed({ feed }: { feed: CcsFeedBoard }) {
  const start = useMemo(() => feedScrollState(feed), [feed]);
  if (start.kind === 'oi')
    return (
      <OiScrollBoardView initial={start.state} colors={feed.colors} medalQuery={null} awards={NO_AWARDS} />
    );
  return <Board initial={start.state} colors={feed.colors} medalQuery={null} awards={NO_AWARDS} />;
}

export function CcsFeedBoardPage() {
  const { t } = useTranslation();
  const [url, setUrl] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [feed, setFeed] = useState<CcsFeedBoard | null>(null);
  const [revealing, setRevealing] = useState(false);

  const load = async () => {
    if (!file && !url.trim()) return setProblem(t('ccsFeed.needSource'));
    setProblem(null);
    setBusy(true);
    try {
      const body = file
        ? { ndjson: await file.text() }
        : { url: url.trim(), username: username || undefined, password: password || undefined };
      setFeed(await ccsApi.feedBoard(body));
    } catch (e) {
      setProblem(e instanceof ApiError ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  if (feed && revealing)
    return (
      <div data-testid="ccs-feed-board">
        <Button small icon="arrow-left" onClick={() => setRevealing(false)} data-testid="ccs-feed-back">
          {t('ccsFeed.back')}
        </Button>
        <Revealed feed={feed} />
      </div>
    );

  const teams = feed
    ? new Set(feed.kind === 'acm' ? feed.submissions.map((s) => s.uid) : feed.board.rows.map((r) => r.uid))
        .size
    : 0;
  return (
    <div className="oj-admin-page" data-testid="ccs-feed">
      <h2>{t('ccsFeed.title')}</h2>
      <p className="oj-cell-note">{t('ccsFeed.help')}</p>
      <div className="oj-ccs-form">
        <FormGroup label={t('ccsFeed.url')} labelFor="ccs-feed-url">
          <InputGroup
            id="ccs-feed-url"
            type="url"
            placeholder="https://…/api/contests/{id}/event-feed"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            data-testid="ccs-feed-url"
          />
        </FormGroup>
        <FormGroup label={t('ccsFeed.username')} labelFor="ccs-feed-user">
          <InputGroup
            id="ccs-feed-user"
            autoComplete="off"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
          />
        </FormGroup>
        <FormGroup label={t('ccsFeed.password')} labelFor="ccs-feed-pass">
          <InputGroup
            id="ccs-feed-pass"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </FormGroup>
        <FormGroup label={t('ccsFeed.upload')}>
          <FileInput
            fill
            text={file?.name ?? '…'}
            inputProps={{ accept: '.ndjson,.json,.txt', 'aria-label': t('ccsFeed.upload') }}
            onInputChange={(e) => setFile((e.target as HTMLInputElement).files?.[0] ?? null)}
            data-testid="ccs-feed-file"
          />
        </FormGroup>
      </div>
      <Button intent="primary" loading={busy} onClick={() => void load()} data-testid="ccs-feed-load">
        {t('ccsFeed.load')}
      </Button>
      {problem && (
        <Callout intent="danger" className="oj-ccs-callout" data-testid="ccs-feed-problem">
          {problem}
        </Callout>
      )}
      {feed && (
        <Callout className="oj-ccs-callout" data-testid="ccs-feed-summary">
          <p>{t('ccsFeed.contest', { name: feed.contestName })}</p>
          <p>
            {t('ccsFeed.facts', {
              problems: feed.problems.length,
              teams,
              kind: t(feed.kind === 'oi' ? 'ccsFeed.kindOi' : 'ccsFeed.kindAcm'),
              freeze:
                feed.freezeTime === null
                  ? t('ccsFeed.noFreeze')
                  : formatDateTime(new Date(feed.freezeTime).toISOString()),
            })}
          </p>
          <p>
            {t('ccsFeed.stats', {
              lines: feed.stats.lines,
              skipped: feed.stats.skipped,
              pending: feed.stats.pending,
              hidden: feed.stats.hiddenTeams,
            })}
          </p>
          {feed.kind === 'acm' && feed.penaltyMinutes !== 20 && (
            <p data-testid="ccs-feed-penalty">{t('ccsFeed.penalty', { minutes: feed.penaltyMinutes })}</p>
          )}
          <Button intent="success" onClick={() => setRevealing(true)} data-testid="ccs-feed-start">
            {t('ccsFeed.start')}
          </Button>
        </Callout>
      )}
    </div>
  );
}
