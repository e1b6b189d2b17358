// A user's virtual participations on their page (issue #27): contest, and the result once settled.
// Its own module: the user page does not load the virtual page's clock machine.
import { Card, HTMLTable, Tag } from '@blueprintjs/core';
import type { VirtualParticipation } from '@oj/protocol/contest/virtual-schemas';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { virtualApi } from './api';

/** A user's virtual participations (the user page), newest first. */
export function VirtualResults({ username }: { username: string }) {
  const { t } = useTranslation();
  const [list, setList] = useState<VirtualParticipation[]>([]);
  useEffect(() => {
    virtualApi.ofUser(username).then(setList, () => setList([]));
  }, [username]);
  if (list.length === 0) return null;
  return (
    <Card className="oj-virtual-section" style={{ marginTop: 12 }} data-testid="user-virtual-results">
      <h4>{t('virtualUi.myVirtual')}</h4>
      <HTMLTable compact>
        <tbody>
          {list.map((x) => (
            <tr key={x.vid}>
              <td>
                <Link href={`/contest/${x.cid}`}>{x.title}</Link>{' '}
                <Tag minimal>{t('virtualUi.virtualTag')}</Tag>
              </td>
              <td>
                {x.result
                  ? t('virtualUi.result', { rank: x.result.rank })
                  : x.running
                    ? t('virtualUi.running')
                    : t('virtualUi.ended')}
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </Card>
  );
}
