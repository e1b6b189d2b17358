// The route table (spec §2). Each area loads lazily; guards wrap login-only and admin pages.
import type { ComponentType } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { RequireAdmin, RequireLogin } from './guards';
import { lazyPage, PageSuspense } from './lazy';

const problem = () => import('../problem/pages');
const problemDetail = () => import('../problem/detail-pages');
const judge = () => import('../judge/pages');
const rank = () => import('../judge/rank');
const contest = () => import('../contest/pages');
const contestVirtual = () => import('../contest/virtual/pages');
const contestReplay = () => import('../contest/replay/pages');
const training = () => import('../training/pages');
const discussion = () => import('../discussion/pages');
const group = () => import('../group/pages');
const message = () => import('../message/pages');
const admin = () => import('../admin/pages');
const adminRemote = () => import('../admin/remote/pages');
const adminSimilarity = () => import('../admin/similarity/pages');
const adminDiscussion = () => import('../admin/discussion/pages');
const adminNotice = () => import('../admin/notice/pages');
const adminTraining = () => import('../admin/training/pages');
const account = () => import('../account/pages');

const Home = lazyPage(() => import('../site/HomePage'), 'default');
const ResetPassword = lazyPage(() => import('../account/ResetPasswordPage'), 'default');
const Logout = lazyPage(() => import('../account/LogoutPage'), 'default');
const NotFound = lazyPage(() => import('./NotFound'), 'default');

const P = {
  ProblemList: lazyPage(problem, 'ProblemList'),
  ProblemDetails: lazyPage(problemDetail, 'ProblemDetails'),
  FullScreenProblem: lazyPage(problemDetail, 'FullScreenProblem'),
  SubmissionList: lazyPage(judge, 'SubmissionList'),
  SubmissionDetails: lazyPage(judge, 'SubmissionDetails'),
  ContestList: lazyPage(contest, 'ContestList'),
  ContestArea: lazyPage(contest, 'ContestArea'),
  Scoreboard: lazyPage(contest, 'Scoreboard'),
  ScrollBoard: lazyPage(contest, 'ScrollBoard'),
  VirtualContest: lazyPage(contestVirtual, 'VirtualContest'),
  ContestReplay: lazyPage(contestReplay, 'ContestReplay'),
  TrainingList: lazyPage(training, 'TrainingList'),
  TrainingArea: lazyPage(training, 'TrainingArea'),
  DiscussionList: lazyPage(discussion, 'DiscussionList'),
  DiscussionDetail: lazyPage(discussion, 'DiscussionDetail'),
  GroupList: lazyPage(group, 'GroupList'),
  GroupArea: lazyPage(group, 'GroupArea'),
  GroupProblemReview: lazyPage(group, 'GroupProblemReview'),
  AdminRemoteImport: lazyPage(adminRemote, 'RemoteImportPage'),
  AdminRemoteAccounts: lazyPage(adminRemote, 'RemoteAccountsPage'),
  AdminSimilarityList: lazyPage(adminSimilarity, 'SimilarityListPage'),
  AdminSimilarityReport: lazyPage(adminSimilarity, 'SimilarityReportPage'),
  SimilarityScope: lazyPage(adminSimilarity, 'SimilarityScopePage'),
  SimilarityScopeReport: lazyPage(adminSimilarity, 'SimilarityScopeReportPage'),
  MessagePage: lazyPage(message, 'MessagePage'),
  AdminLogin: lazyPage(admin, 'AdminLogin'),
  AdminHome: lazyPage(admin, 'AdminHome'),
  AdminFrame: lazyPage(admin, 'AdminFrame'),
  AdminDiscussion: lazyPage(adminDiscussion, 'AdminDiscussionPage'),
  AdminNotice: lazyPage(adminNotice, 'AdminNoticePage'),
  AdminUnknown: lazyPage(admin, 'AdminUnknown'),
  AdminDashboard: lazyPage(admin, 'AdminDashboard'),
  AdminUsers: lazyPage(admin, 'AdminUsers'),
  AdminServiceInfo: lazyPage(admin, 'AdminServiceInfo'),
  AdminProblems: lazyPage(admin, 'AdminProblems'),
  AdminProblemEdit: lazyPage(admin, 'AdminProblemEdit'),
  AdminSwitch: lazyPage(admin, 'AdminSwitch'),
  AdminConf: lazyPage(admin, 'AdminConf'),
  AdminAnnouncement: lazyPage(admin, 'AdminAnnouncement'),
  AdminTools: lazyPage(admin, 'AdminTools'),
  AdminTags: lazyPage(admin, 'AdminTags'),
  AdminBatchOperation: lazyPage(admin, 'AdminBatchOperation'),
  AdminProblemVerification: lazyPage(admin, 'AdminProblemVerification'),
  AdminTrainingList: lazyPage(adminTraining, 'AdminTrainingList'),
  AdminTrainingEdit: lazyPage(adminTraining, 'AdminTrainingEdit'),
  AdminTrainingProblems: lazyPage(adminTraining, 'AdminTrainingProblems'),
  AdminTrainingCategories: lazyPage(adminTraining, 'AdminTrainingCategories'),
  AdminContestList: lazyPage(admin, 'AdminContestList'),
  AdminContestEdit: lazyPage(admin, 'AdminContestEdit'),
  AdminContestProblems: lazyPage(admin, 'AdminContestProblems'),
  AdminContestProblemEdit: lazyPage(admin, 'AdminContestProblemEdit'),
  AdminContestAnnouncements: lazyPage(admin, 'AdminContestAnnouncements'),
  AdminContestCcsImport: lazyPage(admin, 'AdminContestCcsImport'),
  AdminContestCcsFeed: lazyPage(admin, 'AdminContestCcsFeed'),
  Settings: lazyPage(account, 'Settings'),
  UserHome: lazyPage(account, 'UserHome'),
  AcmRank: lazyPage(rank, 'AcmRank'),
  OiRank: lazyPage(rank, 'OiRank'),
};

