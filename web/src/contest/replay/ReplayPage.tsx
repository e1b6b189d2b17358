// /contest/:contestID/replay (issue #27 item 4): a replay of an ended contest for an audience.
// Every viewer follows one server clock: the board page is read once (and again on `reload`),
// then the pushed rank deltas of the replay's room move it; the clock between pushes is
// interpolated from the last moment the server sent. The controls (start, play, pause, speed,
// seek, the unsealed view, end) are shown to whoever the server says may control the replay, and
// the server decides again on every control.
import {
  Button,
  Callout,
  Card,
  HTMLSelect,
  InputGroup,
  NonIdealState,
  Spinner,
  Switch,
  Tag,
} from '@blueprintjs/core';
import { followRankPush, type FollowedPage } from '@oj/protocol/contest/rank-delta';
import type { ReplayBoardPage, ReplayPushed, ReplayState } from '@oj/protocol/contest/replay';
import type { RankRow } from '@oj/protocol/contest/scoreboard';
import { ClientEvents, ServerEvents } from '@oj/protocol/realtime/names';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import { connectSocket } from '../../api/socket';
import { useSession } from '../../store/session';
import { hms } from '../rules';
import { GhostTable } from '../virtual/VirtualPage';
import { replayApi, type ReplayControl } from './api';
import '../contest.css';

export const SPEEDS = [1, 2, 5, 10, 30, 60];

interface Moment {
  state: ReplayState;
  elapsed: number;
  sealed: boolean;
  /** Local time the server's moment arrived. */
  at: number;
}

/** Elapsed ms shown now: the last moment the server sent, run on at its speed unless paused. */
function shownElapsed(m: Moment, now: number): number {
  const run = m.state.paused ? 0 : Math.max(0, now - m.at) * m.state.speed;
  return Math.min(m.state.duration, m.elapsed + run);
}

/** Follows one replay: its page and clock, from one read and the room's pushes. */
function useReplay(cid: number, rid: number) {
  const token = useSession((s) => s.token);
  const [shown, setShown] = useState<FollowedPage<RankRow>>({
    page: null,
    version: null,
    plain: true,
    removeStar: false,
    pinUid: null,
  });
  const [moment, setMoment] = useState<Moment | null>(null);
  const [canControl, setCanControl] = useState(false);
  const shownRef = useRef(shown);
  shownRef.current = shown;
  const read = useCallback(async () => {
    try {
      const p: ReplayBoardPage = await replayApi.board(rid);
      setShown((s) => ({ ...s, page: p, version: p.version }));
      setMoment({ state: p.state, elapsed: p.elapsed, sealed: p.sealed, at: Date.now() });
      setCanControl(p.canControl);
    } catch {
      // the replay ended or is out of reach: the page says so from the state it has
    }
  }, [rid]);
  useEffect(() => {
    let stopped = false;
    let cleanup = () => undefined as void;
    const fn = (p: ReplayPushed) => {
      if (p?.rid !== rid) return;
      setMoment({ state: p.state, elapsed: p.elapsed, sealed: p.sealed, at: Date.now() });
      if (p.state.closed) return;
      if (p.reload || !p.deltas) return void read();
      let s = shownRef.current;
      for (const d of p.deltas) {
        const out = followRankPush(s, [d]);
        if (out.kind === 'apply') s = { ...s, page: out.page, version: out.version };
        else if (out.kind !== 'current') return void read();
      }
      setShown(s);
    };
    void connectSocket(token)
      .then((socket) => {
        if (stopped) return;
        socket.on(ServerEvents.contestReplay, fn as never);
        // Joined first, then read: a late viewer misses nothing between the read and the pushes.
        socket.emit(ClientEvents.subscribeReplay, { cid, rid }, () => void read());
        cleanup = () => {
          socket.off(ServerEvents.contestReplay, fn as never);
          socket.emit(ClientEvents.unsubscribeReplay, { cid, rid }, () => undefined);
        };
      })
      .catch(() => void read());
    return () => {
      stopped = true;
      cleanup();
    };
  }, [token, cid, rid, read]);
  return { page: shown.page, moment, canControl, read };
}

