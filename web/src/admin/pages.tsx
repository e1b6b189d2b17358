// Back-office pages. Every admin route is drawn inside AdminFrame (side menu by role, drawer on
// phones); pages another area or a later change delivers are placeholders until then.
import { NonIdealState } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect } from 'wouter';
import { AdminContestListPage } from './contest/AdminContestListPage';
import { ContestAnnouncementsPage } from './contest/ContestAnnouncementsPage';
import { ContestEditPage } from './contest/ContestEditPage';
import { ContestProblemEditPage } from './contest/ContestProblemEditPage';
import { ContestProblemsPage } from './contest/ContestProblemsPage';
import { ContestCcsImportPage } from './contest/ContestCcsImportPage';
import { CcsFeedBoardPage } from './contest/CcsFeedBoardPage';
import { AdminLoginPage } from './AdminLoginPage';
import { AdminShell } from './AdminShell';
import { DashboardPage } from './dashboard/DashboardPage';
import { ServiceInfoPage } from './dashboard/ServiceInfoPage';
import { UsersPage } from './users/UsersPage';
import { ProblemListPage } from './problem/ProblemListPage';
import { ProblemEditPage } from './problem/ProblemEditPage';
import { TagsPage } from './problem/TagsPage';
import { BatchOperationPage } from './problem/BatchOperationPage';
import { VerificationPage } from './problem/VerificationPage';
import { SwitchPage } from './site/SwitchPage';
import { ConfPage } from './site/ConfPage';
import { AnnouncementPage } from './site/AnnouncementPage';
import { ToolsPage } from './site/ToolsPage';

/** The frame of every admin route (the route table wraps admin pages in it). */
export const AdminFrame = ({ children }: { children?: ReactNode }) => <AdminShell>{children}</AdminShell>;

export const AdminLogin = () => <AdminLoginPage />;
/** /admin is the dashboard. */
export const AdminHome = () => <DashboardPage />;
/** Unknown /admin/* paths go to the admin login (spec part 3 §2.13). */
export const AdminUnknown = () => <Redirect to="/admin/login" replace />;
export const AdminDashboard = () => <DashboardPage />;
export const AdminUsers = () => <UsersPage />;
export const AdminServiceInfo = () => <ServiceInfoPage />;
export const AdminProblems = () => <ProblemListPage />;
export const AdminProblemEdit = () => <ProblemEditPage />;
export const AdminTags = () => <TagsPage />;
export const AdminBatchOperation = () => <BatchOperationPage />;
export const AdminProblemVerification = () => <VerificationPage />;
export const AdminSwitch = () => <SwitchPage />;
export const AdminConf = () => <ConfPage />;
export const AdminAnnouncement = () => <AnnouncementPage />;
export const AdminTools = () => <ToolsPage />;

export const AdminContestList = () => <AdminContestListPage />;
export const AdminContestEdit = () => <ContestEditPage />;
export const AdminContestProblems = () => <ContestProblemsPage />;
export const AdminContestProblemEdit = () => <ContestProblemEditPage />;
export const AdminContestAnnouncements = () => <ContestAnnouncementsPage />;
export const AdminContestCcsImport = () => <ContestCcsImportPage />;
export const AdminContestCcsFeed = () => <CcsFeedBoardPage />;

/** A back-office page not built yet. */
export function AdminPlaceholder() {
  const { t } = useTranslation();
  return (
    <div data-testid="admin-placeholder">
      <NonIdealState icon="build" title={t('admin.placeholder')} />
    </div>
  );
}
