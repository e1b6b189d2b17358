// Back office: import a problem from a remote judge (judge + id, preview, import), issue #17.
import { Button, Card, FormGroup, HTMLSelect, InputGroup, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { RemoteProblemPreview as Preview } from '@oj/protocol/judge/remote';
import { http } from '../../api/client';
import { toast } from '../../shell/toaster';

export const REMOTE_JUDGES = ['HDU', 'CF', 'GYM', 'POJ', 'SPOJ', 'AC', 'LIBRE'] as const;

export function RemoteImportPage() {
  const { t } = useTranslation();
  const [oj, setOj] = useState<string>('CF');
  const [id, setId] = useState('');
  const [preview, setPreview] = useState<Preview | null>(null);
  const [busy, setBusy] = useState(false);
  const [imported, setImported] = useState<string | null>(null);
  const query = { name: oj, problemId: id.trim() };

  const look = async () => {
    setBusy(true);
    setImported(null);
    try {
      setPreview(await http.get('/api/admin/problem/remote-oj-problem-preview', query));
    } catch {
      setPreview(null);
    } finally {
      setBusy(false);
    }
  };
  const save = async () => {
    setBusy(true);
    try {
      await http.get('/api/admin/problem/import-remote-oj-problem', query);
      toast.success(t('remote.imported'));
      setImported(preview?.problemId ?? `${oj}-${id.trim()}`);
    } catch {
      // the client shows the server's message
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="oj-remote-import">
      <h2>{t('remote.importTitle')}</h2>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'flex-end' }}>
        <FormGroup label={t('remote.judge')} labelFor="remote-oj">
          <HTMLSelect
            id="remote-oj"
            value={oj}
            onChange={(e) => setOj(e.currentTarget.value)}
            options={[...REMOTE_JUDGES]}
          />
        </FormGroup>
        <FormGroup label={t('remote.problemId')} labelFor="remote-id">
          <InputGroup
            id="remote-id"
            value={id}
            placeholder="1000A"
            onChange={(e) => setId(e.currentTarget.value)}
          />
        </FormGroup>
        <FormGroup>
          <Button
            icon="search"
            text={t('remote.preview')}
            disabled={!id.trim() || busy}
            onClick={() => void look()}
          />
        </FormGroup>
        <FormGroup>
          <Button
            intent="primary"
            icon="import"
            text={t('remote.import')}
            disabled={!id.trim() || busy}
            onClick={() => void save()}
          />
        </FormGroup>
      </div>
      {imported && (
        <p>
          <Link href={`/problem/${encodeURIComponent(imported)}`}>{imported}</Link>
        </p>
      )}
      {preview && (
        <Card data-testid="remote-preview">
          <h3>
            {preview.problemId} · {preview.title}
          </h3>
          <p>
            {t('remote.limits', { time: preview.timeLimit, memory: preview.memoryLimit })} ·{' '}
            <a href={preview.source} target="_blank" rel="noreferrer">
              {t('remote.source')}
            </a>
          </p>
          <p>
            {preview.tags.map((tag) => (
              <Tag key={tag} minimal style={{ marginRight: 4 }}>
                {tag}
              </Tag>
            ))}
          </p>
          <p className="bp6-text-muted">{t('remote.languages', { list: preview.languages.join(', ') })}</p>
        </Card>
      )}
    </Card>
  );
}
