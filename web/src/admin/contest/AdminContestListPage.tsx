// /admin/contest: every non-group contest, 10 per page, keyword search, visible switch and the
// per-contest actions (edit, problems, announcements, download accepted code, clone, delete).
import {
  Button,
  ButtonGroup,
  Tooltip,
  Dialog,
  DialogBody,
  DialogFooter,
  HTMLSelect,
  NonIdealState,
  Switch,
  Tag,
} from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { formatDateTime } from '../../contest/format';
import { Pager } from '../../judge/Pager';
import { toast } from '../../shell/toaster';
import { KeywordSearch } from '../../shell/KeywordSearch';
import { LoadedList } from '../../shell/LoadedList';
import { saveBlob } from '../../shell/save-blob';
import { useLoad } from '../../shell/useLoad';
import { isSuperAdmin, useSession } from '../../store/session';
import { type AdminContest } from './api';
import { useContestAdmin } from './admin-scope';
import { AdminTable } from './parts';
import './admin-contest.css';

export const ADMIN_CONTEST_PAGE_SIZE = 10;

function StatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  const key = status === -1 ? 'scheduled' : status === 0 ? 'running' : 'ended';
  return (
    <Tag minimal intent={status === -1 ? 'primary' : status === 0 ? 'success' : 'none'}>
      {t(`contestUi.${key}`)}
    </Tag>
  );
}

