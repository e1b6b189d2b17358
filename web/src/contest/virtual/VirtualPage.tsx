// /contest/:contestID/virtual (issue #27): start a virtual participation in an ended contest, its
// clock (the contest clock machine on shifted times), the ghost board following pushed deltas,
// and the announcements as of the elapsed time.
import { Button, Callout, Card, HTMLTable, InputGroup, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { followRankPush, type FollowedPage, type RankPage } from '@oj/protocol/contest/rank-delta';
import type { AcmRankRow, OiRankRow, RankRow } from '@oj/protocol/contest/scoreboard';
import type { VirtualBoardPushed, VirtualParticipation } from '@oj/protocol/contest/virtual-schemas';
import { ServerEvents } from '@oj/protocol/realtime/names';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { connectSocket } from '../../api/socket';
import { useSession } from '../../store/session';
import { contestApi } from '../api';
import { hms } from '../rules';
import type { AnnouncementVO, ContestVO } from '../types';
import { virtualApi, type Clarification, type GhostPage } from './api';
import { useVirtualClock } from './useVirtualClock';
import '../contest.css';

const isOi = (r: RankRow): r is OiRankRow => 'totalScore' in r;

/** The ghost board as a table; the participant's row is marked. */
export function GhostTable({
  rows,
  me,
  virtualUids = [],
}: {
  rows: RankRow[];
  me: string;
  virtualUids?: string[];
}) {
  const { t } = useTranslation();
  if (rows.length === 0) return <NonIdealState icon="people" title={t('virtualUi.empty')} />;
  const oi = isOi(rows[0]!);
  const problems = [...new Set(rows.flatMap((r) => Object.keys(r.submissionInfo)))].sort();
  return (
    <div className="oj-virtual-board" data-testid="ghost-board">
      <HTMLTable compact striped>
        <thead>
          <tr>
            <th>{t('virtualUi.rank')}</th>
            <th>{t('virtualUi.user')}</th>
            <th>{oi ? t('virtualUi.score') : t('virtualUi.solved')}</th>
            <th>{t('virtualUi.penalty')}</th>
            {problems.map((p) => (
              <th key={p}>{p}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr
              key={r.uid}
              data-testid="ghost-row"
              data-uid={r.uid}
              className={r.uid === me ? 'oj-virtual-me' : ''}
            >
              <td>{r.rank === -1 ? '*' : r.rank}</td>
              <td>
                {r.username}{' '}
                {virtualUids.includes(r.uid) && (
                  <Tag minimal intent="warning" data-testid="ghost-virtual-tag">
                    {t('virtualUi.virtualTag')}
                  </Tag>
                )}{' '}
                {r.uid === me && (
                  <Tag minimal intent="primary">
                    {t('virtualUi.you')}
                  </Tag>
                )}
              </td>
              <td>{isOi(r) ? r.totalScore : (r as AcmRankRow).ac}</td>
              <td>{isOi(r) ? r.totalTime : hms(r.totalTime)}</td>
              {problems.map((p) => (
                <td key={p}>{cellText(r, p)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}

function cellText(r: RankRow, p: string): string {
  if (isOi(r)) return r.submissionInfo[p] == null ? '' : String(r.submissionInfo[p]);
  const c = (r as AcmRankRow).submissionInfo[p];
  if (!c) return '';
  if (c.isAC) return c.errorNum ? `+${c.errorNum}` : '+';
  return c.errorNum ? `-${c.errorNum}` : '';
}

/** Follows the participant's ghost board: one read, then pushed deltas (a read again on a gap). */
function useGhostBoard(v: VirtualParticipation, onEnded: () => void) {
  const token = useSession((s) => s.token);
  const [shown, setShown] = useState<FollowedPage<RankRow>>({
    page: null,
    version: null,
    plain: true,
    removeStar: false,
    pinUid: null,
  });
  const shownRef = useRef(shown);
  shownRef.current = shown;
  const endedRef = useRef(onEnded);
  endedRef.current = onEnded;
  const read = useCallback(async () => {
    try {
      const p: GhostPage = await virtualApi.board(v.vid);
      const page: RankPage<RankRow> = p;
      setShown((s) => ({ ...s, page, version: p.version }));
    } catch {
      // shown by the client
    }
  }, [v.vid]);
  useEffect(() => {
    void read();
  }, [read]);
  useEffect(() => {
    if (!token) return;
    let stopped = false;
    let cleanup = () => undefined as void;
    const fn = (payload: VirtualBoardPushed) => {
      if (payload?.vid !== v.vid) return;
      if (payload.ended) endedRef.current();
      const out = payload.reload
        ? { kind: 'fetch' as const }
        : followRankPush(shownRef.current, payload.deltas);
      if (out.kind === 'apply') setShown((s) => ({ ...s, page: out.page, version: out.version }));
      else if (out.kind !== 'current') void read();
    };
    void connectSocket(token)
      .then((socket) => {
        if (stopped) return;
        socket.on(ServerEvents.contestVirtualBoard, fn as never);
        cleanup = () => void socket.off(ServerEvents.contestVirtualBoard, fn as never);
      })
      .catch(() => undefined);
    return () => {
      stopped = true;
      cleanup();
    };
  }, [token, v.vid, read]);
  return shown.page;
}

function Running({ v, onEnded }: { v: VirtualParticipation; onEnded(): void }) {
  const { t } = useTranslation();
  const me = useSession((s) => s.user?.uid ?? '');
  const clock = useVirtualClock(v);
  const page = useGhostBoard(v, onEnded);
  const [notes, setNotes] = useState<AnnouncementVO[]>([]);
  const minute = Math.floor(clock.elapsed / 60_000);
  const [qa, setQa] = useState<Clarification[]>([]);
  useEffect(() => {
    virtualApi.announcements(v.vid).then(setNotes, () => undefined);
    virtualApi.clarifications(v.vid).then(setQa, () => undefined);
  }, [v.vid, minute]);
  const ended = clock.phase === 'ended';
  return (
    <div data-testid="virtual-running">
      <div className="oj-virtual-clock">
        <Tag
          large
          intent={ended ? 'none' : clock.phase === 'sealed' ? 'warning' : 'success'}
          data-testid="virtual-phase"
        >
          {t(`virtualUi.${clock.phase === 'scheduled' ? 'running' : clock.phase}`)}
        </Tag>
        <span data-testid="virtual-remaining">
          {t('virtualUi.remaining', { text: hms(clock.remaining / 1000) })}
        </span>
        {v.result && <Tag intent="primary">{t('virtualUi.result', { rank: v.result.rank })}</Tag>}
        {!ended && (
          <Link href={`/contest/${v.cid}/problems`} data-testid="virtual-problems">
            {t('virtualUi.problems')}
          </Link>
        )}
      </div>
      <Card className="oj-virtual-section">
        <h4>{t('virtualUi.ghostBoard')}</h4>
        {page ? <GhostTable rows={page.records} me={me} /> : <Spinner size={24} />}
      </Card>
      {v.result && <FinalWithVirtual cid={v.cid} me={me} />}
      <Card className="oj-virtual-section" data-testid="virtual-announcements">
        <h4>{t('virtualUi.announcements')}</h4>
        {notes.length === 0 ? (
          <span className="oj-muted">{t('virtualUi.noAnnouncements')}</span>
        ) : (
          notes.map((n) => (
            <p key={n.id}>
              <b>{n.title}</b> {n.content}
            </p>
          ))
        )}
      </Card>
      <Card className="oj-virtual-section" data-testid="virtual-clarifications">
        <h4>{t('virtualUi.clarifications')}</h4>
        {qa.length === 0 ? (
          <span className="oj-muted">{t('virtualUi.noClarifications')}</span>
        ) : (
          qa.map((c) => (
            <div key={c.id} data-testid="virtual-clarification">
              <p>
                <b>{c.fromName}</b> {c.content}
              </p>
              {c.replies.map((r) => (
                <p key={r.id} className="oj-muted">
                  {r.fromName} → {r.toName}: {r.content}
                </p>
              ))}
            </div>
          ))
        )}
      </Card>
    </div>
  );
}

/** The final board with the finished virtual participants (item 3), on request. */
function FinalWithVirtual({ cid, me }: { cid: number; me: string }) {
  const { t } = useTranslation();
  const [board, setBoard] = useState<{ records: RankRow[]; virtualUids: string[] } | null>(null);
  return (
    <Card className="oj-virtual-section">
      <Button
        minimal
        icon="people"
        onClick={() => virtualApi.finalBoard(cid).then(setBoard, () => undefined)}
        data-testid="virtual-final-board"
      >
        {t('virtualUi.withVirtual')}
      </Button>
      {board && <GhostTable rows={board.records} me={me} virtualUids={board.virtualUids} />}
    </Card>
  );
}

function StartForm({ contest, onStarted }: { contest: ContestVO; onStarted(v: VirtualParticipation): void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    try {
      onStarted(await virtualApi.start(contest.id, password));
    } catch {
      // the client showed the server's message
    } finally {
      setBusy(false);
    }
  };
  return (
    <Callout intent="primary" title={t('virtualUi.title')} data-testid="virtual-start-form">
      <p>{t('virtualUi.intro')}</p>
      <form
        className="oj-contest-password"
        onSubmit={(e) => {
          e.preventDefault();
          void start();
        }}
      >
        {contest.auth !== 0 && (
          <InputGroup
            type="password"
            placeholder={t('virtualUi.password')}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            data-testid="virtual-password"
          />
        )}
        <Button type="submit" intent="primary" loading={busy} data-testid="virtual-start">
          {t('virtualUi.start')}
        </Button>
      </form>
    </Callout>
  );
}

export function VirtualPage() {
  const { t } = useTranslation();
  const params = useParams<{ contestID: string }>();
  const cid = Number(params.contestID);
  const [contest, setContest] = useState<ContestVO | null>(null);
  const [v, setV] = useState<VirtualParticipation | null | undefined>(undefined);
  const load = useCallback(() => {
    contestApi.info(String(cid)).then(setContest, () => setContest(null));
    virtualApi.ofContest(cid).then(setV, () => setV(null));
  }, [cid]);
  useEffect(load, [load]);
  if (v === undefined || contest === null) return <Spinner />;
  return (
    <div className="oj-virtual" data-testid="virtual-page">
      <h2>
        {contest.title} <Tag minimal>{t('virtualUi.virtualTag')}</Tag>
      </h2>
      {v ? (
        <Running v={v} onEnded={load} />
      ) : contest.status !== 1 ? (
        <Callout data-testid="virtual-not-ended">{t('virtualUi.notEnded')}</Callout>
      ) : (
        <StartForm contest={contest} onStarted={setV} />
      )}
    </div>
  );
}
