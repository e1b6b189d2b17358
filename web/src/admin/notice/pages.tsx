// Back office: system notices (groups-admin-files.md §4.3). Root writes All / Single / Admin
// notices; they reach users at once (issue 13), an All notice as one stored row.
import {
  Button,
  Callout,
  Card,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Tag,
} from '@blueprintjs/core';
import type { AdminSysNoticeVO, NoticeType } from '@oj/protocol/message/schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../../judge/Pager';
import { noticeAdminApi } from '../../message/api';
import { ConfirmButton } from '../../message/Confirm';
import { MarkdownEditor } from '../../shell/MarkdownEditor';
import { RecordTable } from '../../shell/RecordTable';
import { toast } from '../../shell/toaster';
import { useLoad } from '../../shell/useLoad';

const TYPES: { value: NoticeType; label: string }[] = [
  { value: 'All', label: 'adminNotice.typeAll' },
  { value: 'Single', label: 'adminNotice.typeSingle' },
  { value: 'Admin', label: 'adminNotice.typeAdmin' },
];

interface Form {
  id?: number;
  title: string;
  content: string;
  type: NoticeType;
  recipientUsername: string;
}

/** Remounted (key) for every opening, so its state starts from `form`. */
function NoticeDialog({ form, onClose, onSaved }: { form: Form; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation();
  const [cur, setF] = useState<Form>(form);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<Form>) => setF((f) => ({ ...f, ...patch }));
  async function save() {
    if (!cur.title.trim() || !cur.content.trim()) {
      setError(
        t('discussionUi.required', {
          field: t(!cur.title.trim() ? 'adminNotice.fTitle' : 'adminNotice.fContent'),
        }),
      );
      return;
    }
    setBusy(true);
    try {
      const body = {
        id: cur.id,
        title: cur.title,
        content: cur.content,
        type: cur.type,
        ...(cur.type === 'Single' ? { recipientUsername: cur.recipientUsername.trim() } : {}),
      };
      if (cur.id) await noticeAdminApi.update(body);
      else await noticeAdminApi.create(body);
      toast.success(t('adminNotice.saved'));
      onSaved();
    } catch {
      // shown by the client
    } finally {
      setBusy(false);
    }
  }
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={t(cur.id ? 'adminNotice.edit' : 'adminNotice.create')}
      style={{ width: 'min(900px, 96vw)' }}
    >
      <DialogBody>
        {error && (
          <Callout intent="danger" compact>
            {error}
          </Callout>
        )}
        <FormGroup label={t('adminNotice.fTitle')} labelFor="notice-title">
          <InputGroup
            id="notice-title"
            value={cur.title}
            onChange={(e) => set({ title: e.target.value })}
            data-testid="notice-title"
          />
        </FormGroup>
        <FormGroup label={t('adminNotice.fType')} labelFor="notice-type">
          <HTMLSelect
            id="notice-type"
            value={cur.type}
            onChange={(e) => set({ type: e.target.value as NoticeType })}
            options={TYPES.map((x) => ({ value: x.value, label: t(x.label) }))}
            data-testid="notice-type"
          />
        </FormGroup>
        {cur.type === 'Single' && (
          <FormGroup label={t('adminNotice.fRecipient')} labelFor="notice-recipient">
            <InputGroup
              id="notice-recipient"
              value={cur.recipientUsername}
              onChange={(e) => set({ recipientUsername: e.target.value })}
              data-testid="notice-recipient"
            />
          </FormGroup>
        )}
        <FormGroup label={t('adminNotice.fContent')}>
          <MarkdownEditor
            value={cur.content}
            onChange={(v) => set({ content: v })}
            rows={8}
            testId="notice-content"
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('adminNotice.cancel')} onClick={onClose} />
            <Button
              intent="primary"
              loading={busy}
              text={t('adminNotice.save')}
              onClick={save}
              data-testid="notice-save"
            />
          </>
        }
      />
    </Dialog>
  );
}

export function AdminNoticePage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Form | null>(null);
  const [dialogKey, setDialogKey] = useState(0);
  const list = useLoad(() => noticeAdminApi.list(page, 10), [page]);
  const open = (n?: AdminSysNoticeVO) => {
    setDialogKey((k) => k + 1);
    setEditing(
      n
        ? {
            id: n.id,
            title: n.title,
            content: n.content,
            type: n.type,
            recipientUsername: n.recipientUsername ?? '',
          }
        : { title: '', content: '', type: 'All', recipientUsername: '' },
    );
  };
  return (
    <Card data-testid="admin-notice">
      <div className="oj-admin-head">
        <h3 className="bp6-heading">{t('adminNotice.title')}</h3>
        <Button
          intent="primary"
          icon="add"
          text={t('adminNotice.create')}
          onClick={() => open()}
          data-testid="notice-create"
        />
      </div>
      <RecordTable
        list={list}
        emptyTitle={t('adminNotice.empty')}
        emptyTestId="admin-notice-empty"
        head={[
          t('adminNotice.fTitle'),
          t('adminNotice.fType'),
          t('adminNotice.state'),
          t('adminNotice.author'),
          t('adminNotice.actions'),
        ]}
        className="oj-admin-table"
        compact
      >
        {(records) =>
          records.map((n) => (
            <tr key={n.id} data-testid="notice-row">
              <td>{n.title}</td>
              <td>
                {t(TYPES.find((x) => x.value === n.type)?.label ?? n.type)}
                {n.recipientUsername ? ` → ${n.recipientUsername}` : ''}
              </td>
              <td>
                <Tag intent={n.state ? 'success' : 'warning'}>
                  {t(n.state ? 'adminNotice.sent' : 'adminNotice.pending')}
                </Tag>
              </td>
              <td>{n.adminUsername}</td>
              <td>
                <Button
                  small
                  minimal
                  icon="edit"
                  aria-label={t('adminNotice.edit')}
                  onClick={() => open(n)}
                />
                <ConfirmButton
                  small
                  minimal
                  intent="danger"
                  icon="trash"
                  aria-label={t('adminNotice.delete')}
                  question={t('adminNotice.confirmDelete')}
                  onConfirm={async () => {
                    try {
                      await noticeAdminApi.remove(n.id);
                      toast.success(t('adminNotice.deleted'));
                      list.reload();
                    } catch {
                      // shown by the client
                    }
                  }}
                />
              </td>
            </tr>
          ))
        }
      </RecordTable>
      {list.data && <Pager page={page} size={10} total={list.data.total} onPage={setPage} />}
      {editing && (
        <NoticeDialog
          key={dialogKey}
          form={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            list.reload();
          }}
        />
      )}
    </Card>
  );
}
