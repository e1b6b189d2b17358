// Back office: code similarity reports (issue #28). The list starts analyses and follows their
// progress over socket.io; the report ranks pairs, groups users into clusters, filters by problem,
// language and threshold, exports CSV, and opens a side-by-side view with the matched lines marked.
// Marking a pair reviewed and cancelling a user's submissions as cheating act through the server.
// Site admins reach them in the back office (/admin/similarity); the admins of one contest, training
// or group problem reach the same screens outside it (/similarity?scope=…&scopeId=…, /similarity/:id,
// opened from the contest's header and the group's admin lists), where the server's answer to the
// list or the report decides whether the screen shows (a refusal shows as such).
import {
  Alert,
  Button,
  Card,
  Checkbox,
  FormGroup,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  NumericInput,
  NonIdealState,
  Tag,
  TextArea,
} from '@blueprintjs/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearch } from 'wouter';
import {
  SIMILARITY_PROGRESS_EVENT,
  clusterPairs,
  similarityCsv,
  type SimilarityAnalysis,
  type SimilarityFragment,
  type SimilarityPair,
  type SimilarityPairDetail,
  type SimilarityProgress,
  type SimilarityReport,
} from '@oj/protocol/judge/similarity';
import { http } from '../../api/client';
import { connectSocket } from '../../api/socket';
import { useSession } from '../../store/session';
import { saveBlob } from '../../shell/save-blob';
import { toast } from '../../shell/toaster';
import './similarity.css';

type Scope = 'contest' | 'problem' | 'training';
const SCOPES: readonly Scope[] = ['contest', 'problem', 'training'];

/** One scope analysed by its own admins (outside the back office). */
export interface SimilarityPreset {
  scope: Scope;
  scopeId: number;
}

/** The scope's screen outside the back office: the start form pre-filled and the scope's analyses. */
export const similarityScopePath = (p: SimilarityPreset) =>
  `/similarity?scope=${p.scope}&scopeId=${p.scopeId}`;

function Refused() {
  const { t } = useTranslation();
  return (
    <Card data-testid="similarity-refused">
      <NonIdealState icon="lock" title={t('similarity.refused')} />
    </Card>
  );
}

/** Progress pushes of analyses this admin started (the server sends them to their user room). */
function useProgress(onProgress: (p: SimilarityProgress) => void) {
  const token = useSession((s) => s.token);
  useEffect(() => {
    if (!token) return;
    let live = true;
    let off = () => {};
    void connectSocket(token).then((socket) => {
      if (!live) return;
      socket.on(SIMILARITY_PROGRESS_EVENT, onProgress);
      off = () => socket.off(SIMILARITY_PROGRESS_EVENT, onProgress);
    });
    return () => {
      live = false;
      off();
    };
  }, [token, onProgress]);
}

function StateTag({ a }: { a: Pick<SimilarityAnalysis, 'state' | 'done' | 'total'> }) {
  const { t } = useTranslation();
  const intent = a.state === 'done' ? 'success' : a.state === 'failed' ? 'danger' : 'primary';
  return (
    <Tag minimal intent={intent}>
      {t(`similarity.states.${a.state}`, { defaultValue: a.state })}
      {a.state === 'running' ? ` · ${t('similarity.progress', { done: a.done, total: a.total })}` : ''}
    </Tag>
  );
}

/**
 * The start form and the list of analyses. With a preset (one scope, outside the back office) the
 * scope is fixed, the list is that scope's, and a refusal of the list by the server shows instead.
 */
