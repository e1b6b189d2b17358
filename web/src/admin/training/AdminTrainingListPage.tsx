// /admin/training: non-group trainings, 10 per page, keyword search, visible switch, edit,
// problems and (super admin) delete.
import { Button, ButtonGroup, H3, Switch, Tag } from '@blueprintjs/core';
import type { AdminTraining } from '@oj/protocol/training/schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Pager } from '../../judge/Pager';
import { KeywordSearch } from '../../shell/KeywordSearch';
import { LoadedList } from '../../shell/LoadedList';
import { toast } from '../../shell/toaster';
import { useLoad } from '../../shell/useLoad';
import { isSuperAdmin, useSession } from '../../store/session';
import { AdminTable } from '../contest/parts';
import { adminTrainingApi, type TrainingAdminAdapter } from './api';

/** Where the list's buttons lead (the site back office or a group's training pages). */
export interface TrainingAdminPaths {
  create: string;
  edit(tid: number): string;
  problems(tid: number): string;
  /** The training's similarity reports (issue #28), when offered. */
  similarity?(tid: number): string;
}

const SITE_PATHS: TrainingAdminPaths = {
  create: '/admin/training/create',
  edit: (tid) => `/admin/training/${tid}/edit`,
  problems: (tid) => `/admin/training/${tid}/problems`,
};

function Row({
  tr,
  reload,
  adapter,
  paths,
  canDelete,
}: {
  tr: AdminTraining;
  reload(): void;
  adapter: TrainingAdminAdapter;
  paths: TrainingAdminPaths;
  canDelete: boolean;
}) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [visible, setVisible] = useState(tr.status);
  const toggle = async () => {
    try {
      await adapter.changeStatus(tr.id, !visible);
      setVisible(!visible);
      toast.success(t('adminTraining.saved'));
    } catch {
      // shown by the client
    }
  };
  const remove = async () => {
    if (!window.confirm(t('adminTraining.deleteConfirm'))) return;
    try {
      await adapter.remove(tr.id);
      toast.success(t('adminTraining.deleted'));
      reload();
    } catch {
      // shown by the client
    }
  };
  return (
    <tr data-testid={`admin-training-row-${tr.id}`}>
      <td>{tr.id}</td>
      <td>{tr.rank}</td>
      <td>{tr.title}</td>
      <td>
        <Tag minimal intent={tr.auth === 'Private' ? 'danger' : 'success'}>
          {tr.auth === 'Private' ? t('trainingUi.authPrivate') : t('trainingUi.authPublic')}
        </Tag>
      </td>
      <td>{tr.author}</td>
      <td>
        <Switch
          checked={visible}
          onChange={() => void toggle()}
          aria-label={t('adminTraining.visible')}
          data-testid={`admin-training-visible-${tr.id}`}
        />
      </td>
      <td>
        <ButtonGroup>
          <Button
            small
            icon="edit"
            aria-label={t('adminTraining.edit')}
            title={t('adminTraining.edit')}
            onClick={() => navigate(paths.edit(tr.id))}
            data-testid={`admin-training-edit-${tr.id}`}
          />
          <Button
            small
            icon="list"
            aria-label={t('adminTraining.problems')}
            title={t('adminTraining.problems')}
            onClick={() => navigate(paths.problems(tr.id))}
            data-testid={`admin-training-problems-${tr.id}`}
          />
          {paths.similarity && (
            <Button
              small
              icon="comparison"
              aria-label={t('similarity.menu')}
              title={t('similarity.menu')}
              onClick={() => navigate(paths.similarity!(tr.id))}
              data-testid={`admin-training-similarity-${tr.id}`}
            />
          )}
          {canDelete && (
            <Button
              small
              intent="danger"
              icon="trash"
              aria-label={t('adminTraining.delete')}
              title={t('adminTraining.delete')}
              onClick={() => void remove()}
              data-testid={`admin-training-delete-${tr.id}`}
            />
          )}
        </ButtonGroup>
      </td>
    </tr>
  );
}

/** The back-office training table: visible switch, edit, problems, delete (when allowed). */
export function TrainingAdminList({
  adapter,
  paths,
  canDelete,
  searchable,
}: {
  adapter: TrainingAdminAdapter;
  paths: TrainingAdminPaths;
  canDelete: boolean;
  searchable: boolean;
}) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const list = useLoad(() => adapter.list(page, keyword), [adapter, page, keyword]);
  return (
    <div data-testid="admin-training-list">
      <div
        className="oj-admin-head"
        style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}
      >
        <H3 style={{ margin: 0 }}>{t('adminTraining.listTitle')}</H3>
        {searchable && (
          <KeywordSearch
            placeholder={t('adminTraining.keyword')}
            testId="admin-training-keyword"
            onSearch={(k) => {
              setPage(1);
              setKeyword(k);
            }}
          />
        )}
        <Button
          intent="primary"
          icon="add"
          onClick={() => navigate(paths.create)}
          data-testid="admin-training-create"
        >
          {t('adminTraining.create')}
        </Button>
      </div>
      <LoadedList
        list={list}
        isEmpty={(d) => d.records.length === 0}
        emptyTitle={t('adminTraining.empty')}
        emptyTestId="admin-training-empty"
      >
        {(data) => (
          <>
            <AdminTable
              columns={[
                t('adminTraining.id'),
                t('adminTraining.rank'),
                t('adminTraining.title'),
                t('adminTraining.auth'),
                t('adminTraining.author'),
                t('adminTraining.visible'),
                t('adminTraining.actions'),
              ]}
            >
              {data.records.map((tr) => (
                <Row
                  key={tr.id}
                  tr={tr}
                  reload={list.reload}
                  adapter={adapter}
                  paths={paths}
                  canDelete={canDelete}
                />
              ))}
            </AdminTable>
            <Pager page={page} size={10} total={data.total} onPage={setPage} />
          </>
        )}
      </LoadedList>
    </div>
  );
}

export function AdminTrainingListPage() {
  const root = useSession(isSuperAdmin);
  return <TrainingAdminList adapter={adminTrainingApi} paths={SITE_PATHS} canDelete={root} searchable />;
}
