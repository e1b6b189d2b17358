// Default port implementations: read-only views over tables owned by the account and
// judge capabilities (as the contest capability's adapters do). The composition root can
// replace any of them.
import type { Kysely } from 'kysely';
import { superAdminUids } from '../account/repository';
import type { Database } from '../platform/db/schema';
import type { AcceptedCountPort, CommentAuthor, CommentUserPort } from './ports';

export function accountTableAuthors(db: Kysely<Database>): CommentUserPort {
  return {
    async profiles(uids) {
      const out = new Map<string, CommentAuthor>();
      if (uids.length === 0) return out;
      const rows = await db
        .selectFrom('users')
        .select(['uid', 'username', 'avatar', 'title_name', 'title_color'])
        .where('uid', 'in', [...new Set(uids)])
        .execute();
      for (const r of rows)
        out.set(r.uid, {
          uid: r.uid,
          username: r.username,
          avatar: r.avatar,
          titleName: r.title_name,
          titleColor: r.title_color,
        });
      return out;
    },
    superAdminUids: () => superAdminUids(db),
  };
}

/** Distinct accepted problems, from the judge capability's `user_acproblem` rows. */
export function judgeTableAccepted(db: Kysely<Database>): AcceptedCountPort {
  return {
    async acceptedProblems(uid) {
      const r = await db
        .selectFrom('user_acproblem')
        .select((eb) => eb.fn.count<number>('pid').distinct().as('n'))
        .where('uid', '=', uid)
        .executeTakeFirst();
      return Number(r?.n ?? 0);
    },
  };
}
