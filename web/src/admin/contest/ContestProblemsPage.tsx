// /admin/contest/:contestId/problems: the contest's problems (display id, display title, balloon
// colour), adding public problems through a dialog, editing the link, removing a problem.
import { hexColor } from '../../contest/rules';
import {
  Button,
  ButtonGroup,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLTable,
  InputGroup,
} from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'wouter';
import { Pager } from '../../judge/Pager';
import { toast } from '../../shell/toaster';
import { KeywordSearch } from '../../shell/KeywordSearch';
import { LoadedList } from '../../shell/LoadedList';
import { useLoad } from '../../shell/useLoad';
import { type AdminProblemRow, type ContestProblemLink } from './api';
import { useContestAdmin } from './admin-scope';
import { AdminTable, SaveFooter, TextField, useDialogSave } from './parts';
import { nextDisplayId } from './problem-rules';
import './admin-contest.css';

export const CONTEST_PROBLEM_PAGE_SIZE = 10;
export const PUBLIC_DIALOG_PAGE_SIZE = 10;

function AddFromPublicDialog({
  cid,
  type,
  usedIds,
  onClose,
  onAdded,
}: {
  cid: number;
  type: number;
  usedIds: string[];
  onClose(): void;
  onAdded(): void;
}) {
  const { t } = useTranslation();
  const ca = useContestAdmin();
  const [page, setPage] = useState(1);
  const [applied, setApplied] = useState('');
  const [displayIds, setDisplayIds] = useState<Record<number, string>>({});
  const [added, setAdded] = useState<string[]>([]);
  const list = useLoad(
    () => ca.api.candidates(cid, type, applied, page, PUBLIC_DIALOG_PAGE_SIZE),
    [cid, type, applied, page],
  );
  const suggested = nextDisplayId([...usedIds, ...added]);
  const add = async (p: AdminProblemRow) => {
    const displayId = (displayIds[p.id] ?? suggested).trim();
    if (!displayId) {
      toast.warning(t('adminContest.displayIdRequired'));
      return;
    }
    try {
      const r = await ca.api.addFromPublic(cid, p.id, displayId);
      toast.success(
        r?.copied ? t('adminContest.addedAsCopy', { problemId: r.problemId }) : t('adminContest.added'),
      );
      setAdded((a) => [...a, displayId]);
      list.reload();
      onAdded();
    } catch {
      // shown by the client
    }
  };
  return (
    <Dialog isOpen onClose={onClose} title={t('adminContest.addFromPublic')} className="oj-admin-dialog">
      <DialogBody>
        <div data-testid="add-public-dialog">
          <KeywordSearch
            placeholder={t('contestUi.keyword')}
            onSearch={(k) => {
              setPage(1);
              setApplied(k);
            }}
            testId="add-public-keyword"
          />
          <LoadedList
            list={list}
            isEmpty={(data) => data.problemList.records.length === 0}
            emptyTitle={t('contestUi.noProblems')}
            emptyTestId="add-public-empty"
          >
            {(data) => (
              <HTMLTable compact striped className="oj-admin-table">
                <thead>
                  <tr>
                    <th>{t('adminContest.problemId')}</th>
                    <th>{t('contestUi.title')}</th>
                    <th>{t('adminContest.displayId')}</th>
                    <th />
                  </tr>
                </thead>
                <tbody>
                  {data.problemList.records.map((p) => (
                    <tr key={p.id} data-testid={`add-public-row-${p.problemId}`}>
                      <td>{p.problemId}</td>
                      <td>{p.title}</td>
                      <td>
                        <InputGroup
                          small
                          value={displayIds[p.id] ?? suggested}
                          aria-label={t('adminContest.displayId')}
                          onChange={(e) => setDisplayIds((d) => ({ ...d, [p.id]: e.target.value }))}
                          data-testid={`add-public-display-${p.problemId}`}
                        />
                      </td>
                      <td>
                        <Button
                          small
                          intent="primary"
                          icon="plus"
                          onClick={() => void add(p)}
                          data-testid={`add-public-add-${p.problemId}`}
                        >
                          {t('adminContest.add')}
                        </Button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
            )}
          </LoadedList>
          {list.data && list.data.problemList.total > 0 && (
            <Pager
              page={page}
              size={PUBLIC_DIALOG_PAGE_SIZE}
              total={list.data.problemList.total}
              onPage={setPage}
            />
          )}
        </div>
      </DialogBody>
      <DialogFooter
        actions={
          <Button onClick={onClose} data-testid="add-public-close">
            {t('adminContest.close')}
          </Button>
        }
      />
    </Dialog>
  );
}

/** The balloon colour of a row: saved when the picker is closed (the native change event), not on every move. */
function ColorCell({ link, onPick }: { link: ContestProblemLink; onPick(color: string): void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLInputElement>(null);
  const pick = useRef(onPick);
  pick.current = onPick;
  useEffect(() => {
    const input = ref.current;
    if (!input) return;
    const onChange = () => pick.current(input.value);
    input.addEventListener('change', onChange);
    return () => input.removeEventListener('change', onChange);
  }, []);
  return (
    <input
      ref={ref}
      type="color"
      defaultValue={hexColor(link.color) ?? '#ffffff'}
      aria-label={t('adminContest.balloonColor')}
      data-testid={`admin-cp-color-${link.displayId}`}
    />
  );
}

function LinkDialog({
  link,
  onClose,
  onSaved,
}: {
  link: ContestProblemLink;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const ca = useContestAdmin();
  const [draft, setDraft] = useState(link);
  const { busy, save: saveWith } = useDialogSave(onSaved, onClose);
  const save = () =>
    saveWith(
      draft.displayId.trim() ? null : 'adminContest.displayIdRequired',
      () => ca.api.saveLink({ ...draft, displayId: draft.displayId.trim() }),
      'contestUi.updated',
    );
  return (
    <Dialog isOpen onClose={onClose} title={t('adminContest.editLink')}>
      <DialogBody>
        <div data-testid="link-dialog">
          <TextField
            label={t('adminContest.displayId')}
            id="link-display-id"
            value={draft.displayId}
            onChange={(displayId) => setDraft({ ...draft, displayId })}
            testId="link-display-id"
          />
          <TextField
            label={t('adminContest.displayTitle')}
            id="link-display-title"
            value={draft.displayTitle}
            onChange={(displayTitle) => setDraft({ ...draft, displayTitle })}
            testId="link-display-title"
          />
          <FormGroup label={t('adminContest.balloonColor')} labelFor="link-color">
            <input
              id="link-color"
              type="color"
              value={draft.color ?? '#ffffff'}
              onChange={(e) => setDraft({ ...draft, color: e.target.value })}
              data-testid="link-color"
            />{' '}
            <Button small minimal onClick={() => setDraft({ ...draft, color: null })}>
              {t('adminContest.noColor')}
            </Button>
          </FormGroup>
        </div>
      </DialogBody>
      <SaveFooter busy={busy} onSave={() => void save()} testId="link-save" />
    </Dialog>
  );
}

/** `cid` given: the screen is drawn outside the /admin/contest routes (the group's Contest tab). */
export function ContestProblemsPage({ cid: given }: { cid?: number } = {}) {
  const { t } = useTranslation();
  const ca = useContestAdmin();
  const [, navigate] = useLocation();
  const params = useParams<{ contestId: string }>();
  const cid = given ?? Number(params.contestId);
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<ContestProblemLink | null>(null);
  const contest = useLoad(() => ca.api.get(cid), [cid]);
  const list = useLoad(() => ca.api.problems(cid, page, CONTEST_PROBLEM_PAGE_SIZE), [cid, page]);
  const links = list.data?.contestProblemMap ?? {};
  const usedIds = Object.values(links).map((l) => l.displayId);
  const setColor = async (link: ContestProblemLink, color: string) => {
    try {
      await ca.api.saveLink({ ...link, color });
      toast.success(t('contestUi.updated'));
      list.reload();
    } catch {
      // shown by the client
    }
  };
  const remove = async (pid: number) => {
    if (!window.confirm(t('adminContest.removeProblemConfirm'))) return;
    try {
      await ca.api.removeProblem(cid, pid);
      toast.success(t('adminContest.deleted'));
      list.reload();
    } catch {
      // shown by the client
    }
  };
  const rows = [...(list.data?.problemList.records ?? [])].sort((a, b) =>
    (links[String(a.id)]?.displayId ?? '').localeCompare(links[String(b.id)]?.displayId ?? '', undefined, {
      numeric: true,
    }),
  );
  return (
    <div className="oj-admin-page" data-testid="admin-contest-problems">
      <div className="oj-admin-toolbar">
        <h2>
          {t('adminContest.problemsTitle')}
          {contest.data ? `: ${contest.data.title}` : ''}
        </h2>
        <Button
          intent="primary"
          icon="plus"
          disabled={!contest.data}
          onClick={() => setAdding(true)}
          data-testid="admin-cp-add-public"
        >
          {t('adminContest.addFromPublic')}
        </Button>
        {ca.paths.problemCreate && (
          <Button
            icon="plus"
            onClick={() => navigate(ca.paths.problemCreate!(cid))}
            data-testid="admin-cp-create"
          >
            {t('adminContest.createProblem')}
          </Button>
        )}
      </div>
      <LoadedList
        list={list}
        isEmpty={() => rows.length === 0}
        emptyTitle={t('contestUi.noProblems')}
        emptyTestId="admin-cp-empty"
        loadingTestId="admin-cp-loading"
      >
        {() => (
          <AdminTable
            columns={[
              t('adminContest.problemId'),
              t('adminContest.displayId'),
              t('adminContest.displayTitle'),
              t('adminContest.balloonColor'),
              t('adminContest.actions'),
            ]}
          >
            {rows.map((p) => {
              const link = links[String(p.id)];
              if (!link) return null;
              return (
                <tr key={p.id} data-testid={`admin-cp-row-${link.displayId}`}>
                  <td>{p.problemId}</td>
                  <td>{link.displayId}</td>
                  <td>{link.displayTitle}</td>
                  <td>
                    <ColorCell
                      key={link.color ?? ''}
                      link={link}
                      onPick={(color) => void setColor(link, color)}
                    />
                  </td>
                  <td>
                    <ButtonGroup>
                      <Button
                        small
                        icon="tag"
                        title={t('adminContest.editLink')}
                        aria-label={t('adminContest.editLink')}
                        onClick={() => setEditing(link)}
                        data-testid={`admin-cp-link-${link.displayId}`}
                      />
                      {ca.paths.problemEdit && (
                        <Button
                          small
                          icon="edit"
                          title={t('adminContest.editProblem')}
                          aria-label={t('adminContest.editProblem')}
                          onClick={() => navigate(ca.paths.problemEdit!(cid, p.id))}
                          data-testid={`admin-cp-edit-${link.displayId}`}
                        />
                      )}
                      <Button
                        small
                        intent="danger"
                        icon="cross"
                        title={t('adminContest.removeProblem')}
                        aria-label={t('adminContest.removeProblem')}
                        onClick={() => void remove(p.id)}
                        data-testid={`admin-cp-remove-${link.displayId}`}
                      />
                    </ButtonGroup>
                  </td>
                </tr>
              );
            })}
          </AdminTable>
        )}
      </LoadedList>
      {list.data && list.data.problemList.total > 0 && (
        <Pager
          page={page}
          size={CONTEST_PROBLEM_PAGE_SIZE}
          total={list.data.problemList.total}
          onPage={setPage}
        />
      )}
      {adding && contest.data && (
        <AddFromPublicDialog
          cid={cid}
          type={contest.data.type}
          usedIds={usedIds}
          onClose={() => setAdding(false)}
          onAdded={list.reload}
        />
      )}
      {editing && <LinkDialog link={editing} onClose={() => setEditing(null)} onSaved={list.reload} />}
    </div>
  );
}
