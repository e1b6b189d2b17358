// /user-home?uid&username: profile, stats, one-year heatmap, signature and solved problems.
import { Button, Card, NonIdealState, Spinner, Tab, Tabs, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { http } from '../api/client';
import { Markdown } from '../shell/Markdown';
import { useLoad } from '../shell/useLoad';
import { Heatmap } from './Heatmap';
import './screens.css';
import { VirtualResults } from '../contest/virtual/VirtualResults';

const DIFFICULTY_KEYS: Record<string, string> = {
  '0': 'problem.easy',
  '1': 'problem.mid',
  '2': 'problem.hard',
};

export const totalScore = (list: (number | null)[]) => list.reduce<number>((s, v) => s + (v ?? 0), 0);

export default function UserHomePage() {
  const { t } = useTranslation();
  const search = useSearch();
  const q = new URLSearchParams(search);
  const params: Record<string, string> = {};
  if (q.get('uid')) params.uid = q.get('uid')!;
  if (q.get('username')) params.username = q.get('username')!;
  const [tick, setTick] = useState(0);
  const info = useLoad(() => http.get('/api/get-user-home-info', params, { quiet: true }), [search, tick]);
  const heat = useLoad(() => http.get('/api/get-user-calendar-heatmap', params, { quiet: true }), [search]);

  if (info.loading && !info.data) return <Spinner />;
  const u = info.data;
  if (!u)
    return (
      <div data-testid="user-home-missing">
        <NonIdealState icon="person" title={t('userHome.notFound')} />
      </div>
    );
  const stats: [string, string | number][] = [
    ['userHome.submissions', u.total],
    ['userHome.solved', u.solvedList.length],
    ['userHome.score', totalScore(u.scoreList)],
    ['userHome.rating', u.rating ?? '--'],
  ];
  const groups = Object.entries(u.solvedGroupByDifficulty ?? {});
  return (
    <div className="oj-screen" data-testid="user-home">
      <Card className="oj-user-card">
        {u.avatar ? (
          <img className="oj-user-avatar" src={u.avatar} alt="" data-testid="user-avatar" />
        ) : (
          // no picture: the first letter of the name (issue #16: user home showed no avatar)
          <span className="oj-user-avatar oj-user-avatar--initial" data-testid="user-avatar" aria-hidden>
            {(u.nickname || u.username || '?').slice(0, 1).toUpperCase()}
          </span>
        )}
        <h2 data-testid="user-home-name">
          {u.username}{' '}
          {u.titleName && (
            <Tag style={u.titleColor ? { background: u.titleColor, color: '#fff' } : undefined}>
              {u.titleName}
            </Tag>
          )}
        </h2>
        {u.nickname && <div>{u.nickname}</div>}
        {u.school && (
          <div className="oj-muted">
            {t('userHome.school')}: {u.school}
          </div>
        )}
        <div className="oj-muted">
          {t('userHome.recentLogin', {
            time: u.recentLoginTime ? u.recentLoginTime.slice(0, 19).replace('T', ' ') : t('userHome.never'),
          })}
        </div>
        <div className="oj-user-stats" data-testid="user-home-stats">
          {stats.map(([key, value]) => (
            <div key={key}>
              <div className="oj-user-stat-value">{value}</div>
              <div className="oj-muted">{t(key)}</div>
            </div>
          ))}
        </div>
      </Card>
      <Card style={{ marginTop: 12 }}>
        <h4>{t('userHome.heatmap')}</h4>
        {heat.data ? <Heatmap data={heat.data} /> : heat.loading ? <Spinner size={20} /> : null}
      </Card>
      <Card style={{ marginTop: 12 }}>
        <Tabs id="user-home-tabs" renderActiveTabPanelOnly>
          <Tab
            id="profile"
            title={t('userHome.profile')}
            panel={
              u.signature ? (
                <Markdown source={u.signature} />
              ) : (
                <p className="oj-muted">{t('userHome.noSignature')}</p>
              )
            }
          />
          <Tab
            id="solved"
            title={t('userHome.solvedProblems')}
            panel={
              <div data-testid="user-home-solved">
                <Button
                  small
                  icon="refresh"
                  onClick={() => setTick((n) => n + 1)}
                  data-testid="user-home-refresh"
                >
                  {t('common.refresh')}
                </Button>
                {groups.length === 0 && <p className="oj-muted">{t('userHome.noSolved')}</p>}
                {groups.map(([difficulty, problems]) => (
                  <div key={difficulty} style={{ marginTop: 8 }}>
                    <strong>{t(DIFFICULTY_KEYS[difficulty] ?? 'problem.difficulty')}</strong>{' '}
                    {problems.map((p) => (
                      <Link key={p.id} href={`/problem/${encodeURIComponent(p.problemId)}`}>
                        <Tag minimal interactive style={{ margin: 2 }}>
                          {p.problemId}
                        </Tag>
                      </Link>
                    ))}
                  </div>
                ))}
              </div>
            }
          />
        </Tabs>
      </Card>
      <VirtualResults username={u.username} />
    </div>
  );
}
