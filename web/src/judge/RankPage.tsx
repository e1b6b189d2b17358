// /acm-rank and /oi-rank: top-10 bars on page 1, user search, table, pager with size selector.
import { Button, HTMLTable, InputGroup, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import type { RankRowSchema } from '@oj/protocol/submission/schemas';
import type { Static } from '@sinclair/typebox';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { http } from '../api/client';
import { useLoad } from '../shell/useLoad';
import { Pager } from './Pager';
import { barPercents, nicknameTone, RANK_PAGE_SIZE } from './rank-rules';
import './screens.css';

type RankRow = Static<typeof RankRowSchema>;

const userHref = (r: RankRow) =>
  `/user-home?uid=${encodeURIComponent(r.uid)}&username=${encodeURIComponent(r.username)}`;

function TopBars({ rows, oi }: { rows: RankRow[]; oi: boolean }) {
  const { t } = useTranslation();
  const top = rows.slice(0, 10);
  const values = top.map((r) => (oi ? (r.score ?? 0) : r.ac));
  const widths = barPercents(values);
  return (
    <div className="oj-rank-chart" data-testid="rank-chart" aria-label={t('rank.top10')}>
      <h4>{t('rank.top10')}</h4>
      {top.map((r, i) => (
        <div key={r.uid} className="oj-rank-bar-row" data-testid="rank-bar">
          <span className="oj-rank-bar-name">{r.username}</span>
          <span className="oj-rank-bar" style={{ width: `${widths[i]}%` }} />
          <span>{values[i]}</span>
        </div>
      ))}
    </div>
  );
}

export function RankPage({ oi }: { oi: boolean }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(RANK_PAGE_SIZE);
  const [input, setInput] = useState('');
  const [searchUser, setSearchUser] = useState('');
  const list = useLoad(
    () =>
      http.get(
        '/api/get-rank-list',
        { type: oi ? 1 : 0, currentPage: page, limit: size, ...(searchUser ? { searchUser } : {}) },
        { quiet: true },
      ),
    [oi, page, size, searchUser],
  );
  const rows = list.data?.records ?? [];
  return (
    <div className="oj-screen" data-testid={oi ? 'oi-rank' : 'acm-rank'}>
      <h2>{oi ? t('rank.oiTitle') : t('rank.acmTitle')}</h2>
      {page === 1 && !searchUser && rows.length > 0 && <TopBars rows={rows} oi={oi} />}
      <form
        className="oj-filters"
        onSubmit={(e) => {
          e.preventDefault();
          setPage(1);
          setSearchUser(input.trim());
        }}
      >
        <InputGroup
          leftIcon="search"
          placeholder={t('rank.search')}
          value={input}
          onChange={(e) => setInput(e.currentTarget.value)}
          data-testid="rank-search"
          style={{ minWidth: 260 }}
        />
        <Button type="submit" icon="search" aria-label={t('judge.search')} />
      </form>
      {list.loading && !list.data ? (
        <Spinner />
      ) : rows.length === 0 ? (
        <div data-testid="rank-empty">
          <NonIdealState icon="people" title={t('rank.empty')} />
        </div>
      ) : (
        <div className="oj-table-wrap">
          <HTMLTable compact striped>
            <thead>
              <tr>
                <th>{t('rank.rank')}</th>
                <th>{t('rank.user')}</th>
                <th className="oj-hide-phone">{t('rank.nickname')}</th>
                {oi && <th>{t('rank.score')}</th>}
                <th>{t('rank.ac')}</th>
                <th>{t('rank.total')}</th>
                {!oi && <th className="oj-hide-phone">{t('rank.rating')}</th>}
                <th className="oj-hide-phone">{t('rank.signature')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                <tr key={r.uid} data-testid="rank-row">
                  <td>{(page - 1) * size + i + 1}</td>
                  <td>
                    <Link href={userHref(r)}>{r.username}</Link>
                    {r.titleName && (
                      <Tag
                        minimal
                        style={
                          r.titleColor
                            ? { marginLeft: 4, background: r.titleColor, color: '#fff' }
                            : { marginLeft: 4 }
                        }
                      >
                        {r.titleName}
                      </Tag>
                    )}
                  </td>
                  <td className="oj-hide-phone">
                    {r.nickname && (
                      <Tag className={`oj-nick-${nicknameTone(r.nickname)}`} data-testid="rank-nickname">
                        {r.nickname}
                      </Tag>
                    )}
                  </td>
                  {oi && <td>{r.score ?? 0}</td>}
                  <td>
                    <Link href={`/status?username=${encodeURIComponent(r.username)}&status=0`}>{r.ac}</Link>
                  </td>
                  <td>{r.total}</td>
                  {!oi && <td className="oj-hide-phone">{r.rating ?? '--'}</td>}
                  <td className="oj-hide-phone oj-rank-sign">{r.signature ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
      <Pager
        page={page}
        size={size}
        total={list.data?.total ?? 0}
        onPage={setPage}
        onSize={(n) => {
          setSize(n);
          setPage(1);
        }}
      />
    </div>
  );
}
