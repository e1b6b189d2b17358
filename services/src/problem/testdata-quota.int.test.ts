// Issue #23 item 13: test data uploads are held to per-user and per-group quotas (an envelope
// error naming the quota, in both languages), and blobs of uploads that no problem uses are
// collected after a grace period, never before, and never under an upload that claims them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { strToU8, zipSync } from 'fflate';
import { sha256Hex } from '@oj/protocol/bus';
import { createHarness, type Harness, type Who } from './test-harness';
import { collectUnreferencedBlobs } from './blob-collector';
import * as repo from './repository';

const MB = 1048576;
const HOUR = 3_600_000;
const GID = 7;

/** A zip of one case whose input is `mb` megabytes of `fill`. */
const caseZip = (fill: string, mb: number) =>
  zipSync({ '1.in': new Uint8Array(Buffer.alloc(Math.round(mb * MB), fill)), '1.out': strToU8(`${fill}\n`) });

describe('test data quotas and the blob collector (postgres)', () => {
  let h: Harness;
  const upload = async (who: Who, zip: Uint8Array, gid?: number, lang?: string) => {
    const url = `/api/file/upload-testcase-zip${gid ? `?gid=${gid}` : ''}`;
    const res = lang
      ? await h.app.inject({
          method: 'POST',
          url,
          headers: {
            authorization: who,
            'accept-language': lang,
            'content-type': 'multipart/form-data; boundary=----q',
          },
          payload: Buffer.concat([
            Buffer.from(
              '------q\r\nContent-Disposition: form-data; name="file"; filename="cases.zip"\r\nContent-Type: application/zip\r\n\r\n',
            ),
            Buffer.from(zip),
            Buffer.from('\r\n------q--\r\n'),
          ]),
        })
      : await h.upload(who, url, 'cases.zip', zip);
    return res.json() as { status: number; msg: string; data: { fileListDir: string } };
  };
  const filesOf = async (fileListDir: string) =>
    (JSON.parse((await h.ctx.blobs.get(fileListDir))!.toString()) as { files: Record<string, string> }).files;

  beforeAll(async () => {
    h = await createHarness(
      'postgres',
      // `user` is an admin of group 7 (uploads for it), nobody else's
      {
        groups: { isMember: async () => false, isAdmin: async (uid, gid) => uid === 'u-user' && gid === GID },
      },
      {
        config: {
          testDataQuota: { userBytes: 2 * MB, groupBytes: 3 * MB, gcGraceMs: HOUR, gcEveryMs: 0 },
        },
      },
    );
  }, 60_000);
  afterAll(() => h?.close());

  it('refuses an upload past the uploader quota, naming it; root has none', async () => {
    expect((await upload('admin', caseZip('a', 1.5))).status).toBe(200);
    const over = await upload('admin', caseZip('b', 1));
    expect(over.status).toBe(400);
    expect(over.msg).toBe(
      '测试数据超出用户配额（2 MB）：已用 1.5 MB，本次上传 1 MB，请删除不再使用的评测数据后重试！',
    );
    const en = await upload('admin', caseZip('b', 1), undefined, 'en-US');
    expect(en.msg).toMatch(/exceeds the user quota \(2 MB\)/);
    // nothing of the refused upload was stored
    expect(await h.ctx.blobs.has(sha256Hex(Buffer.alloc(MB, 'b')))).toBe(false);
    expect((await upload('root', caseZip('r', 2.5))).status).toBe(200);
  });

  it('refuses an upload past the group quota, naming it', async () => {
    expect((await upload('user', caseZip('g', 1.5), GID)).status).toBe(200);
    // the problem admin's own quota has room; the group's does not
    const over = await upload('problemAdmin', caseZip('h', 1.8), GID);
    expect(over.status).toBe(400);
    expect(over.msg).toMatch(/^测试数据超出团队配额（3 MB）：已用 1.5 MB，本次上传 1.8 MB/);
    // without the group it goes through
    expect((await upload('problemAdmin', caseZip('h', 1.8))).status).toBe(200);
  });

  it('collects the blobs of an unused upload only after the grace period, keeping what a problem uses', async () => {
    const up = await upload(
      'problemAdmin',
      zipSync({ '1.in': strToU8('keep me\n'), '2.in': strToU8('drop me\n') }),
    );
    expect(up.status).toBe(200);
    const files = await filesOf(up.data.fileListDir);
    const keep = files['1.in']!;
    const drop = files['2.in']!;
    // a problem uses the first case only
    const pid = (
      await h.db.db
        .insertInto('problem')
        .values({ problem_id: 'GC-1', title: 'gc' } as never)
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await h.db.db
      .insertInto('problem_case')
      .values({ pid, seq: 1, input: '1.in', output: '1.out', input_hash: keep, output_hash: files['1.out']! })
      .execute();
    const collect = (at: number) =>
      collectUnreferencedBlobs({
        db: h.ctx.db,
        blobs: h.ctx.blobs,
        log: h.ctx.log,
        graceMs: HOUR,
        now: () => at,
      });
    // uploaded but not yet referenced: kept within the grace period
    expect(await collect(Date.now())).toEqual([]);
    expect(await h.ctx.blobs.has(drop)).toBe(true);
    const removed = await collect(Date.now() + 2 * HOUR);
    expect(removed).toContain(drop);
    expect(removed).toContain(up.data.fileListDir);
    expect(removed).not.toContain(keep);
    expect(await h.ctx.blobs.has(drop)).toBe(false);
    expect(await h.ctx.blobs.has(keep)).toBe(true);
    expect(await h.ctx.blobs.has(files['1.out']!)).toBe(true);
    // the quota counts what is still held: the dropped blob's row is gone, the kept one's stays
    const rows = await h.db.db
      .selectFrom('testcase_upload')
      .select('hash')
      .where('uid', '=', 'u-padmin')
      .execute();
    expect(rows.map((r) => r.hash)).toContain(keep);
    expect(rows.map((r) => r.hash)).not.toContain(drop);
  });

  it('an upload claiming a blob is never undone by a collection running at the same time', async () => {
    const data = Buffer.from('raced\n');
    const hash = await h.ctx.blobs.put(data);
    await repo.claimUploadBlob(h.ctx.db, { hash, uid: 'u-padmin', gid: null, bytes: data.length });
    const cutoff = new Date(Date.now() + HOUR);
    // A collection holds the blob's lock while it removes the bytes...
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let removing!: () => void;
    const removingStarted = new Promise<void>((r) => (removing = r));
    const collecting = repo.collectUploadBlob(h.ctx.db, hash, cutoff, async () => {
      removing();
      await gate;
      await h.ctx.blobs.delete(hash);
    });
    await removingStarted;
    // ...so a new upload's claim of the same blob waits for it,
    let claimed = false;
    const claiming = repo
      .claimUploadBlob(h.ctx.db, { hash, uid: 'u-admin', gid: null, bytes: data.length })
      .then(() => (claimed = true));
    await expect
      .poll(async () => {
        const r = await sql<{
          n: string;
        }>`select count(*) as n from pg_locks where locktype = 'advisory' and not granted`.execute(h.ctx.db);
        return Number(r.rows[0]!.n);
      })
      .toBeGreaterThan(0);
    expect(claimed).toBe(false);
    release();
    expect(await collecting).toBe(true);
    await claiming;
    // ...and then puts it again (the upload path puts after claiming): it is there and claimed,
    await h.ctx.blobs.put(data);
    expect(await h.ctx.blobs.has(hash)).toBe(true);
    // and a collection within the grace period of that claim leaves it alone.
    expect(
      await collectUnreferencedBlobs({ db: h.ctx.db, blobs: h.ctx.blobs, log: h.ctx.log, graceMs: HOUR }),
    ).not.toContain(hash);
    expect(await h.ctx.blobs.has(hash)).toBe(true);
  });
});
