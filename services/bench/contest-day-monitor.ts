// Contest-day bench (issue #22.7): what the bench sees on the run's bus (NATS, the run's prefix):
// the runners' progress reports (a Compiling report opens each judging: two for one submission
// is a submission judged twice; the Compiling → Judging → verdict times give the machine bound),
// and the contest's rank events (every one of them is a push each spectator should get).
import { createNatsBus, natsNamespace, type Bus } from '@oj/protocol/bus';
import { Subjects } from '@oj/protocol';
import type { JudgeProgress } from '@oj/protocol/judge/schemas';
import type { ContestRankChanged } from '@oj/protocol/realtime/events';

export interface Monitor {
  /** submitId → Compiling reports (judgings started). */
  judgings: Map<number, number>;
  /** submitId → first Compiling / Judging report times. */
  compilingAt: Map<number, number>;
  judgingAt: Map<number, number>;
  /** Rank events of the watched contest: `at` → events, while counting. */
  rankEvents: Map<number, number>;
  countRanks: boolean;
  watchContest(cid: number): Promise<void>;
  close(): Promise<void>;
}

export async function startMonitor(natsUrl: string, prefix: string): Promise<Monitor> {
  const bus: Bus = await createNatsBus({
    servers: natsUrl,
    name: 'contest-day-monitor',
    ...natsNamespace(prefix),
    onHandlerError: () => undefined,
    log: () => undefined,
  });
  const stops: (() => Promise<void>)[] = [];
  const m: Monitor = {
    judgings: new Map(),
    compilingAt: new Map(),
    judgingAt: new Map(),
    rankEvents: new Map(),
    countRanks: false,
    async watchContest(cid) {
      stops.push(
        await bus.subscribe<ContestRankChanged>(Subjects.contestEvent(cid, 'rank'), (e) => {
          if (m.countRanks) m.rankEvents.set(e.at, (m.rankEvents.get(e.at) ?? 0) + 1);
        }),
      );
    },
    async close() {
      for (const s of stops) await s().catch(() => undefined);
      await bus.close();
    },
  };
  stops.push(
    await bus.subscribe<JudgeProgress>(Subjects.judgeProgressAll, (p) => {
      if (p.kind !== 'submission' || p.submitId === undefined) return;
      const now = Date.now();
      if (p.status === 6) {
        m.judgings.set(p.submitId, (m.judgings.get(p.submitId) ?? 0) + 1);
        if (!m.compilingAt.has(p.submitId)) m.compilingAt.set(p.submitId, now);
      } else if (p.status === 7 && !m.judgingAt.has(p.submitId)) m.judgingAt.set(p.submitId, now);
    }),
  );
  return m;
}
