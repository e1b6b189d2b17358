// Trainings tab (spec §2.7): the group's visible trainings for members (a row opens the training
// on the site training route, which checks the membership); group admins also get the training
// back office (the shared admin screens running on the /api/group/*training* calls).
import { Button, Switch } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { TrainingAdminList, type TrainingAdminPaths } from '../admin/training/AdminTrainingListPage';
import { TrainingEditor } from '../admin/training/TrainingEditPage';
import { TrainingProblemsEditor } from '../admin/training/TrainingProblemsPage';
import { Pager } from '../judge/Pager';
import { LoadedList } from '../shell/LoadedList';
import { useLoad } from '../shell/useLoad';
import { TrainingTable } from '../training/TrainingListPage';
import { isAdminView, type Viewer } from './GroupArea';
import { GROUP_TRAINING_PAGE_SIZE, groupTrainingAdmin, groupTrainingApi } from './trainings-api';

const pathsOf = (gid: number): TrainingAdminPaths => ({
  create: `/group/${gid}/training-create`,
  edit: (tid) => `/group/${gid}/training-edit/${tid}`,
  problems: (tid) => `/group/${gid}/training-problems/${tid}`,
  similarity: (tid) => `/similarity?scope=training&scopeId=${tid}`,
});

function TrainingList({ gid }: { gid: number }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [page, setPage] = useState(1);
  const list = useLoad(() => groupTrainingApi.list(gid, page), [gid, page]);
  return (
    <LoadedList
      list={list}
      isEmpty={(d) => d.records.length === 0}
      emptyTitle={t('groupUi.noTrainings')}
      emptyTestId="group-trainings-empty"
      loadingTestId="group-trainings-loading"
    >
      {(data) => (
        <>
          <TrainingTable
            records={data.records}
            showProgress
            onOpen={(id) => navigate(`/group/${gid}/training/${id}`)}
          />
          <Pager page={page} size={GROUP_TRAINING_PAGE_SIZE} total={data.total} onPage={setPage} />
        </>
      )}
    </LoadedList>
  );
}

export function GroupTrainings({ gid, viewer }: { gid: number; viewer: Viewer }) {
  const { t } = useTranslation();
  const [admin, setAdmin] = useState(false);
  const adapter = useMemo(() => groupTrainingAdmin(gid), [gid]);
  const canAdmin = isAdminView(viewer);
  return (
    <div className="oj-group-trainings" data-testid="group-trainings">
      {canAdmin && (
        <Switch
          checked={admin}
          label={t('groupUi.trainingAdmin')}
          onChange={(e) => setAdmin(e.currentTarget.checked)}
          data-testid="group-training-admin-switch"
        />
      )}
      {admin && canAdmin ? (
        // Delete is offered to every group admin; the server allows the author, group root, site root.
        <TrainingAdminList adapter={adapter} paths={pathsOf(gid)} canDelete searchable={false} />
      ) : (
        <TrainingList gid={gid} />
      )}
    </div>
  );
}

/** /group/:gid/training-create and /group/:gid/training-edit/:tid. */
export function GroupTrainingEdit({ gid, tid }: { gid: number; tid: number | null }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const adapter = useMemo(() => groupTrainingAdmin(gid), [gid]);
  return (
    <div data-testid="group-training-edit">
      <Button minimal icon="arrow-left" onClick={() => navigate(`/group/${gid}/training`)}>
        {t('groupUi.backToTrainings')}
      </Button>
      <TrainingEditor adapter={adapter} tid={tid} onSaved={() => navigate(`/group/${gid}/training`)} />
    </div>
  );
}

/** /group/:gid/training-problems/:tid. */
export function GroupTrainingProblems({ gid, tid }: { gid: number; tid: number }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const adapter = useMemo(() => groupTrainingAdmin(gid), [gid]);
  return (
    <div data-testid="group-training-problems">
      <Button minimal icon="arrow-left" onClick={() => navigate(`/group/${gid}/training`)}>
        {t('groupUi.backToTrainings')}
      </Button>
      <TrainingProblemsEditor adapter={adapter} tid={tid} />
    </div>
  );
}
