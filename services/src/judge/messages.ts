// Error texts of the judge endpoints, verbatim from the wire contract (reference/api/core.md §7,
// groups-admin-files.md §4.11); English glosses there.
export const JudgeMessages = {
  PUBLIC_JUDGE_OFF: '网站当前未开启题目评测的功能，禁止提交或调试！',
  GROUP_JUDGE_OFF: '网站当前未开启团队内题目评测的功能，禁止提交或调试！',
  CONTEST_JUDGE_OFF: '网站当前未开启比赛题目评测的功能，禁止提交或调试！',
  CODE_EMPTY: '提交的代码不能为空！',
  CODE_TOO_LONG: '提交的代码是无效的，代码字符长度请不要超过65535！',
  SUBMIT_TOO_FAST: '对不起，您的提交频率过快，请稍后再尝试！',
  TEST_TOO_FAST: '对不起，您使用在线调试过于频繁，请稍后再尝试！',
  PROBLEM_GONE: '错误！当前题目已不存在，不可提交！',
  PROBLEM_PRIVATE: '错误！当前题目不可提交！',
  GROUP_PROBLEM_NEEDS_GID: '提交失败，该题目为团队所属，请你前往指定团队内提交！',
  NOT_GROUP_MEMBER: '对不起，您并非该题目所属的团队内成员，无权进行提交！',
  CONTEST_MISSING: '对不起，该比赛不存在！',
  TRAINING_MISSING: '该训练不存在或不允许显示！',
  STATUS_CHECK_CID: '查询比赛id不能为空',
  CONTEST_REJUDGE_EMPTY: '当前该题目无提交，不可重判！',
  CONTEST_REJUDGE_FAILED: '重判失败！请重新尝试！',
  CONTEST_REJUDGE_OK: '重判成功！该题目对应的全部提交已进入判题队列！',
  SUBMISSION_MISSING: '此提交数据不存在！',
  LOGIN_FIRST_SHORT: '请先登录！',
  CASES_NEED_LOGIN: '您还未登录！不可查看比赛提交的测试点详情！',
  ONLY_MINE_NEEDS_LOGIN: '当前用户数据为空，请您重新登陆！',
  /** Ours (docs/compat.md G20): a group's submissions are for its members. */
  GROUP_LIST_DENIED: '对不起，您无权限查看该团队的提交！',
  /** Ours (issue #23): a contest submission for someone the contest's board decision refuses. */
  SUBMISSION_DENIED: '对不起，您无权限查看该提交！',
  NOT_OWNER_RESUBMIT: '非提交该评测的用户不可操作！',
  CONTEST_RESUBMIT_LOCAL: '错误！非vJudge题目在比赛过程无权限重新提交',
  RESUBMIT_RUNNING: '该提交正在评测中，不可重新提交！',
  SHARE_BAD_PARAMS: '修改失败，请求参数错误！',
  SHARE_NOT_OWNER: '对不起，您不能修改他人的代码分享权限！',
  SHARE_CONTEST: '对不起，您不能分享比赛题目的提交代码！',
  REJUDGE_OK: '重判成功！该提交已进入判题队列！',
  REJUDGE_FAILED: '重判失败！请重新尝试！',
  ADMIN_SUBMISSION_GONE: '错误：该提交数据已不存在！',
  MANUAL_RUNNING: '错误：该提交正在评测中，无法修改，请稍后再尝试！',
  MANUAL_CE: '错误：编译失败的提交无法修改！',
  MANUAL_BAD_STATUS: '错误：不支持修改为该评测状态！',
  CANCEL_RUNNING: '错误：该提交正在评测中，无法取消，请稍后再尝试！',
  CANCEL_ALREADY: '错误：该提交已被取消！',
  TEST_BAD_TYPE: '请求参数type错误！',
  TEST_CODE_EMPTY: '在线调试的代码不可为空！',
  TEST_LANGUAGE_EMPTY: '在线调试的编程语言不可为空！',
  TEST_INPUT_EMPTY: '在线调试的输入数据不可为空！',
  TEST_INPUT_TOO_LONG: '在线调试的输入数据字符长度不能超过1000！',
  TEST_PID_EMPTY: '在线调试所属题目的id不能为空！',
  TEST_PROBLEM_MISSING: '当前题目不存在！不支持在线调试！',
  TEST_RESULT_MISSING: '查询错误！当前在线调试任务不存在！',
  RANK_BAD_TYPE: '排行榜类型代码不正确，请使用0(ACM),1(OI)！',
  QUEUE_FAILED: 'Failed to queue the submission for judging. Please resubmit this submission again!',
  NO_TEST_DATA: 'test case has not found',
} as const;

/**
 * The site judge languages (core.md submit rule 2), in the order the error message lists them,
 * less Python2, PyPy2 and JavaScript V8, which the judge cannot run and the site no longer offers
 * (compat SB5).
 */
export const JUDGE_LANGUAGES = [
  'C++',
  'C++ With O2',
  'C++ 17',
  'C++ 17 With O2',
  'C++ 20',
  'C++ 20 With O2',
  'C',
  'C With O2',
  'Python3',
  'Java',
  'Golang',
  'C#',
  'PHP',
  'PyPy3',
  'JavaScript Node',
  'Ruby',
  'Rust',
] as const;

export const languageError = (allowed: readonly string[]) =>
  `提交的代码的语言错误！请使用[${allowed.join(', ')}]中之一的语言！`;

/** Ours (issue #22.3): a submit not committed within the bound is refused, and nothing of it is stored. */
export const submitNotAccepted = (seconds: number) =>
  `服务器繁忙，本次提交未能在${seconds}秒内被受理，没有保存，请稍后重新提交！`;
