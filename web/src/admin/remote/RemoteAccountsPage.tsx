// Back office (super admin): the site's accounts on the remote judges (issue #17). Passwords are
// write-only: the list never shows them; an empty password on edit keeps the stored one.
import { Button, Card, HTMLSelect, HTMLTable, InputGroup, Tag } from '@blueprintjs/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RemoteAccountView } from '@oj/protocol/judge/remote';
import { http } from '../../api/client';
import { toast } from '../../shell/toaster';

const POOLS = ['HDU', 'CF', 'POJ', 'SPOJ', 'AC', 'LIBRE'] as const;

type Account = RemoteAccountView;

export function RemoteAccountsPage() {
  const { t } = useTranslation();
  const [rows, setRows] = useState<Account[] | null>(null);
  const [oj, setOj] = useState<string>('CF');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const load = useCallback(async () => {
    setRows(await http.get('/api/admin/remote-judge/accounts').catch(() => []));
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const add = async () => {
    try {
      await http.post('/api/admin/remote-judge/account', { oj, username: username.trim(), password });
      toast.success(t('remote.saved'));
      setUsername('');
      setPassword('');
      await load();
    } catch {
      // message shown by the client
    }
  };
  const remove = async (id: number) => {
    try {
      await http.delete('/api/admin/remote-judge/account', { id });
      await load();
    } catch {
      // message shown by the client
    }
  };

  return (
    <Card>
      <h2>{t('remote.accountsTitle')}</h2>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginBottom: 12 }}>
        <HTMLSelect
          value={oj}
          onChange={(e) => setOj(e.currentTarget.value)}
          options={[...POOLS]}
          aria-label={t('remote.judge')}
        />
        <InputGroup
          value={username}
          placeholder={t('remote.username')}
          onChange={(e) => setUsername(e.currentTarget.value)}
        />
        <InputGroup
          type="password"
          value={password}
          placeholder={t('remote.password')}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        <Button
          intent="primary"
          icon="add"
          text={t('remote.add')}
          disabled={!username.trim() || !password}
          onClick={() => void add()}
        />
      </div>
      {rows === null ? (
        <p className="bp6-text-muted">{t('remote.loading')}</p>
      ) : rows.length === 0 ? (
        <p className="bp6-text-muted">{t('remote.empty')}</p>
      ) : (
        <div style={{ overflowX: 'auto' }}>
          <HTMLTable compact striped>
            <thead>
              <tr>
                <th>{t('remote.judge')}</th>
                <th>{t('remote.username')}</th>
                <th>{t('remote.state')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <td>{r.oj === 'CF' ? 'CF / GYM' : r.oj}</td>
                  <td>{r.username}</td>
                  <td>
                    <Tag intent={r.status === 1 ? 'success' : 'warning'} minimal>
                      {r.status === 1 ? t('remote.free') : t('remote.busy')}
                    </Tag>
                  </td>
                  <td>
                    <Button
                      small
                      minimal
                      icon="trash"
                      aria-label={t('remote.delete')}
                      onClick={() => void remove(r.id)}
                    />
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
