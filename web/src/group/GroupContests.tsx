// Contest tab (spec §2.8): the group's visible contests as the site's contest cards for members (a
// card opens the contest on the site route, whose access check asks the group membership); group
// admins also get the contest back office: the site's admin contest screens in a
// ContestAdminProvider running on the /api/group/*contest* calls.
import { Button, Classes, FormGroup, InputGroup, Switch } from '@blueprintjs/core';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { http } from '../api/client';
import { ContestAdminProvider } from '../admin/contest/admin-scope';
import { AdminContestListPage } from '../admin/contest/AdminContestListPage';
import { ContestAnnouncementsPage } from '../admin/contest/ContestAnnouncementsPage';
import { ContestEditPage } from '../admin/contest/ContestEditPage';
import { ContestProblemEditPage } from '../admin/contest/ContestProblemEditPage';
import { ContestProblemsPage } from '../admin/contest/ContestProblemsPage';
import { ContestRow } from '../contest/ContestListPage';
import { Pager } from '../judge/Pager';
import { LoadedList } from '../shell/LoadedList';
import { toast } from '../shell/toaster';
import { useLoad } from '../shell/useLoad';
import { isAdminView, type Viewer } from './GroupArea';
import { GROUP_CONTEST_PAGE_SIZE, groupContestAdmin, groupContestApi } from './contests-api';

function ContestList({ gid }: { gid: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useLoad(() => groupContestApi.list(gid, page), [gid, page]);
  return (
    <LoadedList
      list={list}
      isEmpty={(d) => d.records.length === 0}
      emptyTitle={t('groupUi.noContests')}
      emptyTestId="group-contests-empty"
      loadingTestId="group-contests-loading"
    >
      {(data) => (
        <>
          <ul className="oj-contest-rows">
            {data.records.map((c) => (
              <ContestRow key={c.id} c={c} />
            ))}
          </ul>
          <Pager page={page} size={GROUP_CONTEST_PAGE_SIZE} total={data.total} onPage={setPage} />
        </>
      )}
    </LoadedList>
  );
}

/** The shared admin contest screens, scoped to this group's back office. */
function GroupContestScope({
  gid,
  shortName,
  children,
}: {
  gid: number;
  shortName: string;
  children: ReactNode;
}) {
  const scope = useMemo(() => groupContestAdmin(gid, shortName), [gid, shortName]);
  return <ContestAdminProvider value={scope}>{children}</ContestAdminProvider>;
}

export function GroupContests({
  gid,
  shortName,
  viewer,
}: {
  gid: number;
  shortName: string;
  viewer: Viewer;
}) {
  const { t } = useTranslation();
  const [admin, setAdmin] = useState(false);
  const canAdmin = isAdminView(viewer);
  return (
    <div className="oj-group-contests" data-testid="group-contests">
      {canAdmin && (
        <Switch
          checked={admin}
          label={t('groupUi.contestAdmin')}
          onChange={(e) => setAdmin(e.currentTarget.checked)}
          data-testid="group-contest-admin-switch"
        />
      )}
      {admin && canAdmin ? (
        <GroupContestScope gid={gid} shortName={shortName}>
          <AdminContestListPage />
        </GroupContestScope>
      ) : (
        <ContestList gid={gid} />
      )}
    </div>
  );
}

function BackToContests({ gid }: { gid: number }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  return (
    <Button minimal icon="arrow-left" onClick={() => navigate(`/group/${gid}/contest`)}>
      {t('groupUi.backToContests')}
    </Button>
  );
}

/** The group and its short name, which every contest back-office screen of the group needs. */
interface GroupScope {
  gid: number;
  shortName: string;
}

/**
 * A contest back-office screen of the group: the way back to the Contest tab, then the site's
 * screen in the group's scope (`above` goes between the two).
 */
function GroupContestScreen({
  gid,
  shortName,
  testId,
  above,
  children,
}: GroupScope & { testId: string; above?: ReactNode; children: ReactNode }) {
  return (
    <div data-testid={testId}>
      <BackToContests gid={gid} />
      {above}
      <GroupContestScope gid={gid} shortName={shortName}>
        {children}
      </GroupContestScope>
    </div>
  );
}

/** /group/:gid/contest-create and /group/:gid/contest-edit/:cid. */
export function GroupContestEdit({ cid, ...group }: GroupScope & { cid: number | null }) {
  return (
    <GroupContestScreen {...group} testId="group-contest-edit">
      <ContestEditPage cid={cid} />
    </GroupContestScreen>
  );
}

/** Adds one of the group's own problems by its full display id (add-contest-problem-from-group). */
function AddFromGroup({ cid, onAdded }: { cid: number; onAdded(): void }) {
  const { t } = useTranslation();
  const [problemId, setProblemId] = useState('');
  const [displayId, setDisplayId] = useState('');
  const [busy, setBusy] = useState(false);
  const add = async () => {
    if (!problemId.trim() || !displayId.trim()) return;
    setBusy(true);
    try {
      await http.post('/api/group/add-contest-problem-from-group', undefined, {
        params: { problemId: problemId.trim(), cid, displayId: displayId.trim() },
      });
      toast.success(t('groupUi.contestProblemAdded'));
      setProblemId('');
      setDisplayId('');
      onAdded();
    } catch {
      // shown by the client
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="oj-group-contest-from-group" data-testid="group-contest-from-group">
      <FormGroup label={t('groupUi.trainingGroupProblemId')} inline>
        <InputGroup
          value={problemId}
          onChange={(e) => setProblemId(e.target.value)}
          data-testid="group-contest-from-group-pid"
        />
      </FormGroup>
      <FormGroup label={t('groupUi.contestDisplayId')} inline>
        <InputGroup
          value={displayId}
          onChange={(e) => setDisplayId(e.target.value)}
          data-testid="group-contest-from-group-display"
        />
      </FormGroup>
      <Button
        icon="plus"
        loading={busy}
        onClick={() => void add()}
        data-testid="group-contest-from-group-add"
      >
        {t('groupUi.trainingAddFromGroup')}
      </Button>
      <p className={Classes.TEXT_MUTED} data-testid="group-contest-from-group-note">
        {t('groupUi.contestFromGroupNote')}
      </p>
    </div>
  );
}

/** /group/:gid/contest-problems/:cid. */
export function GroupContestProblems({ cid, ...group }: GroupScope & { cid: number }) {
  const [version, setVersion] = useState(0);
  return (
    <GroupContestScreen
      {...group}
      testId="group-contest-problems"
      above={<AddFromGroup cid={cid} onAdded={() => setVersion((v) => v + 1)} />}
    >
      <ContestProblemsPage key={version} cid={cid} />
    </GroupContestScreen>
  );
}

/**
 * /group/:gid/contest-problem-create/:cid and /group/:gid/contest-problem-edit/:cid/:pid: a
 * contest-only problem of the group (the display id without the group's prefix).
 */
export function GroupContestProblemEdit({
  cid,
  pid,
  ...group
}: GroupScope & { cid: number; pid: number | null }) {
  return (
    <GroupContestScreen {...group} testId="group-contest-problem-edit">
      <ContestProblemEditPage cid={cid} pid={pid} />
    </GroupContestScreen>
  );
}

/** /group/:gid/contest-announcement/:cid. */
export function GroupContestAnnouncements({ cid, ...group }: GroupScope & { cid: number }) {
  return (
    <GroupContestScreen {...group} testId="group-contest-announcements">
      <ContestAnnouncementsPage cid={cid} />
    </GroupContestScreen>
  );
}
