// What the comment area needs from other capabilities, as small ports. The composition
// root plugs the real ones in; `adapters.ts` holds read-only defaults over the users tables.
import type { AuthUser } from '../platform/http/access';
import type { GroupRolePort, ReminderPort } from '../platform/shared-ports';
import type { ContestFacts, DiscussionFacts } from './rules';

/** Implemented by the contest capability. */
export interface ContestCommentPort {
  /** The contest as the Q&A rules see it for `viewer`; null when it does not exist. */
  facts(viewer: AuthUser | null, cid: number): Promise<ContestFacts | null>;
  /** The contest access check (reference §0.6); throws its errors. */
  checkAccess(user: AuthUser, cid: number): Promise<unknown>;
}

/** Implemented by the discussion capability (posts), when it exists. */
export interface DiscussionPort {
  /** A live discussion; null when missing. */
  find(did: number): Promise<DiscussionFacts | null>;
  isGroupMember(gid: number, uid: string): Promise<boolean>;
  isGroupAdmin(gid: number, uid: string): Promise<boolean>;
  /** The discussion's comment counter moves with comments and replies. */
  addCommentCount(did: number, delta: number): Promise<void>;
}

/** No discussions yet: every discussion id is unknown. */
export const noDiscussions: DiscussionPort = {
  find: async () => null,
  isGroupMember: async () => false,
  isGroupAdmin: async () => false,
  addCommentCount: async () => undefined,
};

export interface CommentAuthor {
  uid: string;
  username: string;
  avatar: string | null;
  titleName: string | null;
  titleColor: string | null;
}

/** Implemented by the account capability. */
export interface CommentUserPort {
  profiles(uids: readonly string[]): Promise<Map<string, CommentAuthor>>;
  /** Users holding the root role (super admins). */
  superAdminUids(): Promise<string[]>;
}

/** Implemented by the judge capability: distinct accepted problems of a user. */
export interface AcceptedCountPort {
  acceptedProblems(uid: string): Promise<number>;
}

/** The site feature switches of the comment area (reference §0.5). */
export interface CommentSwitches {
  openContestComment: boolean;
  openPublicDiscussion: boolean;
  openGroupDiscussion: boolean;
  /** Accepted problems a non-admin needs to comment on or reply in discussions. */
  defaultCreateCommentACInitValue: number;
}

/** Reminders for the message center (implemented by the message capability). */
export type { Reminder, ReminderPort } from '../platform/shared-ports';
/** Until the message capability is plugged in: reminders are dropped. */
export const NO_REMINDERS: ReminderPort = { remind: async () => undefined };

/** The switches and thresholds of discussion posts (reference §0.5). */
export interface PostSwitchValues {
  openPublicDiscussion: boolean;
  /** Shown with the posting rule (GET /api/discussion-write-rule); else the comment switches' value. */
  defaultCreateCommentACInitValue?: number;
  openGroupDiscussion: boolean;
  defaultCreateDiscussionACInitValue: number;
  defaultCreateDiscussionDailyLimit: number;
}

export interface DiscussionPorts {
  /** Reminders of comments, replies and likes (the message capability). */
  reminders?: ReminderPort;
  /** A user's standing in a group (the group capability). */
  groups?: GroupRolePort;
  /** Post switches; default: derived from `switches` with the reference thresholds. */
  postSwitches?: () => Promise<PostSwitchValues>;
  contests?: ContestCommentPort;
  discussions?: DiscussionPort;
  users?: CommentUserPort;
  accepted?: AcceptedCountPort;
  switches?: () => Promise<CommentSwitches>;
  /** Clock, for tests. */
  now?: () => number;
}
