// Right pane of a problem: editor toolbar, the lazily loaded CodeMirror editor, submit and live status.
import { Alert, Button, FormGroup, HTMLSelect, PopoverNext } from '@blueprintjs/core';
import { JudgeStatus } from '@oj/protocol/enums/judge-status';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../api/client';
import { newIdempotencyKey } from '../api/http-rules';
import { connectSocket } from '../api/socket';
import { contestApi } from '../contest/api';
import { hidesOiVerdict } from '../contest/rules';
import { loadContestFacts, useContestFacts } from '../contest/store';
import { StatusText } from '../judge/StatusTag';
import { toast } from '../shell/toaster';
import { isLoggedIn, useSession } from '../store/session';
import { useUi } from '../store/ui';
import {
  codeKey,
  codeProblem,
  EDITOR_HEIGHT,
  EDITOR_THEMES,
  FONT_SIZES,
  loadCode,
  loadPrefs,
  MAX_CODE_LENGTH,
  pickLanguage,
  rememberedLanguage,
  rememberLanguage,
  templateFor,
  saveCode,
  savePrefs,
  switchLanguage,
  TAB_SIZES,
  type EditorPrefs,
  type EditorTheme,
} from './editor-prefs';
import type { Example } from './examples';
import { loadEditor } from './preload';
import { TestDrawer } from './TestDrawer';
import type { ProblemDetail } from './types';

// Started ahead by the entry on a problem URL (preload.ts); later imports reuse the same promises.
const CodeEditor = lazy(loadEditor);
// The live status runs the shared submission machine (xstate): it loads when a submit starts or
// the pointer nears the button, not with the page (issue #16).
const loadLiveStatus = () => import('../judge/LiveStatus');
const LiveStatus = lazy(async () => ({ default: (await loadLiveStatus()).LiveStatus }));
const prefetchLiveStatus = () => void loadLiveStatus().catch(() => undefined);

export interface Scope {
  cid?: string;
  gid?: string;
  tid?: string;
}

interface Submitted {
  key: number;
  submitId: number | null;
  failed: boolean;
  /** OI contest without real-time permission: received, verdict not shown (spec part1 §4). */
  hidden: boolean;
}

export interface CodePanelProps {
  detail: ProblemDetail | null;
  /** Problem id as submitted: the display id, or the contest display id. */
  submitPid: string;
  scope: Scope;
  examples: Example[];
  focus: boolean;
  onFocus(next: boolean): void;
  onJudged(): void;
}

