// The back office (reference/api/groups-admin-files.md §4.1, §4.2, §4.5 service info) and the
// live judge-server / submission-rate pushes of the admin dashboard. Browser-safe.
import { Type, type Static } from '@sinclair/typebox';
import { EnvelopeOf, PageOf } from '../envelope';
import { Nullable } from '../nullable';

// ---------- dashboard ----------

/** GET /api/admin/dashboard/get-dashboard-info */
export const DashboardInfo = Type.Object({
  userNum: Type.Integer(),
  /** Visible, non-group, not ended, starting within 14 days (reference). */
  recentContestNum: Type.Integer(),
  /** Submissions created today (server's day). */
  todayJudgeNum: Type.Integer(),
  /** Contests running now (addition of this platform). */
  runningContestNum: Type.Integer(),
});
export type DashboardInfo = Static<typeof DashboardInfo>;

/** POST /api/admin/dashboard/get-sessions: the caller's previous session. */
export const SessionVO = Type.Object({
  id: Type.Integer(),
  uid: Type.String(),
  userAgent: Nullable(Type.String()),
  ip: Nullable(Type.String()),
  gmtCreate: Nullable(Type.String()),
  gmtModified: Nullable(Type.String()),
});
export type SessionVO = Static<typeof SessionVO>;

/** A judge runner as the dashboard shows it (from its heartbeats). */
export const JudgeServerState = Type.Union([
  Type.Literal('up'),
  Type.Literal('draining'),
  Type.Literal('down'),
]);
export type JudgeServerState = Static<typeof JudgeServerState>;

export const JudgeServer = Type.Object({
  name: Type.String(),
  version: Type.String(),
  languages: Type.Array(Type.String()),
  concurrency: Type.Integer(),
  inFlight: Type.Integer(),
  load: Type.Number(),
  /** Epoch ms of the last heartbeat received. */
  lastSeen: Type.Integer(),
  state: JudgeServerState,
});
export type JudgeServer = Static<typeof JudgeServer>;

/** GET /api/admin/dashboard/judge-servers and the `admin:judge-servers` push. */
export const JudgeServerList = Type.Object({
  servers: Type.Array(JudgeServer),
  /** A runner counts as down after this long without a heartbeat. */
  staleAfterMs: Type.Integer(),
  at: Type.Integer(),
});
export type JudgeServerList = Static<typeof JudgeServerList>;

/** One minute of the submission-rate series: `minute` = epoch ms of the minute's start. */
export const SubmissionRatePoint = Type.Object({ minute: Type.Integer(), count: Type.Integer() });
export type SubmissionRatePoint = Static<typeof SubmissionRatePoint>;

/** GET /api/admin/dashboard/submission-rate and the `admin:submission-rate` push (the last 60 minutes). */
export const SubmissionRate = Type.Object({ points: Type.Array(SubmissionRatePoint), at: Type.Integer() });
export type SubmissionRate = Static<typeof SubmissionRate>;

// ---------- users (§4.2) ----------

export const UserListQuery = Type.Object({
  currentPage: Type.Optional(Type.Integer()),
  limit: Type.Optional(Type.Integer()),
  onlyAdmin: Type.Optional(Type.Boolean()),
  keyword: Type.Optional(Type.String()),
});
export type UserListQuery = Static<typeof UserListQuery>;

export const RoleVO = Type.Object({
  id: Type.Integer(),
  role: Type.String(),
  description: Type.String(),
  status: Type.Integer(),
  gmtCreate: Nullable(Type.String()),
  gmtModified: Nullable(Type.String()),
});

const Str = Nullable(Type.String());
export const UserRolesVO = Type.Object({
  uid: Type.String(),
  username: Type.String(),
  /** The original leaked the password hash here; this platform never sends it (docs/compat.md A-B2). */
  password: Type.Null(),
  nickname: Str,
  school: Str,
  course: Str,
  number: Str,
  gender: Str,
  realname: Str,
  cfUsername: Str,
  github: Str,
  blog: Str,
  email: Str,
  avatar: Str,
  titleName: Str,
  titleColor: Str,
  signature: Str,
  status: Type.Integer(),
  gmtCreate: Str,
  gmtModified: Str,
  roles: Type.Array(RoleVO),
});
export type UserRolesVO = Static<typeof UserRolesVO>;