export function SimilarityListPage({ preset }: { preset?: SimilarityPreset } = {}) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<SimilarityAnalysis[] | null>(null);
  const [refused, setRefused] = useState(false);
  const [scope, setScope] = useState<Scope>(preset?.scope ?? 'contest');
  const [scopeId, setScopeId] = useState(preset ? String(preset.scopeId) : '');
  const [allAccepted, setAllAccepted] = useState(false);
  const [baseCode, setBaseCode] = useState('');
  const presetScope = preset?.scope;
  const presetId = preset?.scopeId;
  const load = useCallback(async () => {
    if (!presetScope) {
      setRows(await http.get('/api/admin/similarity/list').catch(() => []));
      return;
    }
    try {
      const list = await http.get('/api/admin/similarity/list', {
        scope: presetScope,
        scopeId: presetId,
      });
      setRefused(false);
      setRows(list);
    } catch {
      setRefused(true);
    }
  }, [presetScope, presetId]);
  useEffect(() => {
    void load();
  }, [load]);
  const onProgress = useCallback((p: SimilarityProgress) => {
    setRows(
      (old) =>
        old && old.map((r) => (r.id === p.id ? { ...r, state: p.state, done: p.done, total: p.total } : r)),
    );
  }, []);
  useProgress(onProgress);

  const start = async () => {
    try {
      const row = await http.post('/api/admin/similarity/start', {
        scope,
        scopeId: Number(scopeId),
        allAccepted,
        ...(baseCode.trim() ? { baseCode } : {}),
      });
      toast.success(t('similarity.started'));
      setRows((old) => [row, ...(old ?? []).filter((r) => r.id !== row.id)]);
    } catch {
      // message shown by the client
    }
  };

  if (refused) return <Refused />;
  const reportBase = preset ? '/similarity' : '/admin/similarity';
  return (
    <Card data-testid="similarity-start">
      <h2>{t('similarity.title')}</h2>
      <div className="oj-sim-filters">
        <HTMLSelect
          aria-label={t('similarity.scope')}
          disabled={!!preset}
          value={scope}
          onChange={(e) => setScope(e.currentTarget.value as Scope)}
          options={[
            { value: 'contest', label: t('similarity.scopeContest') },
            { value: 'problem', label: t('similarity.scopeProblem') },
            { value: 'training', label: t('similarity.scopeTraining') },
          ]}
        />
        <InputGroup
          aria-label={t('similarity.scopeId')}
          placeholder={t('similarity.scopeId')}
          value={scopeId}
          readOnly={!!preset}
          inputMode="numeric"
          onChange={(e) => setScopeId(e.currentTarget.value.replace(/\D/g, ''))}
        />
        <Button
          intent="primary"
          icon="play"
          text={t('similarity.start')}
          disabled={!scopeId}
          onClick={() => void start()}
        />
      </div>
      <Checkbox
        checked={allAccepted}
        label={t('similarity.allAccepted')}
        onChange={() => setAllAccepted((v) => !v)}
      />
      <FormGroup label={t('similarity.baseCode')}>
        <TextArea fill rows={3} value={baseCode} onChange={(e) => setBaseCode(e.currentTarget.value)} />
      </FormGroup>
      <h3>{t('similarity.analyses')}</h3>
      {rows === null ? (
        <p className="bp6-text-muted">{t('similarity.loading')}</p>
      ) : rows.length === 0 ? (
        <p className="bp6-text-muted">{t('similarity.empty')}</p>
      ) : (
        <div className="oj-sim-table">
          <HTMLTable compact striped>
            <thead>
              <tr>
                <th>#</th>
                <th>{t('similarity.scope')}</th>
                <th>{t('similarity.state')}</th>
                <th>{t('similarity.created')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <td>{r.id}</td>
                  <td>
                    {t(`similarity.scope${r.scope[0]!.toUpperCase()}${r.scope.slice(1)}`)} {r.scopeId}
                  </td>
                  <td>
                    <StateTag a={r} />
                  </td>
                  <td>{new Date(r.createdAt).toLocaleString()}</td>
                  <td>
                    <Link href={`${reportBase}/${r.id}`}>{t('similarity.open')}</Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
    </Card>
  );
}

/** /similarity?scope=contest&scopeId=7: the scope's own admins, outside the back office. */
export function SimilarityScopePage() {
  const { t } = useTranslation();
  const q = new URLSearchParams(useSearch());
  const scope = q.get('scope') as Scope;
  const scopeId = Number(q.get('scopeId'));
  if (!SCOPES.includes(scope) || !Number.isInteger(scopeId) || scopeId <= 0)
    return (
      <Card>
        <NonIdealState icon="search" title={t('similarity.noScope')} />
      </Card>
    );
  // keyed: another scope is another screen
  return <SimilarityListPage key={`${scope}:${scopeId}`} preset={{ scope, scopeId }} />;
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/** Rows (0-based) covered by the fragments on one side. */
function markedRows(fragments: readonly SimilarityFragment[], side: 'left' | 'right'): Set<number> {
  const rows = new Set<number>();
  for (const f of fragments) for (let r = f[side][0]; r <= f[side][2]; r++) rows.add(r);
  return rows;
}

function CodePane({ title, code, marked }: { title: string; code: string; marked: Set<number> }) {
  return (
    <div className="oj-sim-pane">
      <h4>{title}</h4>
      <pre className="oj-sim-code" data-testid="similarity-code">
        {code.split('\n').map((line, i) => (
          <span
            key={i}
            className={`oj-sim-line${marked.has(i) ? ' oj-sim-hit' : ''}`}
            data-hit={marked.has(i) || undefined}
          >
            <span className="oj-sim-line-no">{i + 1}</span>
            {line}
          </span>
        ))}
      </pre>
    </div>
  );
}

function SideBySide({ detail, onClose }: { detail: SimilarityPairDetail; onClose(): void }) {
  const { t } = useTranslation();
  const { pair, fragments } = detail;
  return (
    <Card data-testid="similarity-side-by-side" style={{ marginTop: 12 }}>
      <div className="oj-sim-filters">
        <strong>
          {pair.displayPid} · {pair.language} · {pct(pair.similarity)}
        </strong>
        <span className="bp6-text-muted">{t('similarity.fragments', { count: fragments.length })}</span>
        <Button small minimal icon="cross" text={t('similarity.close')} onClick={onClose} />
      </div>
      <div className="oj-sim-side">
        <CodePane
          title={`${pair.leftUsername} · #${pair.leftSubmitId}`}
          code={detail.leftCode}
          marked={markedRows(fragments, 'left')}
        />
        <CodePane
          title={`${pair.rightUsername} · #${pair.rightSubmitId}`}
          code={detail.rightCode}
          marked={markedRows(fragments, 'right')}
        />
      </div>
    </Card>
  );
}

/** A report; `outside`: reached by a scope's admin outside the back office (/similarity/:id). */
export function SimilarityReportPage({ outside = false }: { outside?: boolean } = {}) {
  const { t } = useTranslation();
  const id = Number(useParams<{ id: string }>().id);
  // undefined: loading; null: refused (or gone) by the server
  const [report, setReport] = useState<SimilarityReport | null | undefined>(undefined);
  const [problem, setProblem] = useState('');
  const [language, setLanguage] = useState('');
  const [threshold, setThreshold] = useState(50);
  const [detail, setDetail] = useState<SimilarityPairDetail | null>(null);
  const [cheater, setCheater] = useState<{ uid: string; username: string } | null>(null);
  const load = useCallback(async () => {
    setReport(await http.get('/api/admin/similarity/report', { id }).catch(() => null));
  }, [id]);
  useEffect(() => {
    void load();
  }, [load]);
  const onProgress = useCallback(
    (p: SimilarityProgress) => {
      if (p.id !== id) return;
      if (p.state === 'done' || p.state === 'failed') void load();
      else
        setReport(
          (r) => r && { ...r, analysis: { ...r.analysis, state: p.state, done: p.done, total: p.total } },
        );
    },
    [id, load],
  );
  useProgress(onProgress);

  const pairs = report?.pairs ?? [];
  const problems = useMemo(() => [...new Set(pairs.map((p) => p.displayPid))].sort(), [pairs]);
  const languages = useMemo(() => [...new Set(pairs.map((p) => p.language))].sort(), [pairs]);
  const shown = useMemo(
    () =>
      pairs.filter(
        (p) =>
          (!problem || p.displayPid === problem) &&
          (!language || p.language === language) &&
          p.similarity * 100 >= threshold,
      ),
    [pairs, problem, language, threshold],
  );
  const clusters = useMemo(() => clusterPairs(shown, 0), [shown]);

  const open = async (p: SimilarityPair) => {
    setDetail(await http.get('/api/admin/similarity/pair', { id: p.id }).catch(() => null));
  };
  const review = async (p: SimilarityPair) => {
    try {
      await http.put('/api/admin/similarity/review', { pairId: p.id, reviewed: !p.reviewed });
      setReport(
        (r) =>
          r && { ...r, pairs: r.pairs.map((x) => (x.id === p.id ? { ...x, reviewed: !p.reviewed } : x)) },
      );
    } catch {
      // message shown by the client
    }
  };
  const cancelUser = async () => {
    if (!cheater) return;
    const who = cheater;
    setCheater(null);
    try {
      const res = await http.post('/api/admin/similarity/cancel-user', {
        analysisId: id,
        uid: who.uid,
      });
      toast.success(t('similarity.cheatDone', { count: res.cancelled.length }));
    } catch {
      // message shown by the client
    }
  };
  const exportCsv = () =>
    saveBlob(new Blob([similarityCsv(shown)], { type: 'text/csv;charset=utf-8' }), `similarity-${id}.csv`);

  if (report === undefined) return <Card>{t('similarity.loading')}</Card>;
  if (report === null) return <Refused />;
  const back = outside
    ? similarityScopePath({ scope: report.analysis.scope as Scope, scopeId: report.analysis.scopeId })
    : '/admin/similarity';
  const userLink = (uid: string, username: string) => (
    <span>
      <Link href={`/user-home?uid=${encodeURIComponent(uid)}`}>{username}</Link>{' '}
      <Button
        small
        minimal
        intent="danger"
        icon="ban-circle"
        aria-label={`${t('similarity.cheat')} ${username}`}
        title={t('similarity.cheat')}
        onClick={() => setCheater({ uid, username })}
      />
    </span>
  );
  return (
    <Card>
      <Link href={back} data-testid="similarity-back">
        {t('similarity.back')}
      </Link>
      <h2>
        {t('similarity.report', { id })} <StateTag a={report.analysis} />
      </h2>
      <div className="oj-sim-filters">
        <HTMLSelect
          aria-label={t('similarity.problem')}
          value={problem}
          onChange={(e) => setProblem(e.currentTarget.value)}
          options={[{ value: '', label: `${t('similarity.problem')}: ${t('similarity.all')}` }, ...problems]}
        />
        <HTMLSelect
          aria-label={t('similarity.language')}
          value={language}
          onChange={(e) => setLanguage(e.currentTarget.value)}
          options={[
            { value: '', label: `${t('similarity.language')}: ${t('similarity.all')}` },
            ...languages,
          ]}
        />
        <label>
          {t('similarity.threshold')}{' '}
          <NumericInput
            aria-label={t('similarity.threshold')}
            value={threshold}
            min={0}
            max={100}
            stepSize={5}
            rightElement={<Tag minimal>%</Tag>}
            style={{ width: 70 }}
            onValueChange={(v) => setThreshold(Number.isFinite(v) ? Math.min(100, Math.max(0, v)) : 0)}
          />
        </label>
        <Button icon="download" text={t('similarity.exportCsv')} onClick={exportCsv} />
      </div>
      <h3>{t('similarity.clusters')}</h3>
      {clusters.length === 0 ? (
        <p className="bp6-text-muted">{t('similarity.noClusters')}</p>
      ) : (
        <ul data-testid="similarity-clusters">
          {clusters.map((c) => (
            <li key={c.users.join(',')}>
              {c.users.join(', ')}{' '}
              <span className="bp6-text-muted">
                {t('similarity.clusterLine', { count: c.users.length, top: pct(c.top) })}
              </span>
            </li>
          ))}
        </ul>
      )}
      <h3>{t('similarity.pairs', { count: shown.length })}</h3>
      {shown.length === 0 ? (
        <p className="bp6-text-muted">{t('similarity.noPairs')}</p>
      ) : (
        <div className="oj-sim-table">
          <HTMLTable compact striped data-testid="similarity-pairs">
            <thead>
              <tr>
                <th>{t('similarity.similarity')}</th>
                <th>{t('similarity.longest')}</th>
                <th>{t('similarity.problem')}</th>
                <th>{t('similarity.users')}</th>
                <th>{t('similarity.submissions')}</th>
                <th>{t('similarity.reviewed')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {shown.map((p) => (
                <tr key={p.id}>
                  <td>{pct(p.similarity)}</td>
                  <td>{t('similarity.kgrams', { count: p.longest })}</td>
                  <td>
                    {p.displayPid} · {p.language}
                  </td>
                  <td>
                    {userLink(p.leftUid, p.leftUsername)} / {userLink(p.rightUid, p.rightUsername)}
                  </td>
                  <td>
                    <Link href={`/submission-detail/${p.leftSubmitId}`}>#{p.leftSubmitId}</Link> /{' '}
                    <Link href={`/submission-detail/${p.rightSubmitId}`}>#{p.rightSubmitId}</Link>
                  </td>
                  <td>
                    <Checkbox
                      checked={p.reviewed}
                      aria-label={p.reviewed ? t('similarity.unmarkReviewed') : t('similarity.markReviewed')}
                      onChange={() => void review(p)}
                    />
                  </td>
                  <td>
                    <Button
                      small
                      icon="comparison"
                      text={t('similarity.compare')}
                      onClick={() => void open(p)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
      {detail && <SideBySide detail={detail} onClose={() => setDetail(null)} />}
      <Alert
        isOpen={cheater !== null}
        intent="danger"
        icon="ban-circle"
        cancelButtonText={t('similarity.cancel')}
        confirmButtonText={t('similarity.confirm')}
        onCancel={() => setCheater(null)}
        onConfirm={() => void cancelUser()}
      >
        {cheater && t('similarity.cheatConfirm', { user: cheater.username })}
      </Alert>
    </Card>
  );
}

/** /similarity/:id: a report for the admins of its scope, outside the back office. */
export function SimilarityScopeReportPage() {
  return <SimilarityReportPage outside />;
}
