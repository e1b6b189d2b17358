// English twins of the judge's wire texts (issue #16).
import { registerEnglish, registerEnglishPattern } from '../platform/http/message-catalog';
import { JudgeMessages as J } from './messages';

registerEnglish({
  [J.PUBLIC_JUDGE_OFF]:
    'Judging of problems is switched off on this site; submitting and testing are disabled!',
  [J.GROUP_JUDGE_OFF]:
    'Judging of group problems is switched off on this site; submitting and testing are disabled!',
  [J.CONTEST_JUDGE_OFF]:
    'Judging of contest problems is switched off on this site; submitting and testing are disabled!',
  [J.CODE_EMPTY]: 'The submitted code must not be empty!',
  [J.CODE_TOO_LONG]: 'The submitted code is invalid: it must not be longer than 65535 characters!',
  [J.SUBMIT_TOO_FAST]: 'Sorry, you are submitting too often, please try again later!',
  [J.TEST_TOO_FAST]: 'Sorry, you are using the online test too often, please try again later!',
  [J.PROBLEM_GONE]: 'Error! This problem no longer exists and cannot be submitted!',
  [J.PROBLEM_PRIVATE]: 'Error! This problem cannot be submitted!',
  [J.GROUP_PROBLEM_NEEDS_GID]:
    'Submission failed: this problem belongs to a group, please submit it inside the group!',
  [J.NOT_GROUP_MEMBER]: 'Sorry, you are not a member of the group this problem belongs to and cannot submit!',
  [J.CONTEST_MISSING]: 'Sorry, this contest does not exist!',
  [J.STATUS_CHECK_CID]: 'The contest id must not be empty',
  [J.CONTEST_REJUDGE_EMPTY]: 'This problem has no submissions to rejudge!',
  [J.CONTEST_REJUDGE_FAILED]: 'Rejudge failed! Please try again!',
  [J.CONTEST_REJUDGE_OK]: 'Rejudge started! All submissions of this problem are queued for judging!',
  [J.SUBMISSION_MISSING]: 'This submission does not exist!',
  [J.LOGIN_FIRST_SHORT]: 'Please log in first!',
  [J.CASES_NEED_LOGIN]: 'You are not logged in! The test cases of contest submissions are not visible!',
  [J.ONLY_MINE_NEEDS_LOGIN]: 'No user is logged in, please log in again!',
  [J.GROUP_LIST_DENIED]: "Sorry, you may not see this group's submissions!",
  [J.SUBMISSION_DENIED]: 'Sorry, you may not see this submission!',
  [J.NOT_OWNER_RESUBMIT]: 'Only the author of this submission may do that!',
  [J.CONTEST_RESUBMIT_LOCAL]: 'Error! Local problems cannot be resubmitted during a contest',
  [J.RESUBMIT_RUNNING]: 'This submission is being judged and cannot be resubmitted!',
  [J.SHARE_BAD_PARAMS]: 'Update failed: bad request parameters!',
  [J.SHARE_NOT_OWNER]: 'Sorry, you cannot change the sharing of somebody else’s code!',
  [J.SHARE_CONTEST]: 'Sorry, code of contest submissions cannot be shared!',
  [J.REJUDGE_OK]: 'Rejudge started! The submission is queued for judging!',
  [J.ADMIN_SUBMISSION_GONE]: 'Error: this submission no longer exists!',
  [J.MANUAL_RUNNING]: 'Error: this submission is being judged and cannot be changed, please try later!',
  [J.MANUAL_CE]: 'Error: a compile error cannot be changed!',
  [J.MANUAL_BAD_STATUS]: 'Error: this verdict cannot be set by hand!',
  [J.CANCEL_RUNNING]: 'Error: this submission is being judged and cannot be cancelled, please try later!',
  [J.CANCEL_ALREADY]: 'Error: this submission is already cancelled!',
  [J.TEST_BAD_TYPE]: 'Bad request parameter: type!',
  [J.TEST_CODE_EMPTY]: 'The code of an online test must not be empty!',
  [J.TEST_LANGUAGE_EMPTY]: 'The language of an online test must not be empty!',
  [J.TEST_INPUT_EMPTY]: 'The input of an online test must not be empty!',
  [J.TEST_INPUT_TOO_LONG]: 'The input of an online test must not be longer than 1000 characters!',
  [J.TEST_PID_EMPTY]: 'The problem id of an online test must not be empty!',
  [J.TEST_PROBLEM_MISSING]: 'This problem does not exist! Online test is not available!',
  [J.TEST_RESULT_MISSING]: 'Query error! This online test does not exist!',
  '该训练不存在或不允许显示！': 'This training does not exist or is not shown!',
  [J.RANK_BAD_TYPE]: 'Wrong rank type, use 0 (ACM) or 1 (OI)!',
});
registerEnglishPattern(
  /^提交的代码的语言错误！请使用\[(.*)\]中之一的语言！$/,
  (m) => `Wrong language of the submitted code! Use one of [${m[1]}]!`,
);
registerEnglishPattern(
  /^服务器繁忙，本次提交未能在(\d+)秒内被受理，没有保存，请稍后重新提交！$/,
  (m) =>
    `The server is busy: this submission could not be accepted within ${m[1]} s and was not stored. Please submit again!`,
);
