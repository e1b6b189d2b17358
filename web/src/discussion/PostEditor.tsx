// The fullscreen create/edit dialog of a discussion (spec part2 §2.8): title, description,
// category, optional problem, pin (admins), and the markdown editor with its live preview.
import {
  Button,
  Callout,
  Checkbox,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
} from '@blueprintjs/core';
import type { DiscussionCategory } from '@oj/protocol/discussion/posts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkdownEditor } from '../shell/MarkdownEditor';
import { toast } from '../shell/toaster';
import { isAdmin, useSession } from '../store/session';
import { groupPostApi, postApi } from './posts-api';
import { descriptionOf, formError, type PostForm } from './post-rules';
import { categoryLabel } from './category-names';

export function PostEditor({
  open,
  onClose,
  onSaved,
  categories,
  initial,
  editId,
  fixedPid,
  gid,
  canPin,
}: {
  open: boolean;
  onClose(): void;
  onSaved(): void;
  categories: DiscussionCategory[];
  initial?: Partial<PostForm>;
  /** Editing this post (else creating). */
  editId?: number;
  /** Problem scope: the post belongs to this problem. */
  fixedPid?: string;
  /** A group's post: saved through /api/group/discussion with this gid. */
  gid?: number;
  /** The pin box for more than site admins (a group's admins). */
  canPin?: boolean;
}) {
  const { t } = useTranslation();
  const admin = useSession(isAdmin);
  const blank: PostForm = {
    title: '',
    description: '',
    content: '',
    categoryId: categories[0]?.id ?? null,
    pid: fixedPid ?? '',
    topPriority: false,
  };
  const [form, setForm] = useState<PostForm>({ ...blank, ...initial });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) {
      setForm({ ...blank, ...initial });
      setError(null);
    }
  }, [open]);
  // An edit clears the banner of the last failed save (it no longer describes the form).
  const set = <K extends keyof PostForm>(k: K, v: PostForm[K]) => {
    setForm((f) => ({ ...f, [k]: v }));
    setError(null);
  };

  async function save() {
    const bad = formError(form);
    if (bad) {
      setError(t(bad.key, { field: bad.field ? t(bad.field) : '' }));
      return;
    }
    setBusy(true);
    try {
      const body = {
        title: form.title,
        description: descriptionOf(form),
        content: form.content,
        categoryId: form.categoryId,
        topPriority: form.topPriority,
        ...(form.pid.trim() ? { pid: form.pid.trim() } : {}),
      };
      const calls = gid ? groupPostApi : postApi;
      if (editId) await calls.update({ ...body, id: editId, ...(gid ? { gid } : {}) });
      else await calls.create({ ...body, ...(gid ? { gid } : {}) });
      toast.success(t(editId ? 'discussionUi.updated' : 'discussionUi.posted'));
      onSaved();
    } catch {
      // the client showed the server's message
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      isOpen={open}
      onClose={onClose}
      title={t(editId ? 'discussionUi.editTitle' : 'discussionUi.createTitle')}
      className="oj-fullscreen-dialog"
      canOutsideClickClose={false}
    >
      <DialogBody className="oj-post-editor" useOverflowScrollContainer={false}>
        {error && (
          <Callout intent="danger" compact data-testid="post-error">
            {error}
          </Callout>
        )}
        <div className="oj-post-fields">
          <FormGroup label={t('discussionUi.fTitle')} labelFor="post-title" labelInfo="*">
            <InputGroup
              id="post-title"
              value={form.title}
              maxLength={255}
              onChange={(e) => set('title', e.target.value)}
              data-testid="post-title"
            />
          </FormGroup>
          <FormGroup
            label={t('discussionUi.fDescription')}
            labelFor="post-description"
            labelInfo={t('discussionUi.optional')}
          >
            <InputGroup
              id="post-description"
              value={form.description}
              placeholder={t('discussionUi.descriptionHint')}
              maxLength={255}
              onChange={(e) => set('description', e.target.value)}
              data-testid="post-description"
            />
          </FormGroup>
          <FormGroup label={t('discussionUi.fCategory')} labelFor="post-category">
            <HTMLSelect
              id="post-category"
              value={form.categoryId ?? ''}
              onChange={(e) => set('categoryId', e.target.value ? Number(e.target.value) : null)}
              data-testid="post-category"
              options={categories.map((c) => ({ value: c.id, label: categoryLabel(c.name, t) }))}
            />
          </FormGroup>
          <FormGroup label={t('discussionUi.fProblem')} labelFor="post-pid">
            <InputGroup
              id="post-pid"
              value={form.pid}
              disabled={!!fixedPid || !!editId}
              onChange={(e) => set('pid', e.target.value)}
              data-testid="post-pid"
            />
          </FormGroup>
          {(admin || canPin) && (
            <Checkbox
              checked={form.topPriority}
              label={t('discussionUi.fTop')}
              onChange={(e) => set('topPriority', e.currentTarget.checked)}
              data-testid="post-top"
            />
          )}
        </div>
        <FormGroup
          className="oj-post-content"
          label={t('discussionUi.fContent')}
          labelInfo="*"
          data-testid="post-content-label"
        >
          <MarkdownEditor
            value={form.content}
            onChange={(v) => set('content', v)}
            maxLength={65535}
            fill
            testId="post-content"
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('discussionUi.cancel')} onClick={onClose} />
            <Button
              intent="primary"
              loading={busy}
              text={t('discussionUi.save')}
              onClick={save}
              data-testid="post-save"
            />
          </>
        }
      />
    </Dialog>
  );
}
