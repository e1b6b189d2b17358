// Users* (super admin): list with search and paging, edit, delete, batch import with progress and
// per-row result, and generated accounts with a downloadable password sheet.
import {
  Button,
  Card,
  Checkbox,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  H4,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  Intent,
  NonIdealState,
  Spinner,
  Switch,
  Tab,
  Tabs,
  Tag,
} from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserRolesVO } from '@oj/protocol/admin/schemas';
import { useLoad } from '../../shell/useLoad';
import { toast } from '../../shell/toaster';
import { KeywordSearch } from '../../shell/KeywordSearch';
import { adminApi } from '../api';
import { BatchImport } from './BatchImport';
import { GenerateUsers } from './GenerateUsers';

export const ROLE_IDS = [1000, 1001, 1008, 1002, 1003, 1004, 1005, 1006, 1007] as const;
const PAGE_SIZE = 10;

function EditUserDialog({ user, onClose }: { user: UserRolesVO; onClose(saved: boolean): void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState({
    username: user.username,
    realname: user.realname ?? '',
    email: user.email ?? '',
    titleName: user.titleName ?? '',
    titleColor: user.titleColor ?? '',
    type: user.roles[0]?.id ?? 1002,
    status: user.status,
    setNewPwd: false,
    password: '',
  });
  const [busy, setBusy] = useState(false);
  const set =
    <K extends keyof typeof form>(k: K) =>
    (v: (typeof form)[K]) =>
      setForm((f) => ({ ...f, [k]: v }));
  const save = async () => {
    setBusy(true);
    try {
      await adminApi.editUser({ uid: user.uid, ...form, password: form.setNewPwd ? form.password : null });
      toast.success(t('admin.users.saved'));
      onClose(true);
    } catch {
      // shown by the client
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      isOpen
      onClose={() => onClose(false)}
      title={t('admin.users.editTitle')}
      data-testid="edit-user-dialog"
    >
      <DialogBody>
        <FormGroup label={t('admin.users.username')}>
          <InputGroup value={form.username} onValueChange={set('username')} data-testid="edit-username" />
        </FormGroup>
        <FormGroup label={t('admin.users.realname')}>
          <InputGroup value={form.realname} onValueChange={set('realname')} />
        </FormGroup>
        <FormGroup label={t('admin.users.email')}>
          <InputGroup value={form.email} onValueChange={set('email')} data-testid="edit-email" />
        </FormGroup>
        <div className="oj-admin-form-row">
          <FormGroup label={t('admin.users.titleName')}>
            <InputGroup value={form.titleName} onValueChange={set('titleName')} />
          </FormGroup>
          <FormGroup label={t('admin.users.titleColor')}>
            <InputGroup value={form.titleColor} onValueChange={set('titleColor')} />
          </FormGroup>
        </div>
        <div className="oj-admin-form-row">
          <FormGroup label={t('admin.users.role')}>
            <HTMLSelect
              value={form.type}
              onChange={(e) => set('type')(Number(e.currentTarget.value))}
              data-testid="edit-role"
              options={ROLE_IDS.map((id) => ({ value: id, label: t(`admin.users.roles.${id}`) }))}
            />
          </FormGroup>
          <FormGroup label={t('admin.users.status')}>
            <Switch
              checked={form.status === 0}
              label={form.status === 0 ? t('admin.users.normal') : t('admin.users.banned')}
              onChange={(e) => set('status')(e.currentTarget.checked ? 0 : 1)}
              data-testid="edit-status"
            />
          </FormGroup>
        </div>
        <Checkbox
          checked={form.setNewPwd}
          label={t('admin.users.setNewPwd')}
          onChange={(e) => set('setNewPwd')(e.currentTarget.checked)}
          data-testid="edit-set-pwd"
        />
        {form.setNewPwd && (
          <FormGroup label={t('admin.users.password')}>
            <InputGroup
              type="password"
              value={form.password}
              onValueChange={set('password')}
              data-testid="edit-password"
            />
          </FormGroup>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={() => onClose(false)}>{t('admin.users.cancel')}</Button>
            <Button
              intent={Intent.PRIMARY}
              loading={busy}
              onClick={() => void save()}
              data-testid="edit-save"
            >
              {t('admin.users.save')}
            </Button>
          </>
        }
      />
    </Dialog>
  );
}

function UserList() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [onlyAdmin, setOnlyAdmin] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [editing, setEditing] = useState<UserRolesVO | null>(null);
  const users = useLoad(
    () => adminApi.users({ currentPage: page, limit: PAGE_SIZE, keyword: keyword || undefined, onlyAdmin }),
    [page, keyword, onlyAdmin],
  );
  const remove = async (ids: string[]) => {
    if (!ids.length || !window.confirm(t('admin.users.confirmDelete', { n: ids.length }))) return;
    try {
      await adminApi.deleteUsers(ids);
      toast.success(t('admin.users.deleted'));
      setSelected(new Set());
      users.reload();
    } catch {
      // shown by the client
    }
  };
  const records = users.data?.records ?? [];
  const pages = users.data?.pages ?? 1;
  return (
    <div data-testid="user-list">
      <div className="oj-admin-toolbar">
        <KeywordSearch
          placeholder={t('admin.users.search')}
          onSearch={(k: string) => {
            setKeyword(k);
            setPage(1);
          }}
          testId="user-search"
        />
        <Switch
          checked={onlyAdmin}
          label={t('admin.users.onlyAdmin')}
          onChange={(e) => {
            setOnlyAdmin(e.currentTarget.checked);
            setPage(1);
          }}
        />
        <Button
          intent={Intent.DANGER}
          disabled={!selected.size}
          onClick={() => void remove([...selected])}
          icon="trash"
        >
          {t('admin.users.deleteSelected')}
        </Button>
      </div>
      {users.loading && !users.data ? (
        <Spinner size={24} />
      ) : records.length === 0 ? (
        <NonIdealState icon="people" title={t('admin.users.empty')} />
      ) : (
        <div className="oj-admin-table-wrap">
          <HTMLTable compact striped interactive>
            <thead>
              <tr>
                <th />
                <th>{t('admin.users.username')}</th>
                <th>{t('admin.users.realname')}</th>
                <th>{t('admin.users.email')}</th>
                <th>{t('admin.users.role')}</th>
                <th>{t('admin.users.status')}</th>
                <th>{t('admin.users.created')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {records.map((u) => (
                <tr key={u.uid} data-testid={`user-row-${u.username}`}>
                  <td>
                    <Checkbox
                      checked={selected.has(u.uid)}
                      onChange={(e) => {
                        const next = new Set(selected);
                        if (e.currentTarget.checked) next.add(u.uid);
                        else next.delete(u.uid);
                        setSelected(next);
                      }}
                    />
                  </td>
                  <td>{u.username}</td>
                  <td>{u.realname}</td>
                  <td>{u.email}</td>
                  <td>
                    {u.roles.map((r) => t(`admin.users.roles.${r.id}`, { defaultValue: r.role })).join(', ')}
                  </td>
                  <td>
                    <Tag intent={u.status === 0 ? Intent.SUCCESS : Intent.DANGER} minimal>
                      {u.status === 0 ? t('admin.users.normal') : t('admin.users.banned')}
                    </Tag>
                  </td>
                  <td>
                    {u.gmtCreate ? new Date(u.gmtCreate.replace('+0000', 'Z')).toLocaleDateString() : ''}
                  </td>
                  <td style={{ whiteSpace: 'nowrap' }}>
                    <Button
                      size="small"
                      icon="edit"
                      onClick={() => setEditing(u)}
                      data-testid={`edit-${u.username}`}
                    >
                      {t('admin.users.edit')}
                    </Button>{' '}
                    <Button
                      size="small"
                      icon="trash"
                      intent={Intent.DANGER}
                      onClick={() => void remove([u.uid])}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
      <div className="oj-admin-toolbar" style={{ marginTop: 8 }}>
        <Button icon="chevron-left" disabled={page <= 1} onClick={() => setPage(page - 1)} />
        <span data-testid="user-page">
          {page} / {Math.max(1, pages)} ({users.data?.total ?? 0})
        </span>
        <Button icon="chevron-right" disabled={page >= pages} onClick={() => setPage(page + 1)} />
      </div>
      {editing && (
        <EditUserDialog
          user={editing}
          onClose={(saved) => {
            setEditing(null);
            if (saved) users.reload();
          }}
        />
      )}
    </div>
  );
}

export function UsersPage() {
  const { t } = useTranslation();
  return (
    <Card data-testid="admin-users">
      <H4>{t('admin.users.title')}</H4>
      <Tabs id="admin-users-tabs" renderActiveTabPanelOnly>
        <Tab id="list" title={t('admin.users.list')} panel={<UserList />} />
        <Tab id="batch" title={t('admin.users.batchTitle')} panel={<BatchImport />} data-testid="tab-batch" />
        <Tab
          id="generate"
          title={t('admin.users.generateTitle')}
          panel={<GenerateUsers />}
          data-testid="tab-generate"
        />
      </Tabs>
    </Card>
  );
}
