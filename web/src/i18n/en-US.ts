// English strings; typed against the Chinese ones so both locales always have the same keys.
import { adminEnUS } from './admin.en-US';
import { verifyEnUS } from './verify.en-US';
import { remoteEnUS } from './remote.en-US';
import { similarityEnUS } from './similarity.en-US';
import { trainingEnUS } from './training.en-US';
import { adminContestEnUS } from './admin-contest.en-US';
import { ccsImportEnUS } from './ccs-import.en-US';
import { ccsArchiveEnUS } from './ccs-archive.en-US';
import { contestEnUS } from './contest.en-US';
import { virtualEnUS } from './virtual.en-US';
import { replayEnUS } from './replay.en-US';
import { discussionEnUS } from './discussion.en-US';
import { messageEnUS } from './message.en-US';
import { groupEnUS } from './group.en-US';
import type { Translations } from './zh-CN';
import { screensEnUS } from './screens.en-US';

export const enUS: Translations = {
  Username_Check_Required: 'The username is required',
  Username_Check_Max: 'The username may be at most 20 characters',
  Password_Check_Required: 'The password is required',
  Password_Check_Between: 'The password must be 6 to 20 characters',
  Password_Again_Check_Required: 'Please enter the password again',
  Password_does_not_match: 'Password does not match',
  Email_Check_Required: 'The email is required',
  Email_Check_Format: 'Email format error',
  Code_Check_Required: 'The code is required',
  Code_Check_Length: 'The code must be 6 characters',
  Captcha_Check_Required: 'The captcha is required',
  Captcha_Check_Between: 'The captcha must be 1 to 8 characters',
  The_username_already_exists: 'The username already exists',
  The_email_already_exists: 'The email already exists',
  The_username_does_not_exists: 'The username does not exist',
  The_email_does_not_exists: 'The email does not exist',
  Please_login_first: 'Please login first',
  account: {
    login: 'Login',
    register: 'Register',
    resetPassword: 'Reset Password',
    username: 'Username',
    password: 'Password',
    passwordAgain: 'Confirm password',
    newPassword: 'New password',
    email: 'Email',
    code: 'Email code',
    captcha: 'Captcha',
    refreshCaptcha: 'Refresh',
    sendCode: 'Send code',
    resendIn: 'Resend in {{seconds}} s',
    sendResetMail: 'Send reset email',
    codeSent: 'The code has been sent to your email',
    registerSuccess: 'Registered successfully, please log in',
    resetMailSent: 'The reset email has been sent, please check your mailbox',
    resetSuccess: 'Password reset, please log in again',
    welcomeBack: 'Welcome back',
    noAccount: 'No account? Register now',
    haveAccount: 'Have an account? Log in',
    forgotPassword: 'Forgot password',
    backToLogin: 'Back to login',
    slider: {
      label: 'Drag the slider to complete the puzzle',
      hint: 'Slide right to fill the puzzle',
      success: 'Verified',
      miss: 'Verification failed, please try again',
      robot: 'Speed too fast, may be machine operation! Please verify again!',
      required: 'Please complete the slider verification first',
      refresh: 'Refresh the puzzle',
    },
  },
  common: {
    error: 'Error',
    back: 'Back',
    refresh: 'Refresh',
    noData: 'No data',
    prevPage: 'Previous page',
    nextPage: 'Next page',
  },
  error: {
    notFound: 'Query error, unable to find the resource to request',
    server: 'Server error, please refresh again',
    timeout: 'Request timed out, please try again later',
    network: 'Network error, abnormal link with server, please try again later',
    pageLoad: 'The page failed to load',
    invalidFile: 'Invalid file format',
    reload: 'Reload',
  },
  home: {
    seeded: {
      description: 'An online judge for programming practice, contests and trainings.',
      welcomeTitle: 'Welcome to Online Judge!',
      welcomeContent:
        'Welcome! Practise problems, take part in contests and trainings, join groups and discuss.\n\n- [Problems](/problem)\n- [Contests](/contest)\n- [Trainings](/training)',
    },
    welcome: 'Welcome to the Online Judge',
    carouselImage: 'Slide {{n}}',
    announcements: 'Announcements',
    noAnnouncements: 'No announcements',
    recentContests: 'Recent Contests',
    running: 'Running',
    scheduled: 'Scheduled',
    recentProblems: 'Latest Problems',
    problemId: 'ID',
    problemTitle: 'Title',
    updatedAt: 'Updated',
    currentTime: 'Current Time',
    sevenDayRank: 'AC Rank of the Last 7 Days',
    trainings: 'Training',
    training22: 'Beginner Training',
    training23: 'Advanced Training',
    training24: 'Topic Training',
    weekStatistics: 'Submissions of the Last Week',
    forceRefresh: 'Force refresh',
    accepted: 'Accepted',
    total: 'Total',
  },
  message: {
    title: 'Messages',
    hasUnread: 'Unread messages',
    discuss: 'Comments',
    reply: 'Replies',
    like: 'Likes',
    sys: 'System',
    mine: 'Mine',
  },
  nav: {
    menu: 'Menu',
    home: 'Home',
    problem: 'Problems',
    training: 'Training',
    contest: 'Contests',
    status: 'Status',
    rank: 'Rank',
    acmRank: 'ACM Rank',
    oiRank: 'OI Rank',
    discussion: 'Discussion',
    group: 'Groups',
    tools: 'Tools',
    contestHome: 'Contest Home',
    groupHome: 'Group Home',
    trainingHome: 'Training Home',
    problems: 'Problems',
    myHome: 'My Home',
    mySubmissions: 'My Submissions',
    settings: 'Settings',
    management: 'Management',
    logout: 'Logout',
  },
  notFound: {
    text: 'Page not found',
    goHome: 'Go Home',
    back: 'Back',
  },
  page: {
    problemList: 'Problem List',
    problemDetails: 'Problem',
    fullScreenProblem: 'Focus Mode',
    submissionList: 'Status',
    submissionDetails: 'Submission Details',
    contestList: 'Contests',
    contestHome: 'Contest',
    scoreboard: 'Scoreboard',
    trainingList: 'Training',
    trainingHome: 'Training',
    discussionList: 'Discussion',
    discussionDetail: 'Discussion',
    groupList: 'Groups',
    groupHome: 'Group',
    messages: 'Messages',
    adminLogin: 'Admin Login',
    adminHome: 'Management',
    settings: 'Settings',
    userHome: 'User Home',
    acmRank: 'ACM Rank',
    oiRank: 'OI Rank',
  },
  shell: {
    notBuiltYet: 'This page is not built yet.',
    forbidden: 'You are not allowed to open this page',
    language: 'Language',
    poweredBy: 'Powered by',
  },
  // The problem, submission, rank, user-home and settings screens.
  ...screensEnUS,
  // The contest area.
  ...contestEnUS,
  // Virtual participation and the ghost board (issue #27).
  ...virtualEnUS,
  ...replayEnUS,
  // The admin contest screens and the contest comment area.
  ...adminContestEnUS,
  ...ccsImportEnUS,
  ...ccsArchiveEnUS,
  // The remote judge's back-office pages (issue #17).
  ...remoteEnUS,
  // Code similarity reports (issue #28).
  ...similarityEnUS,
  ...adminEnUS,
  ...verifyEnUS,
  // Discussions, admin discussions and notices, the markdown editor; the message center.
  ...discussionEnUS,
  ...messageEnUS,
  // The group area.
  ...groupEnUS,
  // The training area and its back office.
  ...trainingEnUS,
};
