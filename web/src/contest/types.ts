// Wire shapes of the contest endpoints the screens read (services/src/contest).
export interface ContestVO {
  id: number;
  author: string | null;
  title: string;
  /** 0 ACM, 1 OI. */
  type: number;
  description: string | null;
  /** -1 scheduled, 0 running, 1 ended. */
  status: number;
  source: number | null;
  /** 0 public, 1 private, 2 protected. */
  auth: number;
  startTime: string;
  endTime: string;
  duration: number;
  openRank: boolean;
  oiRankScoreType: string | null;
  gid: number | null;
  allowEndSubmit: boolean;
  count: number | null;
  now: string | null;
  sealRank: boolean | null;
  openPrint: boolean | null;
  sealRankTime: string | null;
  rankShowName: string | null;
  /** Per caller (group owners included); older servers leave it out. */
  isContestAdmin?: boolean | null;
  autoRealRank?: boolean | null;
}

export interface Page<T> {
  records: T[];
  total: number;
  size?: number;
  current?: number;
}

export interface ContestProblemRow {
  id: number;
  displayId: string;
  cid: number;
  pid: number;
  displayTitle: string;
  color: string | null;
  ac: number;
  total: number;
}

export interface AnnouncementVO {
  id: number;
  title: string;
  content: string;
  username: string | null;
  gmtCreate: string;
}

export interface AcInfoRow {
  id: number;
  cid: number;
  displayId: string;
  username: string;
  realname: string | null;
  submitTime: string;
  time: number;
  firstBlood: boolean;
  checked: boolean;
}

export interface PrintJob {
  id: number;
  username: string;
  realname: string | null;
  status: number;
  gmtCreate: string;
}

export interface ContestSubmission {
  submitId: number;
  uid: string;
  username: string;
  displayId: string;
  title: string;
  submitTime: string;
  status: number;
  time: number | null;
  memory: number | null;
  score: number | null;
  length: number | null;
  language: string;
}

export interface ScrollBoardInfo {
  id: number;
  /** Addition of this server: 0 ACM, 1 OI (which resolver runs). */
  type?: number;
  rankShowName: string | null;
  problemCount: number;
  balloonColor: Record<string, string | null>;
  startTime: string;
  sealRankTime: string;
  starUserList: string[] | null;
  /** Additions of this server: the award config the medals follow (0 none, 1 %, 2 count). */
  awardType?: number | null;
  awardConfigList?: { priority?: number | null; num: number | null }[] | null;
}

export interface ScrollSubmission {
  uid: string;
  username: string;
  nickname: string | null;
  realname: string | null;
  school: string | null;
  submitId: number;
  status: number;
  submitTime: string;
  displayId: string;
}

export const ContestType = { ACM: 0, OI: 1 } as const;
export const ContestAuth = { PUBLIC: 0, PRIVATE: 1, PROTECTED: 2 } as const;
