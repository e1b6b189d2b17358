// Fixtures of the group screen tests.

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
