// What the group capability needs from others. Each has a default that behaves as if the other
// capability had nothing to say.
import type { Problem, ProblemCase, ProblemDTO, Tag } from '@oj/protocol/problem/schemas';
import type { AuthUser } from '../platform/http/access';
import type { NoticePort } from '../platform/shared-ports';

/** The per-user creation limits of spec §9.1 (site switches). */
export interface GroupLimits {
  defaultCreateGroupACInitValue: number;
  defaultCreateGroupDailyLimit: number;
  defaultCreateGroupLimit: number;
}

export const DEFAULT_GROUP_LIMITS: GroupLimits = {
  defaultCreateGroupACInitValue: 20,
  defaultCreateGroupDailyLimit: 2,
  defaultCreateGroupLimit: 5,
};

export interface GroupPorts {
  notices?: NoticePort;
  limits?: () => Promise<GroupLimits>;
  now?: () => number;
  problems?: GroupProblemPort;
}

/** What the group area needs of a problem (problem table facts). */
export interface GroupProblemFacts {
  id: number;
  problemId: string;
  title: string;
  author: string | null;
  auth: number;
  gid: number | null;
  isGroup: boolean;
  applyPublicProgress: number | null;
  difficulty: number;
  type: number;
  gmtCreate: Date;
  modifiedUser: string | null;
}

/**
 * Group problems, implemented over the problem capability (its admin service writes; the group
 * capability decides who may, scopes to the group and forces gid/isGroup/display-id prefix).
 */
export interface GroupProblemPort {
  find(pid: number): Promise<GroupProblemFacts | null>;
  /** A group's problems, display id order (publicOnly: auth 1), with group submission counts. */
  page(
    gid: number,
    publicOnly: boolean,
    page: number,
    limit: number,
  ): Promise<{ total: number; rows: (GroupProblemFacts & { total: number; ac: number })[] }>;
  /** The problem for its edit form (null until the problem capability is plugged in). */
  get(pid: number): Promise<Problem | null>;
  cases(pid: number): Promise<ProblemCase[]>;
  /** The problem capability's create/update (its validation and case handling). */
  create(user: AuthUser, dto: ProblemDTO): Promise<void>;
  update(user: AuthUser, dto: ProblemDTO): Promise<void>;
  remove(pid: number): Promise<void>;
  changeAuth(user: AuthUser, pid: number, auth: number): Promise<void>;
  /** Tags usable in a group: site tags (gid null) and the group's own. */
  tags(gid: number): Promise<Tag[]>;
  /** Asks for publication (progress 1); a site admin decides in /api/admin/group-problem/*. */
  applyPublic(pid: number): Promise<void>;
  /** Withdraws a pending request (progress 1 → none); false when none was pending. */
  withdrawPublic(pid: number): Promise<boolean>;
  /** Tags of each problem (group problem list). */
  tagsOf(pids: readonly number[]): Promise<Map<number, Tag[]>>;
  /** The id of a group's problem by its full display id. */
  idOf(problemId: string, gid: number): Promise<number | null>;
  /** The problem form's Compile button: checks a special judge or interactor (admin's check). */
  compileChecker(input: {
    kind: 'spj' | 'interactive';
    code: string;
    language: string;
    extraFiles: Record<string, string>;
  }): Promise<{ ok: true } | { ok: false; status: 400 | 500; msg: string }>;
}
