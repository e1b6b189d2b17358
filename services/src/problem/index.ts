// The problem capability: problem bank, tags, languages, test data, import/export.
import type { AppContext, Capability } from '../platform/context';
import type { ProblemPorts } from './ports';
import { createProblemAdminService } from './admin-service';
import { registerProblemAdminRoutes } from './admin-routes';
import { createProblemFilesService } from './files-service';
import { registerProblemRoutes } from './routes';
import { createProblemService } from './service';

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

export interface ProblemCapabilityOptions {
  /** Insert the sample problems (1000–1003) on start when missing; default true. */
  seedSamples?: boolean;
}

export function createProblemCapability(
  ctx: AppContext,
  ports: ProblemPorts = {},
  options: ProblemCapabilityOptions = {},
): Capability {
  const service = createProblemService(ctx, ports);
  const admin = createProblemAdminService(ctx);
  const files = createProblemFilesService(ctx, ports);
  return {
    name: 'problem',
    routes(app) {
      registerProblemRoutes(app, service);
      registerProblemAdminRoutes(app, admin, files, ports.compiler);
    },
    async start() {
      if (options.seedSamples === false) return;
      try {
        const inserted = await seedSampleProblems(ctx);
        if (inserted.length) ctx.log.info({ inserted }, 'sample problems seeded');
      } catch (err) {
        // A missing fixture folder must not stop the platform; the problem bank just stays empty.
        ctx.log.error({ err }, 'seeding sample problems failed');
      }
    },
  };
}
