/** Wire shapes of the remote judge: problem import and the remote account pool (back office). */
import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from '../nullable';

export const REMOTE_JUDGE_NAMES = ['HDU', 'CF', 'GYM', 'POJ', 'SPOJ', 'AC', 'LIBRE'] as const;
/** Account pools: GYM judges with CF accounts. */
export const REMOTE_ACCOUNT_POOLS = ['HDU', 'CF', 'POJ', 'SPOJ', 'AC', 'LIBRE'] as const;

export const ImportRemoteQuery = Type.Object({
  name: Type.String({ maxLength: 16 }),
  problemId: Type.String({ maxLength: 64 }),
});
export type ImportRemoteQuery = Static<typeof ImportRemoteQuery>;

export const ImportRemoteTrainingQuery = Type.Object({
  name: Type.String({ maxLength: 16 }),
  problemId: Type.String({ maxLength: 64 }),
  tid: Type.Integer(),
});

export const ImportRemoteContestQuery = Type.Object({
  name: Type.String({ maxLength: 16 }),
  problemId: Type.String({ maxLength: 64 }),
  cid: Type.Integer(),
  displayId: Type.String({ maxLength: 64 }),
});

/** What the admin sees before importing (our addition: the reference imports blind). */
export const RemoteProblemPreview = Type.Object({
  problemId: Type.String(),
  title: Type.String(),
  timeLimit: Type.Integer(),
  memoryLimit: Type.Integer(),
  description: Type.String(),
  input: Type.String(),
  output: Type.String(),
  examples: Type.String(),
  hint: Type.String(),
  tags: Type.Array(Type.String()),
  source: Type.String(),
  languages: Type.Array(Type.String()),
});
export type RemoteProblemPreview = Static<typeof RemoteProblemPreview>;

export const RemoteAccountView = Type.Object({
  id: Type.Integer(),
  oj: Type.String(),
  username: Type.String(),
  /** 1 free, 0 in use. */
  status: Type.Integer(),
  leasedBy: Nullable(Type.String()),
  gmtModified: Type.String(),
});
export type RemoteAccountView = Static<typeof RemoteAccountView>;

export const RemoteAccountListQuery = Type.Object({ oj: Type.Optional(Type.String({ maxLength: 16 })) });

export const RemoteAccountBody = Type.Object({
  id: Type.Optional(Type.Integer()),
  oj: Type.String({ maxLength: 16 }),
  username: Type.String({ maxLength: 128 }),
  /** Required to add; absent or empty keeps the stored one on edit. */
  password: Type.Optional(Type.String({ maxLength: 256 })),
});
export type RemoteAccountBody = Static<typeof RemoteAccountBody>;

export const RemoteAccountIdQuery = Type.Object({ id: Type.Integer() });
