// /admin/contest/ccs-import?cid=…: a contest's teams, organizations and accounts imported from the
// Contest API's JSON files or DOMjudge's TSV files (issue #24 item 5); the server answers a result
// per row (created / updated / refused with the reason).
import { Button, Callout, FileInput, FormGroup, HTMLSelect, InputGroup, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import type { CcsImportKind, CcsImportResult } from '@oj/protocol/contest/ccs-import';
import { ApiError } from '../../api/client';
import { ccsApi, formatOfFile, kindOfFile } from './ccs-api';
import { AdminTable } from './parts';
import { CcsArchivePanel } from './CcsArchivePanel';
import './admin-contest.css';

const OUTCOME_INTENT = { created: 'success', updated: 'primary', refused: 'danger' } as const;

export function ContestCcsImportPage() {
  const { t } = useTranslation();
  const search = useSearch();
  const [cid, setCid] = useState(() => new URLSearchParams(search).get('cid') ?? '');
  const [kind, setKind] = useState<CcsImportKind>('organizations');
  const [format, setFormat] = useState<'json' | 'tsv'>('json');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<CcsImportResult | null>(null);

  const pick = (f: File | null) => {
    setFile(f);
    if (!f) return;
    setFormat(formatOfFile(f.name));
    const k = kindOfFile(f.name);
    if (k) setKind(k);
  };

  const submit = async () => {
    const id = Number(cid);
    if (!Number.isInteger(id) || id < 1) return setProblem(t('ccsImport.needCid'));
    if (!file) return setProblem(t('ccsImport.needFile'));
    setProblem(null);
    setBusy(true);
    try {
      setResult(await ccsApi.importFile({ cid: id, kind, format, content: await file.text() }));
    } catch (e) {
      // The client toasts the envelope's message; the form keeps it too.
      setResult(null);
      setProblem(e instanceof ApiError ? e.message : null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="oj-admin-page" data-testid="ccs-import">
      <h2>{t('ccsImport.title')}</h2>
      <p className="oj-cell-note">{t('ccsImport.help')}</p>
      <div className="oj-ccs-form">
        <FormGroup label={t('ccsImport.contestId')} labelFor="ccs-cid">
          <InputGroup
            id="ccs-cid"
            inputMode="numeric"
            value={cid}
            onChange={(e) => setCid(e.target.value.trim())}
            data-testid="ccs-cid"
          />
        </FormGroup>
        <FormGroup label={t('ccsImport.file')}>
          <FileInput
            fill
            text={file?.name ?? t('ccsImport.chooseFile')}
            buttonText="…"
            inputProps={{ accept: '.json,.tsv,.tab,.txt', 'aria-label': t('ccsImport.file') }}
            onInputChange={(e) => pick((e.target as HTMLInputElement).files?.[0] ?? null)}
            data-testid="ccs-file"
          />
        </FormGroup>
        <FormGroup label={t('ccsImport.kind')} labelFor="ccs-kind">
          <HTMLSelect
            id="ccs-kind"
            value={kind}
            onChange={(e) => setKind(e.target.value as CcsImportKind)}
            data-testid="ccs-kind"
          >
            <option value="organizations">{t('ccsImport.kindOrganizations')}</option>
            <option value="teams">{t('ccsImport.kindTeams')}</option>
            <option value="accounts">{t('ccsImport.kindAccounts')}</option>
          </HTMLSelect>
        </FormGroup>
        <FormGroup label={t('ccsImport.format')} labelFor="ccs-format">
          <HTMLSelect
            id="ccs-format"
            value={format}
            onChange={(e) => setFormat(e.target.value as 'json' | 'tsv')}
            data-testid="ccs-format"
          >
            <option value="json">JSON</option>
            <option value="tsv">TSV</option>
          </HTMLSelect>
        </FormGroup>
      </div>
      <Button intent="primary" loading={busy} onClick={() => void submit()} data-testid="ccs-submit">
        {t('ccsImport.submit')}
      </Button>{' '}
      <Link href="/admin/contest/ccs-feed">{t('ccsImport.feedLink')}</Link>
      {problem && (
        <Callout intent="danger" className="oj-ccs-callout" data-testid="ccs-problem">
          {problem}
        </Callout>
      )}
      {result && (
        <div data-testid="ccs-result">
          <p data-testid="ccs-summary">{t('ccsImport.summary', result)}</p>
          <AdminTable
            columns={[t('ccsImport.line'), t('ccsImport.id'), t('ccsImport.outcome'), t('ccsImport.reason')]}
          >
            {result.rows.map((r) => (
              <tr key={r.line} data-testid={`ccs-row-${r.line}`} data-outcome={r.outcome}>
                <td>{r.line}</td>
                <td>{r.id}</td>
                <td>
                  <Tag minimal intent={OUTCOME_INTENT[r.outcome]}>
                    {t(`ccsImport.${r.outcome}`)}
                  </Tag>
                </td>
                <td>{r.reason ?? ''}</td>
              </tr>
            ))}
          </AdminTable>
        </div>
      )}
      <CcsArchivePanel cid={cid} />
    </div>
  );
}
