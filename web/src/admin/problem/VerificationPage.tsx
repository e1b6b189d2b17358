// Import verification (issue #25 item 3): the solutions a package shipped, judged on the imported
// problem, expected vs got with times; rows fill in live from the admin room's pushes. Reopening
// the screen reads the stored table. The problem stays private until published here.
import { Button, Callout, Card, H4, HTMLTable, Intent, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import { VERIFY_HELD_PREFIX, type ProblemVerification, type ProblemVerifyRow } from '@oj/protocol/problem';
import { ClientEvents, ServerEvents } from '@oj/protocol/realtime/names';
import { http } from '../../api/client';
import { connectSocket } from '../../api/socket';
import { useSession } from '../../store/session';
import { problemApi } from './api';

export const verificationApi = {
  get: (pid: number) => http.get('/api/admin/problem/verification', { pid }),
  rerun: (pid: number) => http.post('/api/admin/problem/verification/rerun', { pid }),
};

/**
 * A row held back until the time limit is derived (its server message, K6), worded by the screen
 * in its own language: with the rule's multiplier when it reads; null for any other row.
 */
export function heldRule(r: ProblemVerifyRow): { multiplier: number | null } | null {
  if (r.got !== null || !r.message?.startsWith(VERIFY_HELD_PREFIX)) return null;
  try {
    const rule: unknown = JSON.parse(r.message.slice(VERIFY_HELD_PREFIX.length));
    if (rule && typeof rule === 'object' && 'multiplier' in rule && typeof rule.multiplier === 'number')
      return { multiplier: rule.multiplier };
  } catch {
    // a rule this screen cannot read: worded without the multiplier
  }
  return { multiplier: null };
}

function heldTitle(t: (key: string, o?: Record<string, unknown>) => string, r: ProblemVerifyRow) {
  const held = heldRule(r);
  if (!held) return r.message ?? undefined;
  return held.multiplier === null
    ? t('verifyUi.held')
    : t('verifyUi.heldTitle', { multiplier: held.multiplier });
}

/** The table alone (component test): one row per shipped solution. */
export function VerificationTable({ rows }: { rows: ProblemVerifyRow[] }) {
  const { t } = useTranslation();
  return (
    <div style={{ overflowX: 'auto' }}>
      <HTMLTable compact striped data-testid="verify-table" style={{ width: '100%' }}>
        <thead>
          <tr>
            <th>{t('verifyUi.solution')}</th>
            <th>{t('verifyUi.language')}</th>
            <th>{t('verifyUi.expected')}</th>
            <th>{t('verifyUi.got')}</th>
            <th>{t('verifyUi.time')}</th>
            <th>{t('verifyUi.memory')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr
              key={r.id}
              data-testid="verify-row"
              data-state={r.got === null ? 'pending' : r.matches ? 'match' : 'mismatch'}
            >
              <td style={{ wordBreak: 'break-all' }}>
                <code>{r.path}</code>
              </td>
              <td>{r.language}</td>
              <td>{r.expected.join(' / ')}</td>
              <td data-testid="verify-got" title={heldTitle(t, r)}>
                {r.got === null ? (
                  <Tag minimal icon={<Spinner size={12} />}>
                    {heldRule(r) ? t('verifyUi.held') : t('verifyUi.pending')}
                  </Tag>
                ) : (
                  <Tag intent={r.matches ? Intent.SUCCESS : Intent.DANGER}>
                    {r.got} {r.matches ? '✓' : `✗ ${t('verifyUi.mismatch')}`}
                  </Tag>
                )}
              </td>
              <td>{r.time === null ? '—' : `${r.time} ms`}</td>
              <td>
                {r.memory === null
                  ? '—'
                  : r.memory < 10240
                    ? `${r.memory} KB`
                    : `${Math.round(r.memory / 1024)} MB`}
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}

/** A summary line: how many are judged and how many match. */
export function verifySummary(rows: ProblemVerifyRow[]) {
  const done = rows.filter((r) => r.got !== null);
  return { total: rows.length, done: done.length, mismatched: done.filter((r) => !r.matches).length };
}

export function VerificationPage() {
  const { t } = useTranslation();
  const params = useParams<{ pid: string }>();
  const pid = Number(params.pid);
  const token = useSession((s) => s.token);
  const [data, setData] = useState<ProblemVerification | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    let cleanup = () => {};
    void connectSocket(token).then((socket) => {
      if (!live) return;
      const onRow = (row: ProblemVerifyRow) =>
        setData((d) =>
          d && row.pid === d.pid ? { ...d, rows: d.rows.map((r) => (r.id === row.id ? row : r)) } : d,
        );
      const join = () => socket.emit(ClientEvents.subscribeAdmin, {}, () => undefined);
      socket.on(ServerEvents.adminProblemVerify, onRow);
      socket.on('connect', join);
      if (socket.connected) join();
      cleanup = () => {
        socket.off(ServerEvents.adminProblemVerify, onRow);
        socket.off('connect', join);
      };
      // Rows judged before the room was joined are read from the store.
      void verificationApi.get(pid).then(
        (d) => live && setData(d),
        (e: Error) => live && setError(e.message),
      );
    });
    return () => {
      live = false;
      cleanup();
    };
  }, [pid, token]);

  if (error) return <NonIdealState icon="error" title={error} />;
  if (!data) return <Spinner />;
  const s = verifySummary(data.rows);
  const rerun = async () => {
    setBusy(true);
    try {
      await verificationApi.rerun(pid);
      setData({
        ...data,
        rows: data.rows.map((r) => ({
          ...r,
          status: null,
          got: null,
          matches: null,
          time: null,
          memory: null,
          message: null,
        })),
      });
      setData(await verificationApi.get(pid));
    } finally {
      setBusy(false);
    }
  };
  const publish = async () => {
    await problemApi.changeAuth(pid, 1);
    setData({ ...data, auth: 1 });
  };
  return (
    <Card data-testid="admin-verification">
      <H4>
        {t('verifyUi.title')}: {data.problemId} {data.title}
      </H4>
      {data.rows.length === 0 ? (
        <NonIdealState icon="search" title={t('verifyUi.none')} />
      ) : (
        <>
          <Callout
            data-testid="verify-summary"
            intent={s.done < s.total ? Intent.PRIMARY : s.mismatched ? Intent.DANGER : Intent.SUCCESS}
            style={{ marginBottom: 8 }}
          >
            {s.done < s.total
              ? t('verifyUi.progress', { done: s.done, total: s.total })
              : s.mismatched
                ? t('verifyUi.mismatches', { count: s.mismatched })
                : t('verifyUi.allMatch', { total: s.total })}
          </Callout>
          <VerificationTable rows={data.rows} />
        </>
      )}
      <div className="oj-admin-toolbar" style={{ marginTop: 8 }}>
        <Button
          icon="refresh"
          loading={busy}
          disabled={!data.rows.length}
          onClick={() => void rerun()}
          data-testid="verify-rerun"
        >
          {t('verifyUi.rerun')}
        </Button>
        {data.auth !== 1 ? (
          <Button
            icon="eye-open"
            intent={Intent.PRIMARY}
            onClick={() => void publish()}
            data-testid="verify-publish"
          >
            {t('verifyUi.publish')}
          </Button>
        ) : (
          <Tag intent={Intent.SUCCESS} data-testid="verify-public">
            {t('verifyUi.public')}
          </Tag>
        )}
      </div>
    </Card>
  );
}