function DownloadAcDialog({ contest, onClose }: { contest: AdminContest; onClose(): void }) {
  const ca = useContestAdmin();
  const { t } = useTranslation();
  const [excludeAdmin, setExcludeAdmin] = useState(false);
  const [splitType, setSplitType] = useState<'user' | 'problem'>('user');
  const [busy, setBusy] = useState(false);
  const get = async () => {
    setBusy(true);
    try {
      const file = await ca.api.downloadAc(contest.id, excludeAdmin, splitType);
      saveBlob(file.blob, file.fileName ?? `contest_${contest.id}.zip`);
      onClose();
    } catch {
      // shown by the client
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog isOpen onClose={onClose} title={t('adminContest.downloadAc')}>
      <DialogBody>
        <Switch
          checked={excludeAdmin}
          label={t('adminContest.excludeAdmin')}
          onChange={() => setExcludeAdmin((v) => !v)}
          data-testid="download-ac-exclude-admin"
        />
        <label>
          {t('adminContest.splitType')}{' '}
          <HTMLSelect
            value={splitType}
            onChange={(e) => setSplitType(e.target.value === 'problem' ? 'problem' : 'user')}
            options={[
              { value: 'user', label: t('adminContest.splitByUser') },
              { value: 'problem', label: t('adminContest.splitByProblem') },
            ]}
            data-testid="download-ac-split"
          />
        </label>
      </DialogBody>
      <DialogFooter
        actions={
          <Button
            intent="primary"
            icon="download"
            loading={busy}
            onClick={() => void get()}
            data-testid="download-ac-submit"
          >
            {t('contestUi.download')}
          </Button>
        }
      />
    </Dialog>
  );
}

function ContestRow({ c, reload }: { c: AdminContest; reload(): void }) {
  const ca = useContestAdmin();
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const root = useSession(isSuperAdmin);
  const [visible, setVisible] = useState(c.visible);
  const [downloading, setDownloading] = useState(false);
  const toggle = async () => {
    try {
      await ca.api.changeVisible(c.id, c.uid, !visible);
      setVisible(!visible);
      toast.success(t('contestUi.updated'));
    } catch {
      // shown by the client
    }
  };
  const clone = async () => {
    try {
      await ca.api.clone?.(c.id);
      toast.success(t('adminContest.cloned'));
      reload();
    } catch {
      // shown by the client
    }
  };
  const remove = async () => {
    if (!window.confirm(t('adminContest.deleteConfirm'))) return;
    try {
      await ca.api.remove(c.id);
      toast.success(t('adminContest.deleted'));
      reload();
    } catch {
      // shown by the client
    }
  };
  return (
    <tr data-testid={`admin-contest-row-${c.id}`}>
      <td>{c.id}</td>
      <td className="oj-admin-contest-title">
        {c.title}
        <div className="oj-admin-contest-sub">
          <Tag minimal>{c.type === 1 ? 'OI' : 'ACM'}</Tag> <StatusTag status={c.status} />
        </div>
      </td>
      <td>
        {formatDateTime(c.startTime)}
        <br />
        {formatDateTime(c.endTime)}
      </td>
      <td>{c.author}</td>
      <td>
        <Switch
          checked={visible}
          onChange={() => void toggle()}
          aria-label={t('adminContest.visible')}
          data-testid={`admin-contest-visible-${c.id}`}
        />
      </td>
      <td>
        <ButtonGroup className="oj-admin-actions">
          <ActionButton
            icon="edit"
            label={t('adminContest.edit')}
            onClick={() => navigate(ca.paths.edit(c.id))}
            data-testid={`admin-contest-edit-${c.id}`}
          />
          <ActionButton
            icon="list"
            label={t('adminContest.problems')}
            onClick={() => navigate(ca.paths.problems(c.id))}
            data-testid={`admin-contest-problems-${c.id}`}
          />
          <ActionButton
            icon="notifications"
            label={t('adminContest.announcements')}
            onClick={() => navigate(ca.paths.announcements(c.id))}
            data-testid={`admin-contest-announcements-${c.id}`}
          />
          <ActionButton
            icon="download"
            label={t('adminContest.downloadAc')}
            onClick={() => setDownloading(true)}
            data-testid={`admin-contest-download-${c.id}`}
          />
          {ca.api.clone && (
            <ActionButton
              icon="duplicate"
              label={t('adminContest.clone')}
              onClick={() => void clone()}
              data-testid={`admin-contest-clone-${c.id}`}
            />
          )}
          {(root || ca.deleteFor === 'all') && (
            <ActionButton
              intent="danger"
              icon="cross"
              label={t('adminContest.delete')}
              onClick={() => void remove()}
              data-testid={`admin-contest-delete-${c.id}`}
            />
          )}
        </ButtonGroup>
        {downloading && <DownloadAcDialog contest={c} onClose={() => setDownloading(false)} />}
      </td>
    </tr>
  );
}

export function AdminContestListPage() {
  const ca = useContestAdmin();
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [page, setPage] = useState(1);
  const [applied, setApplied] = useState('');
  const list = useLoad(() => ca.api.list(page, ADMIN_CONTEST_PAGE_SIZE, applied), [page, applied]);
  return (
    <div className="oj-admin-page" data-testid="admin-contest-list">
      <div className="oj-admin-toolbar">
        <h2>{t('adminContest.listTitle')}</h2>
        {ca.searchable && (
          <KeywordSearch
            placeholder={t('contestUi.keyword')}
            onSearch={(k) => {
              setPage(1);
              setApplied(k);
            }}
            testId="admin-contest-keyword"
          />
        )}
        <Button
          intent="primary"
          icon="plus"
          onClick={() => navigate(ca.paths.create)}
          data-testid="admin-contest-create"
        >
          {t('adminContest.create')}
        </Button>
      </div>
      <LoadedList
        list={list}
        isEmpty={(data) => data.records.length === 0}
        emptyTitle={t('contestUi.empty')}
        emptyTestId="admin-contest-empty"
        loadingTestId="admin-contest-loading"
        failed={
          <NonIdealState
            icon="error"
            title={t('contestUi.loadFailed')}
            action={<Button onClick={list.reload}>{t('contestUi.retry')}</Button>}
          />
        }
      >
        {(data) => (
          <AdminTable
            columns={[
              'ID',
              t('contestUi.title'),
              t('adminContest.time'),
              t('contestUi.author'),
              t('adminContest.visible'),
              t('adminContest.actions'),
            ]}
          >
            {data.records.map((c) => (
              <ContestRow key={`${c.id}-${String(c.visible)}`} c={c} reload={list.reload} />
            ))}
          </AdminTable>
        )}
      </LoadedList>
      {list.data && list.data.total > 0 && (
        <Pager page={page} size={ADMIN_CONTEST_PAGE_SIZE} total={list.data.total} onPage={setPage} />
      )}
    </div>
  );
}

/** A row action with its label shown and a tooltip (issue #16: the icon-only actions were unlabelled). */
function ActionButton({
  label,
  ...props
}: { label: string } & Omit<React.ComponentProps<typeof Button>, 'text' | 'title'>) {
  return (
    <Tooltip content={label} placement="top">
      <Button size="small" text={label} aria-label={label} {...props} />
    </Tooltip>
  );
}
