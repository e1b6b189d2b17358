// The contest service (reference/api/contests-trainings-discussions.md §0, §1, §5;
// groups-admin-files.md §4.10): one shared context (access.ts) and a module per use
// case, composed here into the one object routes, compose and the tests use. Events go
// out from these modules, never from the routes or the repositories.
import { createAccessPorts, createContestContext, type ContestServiceDeps } from './access';
import { createAdminAnnouncements } from './admin-announcements';
import { createAdminContests } from './admin-contests';
import { createAdminHelper } from './admin-helper';
import { createAdminProblems } from './admin-problems';
import { createParticipantUseCases } from './participant';
import { createRankPages } from './rank-pages';
import { createScrollBoard } from './scroll-board';

export type { ContestServiceDeps, ContestViewFacts, SubmitGateResult } from './access';
export type { RankQuery } from './rank-pages';

export function createContestService(deps: ContestServiceDeps) {
  const ctx = createContestContext(deps);
  const participant = createParticipantUseCases(ctx);
  const ranks = createRankPages(ctx);
  const helper = createAdminHelper(ctx);
  const scroll = createScrollBoard(ctx);
  const ports = createAccessPorts(ctx);
  const contests = createAdminContests(ctx);
  const problems = createAdminProblems(ctx);
  const announcements = createAdminAnnouncements(ctx);

  return {
    list: participant.list,
    recent: participant.recent,
    info: participant.info,
    outsideInfo: participant.outsideInfo,
    access: participant.access,
    register: participant.register,
    problems: participant.problems,
    problemDetail: participant.problemDetail,
    announcements: participant.announcements,
    unreadAnnouncements: participant.unreadAnnouncements,
    markAnnouncementsRead: participant.markAnnouncementsRead,
    rank: ranks.rank,
    outsideRank: ranks.outsideRank,
    acInfo: helper.acInfo,
    checkAcInfo: helper.checkAcInfo,
    submitPrint: helper.submitPrint,
    prints: helper.prints,
    checkPrint: helper.checkPrint,
    printText: helper.printText,
    rankXlsx: ranks.rankXlsx,
    acSubmissionsZip: helper.acSubmissionsZip,
    scrollBoardInfo: scroll.scrollBoardInfo,
    scrollBoardSubmissions: scroll.scrollBoardSubmissions,
    scrollBoardOi: scroll.scrollBoardOi,
    submitGate: ports.submitGate,
    viewFacts: ports.viewFacts,
    checkAccess: ports.checkAccess,
    commentFacts: ports.commentFacts,
    canWatchContest: ports.canWatchContest,
    mayUseContestProblem: ports.mayUseContestProblem,
    announceFirstAccepted: helper.announceFirstAccepted,
    displayTitles: ports.displayTitles,
    firstAccepted: helper.firstAccepted,
    fullScreenList: participant.fullScreenList,
    adminList: contests.adminList,
    adminGet: contests.adminGet,
    adminCreate: contests.adminCreate,
    adminUpdate: contests.adminUpdate,
    adminDelete: contests.adminDelete,
    cloneContest: contests.cloneContest,
    changeVisible: contests.changeVisible,
    adminProblemList: problems.adminProblemList,
    adminProblem: problems.adminProblem,
    adminCreateProblem: problems.adminCreateProblem,
    adminUpdateProblem: problems.adminUpdateProblem,
    getContestProblem: problems.getContestProblem,
    saveContestProblem: problems.saveContestProblem,
    addFromPublic: problems.addFromPublic,
    removeProblem: problems.removeProblem,
    adminAnnouncements: announcements.adminAnnouncements,
    addAnnouncement: announcements.addAnnouncement,
    updateAnnouncement: announcements.updateAnnouncement,
    deleteAnnouncement: announcements.deleteAnnouncement,
    requireContestAdmin: ctx.requireContestAdmin,
    requireAnnouncementAdmin: announcements.requireAnnouncementAdmin,
  };
}

export type ContestService = ReturnType<typeof createContestService>;
