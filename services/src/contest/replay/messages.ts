// Wire texts of contest replays (issue #27 item 4), with their English twins.
import { registerEnglish } from '../../platform/http/message-catalog';

export const RM = {
  CONTEST_MISSING: '对不起，该比赛不存在！',
  NOT_ENDED: '比赛尚未结束，不能回放！',
  NO_PERMISSION: '对不起，您无权限操作！',
  REPLAY_MISSING: '该回放不存在或已结束！',
  CHANGED: '回放刚被他人调整，请刷新后再试！',
  BUSY: '回放暂时不可用，请稍后再试！',
} as const;

registerEnglish({
  [RM.NOT_ENDED]: 'The contest has not ended yet; it cannot be replayed!',
  [RM.REPLAY_MISSING]: 'This replay does not exist or has ended!',
  [RM.CHANGED]: 'Someone else just changed the replay; refresh and try again!',
  [RM.BUSY]: 'The replay is unavailable for now; try again later!',
});
