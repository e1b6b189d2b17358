// /admin/contest/:contestId/problem/create and …/problem/:problemId/edit (and the group's
// /group/:gid/contest-problem-create/:cid, …/contest-problem-edit/:cid/:pid): a contest problem
// (auth 3, the contest's rule type) with hand-typed cases or a test-case zip (upload mode), saved
// through the scope's problem calls (site: /api/admin/contest/problem; group: /api/group/contest-problem
// and /api/group/problem), then linked to the contest with its display id, display title and balloon
// colour.
import type { Language, TestCaseUpload } from '@oj/protocol/problem/schemas';
import { hexColor } from '../../contest/rules';
import {
  Button,
  ButtonGroup,
  Callout,
  Card,
  Checkbox,
  Classes,
  FormGroup,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  NonIdealState,
  Spinner,
  TextArea,
} from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'wouter';
import { api, ApiError, http } from '../../api/client';
import { DOWNLOAD_TIMEOUT_MS } from '../../api/http-rules';
import { toast } from '../../shell/toaster';
import { useSession } from '../../store/session';
import { type AdminContest } from './api';
import { useContestAdmin, type ContestAdminApi } from './admin-scope';
import {
  CASE_MODES,
  emptyProblemDraft,
  isSubtaskMode,
  uploadedCaseDrafts,
  firstExample,
  nextDisplayId,
  problemBase,
  problemDraftError,
  problemDtoOf,
  type ProblemDraft,
} from './problem-rules';
import { RemoveRowButton, TextField, useSaving } from './parts';
import './admin-contest.css';

async function loadDraft(
  ca: ContestAdminApi,
  cid: number,
  pid: number | null,
  languages: Language[],
): Promise<ProblemDraft> {
  const all = languages.map((l) => l.id);
  if (pid === null) {
    const list = await ca.problems(cid, 1, 100);
    return emptyProblemDraft(
      nextDisplayId(Object.values(list.contestProblemMap).map((l) => l.displayId)),
      all,
    );
  }
  const [p, cases, langs, link] = await Promise.all([
    ca.problem(pid),
    ca.problemCases(pid),
    http.get('/api/get-problem-languages', { pid }),
    ca.link(cid, pid),
  ]);
  const ex = firstExample(p.examples);
  const rows = cases.map((c) => ({
    id: c.id,
    input: c.input,
    output: c.output,
    score: String(c.score ?? 0),
    groupNum: String(c.groupNum ?? 1),
  }));
  return {
    pid,
    problemId: p.problemId,
    title: p.title,
    timeLimit: String(p.timeLimit),
    memoryLimit: String(p.memoryLimit),
    description: p.description,
    input: p.input,
    output: p.output,
    exampleInput: ex.input,
    exampleOutput: ex.output,
    judgeCaseMode: p.judgeCaseMode ?? 'default',
    // stored upload-mode cases are file names: they belong to the upload list, not the text boxes
    cases: p.isUploadCase ? [{ input: '', output: '', score: '100', groupNum: '1' }] : rows,
    uploadedCases: p.isUploadCase,
    uploadCases: p.isUploadCase ? rows : [],
    uploadDir: null,
    languageIds: langs.map((l) => l.id),
    displayId: link.displayId,
    displayTitle: link.displayTitle,
    color: link.color,
    base: problemBase(p),
  };
}