/** The admin's controls; each answer is the stored clock. */
export function ReplayControls({ moment, onState }: { moment: Moment; onState(s: ReplayState): void }) {
  const { t } = useTranslation();
  const [minutes, setMinutes] = useState('');
  const s = moment.state;
  const send = async (c: ReplayControl) => {
    try {
      onState(await replayApi.control(s.rid, c));
    } catch {
      // the client showed the server's message
    }
  };
  return (
    <div className="oj-replay-controls" data-testid="replay-controls">
      {s.paused ? (
        <Button
          icon="play"
          intent="primary"
          onClick={() => void send({ paused: false })}
          data-testid="replay-play"
        >
          {t('replayUi.play')}
        </Button>
      ) : (
        <Button icon="pause" onClick={() => void send({ paused: true })} data-testid="replay-pause">
          {t('replayUi.pause')}
        </Button>
      )}
      <label>
        {t('replayUi.speed')}{' '}
        <HTMLSelect
          value={String(s.speed)}
          onChange={(e) => void send({ speed: Number(e.currentTarget.value) })}
          data-testid="replay-speed"
          options={SPEEDS.map((n) => ({ value: String(n), label: t('replayUi.speedValue', { n }) }))}
        />
      </label>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const m = Number(minutes);
          if (Number.isFinite(m) && m >= 0) void send({ seek: Math.round(m * 60_000) });
        }}
      >
        <InputGroup
          type="number"
          min={0}
          max={Math.ceil(s.duration / 60_000)}
          placeholder={t('replayUi.seek')}
          value={minutes}
          onChange={(e) => setMinutes(e.target.value)}
          data-testid="replay-seek"
        />
        <Button type="submit" data-testid="replay-go">
          {t('replayUi.go')}
        </Button>
      </form>
      <Switch
        checked={s.unsealed}
        label={t('replayUi.unsealed')}
        onChange={(e) => void send({ unsealed: e.currentTarget.checked })}
        data-testid="replay-unsealed"
      />
      <Button
        icon="stop"
        intent="danger"
        minimal
        onClick={() => void send({ close: true })}
        data-testid="replay-close"
      >
        {t('replayUi.close')}
      </Button>
    </div>
  );
}

function ReplayView({ cid, rid }: { cid: number; rid: number }) {
  const { t } = useTranslation();
  const me = useSession((s) => s.user?.uid ?? '');
  const { page, moment, canControl, read } = useReplay(cid, rid);
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, []);
  if (!moment) return <Spinner />;
  if (moment.state.closed)
    return <NonIdealState icon="stop" title={t('replayUi.closed')} data-testid="replay-closed" />;
  const elapsed = shownElapsed(moment, now);
  const atEnd = elapsed >= moment.state.duration;
  return (
    <div data-testid="replay-view">
      <div className="oj-virtual-clock">
        <Tag large intent={moment.state.paused ? 'none' : 'success'} data-testid="replay-phase">
          {t(`replayUi.${atEnd ? 'atEnd' : moment.state.paused ? 'paused' : 'running'}`)}
        </Tag>
        {moment.sealed && (
          <Tag large intent="warning" data-testid="replay-sealed">
            {t('replayUi.sealed')}
          </Tag>
        )}
        <span data-testid="replay-elapsed">
          {t('replayUi.elapsed', { text: hms(Math.floor(elapsed / 1000)) })}
        </span>
        <Tag minimal data-testid="replay-speed-shown">
          {t('replayUi.speedValue', { n: moment.state.speed })}
        </Tag>
      </div>
      {canControl ? (
        <ReplayControls moment={moment} onState={() => void read()} />
      ) : (
        <p className="oj-muted">{t('replayUi.viewerOnly')}</p>
      )}
      <Card className="oj-virtual-section">
        <h4>{t('replayUi.board')}</h4>
        {page ? <GhostTable rows={page.records} me={me} /> : <Spinner size={24} />}
      </Card>
    </div>
  );
}

function StartForm({ cid, onStarted }: { cid: number; onStarted(s: ReplayState): void }) {
  const { t } = useTranslation();
  const [speed, setSpeed] = useState(10);
  const [unsealed, setUnsealed] = useState(false);
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    try {
      onStarted(await replayApi.start(cid, speed, unsealed));
    } catch {
      // the client showed the server's message
    } finally {
      setBusy(false);
    }
  };
  return (
    <Callout intent="primary" title={t('replayUi.title')} data-testid="replay-start-form">
      <label>
        {t('replayUi.speed')}{' '}
        <HTMLSelect
          value={String(speed)}
          onChange={(e) => setSpeed(Number(e.currentTarget.value))}
          data-testid="replay-start-speed"
          options={SPEEDS.map((n) => ({ value: String(n), label: t('replayUi.speedValue', { n }) }))}
        />
      </label>
      <Switch
        checked={unsealed}
        label={t('replayUi.unsealed')}
        onChange={(e) => setUnsealed(e.currentTarget.checked)}
      />
      <Button intent="primary" loading={busy} onClick={() => void start()} data-testid="replay-start">
        {t('replayUi.start')}
      </Button>
    </Callout>
  );
}

export function ReplayPage() {
  const { t } = useTranslation();
  const params = useParams<{ contestID: string }>();
  const cid = Number(params.contestID);
  const [info, setInfo] = useState<{ canStart: boolean; replays: ReplayState[] } | null | undefined>(
    undefined,
  );
  const load = useCallback(() => {
    replayApi.ofContest(cid).then(setInfo, () => setInfo(null));
  }, [cid]);
  useEffect(load, [load]);
  if (info === undefined) return <Spinner />;
  const rid = info?.replays[0]?.rid;
  return (
    <div className="oj-virtual" data-testid="replay-page">
      <h2>{t('replayUi.title')}</h2>
      {rid !== undefined ? (
        <ReplayView key={rid} cid={cid} rid={rid} />
      ) : info?.canStart ? (
        <StartForm cid={cid} onStarted={load} />
      ) : (
        <NonIdealState icon="history" title={t('replayUi.none')} data-testid="replay-none" />
      )}
    </div>
  );
}
