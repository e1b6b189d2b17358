// Fixtures of the group screen tests.
import { ok, stubFetch, urlPath } from '../test/harness';

export const ALICE = {
  uid: 'u1',
  username: 'alice',
  nickname: null,
  avatar: null,
  roleList: ['default_user'],
};

/** A public group as get-group-detail answers it. */
export const group = {
  id: 1000,
  avatar: null,
  name: 'Graph club',
  shortName: 'GRAPH',
  brief: 'graphs',
  description: 'We do graphs',
  owner: 'root',
  uid: 'root-uid',
  auth: 1,
  visible: true,
  status: 0,
  code: null,
  gmtCreate: '2026-01-01T00:00:00.000+0000',
  gmtModified: '2026-01-01T00:00:00.000+0000',
};

/** The group page calls plus the given ones; `auth` is the viewer's group auth (0 none, 3 member, 4 admin, 5 root). */
export function stubGroupPage(
  auth: number,
  extra: (p: string, url: string, init: RequestInit) => ReturnType<typeof ok> | undefined,
) {
  return stubFetch((url, init) => {
    const p = urlPath(url);
    if (p === '/api/get-group-detail') return ok(group);
    if (p === '/api/get-group-auth') return ok(auth);
    return extra(p, url, init);
  });
}
