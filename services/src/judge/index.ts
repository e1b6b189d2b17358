// The judge capability: submissions, verdicts from the runners, ranks.
import './messages.en';
import type { Unsubscribe } from '@oj/protocol/bus';
import { Subjects } from '@oj/protocol';
import type { AppContext, Capability } from '../platform/context';
import type {
  ContestSubmitPort,
  TrainingSubmitPort,
  ContestViewPort,
  GroupPort,
  JudgeSwitches,
  ProblemPort,
  ProblemStatusPort,
  SubmissionStatsPort,
} from './ports';
import { registerJudgeRoutes } from './routes';
import { createJudgeService, type JudgeService } from './service';
import { serveWatchChecks, startLivePath } from './live';
import { startOutbox } from './outbox';
import { createProblemStatus, createSubmissionStats } from './stats';
import { createContestSubmissionViews } from './contest-submissions';
import { registerContestSubmissionRoutes } from './contest-routes';
import { createSubmissionGuard } from './access';

export type { JudgeService, WatchDecision } from './service';
export type * from './ports';
export { DEFAULT_SWITCHES } from './ports';

export interface JudgeCapabilityOptions {
  problems: ProblemPort;
  groups?: GroupPort;
  contests?: ContestSubmitPort;
  trainings?: TrainingSubmitPort;
  /** The contest rules for reading contest submissions; absent = those endpoints are not served. */
  contestViews?: ContestViewPort;
  switches?: () => Promise<JudgeSwitches>;
  /** Consume results and progress in this process (default true). */
  live?: boolean;
  /** Results applied at once by this process (default: the live path's). */
  liveConcurrency?: number;
  /**
   * Sweep the judge outbox, answer runners' claims and lease renewals (default: with `live`).
   * The in-process bus (no NATS_URL) also rebuilds its queue from the outbox at start.
   */
  outbox?: boolean;
  /** Pause between outbox sweeps (default 1 s). */
  outboxIntervalMs?: number;
  /** A submit not stored within this many ms is refused and leaves nothing (default 5000, issue #22.3). */
  submitBoundMs?: number;
}

export interface JudgeCapability extends Capability {
  service: JudgeService;
  /** For the account capability (user home, heatmap). */
  stats: SubmissionStatsPort;
  /** For the problem capability (status markers). */
  problemStatus: ProblemStatusPort;
}

export function createJudgeCapability(ctx: AppContext, opts: JudgeCapabilityOptions): JudgeCapability {
  const service = createJudgeService({
    db: ctx.db,
    bus: ctx.bus,
    log: ctx.log,
    problems: opts.problems,
    groups: opts.groups,
    contests: opts.contests,
    contestViews: opts.contestViews,
    trainings: opts.trainings,
    switches: opts.switches,
    submitBoundMs: opts.submitBoundMs,
  });
  const stops: Unsubscribe[] = [];
  return {
    name: 'judge',
    service,
    stats: createSubmissionStats(ctx.db, opts.problems),
    problemStatus: createProblemStatus(ctx.db),
    routes(app) {
      registerJudgeRoutes(
        app,
        service,
        opts.problems,
        createSubmissionGuard(ctx.db, opts.contestViews, opts.groups),
      );
      if (opts.contestViews)
        registerContestSubmissionRoutes(
          app,
          createContestSubmissionViews(ctx.db, opts.contestViews),
          service,
        );
    },
    async start() {
      if (opts.live !== false)
        stops.push(await startLivePath(ctx.bus, service, ctx.log, { concurrency: opts.liveConcurrency }));
      stops.push(await serveWatchChecks(ctx.bus, service));
      if (opts.outbox ?? opts.live !== false)
        stops.push(
          await startOutbox(ctx.bus, service, ctx.log, {
            rebuild: !ctx.config.natsUrl,
            intervalMs: opts.outboxIntervalMs,
          }),
        );
      stops.push(await ctx.bus.subscribe(Subjects.problemChanged, () => service.forgetProblems()));
    },
    async stop() {
      for (const stop of stops.splice(0)) await stop();
    },
  };
}
