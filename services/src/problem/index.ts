// The problem capability: problem bank, tags, languages, test data, import/export.
import './messages.en';
import type { Unsubscribe } from '@oj/protocol/bus';
import type { AppContext, Capability } from '../platform/context';
import type { ProblemPorts } from './ports';
import { createProblemAdminService } from './admin-service';
import { registerProblemAdminRoutes } from './admin-routes';
import { createChangeNotifier, listenForChanges } from './changes';
import { createProblemFilesService, DEFAULT_TEST_DATA_QUOTA } from './files-service';
import { startBlobCollector } from './blob-collector';
import { createProblemListCache, type ProblemListCache, type ProblemListCacheOptions } from './list-cache';
import { registerProblemRoutes } from './routes';
import { createProblemService } from './service';
import { DEFAULT_ZIP_LIMITS } from './zip';
import { createVerificationService } from './verification/service';
import { createTestGeneration } from './generation';
import { registerVerificationRoutes } from './verification/routes';

export type {
  ProblemPorts,
  ProblemStatusPort,
  GroupMembershipPort,
  FullScreenListPort,
  StatusScope,
  CheckerCompilePort,
  CompileOutcome,
} from './ports';
export {
  createProblemJudgePort,
  type ProblemJudgePort,
  type ProblemForJudge,
  type ProblemCaseForJudge,
  type ProblemSummary,
} from './port';
import { seedSampleProblems } from './seed';

export { seedSampleProblems };
export type { ProblemListCache, ProblemListCacheOptions };

export interface ProblemCapabilityOptions {
  /** Insert the sample problems (1000–1003) on start when missing; default true. */
  seedSamples?: boolean;
  /** The public list's cache (lifetimes, size); `{ pageTtlMs: 0 }` turns it off. */
  listCache?: ProblemListCacheOptions;
}

/** The problem capability as the composition root sees it, plus its list cache (benchmarks, tests). */
export interface ProblemCapability extends Capability {
  readonly listCache: ProblemListCache;
  /** The back office (contest-owned problems are written through it, via the contest's port). */
  readonly admin: ReturnType<typeof createProblemAdminService>;
  /** Public rules (contest problem pages read a problem's tags, languages and templates here). */
  readonly service: ReturnType<typeof createProblemService>;
}

export function createProblemCapability(
  ctx: AppContext,
  ports: ProblemPorts = {},
  options: ProblemCapabilityOptions = {},
): ProblemCapability {
  const listCache = createProblemListCache(options.listCache);
  const changed = createChangeNotifier(ctx, listCache);
  const service = createProblemService(ctx, ports, listCache);
  const admin = createProblemAdminService(ctx, changed);
  const verification = createVerificationService(ctx);
  const files = createProblemFilesService(
    ctx,
    ports,
    DEFAULT_ZIP_LIMITS,
    changed,
    verification,
    createTestGeneration(ctx),
  );
  let listening: Unsubscribe[] = [];
  let stopVerifying: Unsubscribe | null = null;
  let stopCollector: (() => void) | null = null;
  return {
    name: 'problem',
    listCache,
    admin,
    service,
    routes(app) {
      registerProblemRoutes(app, service);
      registerProblemAdminRoutes(app, admin, files, ports.compiler);
      registerVerificationRoutes(app, verification);
    },
    async start() {
      stopVerifying ??= await verification.consume();
      if (listCache.enabled && listening.length === 0) listening = await listenForChanges(ctx, listCache);
      // Unreferenced test-data blobs past their grace period (issue #23 item 13).
      const quota = ctx.config.testDataQuota ?? DEFAULT_TEST_DATA_QUOTA;
      stopCollector ??= startBlobCollector({
        db: ctx.db,
        blobs: ctx.blobs,
        log: ctx.log,
        graceMs: quota.gcGraceMs,
        everyMs: quota.gcEveryMs,
      });
      if (options.seedSamples === false) return;
      try {
        const inserted = await seedSampleProblems(ctx);
        if (inserted.length) {
          ctx.log.info({ inserted }, 'sample problems seeded');
          await changed();
        }
      } catch (err) {
        // A missing fixture folder must not stop the platform; the problem bank just stays empty.
        ctx.log.error({ err }, 'seeding sample problems failed');
      }
    },
    async stop() {
      await stopVerifying?.();
      stopVerifying = null;
      stopCollector?.();
      stopCollector = null;
      const offs = listening;
      listening = [];
      await Promise.all(offs.map((off) => off()));
    },
  };
}