export function CodePanel({ detail, submitPid, scope, examples, focus, onFocus, onJudged }: CodePanelProps) {
  const { t } = useTranslation();
  const loggedIn = useSession(isLoggedIn);
  const uid = useSession((s) => s.user?.uid ?? null);
  const token = useSession((s) => s.token);
  const openLogin = useUi((s) => s.openAccountDialog);
  const languages = detail?.languages ?? [];
  const storageKey = codeKey(submitPid, scope);
  const [prefs, setPrefs] = useState<EditorPrefs>(loadPrefs);
  const [language, setLanguage] = useState('C++');
  const [code, setCode] = useState('');
  /** This problem's code in the other languages (switching language parks the code here). */
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [confirm, setConfirm] = useState<null | 'reset' | 'lastAc'>(null);
  const [submitting, setSubmitting] = useState(false);
  const [submitted, setSubmitted] = useState<Submitted | null>(null);
  const [testOpen, setTestOpen] = useState(false);
  const [confetti, setConfetti] = useState(false);
  const [askOverwrite, setAskOverwrite] = useState(false);
  const contestFacts = useContestFacts(scope.cid);
  /** This page already sent a submission of the problem (no need to ask the server again). */
  const sentHere = useRef(false);
  // The Idempotency-Key of a submit that failed (timed out, no answer): sending the same code again
  // reuses it, so a submission the server did store is answered instead of stored twice.
  const failedSubmit = useRef<{ payload: string; key: string } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const running = submitting || (submitted !== null && submitted.submitId === null && !submitted.failed);

  // Restore the saved code (or the template) once per problem; saving starts only after that,
  // so a stale empty editor never overwrites what was stored.
  const [restoredKey, setRestoredKey] = useState<string | null>(null);
  useEffect(() => {
    if (!detail || restoredKey === storageKey) return;
    const saved = loadCode(storageKey);
    const lang = pickLanguage(detail.languages, saved?.language, rememberedLanguage(uid));
    setLanguage(lang);
    const savedDrafts = { ...(saved?.drafts ?? {}) };
    // the saved language is not allowed here: its code waits under its language
    if (saved && saved.language !== lang) savedDrafts[saved.language] = saved.code;
    setCode(
      saved && saved.language === lang
        ? saved.code
        : (savedDrafts[lang] ?? templateFor(detail.codeTemplate, lang)),
    );
    delete savedDrafts[lang];
    setDrafts(savedDrafts);
    setRestoredKey(storageKey);
  }, [detail, storageKey, restoredKey, uid]);

  useEffect(() => {
    if (restoredKey === storageKey) saveCode(storageKey, { code, language, drafts });
  }, [code, language, drafts, restoredKey, storageKey]);

  const updatePrefs = (next: Partial<EditorPrefs>) => {
    const merged = { ...prefs, ...next };
    setPrefs(merged);
    savePrefs(merged);
  };

  /** Another language: its last code here or its template; the current code stays under its language. */
  const changeLanguage = (lang: string, nextCode?: string) => {
    const next = switchLanguage({ code, language, drafts }, lang, detail?.codeTemplate);
    setCode(nextCode ?? next.code);
    setDrafts(next.drafts);
    setLanguage(lang);
    rememberLanguage(uid, lang);
    if (next.parked) toast.info(t('editor.codeKept', { language }), 5000);
  };

  const fetchLastAc = async () => {
    if (!detail) return;
    const status = await http
      .post(
        '/api/get-user-problem-status',
        {
          pidList: [detail.problem.id],
          isContestProblemList: false,
          ...(scope.gid ? { gid: Number(scope.gid) } : {}),
        },
        { quiet: true },
      )
      .then((m) => m[String(detail.problem.id)]?.status)
      .catch(() => undefined);
    if (status !== JudgeStatus.ACCEPTED) return toast.warning(t('editor.notPassed'), 4000);
    setConfirm('lastAc');
  };

  const applyLastAc = async () => {
    if (!detail) return;
    const res = await http
      .get('/api/get-last-ac-code', { pid: detail.problem.id, cid: scope.cid ? Number(scope.cid) : 0 })
      .catch(() => null);
    if (!res) return;
    if (!res.code) return toast.warning(t('editor.noLastAc'));
    if (res.language && res.language !== language && languages.includes(res.language))
      changeLanguage(res.language, res.code);
    else setCode(res.code);
  };

  const upload = async (file: File | undefined) => {
    if (!file) return;
    const text = await file.text();
    if (text.length > MAX_CODE_LENGTH) return toast.warning(t('editor.uploadTooLarge'));
    setCode(text);
  };

  /** In an OI contest without real-time permission the verdict is hidden; null = not that case. */
  const hiddenCase = async (): Promise<boolean> => {
    if (!scope.cid) return false;
    const facts = contestFacts ?? (await loadContestFacts(scope.cid).catch(() => null));
    return !!facts && hidesOiVerdict(facts.contest, facts.isContestAdmin, Date.now());
  };

  /** Has the caller submitted this contest problem before (the contest problem status says -10 if not)? */
  const submittedBefore = async (): Promise<boolean> => {
    if (sentHere.current) return true;
    if (!detail || !scope.cid) return false;
    const status = await contestApi
      .problemStatus(scope.cid, [detail.problem.id])
      .then((m) => m[String(detail.problem.id)]?.status)
      .catch(() => undefined);
    // unknown counts as submitted: asking once too often beats overwriting silently
    return status !== JudgeStatus.NOT_SUBMITTED;
  };

  const submit = async () => {
    if (!loggedIn) {
      toast.warning(t('Please_login_first'));
      return openLogin('Login');
    }
    if (!detail || running) return;
    const problem = codeProblem(code);
    if (problem) return toast.error(t(problem));
    rememberLanguage(uid, language);
    setSubmitting(true);
    // the status display and the socket arrive while the submit request is out
    prepareLive();
    const hidden = await hiddenCase();
    if (hidden && (await submittedBefore())) {
      setSubmitting(false);
      return setAskOverwrite(true);
    }
    await send(hidden);
  };

  const send = async (hidden: boolean) => {
    const key = Date.now();
    setSubmitting(true);
    setSubmitted({ key, submitId: null, failed: false, hidden });
    try {
      const payload = {
        pid: submitPid,
        language,
        code,
        cid: scope.cid ? Number(scope.cid) : 0,
        tid: scope.tid ? Number(scope.tid) : 0,
        ...(scope.gid ? { gid: Number(scope.gid) } : {}),
        isRemote: !!detail?.problem.isRemote,
      };
      const same = failedSubmit.current?.payload === JSON.stringify(payload) ? failedSubmit.current : null;
      const idempotencyKey = same?.key ?? newIdempotencyKey();
      failedSubmit.current = { payload: JSON.stringify(payload), key: idempotencyKey };
      const row = await http.post('/api/submit-problem-judge', payload, {
        headers: { 'Idempotency-Key': idempotencyKey },
      });
      failedSubmit.current = null;
      toast.success(t('editor.submitted'));
      sentHere.current = true;
      setSubmitted({ key, submitId: row.submitId, failed: false, hidden });
      // no verdict will come to this page: refresh the problem's own status now
      if (hidden) onJudged();
    } catch {
      setSubmitted({ key, submitId: null, failed: true, hidden });
    } finally {
      setSubmitting(false);
    }
  };

  /**
   * The status display and the push socket, ahead of a submit (pointer near the button, submit
   * started): the owner's verdict pushes reach the socket from the moment it connects.
   */
  const prepareLive = () => {
    prefetchLiveStatus();
    if (token) void connectSocket(token).catch(() => undefined);
  };

  const onFinal = (status: number) => {
    if (status === JudgeStatus.ACCEPTED) {
      setConfetti(true);
      setTimeout(() => setConfetti(false), 3000);
    }
    onJudged();
  };

  const settings = (
    <div style={{ padding: 12 }} data-testid="editor-settings">
      <FormGroup label={t('editor.theme')}>
        <HTMLSelect
          value={prefs.theme}
          data-testid="editor-theme"
          onChange={(e) => updatePrefs({ theme: e.currentTarget.value as EditorTheme })}
          options={[...EDITOR_THEMES]}
        />
      </FormGroup>
      <FormGroup label={t('editor.fontSize')}>
        <HTMLSelect
          value={prefs.fontSize}
          data-testid="editor-font-size"
          onChange={(e) => updatePrefs({ fontSize: Number(e.currentTarget.value) })}
          options={FONT_SIZES.map((n) => ({ value: n, label: `${n}px` }))}
        />
      </FormGroup>
      <FormGroup label={t('editor.tabSize')}>
        <HTMLSelect
          value={prefs.tabSize}
          data-testid="editor-tab-size"
          onChange={(e) => updatePrefs({ tabSize: Number(e.currentTarget.value) })}
          options={TAB_SIZES.map((n) => ({ value: n, label: String(n) }))}
        />
      </FormGroup>
    </div>
  );

  return (
    <div className="oj-code-panel" data-testid="code-panel">
      <div className="oj-pd-toolbar">
        <HTMLSelect
          aria-label={t('editor.language')}
          data-testid="language-select"
          value={language}
          onChange={(e) => changeLanguage(e.currentTarget.value)}
          options={languages.length ? languages : [language]}
          disabled={!detail}
        />
        <Button
          icon="reset"
          title={t('editor.reset')}
          aria-label={t('editor.reset')}
          onClick={() => setConfirm('reset')}
          data-testid="editor-reset"
        />
        {loggedIn && (
          <Button
            icon="history"
            title={t('editor.lastAc')}
            aria-label={t('editor.lastAc')}
            onClick={() => void fetchLastAc()}
            data-testid="editor-last-ac"
          />
        )}
        <Button
          icon="upload"
          title={t('editor.upload')}
          aria-label={t('editor.upload')}
          onClick={() => fileInput.current?.click()}
        />
        <input
          ref={fileInput}
          type="file"
          hidden
          data-testid="editor-upload"
          onChange={(e) => {
            void upload(e.currentTarget.files?.[0]);
            e.currentTarget.value = '';
          }}
        />
        <PopoverNext content={settings} placement="bottom">
          <Button
            icon="cog"
            title={t('editor.settings')}
            aria-label={t('editor.settings')}
            data-testid="editor-settings-open"
          />
        </PopoverNext>
        <Button
          icon={focus ? 'minimize' : 'maximize'}
          title={focus ? t('editor.exitFocus') : t('editor.focus')}
          aria-label={focus ? t('editor.exitFocus') : t('editor.focus')}
          onClick={() => onFocus(!focus)}
          data-testid="editor-focus"
        />
      </div>
      <div className="oj-pd-editor" style={{ height: EDITOR_HEIGHT }} data-testid="editor">
        <Suspense
          fallback={<div className="oj-editor-placeholder" aria-busy aria-label={t('editor.loading')} />}
        >
          <CodeEditor
            value={code}
            onChange={setCode}
            language={language}
            theme={prefs.theme}
            fontSize={prefs.fontSize}
            tabSize={prefs.tabSize}
            readOnly={!detail}
            onSubmit={() => void submit()}
          />
        </Suspense>
      </div>
      <div className="oj-pd-bottom">
        <Button
          icon="console"
          onClick={() =>
            loggedIn ? setTestOpen(true) : (toast.warning(t('Please_login_first')), openLogin('Login'))
          }
          data-testid="online-test-open"
          disabled={!detail}
        >
          {t('editor.onlineTest')}
        </Button>
        {submitted?.hidden && submitted.submitId !== null && (
          <div className="oj-live-status" data-testid="submission-status-banner" data-state="hidden">
            <StatusText status={JudgeStatus.SUBMITTED_UNKNOWN_RESULT} testId="verdict-text" />
            <span className="oj-muted" data-testid="verdict-hidden">
              {t('editor.resultHidden')}
            </span>
          </div>
        )}
        {submitted && !submitted.hidden && (
          <Suspense fallback={<div className="oj-live-status" data-testid="submission-status-loading" />}>
            <LiveStatus
              key={submitted.key}
              submitId={submitted.submitId}
              failed={submitted.failed}
              onFinal={onFinal}
            />
          </Suspense>
        )}
        <span style={{ flex: 1 }} />
        <Button
          intent="primary"
          icon="send-message"
          loading={running}
          disabled={!detail}
          onClick={() => void submit()}
          onPointerEnter={prepareLive}
          onFocus={prepareLive}
          data-testid="submit-button"
        >
          {running ? t('editor.submitting') : t('editor.submit')}
        </Button>
      </div>
      {detail && testOpen && (
        <TestDrawer
          open={testOpen}
          onClose={() => setTestOpen(false)}
          pid={detail.problem.id}
          type={scope.cid ? 'contest' : scope.gid ? 'group' : 'public'}
          code={code}
          language={language}
          isRemote={detail.problem.isRemote}
          examples={examples}
        />
      )}
      <Alert
        isOpen={confirm !== null}
        cancelButtonText={t('editor.cancel')}
        confirmButtonText={t('editor.confirm')}
        intent="warning"
        canEscapeKeyCancel
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          if (confirm === 'reset') setCode(templateFor(detail?.codeTemplate, language));
          if (confirm === 'lastAc') void applyLastAc();
          setConfirm(null);
        }}
      >
        {confirm === 'reset' ? t('editor.resetConfirm') : t('editor.lastAcConfirm')}
      </Alert>
      <Alert
        isOpen={askOverwrite}
        cancelButtonText={t('editor.cancel')}
        confirmButtonText={t('editor.overwriteSubmit')}
        intent="warning"
        icon="warning-sign"
        canEscapeKeyCancel
        onCancel={() => setAskOverwrite(false)}
        onConfirm={() => {
          setAskOverwrite(false);
          void send(true);
        }}
      >
        <span data-testid="overwrite-confirm">{t('editor.overwriteConfirm')}</span>
      </Alert>
      {confetti && <Confetti />}
    </div>
  );
}

/** A burst of coloured paper, drawn in SVG (shown for 3 s on Accepted). */
function Confetti() {
  const pieces = Array.from({ length: 60 }, (_, i) => ({
    x: (i * 37) % 100,
    y: (i * 53) % 100,
    r: (i * 47) % 360,
    c: ['#2d72d2', '#238551', '#c87619', '#cd4246', '#7961db'][i % 5],
  }));
  return (
    <div className="oj-confetti" data-testid="confetti" aria-hidden>
      <svg width="100%" height="100%" viewBox="0 0 100 100" preserveAspectRatio="none">
        {pieces.map((p, i) => (
          <rect
            key={i}
            x={p.x}
            y={p.y}
            width={1.6}
            height={0.8}
            fill={p.c}
            transform={`rotate(${p.r} ${p.x} ${p.y})`}
          />
        ))}
      </svg>
    </div>
  );
}
