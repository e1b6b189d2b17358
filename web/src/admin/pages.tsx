// Back-office pages: the contest screens are built; the rest are placeholders until their areas land.
import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Placeholder } from '../shell/Placeholder';
import { AdminContestListPage } from './contest/AdminContestListPage';
import { ContestAnnouncementsPage } from './contest/ContestAnnouncementsPage';
import { ContestEditPage } from './contest/ContestEditPage';
import { ContestProblemEditPage } from './contest/ContestProblemEditPage';
import { ContestProblemsPage } from './contest/ContestProblemsPage';

export const AdminLogin = () => <Placeholder titleKey="page.adminLogin" />;
/** The back-office home: a placeholder until the dashboard lands, with links to the built sections. */
export const AdminHome = () => <AdminHomePage />;

export const AdminContestList = () => <AdminContestListPage />;
export const AdminContestEdit = () => <ContestEditPage />;
export const AdminContestProblems = () => <ContestProblemsPage />;
export const AdminContestProblemEdit = () => <ContestProblemEditPage />;
export const AdminContestAnnouncements = () => <ContestAnnouncementsPage />;

function AdminHomePage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  return (
    <div>
      <Placeholder titleKey="page.adminHome" />
      <div className="oj-admin-sections" style={{ display: 'flex', justifyContent: 'center', gap: 8 }}>
        <Button
          icon="timeline-bar-chart"
          onClick={() => navigate('/admin/contest')}
          data-testid="admin-home-contest"
        >
          {t('adminContest.listTitle')}
        </Button>
      </div>
    </div>
  );
}
