// Back-office pages: the contest screens are built; the rest are placeholders until their areas land.
import { Placeholder } from '../shell/Placeholder';
import { AdminContestListPage } from './contest/AdminContestListPage';
import { ContestAnnouncementsPage } from './contest/ContestAnnouncementsPage';
import { ContestEditPage } from './contest/ContestEditPage';
import { ContestProblemEditPage } from './contest/ContestProblemEditPage';
import { ContestProblemsPage } from './contest/ContestProblemsPage';

export const AdminLogin = () => <Placeholder titleKey="page.adminLogin" />;
export const AdminHome = () => <Placeholder titleKey="page.adminHome" />;

export const AdminContestList = () => <AdminContestListPage />;
export const AdminContestEdit = () => <ContestEditPage />;
export const AdminContestProblems = () => <ContestProblemsPage />;
export const AdminContestProblemEdit = () => <ContestProblemEditPage />;
export const AdminContestAnnouncements = () => <ContestAnnouncementsPage />;
