// English twins of the contest wire texts (issue #16): a client asking for English gets these.
import { registerEnglish, registerEnglishPattern } from '../platform/http/message-catalog';
import { M } from './messages';

// Downloads of a contest's files by its admins (issue #26 item 7: thrown inline, twins here).
registerEnglish({
  '错误：该比赛不存在！': 'Error: this contest does not exist!',
  '错误：您并非该比赛的管理员，无权下载打印代码！':
    'Error: you are not an administrator of this contest and cannot download the printed code!',
  '错误：您并非该比赛的管理员，无权下载AC记录！':
    'Error: you are not an administrator of this contest and cannot download the accepted submissions!',
  '错误：您并非该比赛的管理员，无权下载榜单！':
    'Error: you are not an administrator of this contest and cannot download the scoreboard!',
});

registerEnglish({
  [M.CONTEST_MISSING]: 'Sorry, this contest does not exist!',
  [M.CONTEST_MISSING_ASCII]: 'Sorry, this contest does not exist!',
  [M.NOT_STARTED]: 'The contest has not started yet; you cannot access it!',
  [M.NOT_GROUP_MEMBER]: 'Sorry, only members of the group can take part in this group contest!',
  [M.REGISTER_FIRST]: 'Sorry, please register with the contest password on the contest home page first!',
  [M.ACCOUNT_RULE]: 'Sorry! This contest only admits accounts that match its account rule!',
  [M.NO_PERMISSION]: 'Sorry, you do not have permission for this operation!',
  [M.OUTSIDE_MISSING]: 'Access error: this contest does not exist!',
  [M.OUTSIDE_CLOSED]: 'This contest has no public scoreboard!',
  [M.OUTSIDE_SCHEDULED]: 'This contest is being prepared; its public scoreboard is not open yet!',
  [M.REGISTER_PARAMS]: 'cid and password must not be empty!',
  [M.WRONG_PASSWORD]: 'Wrong contest password, please try again!',
  [M.ALREADY_REGISTERED]: 'You have already registered for this contest!',
  [M.REGISTER_FAILED]: 'Checking the contest password failed, please try again later',
  [M.LOGIN_FIRST]: 'Please log in first!',
  [M.CP_MISSING]: 'This contest problem does not exist',
  [M.CP_HIDDEN]: 'This contest problem is not accessible at the moment!',
  [M.RANK_CID]: 'Error: cid must not be empty',
  [M.OUTSIDE_CID]: 'Error: the contest id must not be empty',
  [M.CHECK_FAILED]: 'Update failed!',
  [M.PRINT_FAILED]: 'Submission failed',
  [M.SUBMIT_ENDED]: 'The contest has ended; submissions are closed!',
  [M.SUBMIT_SCHEDULED]: 'The contest has not started; you cannot submit yet!',
  [M.SUBMIT_REGISTER]: 'Sorry, please register for this contest first; the submission failed!',
  [M.SUBMIT_ACCOUNT_RULE]: 'Sorry! This contest only admits accounts that match its account rule!',
  [M.SUBMIT_HIDDEN]: 'Error! This problem is hidden and cannot be submitted!',
  [M.ADMIN_QUERY_MISSING]: 'Query failed: the contest does not exist, please check the cid!',
  [M.ADMIN_NO_PERMISSION]: 'Sorry, you do not have permission for this operation!',
  [M.TITLE_EMPTY]: 'The contest title must not be empty!',
  [M.TITLE_LONG]: 'The contest title is too long, please shorten it!',
  [M.DESCRIPTION_LONG]: 'The contest description is too long, please shorten it!',
  [M.BAD_TYPE]: 'The contest rule must be ACM (0) or OI (1)!',
  [M.BAD_OI_SCORE_TYPE]: 'The OI rank score type must be Recent or Highest!',
  [M.BAD_AUTH]: 'The contest access must be public (0), private (1) or protected (2)!',
  [M.BAD_TIMES]: 'The start and end time of the contest must not be empty!',
  [M.ADD_FAILED]: 'Adding failed',
  [M.UPDATE_FAILED]: 'Update failed',
  [M.DELETE_FAILED]: 'Deletion failed',
  [M.CLONE_MISSING]: 'This contest does not exist and cannot be cloned!',
  [M.QUERY_FAILED]: 'Query failed',
  [M.CP_UPDATE_FAILED]: 'Update failed',
  [M.CP_DUPLICATE]: 'Adding failed: the problem is already in the contest or its display id is taken!',
  [M.PROBLEM_MISSING]: 'This problem does not exist or is hidden!',
  [M.ANNOUNCEMENT_UPDATE_FAILED]: 'Update failed!',
  [M.ANNOUNCEMENT_DELETE_FAILED]: 'Deletion failed!',
  [M.SCROLL_MISSING]: 'The contest does not exist',
  [M.SCROLL_NOT_ACM]: 'Only ACM contests can be rolled on the scroll board',
  [M.SCROLL_NOT_SEALED]: 'The scoreboard of this contest was never sealed, so there is nothing to roll',
  [M.SCROLL_NOT_ENDED]: 'The scroll board opens only after the contest has ended',
  [M.SCROLL_NOT_OI]: 'This contest is not an OI contest: use the ACM scroll board',
});
registerEnglishPattern(
  /^提交打印功能限制，请在(\d+)秒后再进行提交！$/,
  (m) => `Printing is rate limited, please submit again in ${m[1]} s!`,
);