type Access = 'public' | 'login' | 'admin';
interface RouteSpec {
  path: string;
  page: ComponentType<Record<string, unknown>>;
  access: Access;
}

/** Order matters: the first match wins. */
export const ROUTES: RouteSpec[] = [
  { path: '/home', page: Home, access: 'public' },
  { path: '/problem', page: P.ProblemList, access: 'login' },
  { path: '/problem/:problemID', page: P.ProblemDetails, access: 'login' },

  { path: '/training', page: P.TrainingList, access: 'public' },
  {
    path: '/training/:trainingID/problem/:problemID/full-screen',
    page: P.FullScreenProblem,
    access: 'public',
  },
  { path: '/training/:trainingID/problem/:problemID', page: P.ProblemDetails, access: 'public' },
  { path: '/training/:trainingID', page: P.TrainingArea, access: 'public' },
  { path: '/training/:trainingID/*', page: P.TrainingArea, access: 'public' },

  { path: '/contest', page: P.ContestList, access: 'public' },
  { path: '/contest/acm-scoreboard/:contestID', page: P.Scoreboard, access: 'public' },
  { path: '/contest/oi-scoreboard/:contestID', page: P.Scoreboard, access: 'public' },
  { path: '/scrollBoard', page: P.ScrollBoard, access: 'public' },
  { path: '/contest/:contestID/problem/:problemID/full-screen', page: P.FullScreenProblem, access: 'login' },
  // /contest/:contestID/problem/:problemID is drawn inside the contest shell (its problems tab).
  { path: '/contest/:contestID/virtual', page: P.VirtualContest, access: 'login' },
  { path: '/contest/:contestID/replay', page: P.ContestReplay, access: 'public' },
  { path: '/contest/:contestID', page: P.ContestArea, access: 'login' },
  { path: '/contest/:contestID/*', page: P.ContestArea, access: 'login' },

  { path: '/status', page: P.SubmissionList, access: 'public' },
  { path: '/submission-detail/:submitID', page: P.SubmissionDetails, access: 'public' },
  { path: '/acm-rank', page: P.AcmRank, access: 'public' },
  { path: '/oi-rank', page: P.OiRank, access: 'public' },
  { path: '/reset-password', page: ResetPassword, access: 'public' },
  { path: '/user-home', page: P.UserHome, access: 'public' },
  { path: '/discussion', page: P.DiscussionList, access: 'public' },
  { path: '/discussion/:problemID', page: P.DiscussionList, access: 'public' },
  { path: '/discussion-detail/:discussionID', page: P.DiscussionDetail, access: 'public' },

  { path: '/group', page: P.GroupList, access: 'public' },
  { path: '/group/:groupID/problem/:problemID/full-screen', page: P.FullScreenProblem, access: 'login' },
  {
    path: '/group/:groupID/training/:trainingID/problem/:problemID/full-screen',
    page: P.FullScreenProblem,
    access: 'login',
  },
  { path: '/group/:groupID/problem/:problemID', page: P.ProblemDetails, access: 'login' },
  {
    path: '/group/:groupID/training/:trainingID/problem/:problemID',
    page: P.ProblemDetails,
    access: 'login',
  },
  { path: '/group/:groupID', page: P.GroupArea, access: 'login' },
  { path: '/group/:groupID/*', page: P.GroupArea, access: 'login' },

  { path: '/setting', page: P.Settings, access: 'login' },
  // public: clearing the session must not let a login guard open the dialog on the way home
  { path: '/logout', page: Logout, access: 'public' },
  { path: '/message', page: P.MessagePage, access: 'login' },
  // Similarity reports for a contest's, training's or group problem's own admins (issue #28): the
  // server's answer decides; site admins also have them in the back office.
  { path: '/similarity', page: P.SimilarityScope, access: 'login' },
  { path: '/similarity/:id', page: P.SimilarityScopeReport, access: 'login' },
  { path: '/message/:category', page: P.MessagePage, access: 'login' },

  { path: '/admin/login', page: P.AdminLogin, access: 'public' },
  { path: '/admin', page: P.AdminHome, access: 'admin' },
  { path: '/admin/discussion', page: P.AdminDiscussion, access: 'admin' },
  { path: '/admin/notice', page: P.AdminNotice, access: 'admin' },
  { path: '/admin/dashboard', page: P.AdminDashboard, access: 'admin' },
  { path: '/admin/user', page: P.AdminUsers, access: 'admin' },
  { path: '/admin/service-info', page: P.AdminServiceInfo, access: 'admin' },
  { path: '/admin/problems', page: P.AdminProblems, access: 'admin' },
  { path: '/admin/switch', page: P.AdminSwitch, access: 'admin' },
  { path: '/admin/conf', page: P.AdminConf, access: 'admin' },
  { path: '/admin/announcement', page: P.AdminAnnouncement, access: 'admin' },
  { path: '/admin/tools', page: P.AdminTools, access: 'admin' },
  { path: '/admin/problem/create', page: P.AdminProblemEdit, access: 'admin' },
  { path: '/admin/problem/edit/:problemId', page: P.AdminProblemEdit, access: 'admin' },
  { path: '/admin/problem/tag', page: P.AdminTags, access: 'admin' },
  { path: '/admin/problem/remote-import', page: P.AdminRemoteImport, access: 'admin' },
  { path: '/admin/remote-account', page: P.AdminRemoteAccounts, access: 'admin' },
  { path: '/admin/similarity', page: P.AdminSimilarityList, access: 'admin' },
  { path: '/admin/similarity/:id', page: P.AdminSimilarityReport, access: 'admin' },
  { path: '/admin/group-problem/apply', page: P.GroupProblemReview, access: 'admin' },
  { path: '/admin/problem/batch-operation', page: P.AdminBatchOperation, access: 'admin' },
  { path: '/admin/problem/verify/:pid', page: P.AdminProblemVerification, access: 'admin' },
  { path: '/admin/training', page: P.AdminTrainingList, access: 'admin' },
  { path: '/admin/training/create', page: P.AdminTrainingEdit, access: 'admin' },
  { path: '/admin/training/category', page: P.AdminTrainingCategories, access: 'admin' },
  { path: '/admin/training/:trainingId/edit', page: P.AdminTrainingEdit, access: 'admin' },
  { path: '/admin/training/:trainingId/problems', page: P.AdminTrainingProblems, access: 'admin' },
  { path: '/admin/contest', page: P.AdminContestList, access: 'admin' },
  { path: '/admin/contest/create', page: P.AdminContestEdit, access: 'admin' },
  { path: '/admin/contest/ccs-import', page: P.AdminContestCcsImport, access: 'admin' },
  { path: '/admin/contest/ccs-feed', page: P.AdminContestCcsFeed, access: 'admin' },
  { path: '/admin/contest/:contestId/edit', page: P.AdminContestEdit, access: 'admin' },
  { path: '/admin/contest/:contestId/problems', page: P.AdminContestProblems, access: 'admin' },
  { path: '/admin/contest/:contestId/problem/create', page: P.AdminContestProblemEdit, access: 'admin' },
  {
    path: '/admin/contest/:contestId/problem/:problemId/edit',
    page: P.AdminContestProblemEdit,
    access: 'admin',
  },
  { path: '/admin/contest/:contestId/announcement', page: P.AdminContestAnnouncements, access: 'admin' },
  { path: '/admin/*', page: P.AdminUnknown, access: 'public' },
];

function guarded(spec: RouteSpec) {
  const Page = spec.page;
  const page = <Page />;
  if (spec.access === 'login') return <RequireLogin>{page}</RequireLogin>;
  if (spec.access === 'admin')
    return (
      <RequireAdmin>
        <P.AdminFrame>{page}</P.AdminFrame>
      </RequireAdmin>
    );
  return page;
}

export function AppRoutes() {
  return (
    <PageSuspense>
      <Switch>
        <Route path="/">
          <Redirect to="/home" replace />
        </Route>
        {ROUTES.map((spec) => (
          <Route key={spec.path} path={spec.path}>
            {guarded(spec)}
          </Route>
        ))}
        <Route>
          <NotFound />
        </Route>
      </Switch>
    </PageSuspense>
  );
}
