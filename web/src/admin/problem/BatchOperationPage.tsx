// Batch operations (root): import problem packages (HOJ zip, FPS xml, QDUOJ zip, Hydro zip, Polygon
// zip, ICPC/Kattis zip) with an upload progress bar, and export chosen problems as an HOJ zip.
import {
  Button,
  Callout,
  Card,
  Checkbox,
  FileInput,
  H4,
  H5,
  HTMLSelect,
  InputGroup,
  Intent,
  ProgressBar,
} from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download } from '../../api/client';
import { saveBlob } from '../../shell/save-blob';
import { toast } from '../../shell/toaster';
import { useSession } from '../../store/session';
import { Link } from 'wouter';

const KINDS = [
  { key: 'hoj', url: '/api/file/import-problem', accept: '.zip', label: 'HOJ (zip)' },
  { key: 'fps', url: '/api/file/import-fps-problem', accept: '.xml', label: 'FPS (xml)' },
  { key: 'qduoj', url: '/api/file/import-qdoj-problem', accept: '.zip', label: 'QDUOJ (zip)' },
  { key: 'hydro', url: '/api/file/import-hydro-problem', accept: '.zip', label: 'Hydro (zip)' },
  { key: 'polygon', url: '/api/file/import-polygon-problem', accept: '.zip', label: 'Polygon (zip)' },
  { key: 'icpc', url: '/api/file/import-icpc-problem', accept: '.zip', label: 'ICPC / Kattis (zip)' },
] as const;

function upload(
  url: string,
  file: File,
  onProgress: (f: number) => void,
): Promise<{ status: number; msg: string; data?: { pids?: number[]; problemIds?: string[] } | null }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    const token = useSession.getState().token;
    if (token) xhr.setRequestHeader('Authorization', token);
    xhr.setRequestHeader('Url-Type', 'admin');
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onerror = () => reject(new Error('upload failed'));
    xhr.onload = () => {
      try {
        resolve(
          JSON.parse(xhr.responseText) as {
            status: number;
            msg: string;
            data?: { pids?: number[]; problemIds?: string[] } | null;
          },
        );
      } catch {
        reject(new Error(xhr.statusText || 'upload failed'));
      }
    };
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}

export function BatchOperationPage() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<(typeof KINDS)[number]['key']>('hoj');
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<{ ok: boolean; msg: string; verify?: [number, string][] } | null>(
    null,
  );
  // Polygon and ICPC/Kattis packages ship solutions: judged after import when asked (issue #25 item 3).
  const [verify, setVerify] = useState(false);
  const [pids, setPids] = useState('');
  const spec = KINDS.find((k) => k.key === kind)!;
  const canVerify = kind === 'polygon' || kind === 'icpc';
  const onFile = async (file: File) => {
    setResult(null);
    setProgress(0);
    try {
      const r = await upload(canVerify && verify ? `${spec.url}?verify=true` : spec.url, file, setProgress);
      setProgress(1);
      const pids = r.data?.pids ?? [];
      setResult({
        ok: r.status === 200,
        msg: r.msg,
        verify: pids.map((pid, i) => [pid, r.data?.problemIds?.[i] ?? String(pid)]),
      });
    } catch (err) {
      setResult({ ok: false, msg: (err as Error).message });
      setProgress(null);
    }
  };
  const exportProblems = async () => {
    const list = pids.split(/[\s,]+/).filter((x) => /^\d+$/.test(x));
    if (!list.length) return toast.warning(t('admin.problem.exportEmpty'));
    try {
      const f = await download('/api/file/export-problem', { pid: list });
      saveBlob(f.blob, f.fileName ?? 'problem_export.zip');
    } catch {
      // shown by the client
    }
  };
  return (
    <Card data-testid="admin-batch-operation">
      <H4>{t('admin.menu.batchOperation')}</H4>
      <H5>{t('admin.problem.import')}</H5>
      <div className="oj-admin-toolbar">
        <HTMLSelect
          value={kind}
          onChange={(e) => setKind(e.currentTarget.value as typeof kind)}
          options={KINDS.map((k) => ({ value: k.key, label: k.label }))}
        />
        <FileInput
          text={t('admin.problem.choosePackage')}
          inputProps={
            {
              accept: spec.accept,
              'data-testid': 'import-file',
            } as React.InputHTMLAttributes<HTMLInputElement>
          }
          onInputChange={(e) => {
            const f = e.currentTarget.files?.[0];
            if (f) void onFile(f);
          }}
        />
        {canVerify && (
          <Checkbox
            checked={verify}
            onChange={(e) => setVerify(e.currentTarget.checked)}
            label={t('verifyUi.verifyOption')}
            data-testid="import-verify"
            style={{ margin: 0 }}
          />
        )}
      </div>
      {progress !== null && (
        <ProgressBar value={progress} animate={progress < 1 && !result} intent={Intent.PRIMARY} />
      )}
      {result && (
        <Callout
          intent={result.ok ? Intent.SUCCESS : Intent.DANGER}
          data-testid="import-result"
          style={{ marginTop: 8 }}
        >
          {result.msg}
          {result.verify?.map(([pid, problemId]) => (
            <div key={pid}>
              <Link href={`/admin/problem/verify/${pid}`} data-testid="import-verify-link">
                {t('verifyUi.open')}: {problemId}
              </Link>
            </div>
          ))}
        </Callout>
      )}
      <H5 style={{ marginTop: 16 }}>{t('admin.problem.export')}</H5>
      <div className="oj-admin-toolbar">
        <InputGroup placeholder={t('admin.problem.exportIds')} value={pids} onValueChange={setPids} />
        <Button icon="export" onClick={() => void exportProblems()}>
          {t('admin.problem.export')}
        </Button>
      </div>
    </Card>
  );
}
