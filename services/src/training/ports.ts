// What the training capability needs and offers. Groups plug in through the shared
// GroupRolePort (services/src/platform/shared-ports.ts): until the group capability provides it,
// NO_GROUPS makes every group training unreachable except for site roots.
import type { Bus } from '@oj/protocol/bus';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema';
import type { AuthUser } from '../platform/http/access';
import type { GroupRolePort } from '../platform/shared-ports';

export interface TrainingDeps {
  db: Kysely<Database>;
  bus: Bus;
  log: FastifyBaseLogger;
  groups: GroupRolePort;
  now?: () => number;
}

/** Where a training submission goes, as the judge's submit path asks (core.md submit rule 7). */
export interface TrainingSubmitTarget {
  pid: number;
  /** The training display id of the problem. */
  displayId: string;
  /** The training's group, null for site trainings. */
  gid: number | null;
}

/** Implemented here for the judge capability: throws the reference's ApiErrors. */
export interface TrainingSubmitPort {
  resolveSubmission(user: AuthUser, tid: number, displayId: string): Promise<TrainingSubmitTarget>;
}

/** A row of the focus-mode problem list (problem capability's FullScreenListPort.forTraining). */
export interface TrainingFullScreenRow {
  pid: number;
  problemId: string;
  title: string;
  status: number | null;
  score: number | null;
}
