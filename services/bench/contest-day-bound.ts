// Contest-day bench (issue #22.7): the machine bound of the burst. Before the contest, with
// nothing else running, each shared text of the mix is judged alone, one after another (a copy
// with a comment of its own, so the runner compiles it afresh and the burst later finds nothing
// compiled): the Compiling → Judging report is its compile, Judging → verdict its runs. The
// burst's bound is then its distinct compiles plus every submission's runs, done by all the cores
// at once: (Σ compiles of the burst's distinct texts + Σ runs of its submissions) / cores.
import { availableParallelism } from 'node:os';
import { io } from 'socket.io-client';
import { ServerEvents, type SubmissionUpdate } from '@oj/protocol/realtime/events';
import { FINAL, until } from '../test/faults/cluster';
import { Http } from './contest-day-http';
import { SHARED, ownCopy, type Source } from './contest-day-mix';
import type { Monitor } from './contest-day-monitor';

export interface Calibration {
  /** base text → compile and run ms when judged alone. */
  byBase: Record<string, { compileMs: number; runMs: number; status: number }>;
}

export async function calibrate(
  base: string,
  gatewayUrl: string,
  rootToken: string,
  problemIds: Record<string, string>,
  monitor: Monitor,
  tag: string,
): Promise<Calibration> {
  const http = new Http();
  const finals = new Map<number, { status: number; at: number }>();
  const socket = io(gatewayUrl, { auth: { token: rootToken }, transports: ['websocket'] });
  socket.on(ServerEvents.submissionUpdated, (u: SubmissionUpdate) => {
    if (FINAL(u.status) && !finals.has(u.submitId))
      finals.set(u.submitId, { status: u.status, at: Date.now() });
  });
  await until(
    () => socket.connected,
    (c) => c,
    'the calibration socket',
    30_000,
  );
  const byBase: Calibration['byBase'] = {};
  try {
    for (const s of SHARED) {
      const copy = ownCopy(s, `bound-${tag}`);
      const r = await http.call<{ submitId: number }>(
        'bound-submit',
        'POST',
        `${base}/api/submit-problem-judge`,
        {
          token: rootToken,
          body: { pid: problemIds[s.displayId], language: s.language, code: copy.code, isRemote: false },
        },
      );
      if (!r.env) throw new Error(`calibration submit failed: ${JSON.stringify(http.tally.errors)}`);
      const id = r.env.data.submitId;
      const fin = await until(
        () => finals.get(id),
        (f) => !!f,
        `the calibration verdict of ${s.base}`,
        120_000,
        20,
      );
      const c = monitor.compilingAt.get(id) ?? fin!.at;
      const j = monitor.judgingAt.get(id) ?? fin!.at;
      byBase[s.base] = { compileMs: j - c, runMs: fin!.at - j, status: fin!.status };
    }
  } finally {
    socket.close();
  }
  return { byBase };
}

/** The burst's machine bound in ms (see the file comment). */
export function burstBoundMs(cal: Calibration, burst: readonly Source[]): number {
  const distinct = new Map<string, string>();
  for (const s of burst) distinct.set(`${s.language}\n${s.code}`, s.base);
  let work = 0;
  for (const base of distinct.values()) work += cal.byBase[base]?.compileMs ?? 0;
  for (const s of burst) work += cal.byBase[s.base]?.runMs ?? 0;
  return work / availableParallelism();
}
