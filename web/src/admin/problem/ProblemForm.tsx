// The problem editor with every section of spec part 3 §2.6: statement (markdown + KaTeX live
// preview), limits, languages, examples, extra files, IO mode, judge mode with special/interactive
// judge code and a Compile button, code templates, test cases (zip upload with a progress bar, or
// typed in), case modes with OI scores and the per-case table. Reused by the group problem form.
import {
  Button,
  Callout,
  Card,
  Checkbox,
  Dialog,
  DialogBody,
  FileInput,
  FormGroup,
  H5,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  Intent,
  ProgressBar,
  Radio,
  RadioGroup,
  Switch,
  Tag,
  TextArea,
} from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, http } from '../../api/client';
import { MarkdownEditor } from '../../shell/MarkdownEditor';
import { toast } from '../../shell/toaster';
import { CASE_MODES, isSubtaskMode } from '../contest/problem-rules';
import {
  draftError,
  dtoOf,
  uploadedCases,
  type CaseRow,
  type ExtraFile,
  type ProblemDraft,
  draftFieldErrors,
} from './form-rules';
import { uploadTestcaseZip } from './upload';

export interface LanguageOption {
  id: number;
  name: string;
}

export interface ProblemFormProps {
  initial: ProblemDraft;
  languages: LanguageOption[];
  /** Tag names offered for autocomplete. */
  tagNames: string[];
  /** Group problems: the group (upload and compile carry it; display id prefix). */
  gid?: number | null;
  /** Compile endpoint base (the back office's or the group's). */
  compileBase?: '/api/admin/problem' | '/api/group';
  /** At most this many examples (the admin form allows 2, spec §5). */
  maxExamples?: number;
  /** Saves the ProblemDTO; resolves when stored. */
  onSave(dto: ReturnType<typeof dtoOf>): Promise<void>;
}

// SPJ-C / SPJ-C++17: the checker languages of imported Kattis output validators (C11, C++17).
const SPJ_LANGUAGES = ['C', 'C++', 'SPJ-C', 'SPJ-C++17'];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="oj-admin-section" compact>
      <H5>{title}</H5>
      {children}
    </Card>
  );
}

function ExtraFiles({
  files,
  onChange,
  testId,
}: {
  files: ExtraFile[];
  onChange(f: ExtraFile[]): void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <div data-testid={testId}>
      {files.map((f, i) => (
        <div key={i} className="oj-admin-form-row">
          <InputGroup
            placeholder={t('admin.problem.fileName')}
            value={f.name}
            onValueChange={(name) => onChange(files.map((x, j) => (j === i ? { ...x, name } : x)))}
          />
          <TextArea
            placeholder={t('admin.problem.fileContent')}
            value={f.content}
            onChange={(e) => onChange(files.map((x, j) => (j === i ? { ...x, content: e.target.value } : x)))}
          />
          <Button icon="trash" variant="minimal" onClick={() => onChange(files.filter((_, j) => j !== i))} />
        </div>
      ))}
      <Button icon="add" size="small" onClick={() => onChange([...files, { name: '', content: '' }])}>
        {t('admin.problem.addFile')}
      </Button>
    </div>
  );
}

