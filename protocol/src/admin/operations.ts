// The admin capability's operations (issue #30): request schemas and success envelope per route.
import { EmptyEnvelope, FileBytes } from '../envelope';
import type { OperationTable } from '../operations';
import {
  BatchResultEnvelope,
  DashboardInfoEnvelope,
  DbAndRedisConfigEnvelope,
  DeleteUsersBody,
  EditUserBody,
  EmailConfigEnvelope,
  GeneratedUsersKeyEnvelope,
  GenerateUserBody,
  InsertBatchBody,
  JudgeServerListEnvelope,
  JudgeServiceInfoListEnvelope,
  KeyQuery,
  ServiceInfoEnvelope,
  SessionEnvelope,
  SessionListEnvelope,
  SubmissionRateEnvelope,
  TestEmailBody,
  UserListQuery,
  UserRolesPageEnvelope,
} from './schemas';

export const adminOperations = {
  'GET /api/admin/dashboard/get-dashboard-info': { response: DashboardInfoEnvelope },
  'POST /api/admin/dashboard/get-sessions': { response: SessionEnvelope },
  'GET /api/admin/dashboard/recent-sessions': { response: SessionListEnvelope },
  'GET /api/admin/dashboard/judge-servers': { response: JudgeServerListEnvelope },
  'GET /api/admin/dashboard/submission-rate': { response: SubmissionRateEnvelope },
  'GET /api/admin/config/get-judge-service-info': { response: JudgeServiceInfoListEnvelope },
  'GET /api/admin/config/get-service-info': { response: ServiceInfoEnvelope },
  'GET /api/admin/config/get-db-and-redis-config': { response: DbAndRedisConfigEnvelope },
  /** Read-only settings: always refused. */
  'PUT /api/admin/config/set-db-and-redis-config': { response: EmptyEnvelope },
  'GET /api/admin/user/get-user-list': { querystring: UserListQuery, response: UserRolesPageEnvelope },
  'PUT /api/admin/user/edit-user': { body: EditUserBody, response: EmptyEnvelope },
  'DELETE /api/admin/user/delete-user': { body: DeleteUsersBody, response: EmptyEnvelope },
  'POST /api/admin/user/insert-batch-user': { body: InsertBatchBody, response: BatchResultEnvelope },
  'POST /api/admin/user/generate-user': { body: GenerateUserBody, response: GeneratedUsersKeyEnvelope },
  'GET /api/file/generate-user-excel': { querystring: KeyQuery, response: FileBytes },
  'GET /api/admin/config/get-email-config': { response: EmailConfigEnvelope },
  /** Read-only settings: always refused. */
  'PUT /api/admin/config/set-email-config': { response: EmptyEnvelope },
  'POST /api/admin/config/test-email': { body: TestEmailBody, response: EmptyEnvelope },
} as const satisfies Partial<OperationTable>;
