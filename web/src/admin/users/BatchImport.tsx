// Batch creation of users from a pasted table or an uploaded CSV/XLSX: sent in chunks so a
// progress bar moves, with the per-row result of the server.
import { Button, Callout, FileInput, HTMLTable, Intent, ProgressBar, Tag, TextArea } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BatchRowResult } from '@oj/protocol/admin/schemas';
import { adminApi } from '../api';
import { chunks, dropHeader, parseTableText, parseXlsx } from './table';

const CHUNK = 25;

export function BatchImport() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [fileRows, setFileRows] = useState<string[][] | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [results, setResults] = useState<BatchRowResult[] | null>(null);
  const rows = fileRows ?? dropHeader(parseTableText(text));

  const onFile = async (file: File) => {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const parsed = /\.xlsx$/i.test(file.name)
      ? parseXlsx(bytes)
      : parseTableText(new TextDecoder().decode(bytes));
    setFileRows(dropHeader(parsed));
    setResults(null);
  };

  const run = async () => {
    if (!rows.length) return;
    const all: BatchRowResult[] = [];
    setResults(null);
    setProgress({ done: 0, total: rows.length });
    let offset = 0;
    try {
      for (const chunk of chunks(rows, CHUNK)) {
        const got = await adminApi.insertBatch(chunk);
        all.push(...got.map((r) => ({ ...r, row: r.row + offset })));
        offset += chunk.length;
        setProgress({ done: offset, total: rows.length });
      }
    } finally {
      setResults(all);
    }
  };

  const ok = results?.filter((r) => r.ok).length ?? 0;
  return (
    <div data-testid="batch-import">
      <Callout intent={Intent.PRIMARY} icon="info-sign">
        {t('admin.users.batchHint')}
      </Callout>
      <div className="oj-admin-toolbar" style={{ marginTop: 8 }}>
        <FileInput
          text={t('admin.users.upload')}
          inputProps={
            {
              accept: '.csv,.txt,.xlsx',
              'data-testid': 'batch-file',
            } as React.InputHTMLAttributes<HTMLInputElement>
          }
          onInputChange={(e) => {
            const f = e.currentTarget.files?.[0];
            if (f) void onFile(f);
          }}
        />
        <Button
          onClick={() => {
            setText('');
            setFileRows(null);
            setResults(null);
            setProgress(null);
          }}
        >
          {t('admin.users.clear')}
        </Button>
      </div>
      {!fileRows && (
        <TextArea
          fill
          rows={8}
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="username,password,email,realname,gender,nickname,school"
          data-testid="batch-text"
        />
      )}
      <div className="oj-admin-toolbar" style={{ marginTop: 8 }}>
        <span data-testid="batch-count">{t('admin.users.preview', { n: rows.length })}</span>
        <Button
          intent={Intent.PRIMARY}
          disabled={!rows.length || (progress !== null && progress.done < progress.total && !results)}
          onClick={() => void run()}
          data-testid="batch-import-run"
        >
          {t('admin.users.import')}
        </Button>
      </div>
      {progress && (
        <div data-testid="batch-progress" style={{ margin: '8px 0' }}>
          <ProgressBar
            value={progress.total ? progress.done / progress.total : 1}
            animate={progress.done < progress.total}
            intent={Intent.PRIMARY}
          />
          <span>{t('admin.users.progress', progress)}</span>
        </div>
      )}
      {results && (
        <>
          <p data-testid="batch-summary">{t('admin.users.summary', { ok, failed: results.length - ok })}</p>
          <div className="oj-admin-table-wrap">
            <HTMLTable compact striped data-testid="batch-results">
              <thead>
                <tr>
                  <th>{t('admin.users.row')}</th>
                  <th>{t('admin.users.username')}</th>
                  <th>{t('admin.users.status')}</th>
                  <th>{t('admin.users.reason')}</th>
                </tr>
              </thead>
              <tbody>
                {results.map((r) => (
                  <tr key={r.row} data-testid={`batch-row-${r.row + 1}`} data-ok={r.ok}>
                    <td>{r.row + 1}</td>
                    <td>{r.username}</td>
                    <td>
                      <Tag intent={r.ok ? Intent.SUCCESS : Intent.DANGER} minimal>
                        {r.ok ? t('admin.users.resultOk') : t('admin.users.resultFail')}
                      </Tag>
                    </td>
                    <td>{r.reason}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </div>
        </>
      )}
    </div>
  );
}
