// The account capability: passport, sessions, profile, avatars; and the authenticator
// every other route's access check relies on.
import './messages.en';
import type { Capability, AppContext } from '../platform/context';
import type { Authenticator } from '../platform/http/access';
import { NO_NOTICES, type NoticePort } from '../platform/shared-ports';
import { createMailer, type Mailer } from '../platform/mail/mailer';
import { createTokenSigner, loadJwtSecret, type Clock, type TokenSigner } from './tokens';
import { createSessions } from './session';
import { createPassportService } from './passport-service';
import { configurePasswordPool } from './password-workers';
import { configureFastKey } from './fast-hash';
import { createProfileService } from './profile-service';
import { registerAccountRoutes } from './routes';
import {
  emptySubmissionStats,
  openAccountPolicy,
  type AccountPolicyPort,
  type SubmissionStatsPort,
} from './ports';
import { blobAvatarStorage } from './avatar-storage';
import { purgeExpired } from './repository';

export type { SubmissionStatsPort, AccountPolicyPort, SolvedProblem, AvatarStorage } from './ports';
export { emptySubmissionStats, openAccountPolicy } from './ports';
export { createUser, type NewUser } from './seed';
export { recentSessions } from './repository';
export { revokeUserSessions } from './session';
export { hashPassword, verifyPassword } from './passwords';
export { verifyCredentials } from './credentials';
export { toUserInfo } from './user-info';
export type { AccountTables } from './tables';

export interface AccountOptions {
  /** Time source; tests move it to expire codes, locks and tokens. */
  clock?: Clock;
  stats?: SubmissionStatsPort;
  policy?: AccountPolicyPort;
  /** Defaults to one built from ctx.config.mail over the outbox table. */
  mailer?: Mailer;
}

export interface AccountCapability extends Capability {
  readonly authenticator: Authenticator;
  readonly mailer: Mailer;
  /** Plug in the judge capability's statistics (user home, heatmap). */
  useSubmissionStats(port: SubmissionStatsPort): void;
  /** Plug in the site capability's registration switch and e-mail blacklist. */
  usePolicy(port: AccountPolicyPort): void;
  /** Plug in the message capability's notices (remote-login notice). */
  useNotices(port: NoticePort): void;
}

const PURGE_EVERY_MS = 3_600_000;

export function createAccountCapability(ctx: AppContext, opts: AccountOptions = {}): AccountCapability {
  const clock = opts.clock ?? (() => new Date());
  // The password pool's interactive line (sign-ins): bounded by OJ_LOGIN_QUEUE and OJ_LOGIN_WAIT_MS
  // (issues #22.5, #29.3); the generated passwords' key from OJ_SECRET_KEY or the data directory.
  if (ctx.config.reliability)
    configurePasswordPool(ctx.config.reliability.loginQueue, ctx.config.reliability.loginWaitMs);
  if (ctx.config.dataDir)
    configureFastKey({ secret: process.env.OJ_SECRET_KEY, dataDir: ctx.config.dataDir });
  let stats = opts.stats ?? emptySubmissionStats;
  let policy = opts.policy ?? openAccountPolicy;
  let notices: NoticePort = NO_NOTICES;
  const mailer = opts.mailer ?? createMailer({ config: ctx.config.mail, db: ctx.db, log: ctx.log });

  let signer: Promise<TokenSigner> | undefined;
  const getSigner = () => {
    if (!signer) {
      const loading = loadJwtSecret(ctx.db, ctx.config.jwtSecret).then((secret) =>
        createTokenSigner(secret, ctx.config.jwtExpireSeconds, clock),
      );
      // A failed secret load (database down) must not stick: retry on the next request.
      loading.catch(() => {
        if (signer === loading) signer = undefined;
      });
      signer = loading;
    }
    return signer;
  };

  const sessions = createSessions({
    db: ctx.db,
    bus: ctx.bus,
    clock,
    signer: getSigner,
    expireSeconds: ctx.config.jwtExpireSeconds,
    refreshSeconds: ctx.config.jwtRefreshSeconds,
  });
  const passport = createPassportService({
    db: ctx.db,
    clock,
    sessions,
    mailer,
    policy: () => policy,
    notices: () => notices,
    baseUrl: ctx.config.baseUrl,
    log: ctx.log,
    ipLimits: ctx.config.ipLimits,
  });
  const profile = createProfileService({
    db: ctx.db,
    clock,
    mailer,
    stats: () => stats,
    avatars: blobAvatarStorage(ctx.blobs),
    revokeSessions: (uid) => sessions.revoke(uid),
    mailsPerIp: ctx.config.ipLimits.mailsPer10Minutes,
  });

  let timer: NodeJS.Timeout | undefined;
  return {
    name: 'account',
    authenticator: { authenticate: (token, mayRenew) => sessions.authenticate(token, mayRenew) },
    mailer,
    useSubmissionStats(port) {
      stats = port;
    },
    usePolicy(port) {
      policy = port;
    },
    useNotices(port) {
      notices = port;
    },
    routes(app) {
      registerAccountRoutes(app, passport, profile);
    },
    async start() {
      timer = setInterval(() => {
        purgeExpired(ctx.db, clock()).catch((err: unknown) => ctx.log.warn({ err }, 'account purge failed'));
      }, PURGE_EVERY_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await mailer.flush();
    },
  };
}
