// Print form, admin print list, AC info (first-AC helper) and per-problem rejudge (spec §2.6).
import { Button, Callout, HTMLTable, NonIdealState, Spinner, Switch, Tag, TextArea } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, download } from '../api/client';
import { Pager } from '../judge/Pager';
import { saveBlob } from '../shell/save-blob';
import { toast } from '../shell/toaster';
import { useLoad } from '../shell/useLoad';
import { contestApi } from './api';
import { useContestLive } from './live';
import { formatDateTime } from './format';

export const AC_INFO_PAGE_SIZE = 20;
export const PRINT_PAGE_SIZE = 15;
export const HELPER_REFRESH_MS = 10_000;
export const PRINT_MIN_LENGTH = 50;

/** The print form's check (spec §5): the i18n key of the error, or null. */
export function printError(content: string): string | null {
  if (!content.trim()) return 'contestUi.printEmpty';
  if (content.length < PRINT_MIN_LENGTH) return 'contestUi.printShort';
  return null;
}

/**
 * The contestant's print form. Every try says what happened next to the button (issue #26 item 13),
 * besides the toast: sent, or why not (the form's check or the server's answer).
 */
export function PrintTab({ cid }: { cid: string }) {
  const { t } = useTranslation();
  const [content, setContent] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const submit = async () => {
    const err = printError(content);
    if (err) {
      toast.error(t(err));
      setResult({ ok: false, text: t('contestUi.printNotSent', { reason: t(err) }) });
      return;
    }
    setBusy(true);
    setResult(null);
    try {
      await contestApi.submitPrint(cid, content);
      toast.success(t('contestUi.printOk'));
      setResult({ ok: true, text: t('contestUi.printSent') });
      setContent('');
    } catch (e) {
      // the client showed the server's message as a toast; keep it beside the form too
      const reason = e instanceof ApiError && e.message ? e.message : t('error.network');
      setResult({ ok: false, text: t('contestUi.printNotSent', { reason }) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="oj-print" data-testid="print-form">
      <TextArea
        rows={20}
        fill
        placeholder={t('contestUi.printContent')}
        value={content}
        onChange={(e) => setContent(e.target.value)}
        data-testid="print-content"
      />
      <span className="oj-muted" data-testid="print-count">
        {t('contestUi.printCount', { n: content.length, min: PRINT_MIN_LENGTH })}
      </span>
      <Button intent="primary" loading={busy} onClick={() => void submit()} data-testid="print-submit">
        {t('contestUi.printSubmit')}
      </Button>
      {result && (
        <Callout
          intent={result.ok ? 'success' : 'danger'}
          data-testid="print-result"
          data-ok={String(result.ok)}
        >
          {result.text}
        </Callout>
      )}
    </div>
  );
}

/** Reloads every `ms` while `on`. */
function useEvery(reload: () => void, ms: number, on: boolean): void {
  useEffect(() => {
    if (!on) return;
    const timer = setInterval(reload, ms);
    return () => clearInterval(timer);
  }, [reload, ms, on]);
}

export function AdminPrintTab({ cid }: { cid: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [auto, setAuto] = useState(true);
  const list = useLoad(() => contestApi.prints(cid, page), [cid, page]);
  useEvery(list.reload, HELPER_REFRESH_MS, auto);
  // A new print job is pushed to the admin room: show it without waiting for the timer.
  useContestLive(auto ? Number(cid) : null, { print: list.reload });
  const mark = async (id: number) => {
    try {
      await contestApi.checkPrint(cid, id);
      toast.success(t('contestUi.updated'));
      list.reload();
    } catch {
      // shown by the client
    }
  };
  const get = async (id: number, username: string) => {
    try {
      const file = await download('/api/file/download-contest-print-text', { id });
      saveBlob(file.blob, file.fileName ?? `${username}_Contest_Print.txt`);
    } catch {
      // shown by the client
    }
  };
  return (
    <div data-testid="admin-print">
      <Switch checked={auto} label={t('contestUi.autoRefresh')} onChange={() => setAuto((v) => !v)} />
      {list.loading && !list.data ? (
        <Spinner />
      ) : !list.data || list.data.records.length === 0 ? (
        <div data-testid="admin-print-empty">
          <NonIdealState icon="inbox" title={t('contestUi.noPrints')} />
        </div>
      ) : (
        <HTMLTable compact striped className="oj-wide-table">
          <thead>
            <tr>
              <th>{t('contestUi.username')}</th>
              <th>{t('contestUi.realname')}</th>
              <th>{t('contestUi.submitTime')}</th>
              <th>{t('contestUi.printStatus')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {list.data.records.map((p) => (
              <tr key={p.id} data-testid={`print-row-${p.id}`}>
                <td>{p.username}</td>
                <td>{p.realname ?? ''}</td>
                <td>{formatDateTime(p.gmtCreate)}</td>
                <td>
                  <Tag intent={p.status === 1 ? 'success' : 'warning'} minimal>
                    {p.status === 1 ? t('contestUi.printed') : t('contestUi.notPrinted')}
                  </Tag>
                </td>
                <td>
                  <Button
                    small
                    icon="download"
                    onClick={() => void get(p.id, p.username)}
                    aria-label={t('contestUi.download')}
                  />
                  {p.status !== 1 && (
                    <Button
                      small
                      intent="primary"
                      onClick={() => void mark(p.id)}
                      data-testid={`print-ok-${p.id}`}
                    >
                      {t('contestUi.markPrinted')}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      {list.data && list.data.total > 0 && (
        <Pager page={page} size={PRINT_PAGE_SIZE} total={list.data.total} onPage={setPage} />
      )}
    </div>
  );
}

export function AcInfoTab({ cid }: { cid: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [auto, setAuto] = useState(true);
  const list = useLoad(() => contestApi.acInfo(cid, page), [cid, page]);
  useEvery(list.reload, HELPER_REFRESH_MS, auto);
  useContestLive(auto ? Number(cid) : null, { firstAc: list.reload });
  const toggle = async (id: number, checked: boolean) => {
    try {
      await contestApi.checkAcInfo(cid, id, !checked);
      list.reload();
    } catch {
      // shown by the client
    }
  };
  return (
    <div data-testid="ac-info">
      <Switch checked={auto} label={t('contestUi.autoRefresh')} onChange={() => setAuto((v) => !v)} />
      {list.loading && !list.data ? (
        <Spinner />
      ) : !list.data || list.data.records.length === 0 ? (
        <div data-testid="ac-info-empty">
          <NonIdealState icon="inbox" title={t('contestUi.noAcInfo')} />
        </div>
      ) : (
        <HTMLTable compact striped className="oj-wide-table">
          <thead>
            <tr>
              <th>{t('contestUi.submitTime')}</th>
              <th>{t('contestUi.problem')}</th>
              <th>{t('contestUi.username')}</th>
              <th>{t('contestUi.realname')}</th>
              <th>{t('contestUi.checked')}</th>
            </tr>
          </thead>
          <tbody>
            {list.data.records.map((r) => (
              <tr
                key={r.id}
                data-testid={`ac-info-row-${r.id}`}
                className={r.firstBlood ? 'oj-first-blood' : undefined}
              >
                <td>{formatDateTime(r.submitTime)}</td>
                <td>
                  {r.displayId}{' '}
                  {r.firstBlood && (
                    <Tag intent="danger" minimal>
                      {t('contestUi.firstBlood')}
                    </Tag>
                  )}
                </td>
                <td>{r.username}</td>
                <td>{r.realname ?? ''}</td>
                <td>
                  <Switch
                    checked={r.checked}
                    onChange={() => void toggle(r.id, r.checked)}
                    aria-label={t('contestUi.checked')}
                    data-testid={`ac-info-check-${r.id}`}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      {list.data && list.data.total > 0 && (
        <Pager page={page} size={AC_INFO_PAGE_SIZE} total={list.data.total} onPage={setPage} />
      )}
    </div>
  );
}

export function RejudgeTab({ cid }: { cid: string }) {
  const { t } = useTranslation();
  const list = useLoad(() => contestApi.problems(cid), [cid]);
  const rejudge = async (pid: number) => {
    if (!window.confirm(t('contestUi.rejudgeConfirm'))) return;
    try {
      await contestApi.rejudgeProblem(cid, pid);
      toast.success(t('contestUi.rejudgeOk'));
    } catch {
      // shown by the client
    }
  };
  if (list.loading && !list.data) return <Spinner />;
  if (!list.data || list.data.length === 0)
    return <NonIdealState icon="inbox" title={t('contestUi.noProblems')} />;
  return (
    <HTMLTable compact striped className="oj-wide-table" data-testid="rejudge">
      <thead>
        <tr>
          <th>{t('contestUi.num')}</th>
          <th>{t('contestUi.title')}</th>
          <th>{t('contestUi.total')}</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {list.data.map((p) => (
          <tr key={p.id}>
            <td>{p.displayId}</td>
            <td>{p.displayTitle}</td>
            <td>{p.total}</td>
            <td>
              <Button
                small
                intent="danger"
                onClick={() => void rejudge(p.pid)}
                data-testid={`rejudge-${p.displayId}`}
              >
                {t('contestUi.rejudge')}
              </Button>
            </td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
