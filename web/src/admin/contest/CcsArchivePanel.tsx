// The contest archive (issue #24 item 6), drawn on the Contest API import screen: "Export archive"
// downloads the contest as the Contest Archive Format zip; "Import archive" uploads such a zip and
// creates a new (hidden) contest from it, with a link to edit it.
import { Button, Callout, FileInput, FormGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { CcsArchiveImportResult } from '@oj/protocol/contest/ccs-archive';
import { ApiError } from '../../api/client';
import { saveBlob } from '../../shell/save-blob';
import { ccsArchiveApi } from './ccs-api';

export function CcsArchivePanel({ cid }: { cid: string }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState<'export' | 'import' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<CcsArchiveImportResult | null>(null);

  const exportArchive = async () => {
    const id = Number(cid);
    if (!Number.isInteger(id) || id < 1) return setProblem(t('ccsArchive.needCid'));
    setProblem(null);
    setBusy('export');
    try {
      const f = await ccsArchiveApi.exportArchive(id);
      saveBlob(f.blob, f.fileName ?? `contest-${id}-archive.zip`);
    } catch {
      // shown by the client
    } finally {
      setBusy(null);
    }
  };

  const importArchive = async () => {
    if (!file) return setProblem(t('ccsArchive.needFile'));
    setProblem(null);
    setBusy('import');
    try {
      setResult(await ccsArchiveApi.importArchive(file));
    } catch (e) {
      setResult(null);
      setProblem(e instanceof ApiError ? e.message : null);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="oj-ccs-archive" data-testid="ccs-archive">
      <h3>{t('ccsArchive.title')}</h3>
      <p className="oj-cell-note">{t('ccsArchive.help')}</p>
      <Button
        loading={busy === 'export'}
        onClick={() => void exportArchive()}
        data-testid="ccs-archive-export"
      >
        {t('ccsArchive.export')}
      </Button>
      <FormGroup label={t('ccsArchive.file')}>
        <FileInput
          fill
          text={file?.name ?? t('ccsArchive.chooseFile')}
          buttonText="…"
          inputProps={{ accept: '.zip', 'aria-label': t('ccsArchive.file') }}
          onInputChange={(e) => setFile((e.target as HTMLInputElement).files?.[0] ?? null)}
          data-testid="ccs-archive-file"
        />
      </FormGroup>
      <Button
        intent="primary"
        loading={busy === 'import'}
        onClick={() => void importArchive()}
        data-testid="ccs-archive-import"
      >
        {t('ccsArchive.import')}
      </Button>
      {problem && (
        <Callout intent="danger" className="oj-ccs-callout" data-testid="ccs-archive-problem">
          {problem}
        </Callout>
      )}
      {result && (
        <p data-testid="ccs-archive-result">
          {t('ccsArchive.imported', result)}{' '}
          <Link href={`/admin/contest/${result.cid}/edit`}>{t('ccsArchive.openContest')}</Link>
        </p>
      )}
    </section>
  );
}