export function ProblemForm({
  initial,
  languages,
  tagNames,
  gid,
  compileBase,
  maxExamples = 2,
  onSave,
}: ProblemFormProps) {
  const { t } = useTranslation();
  const [d, setD] = useState<ProblemDraft>(initial);
  const [tagInput, setTagInput] = useState('');
  const [upload, setUpload] = useState<{ fraction: number; name: string } | null>(null);
  const [compiling, setCompiling] = useState(false);
  const [compileError, setCompileError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // After a save attempt, each plain field shows its own problem beside it, live (issue #26 item 6).
  const [attempted, setAttempted] = useState(false);
  const shownErrors = attempted ? draftFieldErrors(d) : {};
  const set = <K extends keyof ProblemDraft>(k: K, v: ProblemDraft[K]) => setD((x) => ({ ...x, [k]: v }));
  const oi = d.type === 1;
  const subtask = oi && isSubtaskMode(d.judgeCaseMode);
  const cases = d.uploadMode ? d.uploadCases : d.cases;
  const setCases = (rows: CaseRow[]) => set(d.uploadMode ? 'uploadCases' : 'cases', rows);
  const text = (
    k: 'problemId' | 'title' | 'timeLimit' | 'memoryLimit' | 'stackLimit' | 'source',
    testId: string,
  ) => {
    const bad = k === 'source' ? undefined : shownErrors[k];
    return (
      <FormGroup
        label={t(`admin.problem.${k}`)}
        intent={bad ? 'danger' : 'none'}
        helperText={
          bad ? <span data-testid={`${testId}-error`}>{t(`admin.problem.err.${bad}`)}</span> : undefined
        }
      >
        <InputGroup
          value={d[k]}
          intent={bad ? 'danger' : 'none'}
          onValueChange={(v) => set(k, v)}
          data-testid={testId}
        />
      </FormGroup>
    );
  };

  const addTag = () => {
    const name = tagInput.trim();
    if (!name) return;
    if (d.tags.some((x) => x.toLowerCase() === name.toLowerCase()))
      toast.warning(t('admin.problem.tagDuplicate'));
    else set('tags', [...d.tags, name]);
    setTagInput('');
  };

  const onZip = async (file: File) => {
    setUpload({ fraction: 0, name: file.name });
    try {
      const r = await uploadTestcaseZip(file, { mode: d.judgeCaseMode, gid }, (fraction) =>
        setUpload({ fraction, name: file.name }),
      );
      setD((x) => ({
        ...x,
        uploadCases: uploadedCases(r.fileList, x.uploadCases),
        uploadDir: r.fileListDir,
      }));
      setUpload({ fraction: 1, name: file.name });
      toast.success(t('admin.problem.uploaded'));
    } catch (err) {
      setUpload(null);
      toast.error((err as Error).message || t('admin.problem.uploadFailed'));
    }
  };

  const compile = async () => {
    setCompiling(true);
    try {
      const path =
        `${compileBase ?? '/api/admin/problem'}/compile-${d.judgeMode === 'interactive' ? 'interactive' : 'spj'}` as const;
      // The group calls take the group from the query (reference §3); the admin ones ignore it.
      await http.post(
        path,
        {
          code: d.spjCode,
          language: d.spjLanguage,
          extraFiles: Object.fromEntries(d.judgeExtraFiles.map((f) => [f.name, f.content])),
          ...(gid ? { gid } : {}),
        },
        { quiet: true, params: gid ? { gid } : undefined },
      );
      set('spjCompiled', true);
      toast.success(t('admin.problem.compiled'));
    } catch (err) {
      set('spjCompiled', false);
      // spec part 3 §8: a compile failure opens a 'Compile Error' dialog with the server message
      setCompileError(err instanceof ApiError ? err.message : String(err));
    } finally {
      setCompiling(false);
    }
  };

  const save = async () => {
    setAttempted(true);
    const err = draftError(d, maxExamples);
    if (err) return toast.warning(t(`admin.problem.err.${err}`));
    setSaving(true);
    try {
      await onSave(dtoOf(d, { gid }));
    } catch {
      // shown by the client
    } finally {
      setSaving(false);
    }
  };

  return (
    <div data-testid="problem-form">
      <Section title={t('admin.problem.basics')}>
        <div className="oj-admin-form-row">
          {text('problemId', 'pf-problem-id')}
          {text('title', 'pf-title')}
        </div>
        <div className="oj-admin-form-row">
          {text('timeLimit', 'pf-time')}
          {text('memoryLimit', 'pf-memory')}
          {text('stackLimit', 'pf-stack')}
          <FormGroup label={t('admin.problem.difficulty')}>
            <HTMLSelect
              value={d.difficulty}
              onChange={(e) => set('difficulty', Number(e.currentTarget.value) as 0 | 1 | 2)}
              options={[0, 1, 2].map((v) => ({ value: v, label: t(`admin.problem.level${v}`) }))}
            />
          </FormGroup>
        </div>
        <div className="oj-admin-form-row">
          <FormGroup label={t('admin.problem.type')}>
            <HTMLSelect
              value={d.type}
              onChange={(e) => {
                const type = Number(e.currentTarget.value) as 0 | 1;
                setD((x) => ({ ...x, type, judgeCaseMode: 'default' }));
              }}
              options={[
                { value: 0, label: 'ACM' },
                { value: 1, label: 'OI' },
              ]}
              data-testid="pf-type"
            />
          </FormGroup>
          <FormGroup label={t('admin.problem.auth')}>
            <HTMLSelect
              value={d.auth}
              onChange={(e) => set('auth', Number(e.currentTarget.value) as 1 | 2 | 3)}
              options={[1, 2, 3].map((v) => ({
                value: v,
                label: t(`admin.problem.auth${v}`),
                disabled: v === 3,
              }))}
            />
          </FormGroup>
          <Switch
            checked={d.codeShare}
            label={t('admin.problem.codeShare')}
            onChange={(e) => set('codeShare', e.currentTarget.checked)}
          />
        </div>
      </Section>

      <Section title={t('admin.problem.statement')}>
        {(['description', 'input', 'output', 'hint'] as const).map((k) => (
          <FormGroup
            key={k}
            label={t(`admin.problem.${k}`)}
            intent={k !== 'description' && k !== 'hint' && shownErrors[k] ? 'danger' : 'none'}
            helperText={
              k !== 'description' && k !== 'hint' && shownErrors[k] ? (
                <span data-testid={`pf-${k}-error`}>{t(`admin.problem.err.${shownErrors[k]}`)}</span>
              ) : undefined
            }
          >
            <MarkdownEditor
              value={d[k]}
              onChange={(v) => set(k, v)}
              gid={gid ?? null}
              rows={k === 'description' ? 8 : 4}
              testId={`pf-${k}`}
            />
          </FormGroup>
        ))}
      </Section>

      <Section title={t('admin.problem.tagsAndLanguages')}>
        <FormGroup label={t('admin.problem.tags')}>
          <div className="oj-admin-toolbar">
            {d.tags.map((name) => (
              <Tag
                key={name}
                onRemove={() =>
                  set(
                    'tags',
                    d.tags.filter((x) => x !== name),
                  )
                }
                data-testid="pf-tag"
              >
                {name}
              </Tag>
            ))}
            <InputGroup
              list="pf-tag-names"
              value={tagInput}
              onValueChange={setTagInput}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  addTag();
                }
              }}
              placeholder={t('admin.problem.addTag')}
              data-testid="pf-tag-input"
            />
            <datalist id="pf-tag-names">
              {tagNames.map((n) => (
                <option key={n} value={n} />
              ))}
            </datalist>
            <Button icon="add" onClick={addTag} data-testid="pf-tag-add" />
          </div>
        </FormGroup>
        <FormGroup label={t('admin.problem.languages')}>
          <div className="oj-admin-toolbar" data-testid="pf-languages">
            {languages.map((l) => (
              <Checkbox
                key={l.id}
                label={l.name}
                inline
                checked={d.languageIds.includes(l.id)}
                onChange={(e) =>
                  set(
                    'languageIds',
                    e.currentTarget.checked
                      ? [...d.languageIds, l.id]
                      : d.languageIds.filter((x) => x !== l.id),
                  )
                }
              />
            ))}
          </div>
        </FormGroup>
      </Section>

      <Section title={t('admin.problem.examples')}>
        {d.examples.map((ex, i) => (
          <div key={i} className="oj-admin-form-row">
            <TextArea
              placeholder={t('admin.problem.exampleInput')}
              value={ex.input}
              onChange={(e) =>
                set(
                  'examples',
                  d.examples.map((x, j) => (j === i ? { ...x, input: e.target.value } : x)),
                )
              }
              data-testid={`pf-example-input-${i}`}
            />
            <TextArea
              placeholder={t('admin.problem.exampleOutput')}
              value={ex.output}
              onChange={(e) =>
                set(
                  'examples',
                  d.examples.map((x, j) => (j === i ? { ...x, output: e.target.value } : x)),
                )
              }
              data-testid={`pf-example-output-${i}`}
            />
            <Button
              icon="trash"
              variant="minimal"
              onClick={() =>
                set(
                  'examples',
                  d.examples.filter((_, j) => j !== i),
                )
              }
            />
          </div>
        ))}
        <Button
          icon="add"
          size="small"
          disabled={d.examples.length >= maxExamples}
          onClick={() => set('examples', [...d.examples, { input: '', output: '' }])}
        >
          {t('admin.problem.addExample')}
        </Button>
      </Section>

      <Section title={t('admin.problem.extraFiles')}>
        <FormGroup label={t('admin.problem.userExtraFiles')}>
          <ExtraFiles
            files={d.userExtraFiles}
            onChange={(f) => set('userExtraFiles', f)}
            testId="pf-user-files"
          />
        </FormGroup>
        <FormGroup label={t('admin.problem.judgeExtraFiles')}>
          <ExtraFiles
            files={d.judgeExtraFiles}
            onChange={(f) => set('judgeExtraFiles', f)}
            testId="pf-judge-files"
          />
        </FormGroup>
      </Section>

      <Section title={t('admin.problem.ioMode')}>
        <RadioGroup
          inline
          selectedValue={d.isFileIO ? 'file' : 'std'}
          onChange={(e) => set('isFileIO', e.currentTarget.value === 'file')}
        >
          <Radio value="std" label={t('admin.problem.stdio')} />
          <Radio value="file" label={t('admin.problem.fileio')} />
        </RadioGroup>
        {d.isFileIO && (
          <div className="oj-admin-form-row">
            <InputGroup
              value={d.ioReadFileName}
              onValueChange={(v) => set('ioReadFileName', v)}
              placeholder="input.txt"
            />
            <InputGroup
              value={d.ioWriteFileName}
              onValueChange={(v) => set('ioWriteFileName', v)}
              placeholder="output.txt"
            />
          </div>
        )}
      </Section>

      <Section title={t('admin.problem.judgeMode')}>
        <RadioGroup
          inline
          selectedValue={d.judgeMode}
          onChange={(e) => set('judgeMode', e.currentTarget.value as ProblemDraft['judgeMode'])}
        >
          <Radio value="default" label={t('admin.problem.modeDefault')} />
          <Radio value="spj" label={t('admin.problem.modeSpj')} />
          <Radio value="interactive" label={t('admin.problem.modeInteractive')} />
        </RadioGroup>
        {d.judgeMode !== 'default' && (
          <>
            <div className="oj-admin-toolbar">
              <HTMLSelect
                value={d.spjLanguage}
                onChange={(e) =>
                  setD((x) => ({ ...x, spjLanguage: e.currentTarget.value, spjCompiled: false }))
                }
                options={SPJ_LANGUAGES}
              />
              <Button
                icon="build"
                loading={compiling}
                onClick={() => void compile()}
                data-testid="pf-compile"
              >
                {t('admin.problem.compile')}
              </Button>
              {d.spjCompiled && <Tag intent={Intent.SUCCESS}>{t('admin.problem.compiled')}</Tag>}
            </div>
            <TextArea
              fill
              rows={10}
              className="bp6-monospace-text"
              value={d.spjCode}
              onChange={(e) => setD((x) => ({ ...x, spjCode: e.target.value, spjCompiled: false }))}
              data-testid="pf-spj-code"
            />
          </>
        )}
      </Section>

      <Dialog
        isOpen={compileError !== null}
        onClose={() => setCompileError(null)}
        title={t('admin.problem.compileError')}
        style={{ width: 'min(760px, 96vw)' }}
      >
        <DialogBody>
          <pre
            className="bp6-monospace-text"
            style={{ whiteSpace: 'pre-wrap' }}
            data-testid="pf-compile-error"
          >
            {compileError}
          </pre>
        </DialogBody>
      </Dialog>

      <Section title={t('admin.problem.templates')}>
        {languages
          .filter((l) => d.languageIds.includes(l.id))
          .map((l) => {
            const tpl = d.templates.find((x) => x.lid === l.id);
            const setTpl = (next: { code?: string; enabled?: boolean }) =>
              set(
                'templates',
                tpl
                  ? d.templates.map((x) => (x.lid === l.id ? { ...x, ...next } : x))
                  : [...d.templates, { lid: l.id, code: '', enabled: false, ...next }],
              );
            return (
              <div key={l.id}>
                <Checkbox
                  label={l.name}
                  checked={tpl?.enabled ?? false}
                  onChange={(e) => setTpl({ enabled: e.currentTarget.checked })}
                />
                {tpl?.enabled && (
                  <TextArea
                    fill
                    rows={5}
                    value={tpl.code}
                    onChange={(e) => setTpl({ code: e.target.value })}
                  />
                )}
              </div>
            );
          })}
      </Section>

      <Section title={t('admin.problem.cases')}>
        <div className="oj-admin-toolbar">
          <RadioGroup
            inline
            selectedValue={d.uploadMode ? 'upload' : 'manual'}
            onChange={(e) => set('uploadMode', e.currentTarget.value === 'upload')}
          >
            <Radio value="upload" label={t('admin.problem.uploadZip')} data-testid="pf-mode-upload" />
            <Radio value="manual" label={t('admin.problem.typeCases')} data-testid="pf-mode-manual" />
          </RadioGroup>
          <HTMLSelect
            value={d.judgeCaseMode}
            onChange={(e) => set('judgeCaseMode', e.currentTarget.value)}
            data-testid="pf-case-mode"
            options={CASE_MODES.filter((m) => (oi ? m !== 'ergodic_without_error' : !isSubtaskMode(m))).map(
              (m) => ({
                value: m,
                label: t(`admin.problem.caseMode.${m}`),
              }),
            )}
          />
        </div>
        {d.uploadMode && (
          <div>
            <FileInput
              text={upload?.name ?? t('admin.problem.chooseZip')}
              inputProps={
                { accept: '.zip', 'data-testid': 'pf-zip' } as React.InputHTMLAttributes<HTMLInputElement>
              }
              onInputChange={(e) => {
                const f = e.currentTarget.files?.[0];
                if (f) void onZip(f);
              }}
            />
            {upload && (
              <div data-testid="pf-upload-progress" data-fraction={upload.fraction}>
                <ProgressBar value={upload.fraction} animate={upload.fraction < 1} intent={Intent.PRIMARY} />
              </div>
            )}
          </div>
        )}
        {cases.length > 0 && (
          <div className="oj-admin-table-wrap">
            <HTMLTable compact striped data-testid="pf-cases">
              <thead>
                <tr>
                  <th>#</th>
                  <th>{t('admin.problem.caseInput')}</th>
                  <th>{t('admin.problem.caseOutput')}</th>
                  {oi && <th>{t('admin.problem.score')}</th>}
                  {subtask && <th>{t('admin.problem.groupNum')}</th>}
                  <th title={t('admin.problem.caseVisibleHint')}>{t('admin.problem.caseVisible')}</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {cases.map((c, i) => {
                  const edit = (k: keyof CaseRow, v: string) =>
                    setCases(cases.map((x, j) => (j === i ? { ...x, [k]: v } : x)));
                  return (
                    <tr key={i}>
                      <td>{i + 1}</td>
                      <td>
                        {d.uploadMode ? (
                          c.input
                        ) : (
                          <TextArea value={c.input} onChange={(e) => edit('input', e.target.value)} />
                        )}
                      </td>
                      <td>
                        {d.uploadMode ? (
                          c.output
                        ) : (
                          <TextArea value={c.output} onChange={(e) => edit('output', e.target.value)} />
                        )}
                      </td>
                      {oi && (
                        <td>
                          <InputGroup
                            value={c.score}
                            onValueChange={(v) => edit('score', v)}
                            data-testid={`pf-score-${i}`}
                          />
                        </td>
                      )}
                      {subtask && (
                        <td>
                          <InputGroup
                            value={c.groupNum}
                            onValueChange={(v) => edit('groupNum', v)}
                            data-testid={`pf-group-${i}`}
                          />
                        </td>
                      )}
                      <td>
                        <Checkbox
                          checked={c.visible === true}
                          aria-label={t('admin.problem.caseVisibleHint')}
                          onChange={(e) =>
                            setCases(
                              cases.map((x, j) => (j === i ? { ...x, visible: e.currentTarget.checked } : x)),
                            )
                          }
                          data-testid={`pf-visible-${i}`}
                        />
                      </td>
                      <td>
                        <Button
                          icon="trash"
                          variant="minimal"
                          onClick={() => setCases(cases.filter((_, j) => j !== i))}
                        />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </HTMLTable>
          </div>
        )}
        {!d.uploadMode && (
          <Button
            icon="add"
            size="small"
            onClick={() => set('cases', [...d.cases, { input: '', output: '', score: '0', groupNum: '1' }])}
          >
            {t('admin.problem.addCase')}
          </Button>
        )}
        {d.uploadMode && !cases.length && (
          <Callout intent={Intent.WARNING}>{t('admin.problem.err.uploadRequired')}</Callout>
        )}
      </Section>

      <Section title={t('admin.problem.other')}>
        {text('source', 'pf-source')}
        <Switch
          checked={d.isRemoveEndBlank}
          label={t('admin.problem.removeEndBlank')}
          onChange={(e) => set('isRemoveEndBlank', e.currentTarget.checked)}
        />
        <Switch
          checked={d.openCaseResult}
          label={t('admin.problem.openCaseResult')}
          onChange={(e) => set('openCaseResult', e.currentTarget.checked)}
        />
        <Button
          intent={Intent.PRIMARY}
          icon="floppy-disk"
          loading={saving}
          onClick={() => void save()}
          data-testid="pf-save"
        >
          {t('admin.problem.save')}
        </Button>
      </Section>
    </div>
  );
}
