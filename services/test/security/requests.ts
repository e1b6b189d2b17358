// Request building shared by the generated security tests.
import { sql } from 'kysely';
import type { App, RegisteredRoute } from '../../src/platform/http/app';
import type { Seeded } from './seed';

export function isMultipart(route: RegisteredRoute): boolean {
  return !!route.schema?.consumes?.includes('multipart/form-data') || /\/(upload|import)-/.test(route.url);
}

/** Fills `:name` params and appends the query (arrays repeated, objects as JSON). */
export function routeUrl(
  url: string,
  params: Record<string, unknown> | undefined,
  query: Record<string, unknown> | undefined,
): string {
  let path = url.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(String(params?.[name] ?? 'x')));
  path = path.replace(/\*$/, 'x');
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined) continue;
    if (Array.isArray(v)) for (const item of v) q.append(k, String(item));
    else q.append(k, v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  const qs = q.toString();
  return qs ? `${path}?${qs}` : path;
}

export interface Part {
  name: string;
  filename?: string;
  content: Buffer | string;
  type?: string;
}

/** A multipart/form-data body. */
export function multipartBody(parts: Part[]): { body: Buffer; contentType: string } {
  const boundary = `----oj-security-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disp = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disp}\r\nContent-Type: ${p.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      Buffer.isBuffer(p.content) ? p.content : Buffer.from(p.content),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The super admin's seeded objects as one string: contest rows, their problems and announcements, problem owners. */
export async function snapshotProtected(app: App, seeded: Seeded): Promise<string> {
  void app;
  const db = seeded.db;
  const cids = [...new Set(seeded.variants.map((v) => v.cid))];
  const pids = [...new Set(seeded.variants.map((v) => v.pid))];
  const contests =
    await sql`select id, uid, author, title, description, auth, pwd, visible, start_time, end_time,
      seal_rank, seal_rank_time, open_rank, type from contest where id in (${sql.join(cids)}) order by id`.execute(
      db,
    );
  const links = await sql`select cid, pid, display_id, display_title from contest_problem
      where cid in (${sql.join(cids)}) order by id`.execute(db);
  const anns = await sql`select id, cid, title, content, uid from contest_announcement
      where cid in (${sql.join(cids)}) order by id`.execute(db);
  // Problem staff may delete problems; what must not happen is a change of their owner.
  const owners = await sql`select count(*)::int as n from problem
      where id in (${sql.join(pids)}) and author <> 'root'`.execute(db);
  return JSON.stringify([contests.rows, links.rows, anns.rows, owners.rows]);
}
