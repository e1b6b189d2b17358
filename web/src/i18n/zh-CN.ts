// Chinese strings (default language). en-US.ts must have exactly the same keys: its type is derived from this one.
import { adminZhCN } from './admin.zh-CN';
import { verifyZhCN } from './verify.zh-CN';
import { remoteZhCN } from './remote.zh-CN';
import { similarityZhCN } from './similarity.zh-CN';
import { trainingZhCN } from './training.zh-CN';
import { adminContestZhCN } from './admin-contest.zh-CN';
import { ccsImportZhCN } from './ccs-import.zh-CN';
import { ccsArchiveZhCN } from './ccs-archive.zh-CN';
import { contestZhCN } from './contest.zh-CN';
import { virtualZhCN } from './virtual.zh-CN';
import { replayZhCN } from './replay.zh-CN';
import { discussionZhCN } from './discussion.zh-CN';
import { messageZhCN } from './message.zh-CN';
import { groupZhCN } from './group.zh-CN';
import { screensZhCN } from './screens.zh-CN';
export const zhCN = {
  Username_Check_Required: '用户名不能为空',
  Username_Check_Max: '用户名长度不能超过20位',
  Password_Check_Required: '密码不能为空',
  Password_Check_Between: '密码长度应为6~20位',
  Password_Again_Check_Required: '请再次输入密码',
  Password_does_not_match: '两次输入的密码不一致',
  Email_Check_Required: '邮箱不能为空',
  Email_Check_Format: '邮箱格式错误',
  Code_Check_Required: '验证码不能为空',
  Code_Check_Length: '验证码长度应为6位',
  Captcha_Check_Required: '验证码不能为空',
  Captcha_Check_Between: '验证码长度应为1~8位',
  The_username_already_exists: '用户名已存在',
  The_email_already_exists: '邮箱已存在',
  The_username_does_not_exists: '用户名不存在',
  The_email_does_not_exists: '邮箱不存在',
  Please_login_first: '请先登录',
  account: {
    login: '登录',
    register: '注册',
    resetPassword: '重置密码',
    username: '用户名',
    password: '密码',
    passwordAgain: '确认密码',
    newPassword: '新密码',
    email: '邮箱',
    code: '邮箱验证码',
    captcha: '图形验证码',
    refreshCaptcha: '换一张',
    sendCode: '发送验证码',
    resendIn: '{{seconds}} 秒后重新发送',
    sendResetMail: '发送重置邮件',
    codeSent: '验证码已发送至邮箱，请注意查收',
    registerSuccess: '注册成功，请登录',
    resetMailSent: '重置密码邮件已发送，请前往邮箱查收',
    resetSuccess: '密码重置成功，请重新登录',
    welcomeBack: '欢迎回来',
    noAccount: '没有账号？立即注册',
    haveAccount: '已有账号？去登录',
    forgotPassword: '忘记密码',
    backToLogin: '返回登录',
    slider: {
      label: '拖动滑块完成拼图验证',
      hint: '向右拖动滑块填充拼图',
      success: '验证通过',
      miss: '验证失败，请重试',
      robot: '速度过快，可能是机器操作！请重新验证！',
      required: '请先完成滑块验证',
      refresh: '刷新验证',
    },
  },
  common: {
    error: '错误',
    back: '返回',
    refresh: '刷新',
    noData: '暂无数据',
    prevPage: '上一页',
    nextPage: '下一页',
  },
  error: {
    notFound: '查询错误，找不到要请求的资源',
    server: '服务器错误，请重新刷新',
    timeout: '请求超时，请稍后重试',
    network: '网络错误，与服务器连接异常，请稍后再试',
    pageLoad: '页面加载失败',
    invalidFile: '文件格式无效',
    reload: '重新加载',
  },
  home: {
    seeded: {
      description: '在线评测系统：练习题目、参加比赛与训练。',
      welcomeTitle: '欢迎来到 Online Judge！',
      welcomeContent:
        '欢迎使用本在线评测系统：在这里可以练习题目、参加比赛与训练、加入团队并参与讨论。\n\n- [题目](/problem)\n- [比赛](/contest)\n- [训练](/training)',
    },
    welcome: '欢迎来到在线评测系统',
    carouselImage: '轮播图 {{n}}',
    announcements: '公告',
    noAnnouncements: '暂无公告',
    recentContests: '近期比赛',
    running: '进行中',
    scheduled: '未开始',
    recentProblems: '最近更新的题目',
    problemId: '题号',
    problemTitle: '标题',
    updatedAt: '更新时间',
    currentTime: '当前时间',
    sevenDayRank: '最近一周过题榜',
    trainings: '训练',
    training22: '入门训练',
    training23: '进阶训练',
    training24: '专题训练',
    weekStatistics: '最近一周提交统计',
    forceRefresh: '强制刷新',
    accepted: '通过',
    total: '总提交',
  },
  message: {
    title: '消息中心',
    hasUnread: '有未读消息',
    discuss: '评论我的',
    reply: '回复我的',
    like: '收到的赞',
    sys: '系统通知',
    mine: '我的消息',
  },
  nav: {
    menu: '菜单',
    home: '首页',
    problem: '题目',
    training: '训练',
    contest: '比赛',
    status: '评测',
    rank: '排名',
    acmRank: 'ACM 排名',
    oiRank: 'OI 排名',
    discussion: '讨论',
    group: '团队',
    tools: '工具',
    contestHome: '比赛首页',
    groupHome: '团队首页',
    trainingHome: '训练首页',
    problems: '题目列表',
    myHome: '我的主页',
    mySubmissions: '我的提交',
    settings: '我的设置',
    management: '后台管理',
    logout: '退出登录',
  },
  notFound: {
    text: '页面不存在',
    goHome: '回到首页',
    back: '返回上页',
  },
  page: {
    problemList: '题目列表',
    problemDetails: '题目详情',
    fullScreenProblem: '专注模式做题',
    submissionList: '评测状态',
    submissionDetails: '提交详情',
    contestList: '比赛列表',
    contestHome: '比赛',
    scoreboard: '比赛榜单',
    trainingList: '训练列表',
    trainingHome: '训练',
    discussionList: '讨论区',
    discussionDetail: '讨论详情',
    groupList: '团队列表',
    groupHome: '团队',
    messages: '消息中心',
    adminLogin: '后台登录',
    adminHome: '后台管理',
    settings: '个人设置',
    userHome: '个人主页',
    acmRank: 'ACM 排名',
    oiRank: 'OI 排名',
  },
  shell: {
    notBuiltYet: '该页面尚在建设中。',
    forbidden: '您没有权限访问此页面',
    language: '语言',
    poweredBy: '技术支持',
  },
  // The problem, submission, rank, user-home and settings screens.
  ...screensZhCN,
  // The contest area.
  ...contestZhCN,
  // Virtual participation and the ghost board (issue #27).
  ...virtualZhCN,
  ...replayZhCN,
  // The admin contest screens and the contest comment area.
  ...adminContestZhCN,
  ...ccsImportZhCN,
  ...ccsArchiveZhCN,
  // The remote judge's back-office pages (issue #17).
  ...remoteZhCN,
  // Code similarity reports (issue #28).
  ...similarityZhCN,
  ...adminZhCN,
  ...verifyZhCN,
  // Discussions, admin discussions and notices, the markdown editor; the message center.
  ...discussionZhCN,
  ...messageZhCN,
  // The group area.
  ...groupZhCN,
  // The training area and its back office.
  ...trainingZhCN,
};

/** Same shape as zhCN with every leaf a string. */
export type Translations = typeof zhCN;
