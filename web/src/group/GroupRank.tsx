// Group rank (spec §2.12): ACM/OI, 30 a page, user search; page, limit, searchUser and type live in
// the query string, so a route change re-reads them and reloads.
import { HTMLSelect, HTMLTable, InputGroup, Tag } from '@blueprintjs/core';
import { GROUP_RANK_PAGE_SIZE } from '@oj/protocol/group';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { Pager } from '../judge/Pager';
import { LoadedList } from '../shell/LoadedList';
import { useLoad } from '../shell/useLoad';
import { groupApi } from './api';
import { nicknameIntent } from './rules';

export function GroupRank({ gid }: { gid: number }) {
  const { t } = useTranslation();
  const search = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const page = Math.max(1, Number(search.get('page')) || 1);
  const limit = Math.max(1, Number(search.get('limit')) || GROUP_RANK_PAGE_SIZE);
  const type = search.get('type') === '1' ? 1 : 0;
  const searchUser = search.get('searchUser') ?? '';
  const [text, setText] = useState(searchUser);
  const go = (next: Record<string, string | number>) => {
    const q = new URLSearchParams({
      page: String(page),
      limit: String(limit),
      type: String(type),
      searchUser,
    });
    for (const [k, v] of Object.entries(next)) q.set(k, String(v));
    if (!q.get('searchUser')) q.delete('searchUser');
    navigate(`/group/${gid}/rank?${q}`);
  };
  const list = useLoad(
    () => groupApi.rank({ gid, type, currentPage: page, limit, ...(searchUser ? { searchUser } : {}) }),
    [gid, type, page, limit, searchUser],
  );
  return (
    <div className="oj-group-rank" data-testid="group-rank">
      <div className="oj-group-toolbar">
        <HTMLSelect
          value={type}
          onChange={(e) => go({ type: e.target.value, page: 1 })}
          data-testid="group-rank-type"
          options={[
            { value: 0, label: 'ACM' },
            { value: 1, label: 'OI' },
          ]}
        />
        <form
          onSubmit={(e) => {
            e.preventDefault();
            go({ searchUser: text.trim(), page: 1 });
          }}
        >
          <InputGroup
            leftIcon="search"
            placeholder={t('groupUi.searchUser')}
            value={text}
            onChange={(e) => setText(e.target.value)}
            data-testid="group-rank-search"
          />
        </form>
      </div>
      <LoadedList
        list={list}
        isEmpty={(d) => d.records.length === 0}
        emptyTitle={t('groupUi.noRank')}
        emptyTestId="group-rank-empty"
      >
        {(data) => (
          <div className="oj-table-scroll">
            <HTMLTable striped className="oj-group-table">
              <thead>
                <tr>
                  <th>{t('groupUi.rank')}</th>
                  <th>{t('groupUi.user')}</th>
                  <th>{t('groupUi.nickname')}</th>
                  <th>{t('groupUi.ac')}</th>
                  <th>{t('groupUi.total')}</th>
                  <th>{t('groupUi.score')}</th>
                  <th>{t('groupUi.rating')}</th>
                </tr>
              </thead>
              <tbody>
                {data.records.map((r, i) => (
                  <tr key={r.uid} data-testid={`group-rank-row-${r.username}`}>
                    <td>{(page - 1) * limit + i + 1}</td>
                    <td>
                      <a
                        href={`/user-home?uid=${encodeURIComponent(r.uid)}&username=${encodeURIComponent(r.username)}`}
                      >
                        {r.username}
                      </a>
                      {r.titleName && (
                        <Tag minimal style={r.titleColor ? { borderColor: r.titleColor } : undefined}>
                          {r.titleName}
                        </Tag>
                      )}
                    </td>
                    <td>
                      {r.nickname && (
                        <Tag minimal intent={nicknameIntent(r.nickname)}>
                          {r.nickname}
                        </Tag>
                      )}
                    </td>
                    <td>
                      <a
                        href={`/group/${gid}/status?username=${encodeURIComponent(r.username)}&status=0`}
                        data-testid="group-rank-ac"
                      >
                        {r.ac}
                      </a>
                    </td>
                    <td>{r.total}</td>
                    <td>{r.score}</td>
                    <td>{r.total ? ((r.ac / r.total) * 100).toFixed(2) : '0.00'}%</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
            <Pager page={page} size={limit} total={data.total} onPage={(p) => go({ page: p })} />
          </div>
        )}
      </LoadedList>
    </div>
  );
}