/** PUT /api/admin/user/edit-user */
export const EditUserBody = Type.Object({
  uid: Type.String({ minLength: 1 }),
  username: Type.String(),
  realname: Type.Optional(Str),
  email: Type.Optional(Str),
  password: Type.Optional(Str),
  type: Type.Integer(),
  status: Type.Integer(),
  setNewPwd: Type.Boolean(),
  titleName: Type.Optional(Str),
  titleColor: Type.Optional(Str),
});
export type EditUserBody = Static<typeof EditUserBody>;

/** DELETE /api/admin/user/delete-user (JSON body) */
export const DeleteUsersBody = Type.Object({ ids: Type.Array(Type.String()) });
export type DeleteUsersBody = Static<typeof DeleteUsersBody>;

/** POST /api/admin/user/insert-batch-user: rows [username, password, email?, realname?, gender?, nickname?, school?]. */
export const InsertBatchBody = Type.Object({
  users: Type.Union([Type.Array(Type.Array(Nullable(Type.String()))), Type.Null()]),
});
export type InsertBatchBody = Static<typeof InsertBatchBody>;

/** Per-row outcome of a batch insert (this platform's `data`, additive to the reference message). */
export const BatchRowResult = Type.Object({
  row: Type.Integer(),
  username: Type.String(),
  ok: Type.Boolean(),
  reason: Nullable(Type.String()),
});
export type BatchRowResult = Static<typeof BatchRowResult>;

/** POST /api/admin/user/generate-user */
export const GenerateUserBody = Type.Object({
  prefix: Type.Optional(Type.String()),
  suffix: Type.Optional(Type.String()),
  number_from: Type.Optional(Type.Integer()),
  number_to: Type.Optional(Type.Integer()),
  password_length: Type.Optional(Type.Integer()),
});
export type GenerateUserBody = Static<typeof GenerateUserBody>;

/** POST /api/admin/user/generate-user: the key of the generated accounts' sheet. */
export const GeneratedUsersKey = Type.Object({ key: Type.String() });
export type GeneratedUsersKey = Static<typeof GeneratedUsersKey>;

export const KeyQuery = Type.Object({ key: Type.String() });

// ---------- service info ----------

/** One process of the deployment as it reports itself. */
export const ProcessInfo = Type.Object({
  kind: Type.Union([Type.Literal('api'), Type.Literal('runner'), Type.Literal('gateway')]),
  name: Type.String(),
  pid: Nullable(Type.Integer()),
  rssBytes: Nullable(Type.Integer()),
  heapUsedBytes: Nullable(Type.Integer()),
  uptimeSeconds: Nullable(Type.Number()),
  load: Nullable(Type.Number()),
  lastSeen: Type.Integer(),
  /** Gateways: socket.io connections. */
  sockets: Type.Optional(Type.Integer()),
  /** The host the process runs on (absent from processes older than this field). */
  host: Type.Optional(Type.String()),
});
export type ProcessInfo = Static<typeof ProcessInfo>;

/**
 * A process in the reference's Nacos `ServiceInstance` shape (its dashboard reads `serviceId`,
 * `host`, `port`, `secure` and `metadata['nacos.healthy']`). There is no Nacos here: the values
 * come from the processes' own reports.
 */
export const ServiceInstance = Type.Object({
  serviceId: Type.String(),
  instanceId: Type.String(),
  host: Nullable(Type.String()),
  port: Nullable(Type.Integer()),
  secure: Type.Boolean(),
  scheme: Type.String(),
  uri: Nullable(Type.String()),
  metadata: Type.Record(Type.String(), Type.String()),
});
export type ServiceInstance = Static<typeof ServiceInstance>;

/**
 * GET /api/admin/config/get-service-info: the reference's fields (`nacos.status`,
 * `backupService`, with this API process first) plus this platform's `processes`.
 */
