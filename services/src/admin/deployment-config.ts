// Database and Redis settings of the back office (reference §4.5 get/set-db-and-redis-config):
// here they are the deployment's (DATABASE_URL, NATS_URL, read at start). GET shows them in the
// reference's fields with every secret blanked; PUT refuses. Root only.
import type { DbAndRedisConfig } from '@oj/protocol/admin/schemas';
import type { Config } from '../platform/config';
import { registerEnglish } from '../platform/http/message-catalog';

export const DEPLOYMENT_MSG = {
  READ_ONLY: '数据库与Redis配置由部署的环境变量（DATABASE_URL、NATS_URL）决定，不能在此修改！',
} as const;

registerEnglish({
  [DEPLOYMENT_MSG.READ_ONLY]:
    'The database and Redis settings come from the deployment (DATABASE_URL, NATS_URL environment variables) and cannot be changed here!',
});

function portOf(url: URL, fallback: number): number {
  const n = Number(url.port);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/** The reference's fields from this deployment's configuration; passwords are never shown. */
export function dbAndRedisConfigOf(config: Pick<Config, 'databaseUrl' | 'natsUrl'>): DbAndRedisConfig {
  const out: DbAndRedisConfig = {
    dbName: null,
    dbHost: null,
    dbPort: null,
    dbUsername: null,
    dbPassword: null,
    redisHost: null,
    redisPort: null,
    redisPassword: null,
    database: config.databaseUrl ? 'postgres' : 'embedded',
    bus: config.natsUrl ? 'nats' : 'in-process',
    managedBy: 'deployment',
    readOnly: true,
  };
  if (config.databaseUrl) {
    try {
      const u = new URL(config.databaseUrl);
      const socketDb = u.searchParams.get('db');
      out.dbName = decodeURIComponent(u.pathname.replace(/^\/+/, '')) || socketDb || null;
      out.dbHost = u.hostname || u.searchParams.get('host') || null;
      out.dbPort = u.hostname ? portOf(u, 5432) : null;
      out.dbUsername = decodeURIComponent(u.username) || null;
    } catch {
      // loadConfig validated it; an odd form simply shows no fields
    }
  }
  return out;
}