function ProblemFormView({
  contest,
  initial,
  languages,
}: {
  contest: AdminContest;
  initial: ProblemDraft;
  languages: Language[];
}) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const scope = useContestAdmin();
  const me = useSession((s) => s.user);
  const [d, setD] = useState(initial);
  const { busy, run } = useSaving();
  const oi = contest.type === 1;
  const set = <K extends keyof ProblemDraft>(k: K, v: ProblemDraft[K]) => setD((x) => ({ ...x, [k]: v }));
  const setCase = (i: number, patch: Partial<ProblemDraft['cases'][number]>) =>
    set(
      'cases',
      d.cases.map((c, j) => (j === i ? { ...c, ...patch } : c)),
    );
  const setUploadCase = (i: number, patch: Partial<ProblemDraft['cases'][number]>) =>
    set(
      'uploadCases',
      d.uploadCases.map((c, j) => (j === i ? { ...c, ...patch } : c)),
    );
  const subtask = oi && isSubtaskMode(d.judgeCaseMode);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    setUploadError(null);
    try {
      const form = new FormData();
      form.append('file', file);
      // quiet: the server's msg is shown next to the file field instead of a toast
      // untyped: a multipart upload (the table has no body schema for it)
      const r = await api.post<TestCaseUpload>('/api/file/upload-testcase-zip', form, {
        // a group contest's admins may upload as gadmins of its group
        params: { mode: d.judgeCaseMode, ...(contest.gid !== null ? { gid: contest.gid } : {}) },
        quiet: true,
        timeoutMs: DOWNLOAD_TIMEOUT_MS,
      });
      setD((x) => ({ ...x, uploadCases: uploadedCaseDrafts(r.fileList), uploadDir: r.fileListDir }));
    } catch (e) {
      setUploadError(e instanceof ApiError ? e.message : t('error.server'));
    } finally {
      setUploading(false);
    }
  };

  const save = async () => {
    const error = problemDraftError(d, oi);
    if (error) {
      toast.error(t(error));
      return;
    }
    await run(async () => {
      const dto = problemDtoOf(d, contest.type, me?.username ?? '');
      // contest-owned problems: the server forces auth 3 and answers the new pid
      let pid = d.pid;
      if (pid === null) pid = (await scope.api.createProblem(dto)).pid;
      else await scope.api.updateProblem(dto);
      const link = pid === d.pid ? await scope.api.link(contest.id, pid).catch(() => null) : null;
      await scope.api.saveLink({
        ...(link?.id !== undefined ? { id: link.id } : {}),
        cid: contest.id,
        pid,
        displayId: d.displayId.trim(),
        displayTitle: d.displayTitle.trim(),
        color: d.color,
      });
      toast.success(t('adminContest.problemForm.saved'));
      navigate(scope.paths.problems(contest.id));
    });
  };

  const text = (k: 'description' | 'input' | 'output' | 'exampleInput' | 'exampleOutput', rows = 4) => (
    <FormGroup label={t(`adminContest.problemForm.${k}`)} labelFor={`problem-${k}`}>
      <TextArea
        id={`problem-${k}`}
        fill
        rows={rows}
        value={d[k]}
        onChange={(e) => set(k, e.target.value)}
        data-testid={`problem-form-${k}`}
      />
    </FormGroup>
  );

  return (
    <form
      className="oj-admin-page oj-admin-contest-form"
      data-testid="problem-form"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <h2>
        {t(d.pid === null ? 'adminContest.problemForm.createTitle' : 'adminContest.problemForm.editTitle')}:{' '}
        {contest.title}
      </h2>
      {scope.problemIdPrefix && (
        <p className={Classes.TEXT_MUTED} data-testid="problem-form-id-prefix">
          {t('adminContest.problemForm.idPrefix', { prefix: scope.problemIdPrefix.toUpperCase() })}
        </p>
      )}
      <Card>
        <div className="oj-admin-grid">
          <TextField
            label={t('adminContest.problemId')}
            id="problem-id"
            value={d.problemId}
            onChange={(v) => set('problemId', v)}
            testId="problem-form-problem-id"
            required
          />
          <TextField
            label={t('adminContest.problemForm.title')}
            id="problem-title"
            value={d.title}
            onChange={(v) => set('title', v)}
            testId="problem-form-title"
            required
          />
          <TextField
            label={t('adminContest.displayId')}
            id="problem-display-id"
            value={d.displayId}
            onChange={(v) => set('displayId', v)}
            testId="problem-form-display-id"
            required
          />
          <TextField
            label={t('adminContest.displayTitle')}
            id="problem-display-title"
            value={d.displayTitle}
            onChange={(v) => set('displayTitle', v)}
            testId="problem-form-display-title"
            required
          />
          <FormGroup label={t('adminContest.balloonColor')} labelFor="problem-color">
            <input
              id="problem-color"
              type="color"
              value={hexColor(d.color) ?? '#ffffff'}
              onChange={(e) => set('color', e.target.value)}
            />
          </FormGroup>
          <TextField
            label={t('adminContest.problemForm.timeLimit')}
            id="problem-time"
            type="number"
            value={d.timeLimit}
            onChange={(v) => set('timeLimit', v)}
          />
          <TextField
            label={t('adminContest.problemForm.memoryLimit')}
            id="problem-memory"
            type="number"
            value={d.memoryLimit}
            onChange={(v) => set('memoryLimit', v)}
          />
        </div>
      </Card>
      <Card>
        {text('description', 6)}
        {text('input')}
        {text('output')}
        <div className="oj-admin-grid">
          {text('exampleInput', 3)}
          {text('exampleOutput', 3)}
        </div>
      </Card>
      <Card>
        <h3>{t('adminContest.problemForm.cases')}</h3>
        <div className="oj-admin-grid">
          <FormGroup label={t('adminContest.problemForm.caseMode')} labelFor="problem-case-mode">
            <HTMLSelect
              id="problem-case-mode"
              value={d.judgeCaseMode}
              onChange={(e) => set('judgeCaseMode', e.target.value)}
              data-testid="problem-form-case-mode"
            >
              {CASE_MODES.filter((m) => oi || !isSubtaskMode(m) || m === d.judgeCaseMode).map((m) => (
                <option key={m} value={m}>
                  {t(`adminContest.problemForm.caseModes.${m}`)}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
          <FormGroup label={' '}>
            <ButtonGroup>
              <Button
                active={!d.uploadedCases}
                onClick={() => set('uploadedCases', false)}
                data-testid="problem-case-manual-mode"
              >
                {t('adminContest.problemForm.manualMode')}
              </Button>
              <Button
                active={d.uploadedCases}
                onClick={() => set('uploadedCases', true)}
                data-testid="problem-case-upload-mode"
              >
                {t('adminContest.problemForm.uploadMode')}
              </Button>
            </ButtonGroup>
          </FormGroup>
        </div>
        {d.uploadedCases ? (
          <div data-testid="problem-case-upload">
            <FormGroup label={t('adminContest.problemForm.chooseZip')} labelFor="problem-case-zip">
              <input
                id="problem-case-zip"
                type="file"
                accept=".zip,application/zip"
                disabled={uploading}
                onChange={(e) => {
                  const input = e.currentTarget;
                  void upload(input.files?.[0]).then(() => {
                    input.value = ''; // the same file may be chosen again
                  });
                }}
                data-testid="problem-case-zip"
              />
            </FormGroup>
            {uploading && (
              <div className="oj-admin-switches" data-testid="problem-case-uploading">
                <Spinner size={16} />
                <span>{t('adminContest.problemForm.uploading')}</span>
              </div>
            )}
            {uploadError && (
              <Callout intent="danger" data-testid="problem-case-upload-error">
                {uploadError}
              </Callout>
            )}
            {d.uploadCases.length > 0 && (
              <>
                <p data-testid="problem-case-upload-count">
                  {d.uploadDir === null
                    ? t('adminContest.problemForm.storedFiles')
                    : t('adminContest.problemForm.uploadedCount', { count: d.uploadCases.length })}
                </p>
                <HTMLTable compact striped>
                  <thead>
                    <tr>
                      <th>{t('adminContest.problemForm.caseInput')}</th>
                      <th>{t('adminContest.problemForm.caseOutput')}</th>
                      {oi && <th>{t('adminContest.problemForm.score')}</th>}
                      {subtask && <th>{t('adminContest.problemForm.groupNum')}</th>}
                    </tr>
                  </thead>
                  <tbody>
                    {d.uploadCases.map((c, i) => (
                      <tr key={`${c.input}-${i}`} data-testid={`problem-upload-case-${i}`}>
                        <td>{c.input}</td>
                        <td>{c.output}</td>
                        {oi && (
                          <td>
                            <InputGroup
                              type="number"
                              small
                              aria-label={t('adminContest.problemForm.score')}
                              value={c.score}
                              onChange={(e) => setUploadCase(i, { score: e.target.value })}
                              data-testid={`problem-upload-score-${i}`}
                            />
                          </td>
                        )}
                        {subtask && (
                          <td>
                            <InputGroup
                              type="number"
                              small
                              aria-label={t('adminContest.problemForm.groupNum')}
                              value={c.groupNum}
                              onChange={(e) => setUploadCase(i, { groupNum: e.target.value })}
                              data-testid={`problem-upload-group-${i}`}
                            />
                          </td>
                        )}
                      </tr>
                    ))}
                  </tbody>
                </HTMLTable>
              </>
            )}
          </div>
        ) : (
          <>
            {d.cases.map((c, i) => (
              <div className="oj-admin-case" key={i} data-testid={`problem-case-${i}`}>
                <TextArea
                  rows={2}
                  placeholder={t('adminContest.problemForm.caseInput')}
                  aria-label={t('adminContest.problemForm.caseInput')}
                  value={c.input}
                  onChange={(e) => setCase(i, { input: e.target.value })}
                  data-testid={`problem-case-input-${i}`}
                />
                <TextArea
                  rows={2}
                  placeholder={t('adminContest.problemForm.caseOutput')}
                  aria-label={t('adminContest.problemForm.caseOutput')}
                  value={c.output}
                  onChange={(e) => setCase(i, { output: e.target.value })}
                  data-testid={`problem-case-output-${i}`}
                />
                {oi ? (
                  <InputGroup
                    type="number"
                    aria-label={t('adminContest.problemForm.score')}
                    value={c.score}
                    onChange={(e) => setCase(i, { score: e.target.value })}
                  />
                ) : (
                  <span />
                )}
                {subtask && (
                  <InputGroup
                    type="number"
                    aria-label={t('adminContest.problemForm.groupNum')}
                    value={c.groupNum}
                    onChange={(e) => setCase(i, { groupNum: e.target.value })}
                    data-testid={`problem-case-group-${i}`}
                  />
                )}
                <RemoveRowButton rows={d.cases} i={i} onRows={(next) => set('cases', next)} />
              </div>
            ))}
            <Button
              small
              icon="plus"
              onClick={() => set('cases', [...d.cases, { input: '', output: '', score: '0', groupNum: '1' }])}
              data-testid="problem-case-add"
            >
              {t('adminContest.problemForm.addCase')}
            </Button>
          </>
        )}
      </Card>
      <Card>
        <h3>{t('adminContest.problemForm.languages')}</h3>
        <div className="oj-admin-switches">
          {languages.map((l) => (
            <Checkbox
              key={l.id}
              label={l.name}
              checked={d.languageIds.includes(l.id)}
              onChange={() =>
                set(
                  'languageIds',
                  d.languageIds.includes(l.id)
                    ? d.languageIds.filter((x) => x !== l.id)
                    : [...d.languageIds, l.id],
                )
              }
            />
          ))}
        </div>
      </Card>
      <div className="oj-admin-form-actions">
        <Button onClick={() => navigate(scope.paths.problems(contest.id))}>{t('adminContest.cancel')}</Button>
        <Button type="submit" intent="primary" loading={busy} data-testid="problem-form-save">
          {t('adminContest.save')}
        </Button>
      </div>
    </form>
  );
}

/**
 * `cid` given: the screen is drawn outside the /admin/contest routes (the group's Contest tab), with
 * `pid` null for a new problem.
 */
export function ContestProblemEditPage({
  cid: givenCid,
  pid: givenPid,
}: { cid?: number; pid?: number | null } = {}) {
  const params = useParams<{ contestId: string; problemId?: string }>();
  const scope = useContestAdmin();
  const cid = givenCid ?? Number(params.contestId);
  const pid =
    givenCid !== undefined ? (givenPid ?? null) : params.problemId ? Number(params.problemId) : null;
  const [state, setState] = useState<
    { contest: AdminContest; draft: ProblemDraft; languages: Language[] } | 'failed' | null
  >(null);
  useEffect(() => {
    let live = true;
    setState(null);
    (async () => {
      const [contest, languages] = await Promise.all([
        scope.api.get(cid),
        http.get('/api/languages', { all: false }),
      ]);
      const draft = await loadDraft(scope.api, cid, pid, languages);
      if (live) setState({ contest, draft, languages });
    })().catch(() => live && setState('failed'));
    return () => {
      live = false;
    };
  }, [scope, cid, pid]);
  if (state === 'failed')
    return (
      <div data-testid="problem-form-failed">
        <NonIdealState icon="error" />
      </div>
    );
  if (!state) return <Spinner data-testid="problem-form-loading" />;
  return (
    <ProblemFormView
      key={`${cid}-${pid ?? 'new'}`}
      contest={state.contest}
      initial={state.draft}
      languages={state.languages}
    />
  );
}
