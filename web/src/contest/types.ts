// Wire shapes of the contest endpoints the screens read, derived from protocol's schemas
// (issue #30; type-only: no TypeBox in the bundle).
import type { Static } from '@sinclair/typebox';
import type {
  AnnouncementVO as AnnouncementVOSchema,
  ContestInfoVO as ContestInfoVOSchema,
  ContestPrint,
  ContestProblemVO,
  ContestRecord,
  ContestScrollBoardInfo,
  ContestScrollBoardSubmission,
  ContestVO as ContestVOSchema,
} from '@oj/protocol/contest/responses';
import type { ContestJudgeItem } from '@oj/protocol/contest/submissions';

export type { Page } from '@oj/protocol';

/** A contest as the list and the contest pages show it. */
export type ContestVO = Static<typeof ContestVOSchema>;
/** GET /api/get-contest-info: the VO plus whether the caller administers the contest. */
export type ContestInfoVO = Static<typeof ContestInfoVOSchema>;
export type ContestProblemRow = Static<typeof ContestProblemVO>;
export type AnnouncementVO = Static<typeof AnnouncementVOSchema>;
export type AcInfoRow = Static<typeof ContestRecord>;
export type PrintJob = Static<typeof ContestPrint>;
export type ContestSubmission = ContestJudgeItem;
export type ScrollBoardInfo = Static<typeof ContestScrollBoardInfo>;
export type ScrollSubmission = Static<typeof ContestScrollBoardSubmission>;
/** The medals a scroll board follows; null where the board has no contest config (a CCS feed). */
export type MedalConfig = {
  [K in 'awardType' | 'awardConfigList']: ScrollBoardInfo[K] | null;
};

export const ContestType = { ACM: 0, OI: 1 } as const;
export const ContestAuth = { PUBLIC: 0, PRIVATE: 1, PROTECTED: 2 } as const;
