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
} from './ports';
export { createProblemJudgePort, type ProblemJudgePort, type ProblemForJudge } from './port';
export { seedSampleProblems } from './seed';

export function createProblemCapability(ctx: AppContext, ports: ProblemPorts = {}): Capability {
  const service = createProblemService(ctx, ports);
  const admin = createProblemAdminService(ctx);
  const files = createProblemFilesService(ctx, ports);
  return {
    name: 'problem',
    routes(app) {
      registerProblemRoutes(app, service);
      registerProblemAdminRoutes(app, admin, files);
    },
  };
}
