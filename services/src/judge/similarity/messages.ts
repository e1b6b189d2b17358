// Wire texts of the similarity reports (Chinese, as the platform's other texts; English twins below).
import { registerEnglish } from '../../platform/http/message-catalog';

export const SimilarityMessages = {
  NO_PERMISSION: '对不起，您无权进行代码查重！',
  ANALYSIS_MISSING: '该查重任务不存在！',
  PAIR_MISSING: '该查重结果不存在！',
  SCOPE_MISSING: '查重范围不存在！',
  NEEDS_SCOPE: '请指定比赛、题目或训练！',
} as const;

const M = SimilarityMessages;
registerEnglish({
  [M.NO_PERMISSION]: 'You do not have permission to do this!',
  [M.ANALYSIS_MISSING]: 'This similarity analysis does not exist!',
  [M.PAIR_MISSING]: 'This similarity pair does not exist!',
  [M.SCOPE_MISSING]: 'The contest, problem or training to analyse does not exist!',
  [M.NEEDS_SCOPE]: 'Name a contest, a problem or a training!',
});