export const ServiceInfo = Type.Object({
  nacos: Type.Object({ status: Type.String() }),
  backupCores: Type.Integer(),
  backupPercentCpuLoad: Type.String(),
  backupPercentMemoryLoad: Type.String(),
  backupService: Type.Array(ServiceInstance),
  processes: Type.Array(ProcessInfo),
});
export type ServiceInfo = Static<typeof ServiceInfo>;

/**
 * One element of GET /api/admin/config/get-judge-service-info: the reference's judge
 * `/get-sys-config` fields it draws (`cpuCores`, `percentCpuLoad`, `percentMemoryLoad`,
 * `service`) plus this platform's judge server row.
 */
export const JudgeServiceInfo = Type.Intersect([
  JudgeServer,
  Type.Object({
    cpuCores: Nullable(Type.Integer()),
    percentCpuLoad: Nullable(Type.String()),
    percentMemoryLoad: Nullable(Type.String()),
    service: ServiceInstance,
  }),
]);
export type JudgeServiceInfo = Static<typeof JudgeServiceInfo>;

/**
 * GET /api/admin/config/get-db-and-redis-config: the reference's fields, from this deployment's
 * configuration, secrets blanked; `managedBy` says where they are set.
 */
export const DbAndRedisConfig = Type.Object({
  dbName: Nullable(Type.String()),
  dbHost: Nullable(Type.String()),
  dbPort: Nullable(Type.Integer()),
  dbUsername: Nullable(Type.String()),
  dbPassword: Type.Null(),
  redisHost: Nullable(Type.String()),
  redisPort: Nullable(Type.Integer()),
  redisPassword: Type.Null(),
  /** This platform: `postgres` (DATABASE_URL) or the embedded PGlite. */
  database: Type.Union([Type.Literal('postgres'), Type.Literal('embedded')]),
  /** This platform has no Redis: its bus is NATS (NATS_URL) or in-process. */
  bus: Type.Union([Type.Literal('nats'), Type.Literal('in-process')]),
  managedBy: Type.Literal('deployment'),
  readOnly: Type.Literal(true),
});
export type DbAndRedisConfig = Static<typeof DbAndRedisConfig>;

// ---------- e-mail settings (§4.5) ----------

/**
 * GET /api/admin/config/get-email-config: the reference's `EmailConfigDTO` from the deployment's
 * SMTP_* settings (the password never sent), plus `emailFrom` and whether mail is really delivered.
 */
export const EmailConfig = Type.Object({
  emailHost: Nullable(Type.String()),
  emailPort: Nullable(Type.Integer()),
  emailUsername: Nullable(Type.String()),
  emailPassword: Type.Null(),
  emailBGImg: Type.Null(),
  emailSsl: Nullable(Type.Boolean()),
  emailFrom: Nullable(Type.String()),
  /** False when no SMTP server is configured (test mails go to the outbox). */
  delivers: Type.Boolean(),
});
export type EmailConfig = Static<typeof EmailConfig>;

/** POST /api/admin/config/test-email */
export const TestEmailBody = Type.Object({ email: Type.Optional(Nullable(Type.String())) });

// ---------- success envelopes ----------

export const DashboardInfoEnvelope = EnvelopeOf(DashboardInfo);
export const SessionEnvelope = EnvelopeOf(SessionVO);
export const SessionListEnvelope = EnvelopeOf(Type.Array(SessionVO));
export const JudgeServerListEnvelope = EnvelopeOf(JudgeServerList);
export const SubmissionRateEnvelope = EnvelopeOf(SubmissionRate);
export const JudgeServiceInfoListEnvelope = EnvelopeOf(Type.Array(JudgeServiceInfo));
export const ServiceInfoEnvelope = EnvelopeOf(ServiceInfo);
export const DbAndRedisConfigEnvelope = EnvelopeOf(DbAndRedisConfig);
export const UserRolesPageEnvelope = EnvelopeOf(PageOf(UserRolesVO));
/** Every row's outcome (a refused row makes the answer a 400 with the same data). */
export const BatchResultEnvelope = EnvelopeOf(Type.Array(BatchRowResult));
export const GeneratedUsersKeyEnvelope = EnvelopeOf(GeneratedUsersKey);
export const EmailConfigEnvelope = EnvelopeOf(EmailConfig);
