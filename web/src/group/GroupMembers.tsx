// Members tab (spec §2.10): the member list; group admins and super admins also get the admin mode
// with applications and members, the auth select (options the membership machine allows) and removal.
import { Button, HTMLSelect, HTMLTable, Switch } from '@blueprintjs/core';
import { authOptionsFor, mayRemove, type GroupMemberRecord } from '@oj/protocol/group';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../judge/Pager';
import { LoadedList } from '../shell/LoadedList';
import { toast } from '../shell/toaster';
import { useLoad } from '../shell/useLoad';
import { groupApi } from './api';
import { isAdminView, type Viewer } from './GroupArea';

const PAGE = 10;

export function GroupMembers({
  gid,
  viewer,
  ownerUid,
  version,
}: {
  gid: number;
  viewer: Viewer;
  ownerUid: string;
  version: number;
}) {
  const { t } = useTranslation();
  const [admin, setAdmin] = useState(false);
  const [page, setPage] = useState(1);
  const adminMode = admin && isAdminView(viewer);
  const list = useLoad(
    () => (adminMode ? groupApi.applications(gid, page, PAGE) : groupApi.members(gid, page, PAGE)),
    [gid, page, adminMode, version],
  );
  const actor = { level: viewer.isOwner ? 5 : viewer.auth, siteRoot: viewer.siteRoot };
  const change = async (m: GroupMemberRecord, auth: number) => {
    try {
      await groupApi.setAuth(gid, m.uid, auth);
      toast.success(t('groupUi.updateSuccess'));
      list.reload();
    } catch {
      list.reload();
    }
  };
  const remove = async (m: GroupMemberRecord) => {
    if (!window.confirm(t('groupUi.confirmDelete'))) return;
    try {
      await groupApi.remove(gid, m.uid);
      toast.success(t('groupUi.deleteSuccess'));
      list.reload();
    } catch {
      // message shown by the client
    }
  };
  return (
    <div className="oj-group-members" data-testid="group-members">
      {isAdminView(viewer) && (
        <Switch
          checked={admin}
          label={t('groupUi.memberAdmin')}
          onChange={(e) => {
            setAdmin(e.currentTarget.checked);
            setPage(1);
          }}
          data-testid="group-member-admin"
        />
      )}
      <LoadedList
        list={list}
        isEmpty={(d) => d.records.length === 0}
        emptyTitle={t('groupUi.noRank')}
        emptyTestId="group-members-empty"
      >
        {(data) => (
          <div className="oj-table-scroll">
            <HTMLTable striped className="oj-group-table">
              <thead>
                <tr>
                  <th>{t('groupUi.username')}</th>
                  <th>{t('groupUi.joinTime')}</th>
                  <th>{t('groupUi.changeTime')}</th>
                  <th>{t('groupUi.memberAuth')}</th>
                  {adminMode && <th>{t('groupUi.reason')}</th>}
                  {adminMode && <th>{t('groupUi.actions')}</th>}
                </tr>
              </thead>
              <tbody>
                {data.records.map((m) => {
                  const targetIsOwner = m.uid === ownerUid;
                  const options = authOptionsFor(m.auth, actor, targetIsOwner);
                  return (
                    <tr key={m.id} data-testid={`group-member-${m.username}`}>
                      <td>
                        <a href={`/user-home?username=${encodeURIComponent(m.username)}`}>{m.username}</a>
                      </td>
                      <td>{m.gmtCreate.replace('T', ' ').slice(0, 16)}</td>
                      <td>{m.gmtModify.replace('T', ' ').slice(0, 16)}</td>
                      <td>
                        {adminMode ? (
                          <HTMLSelect
                            value={m.auth}
                            disabled={options.every((o) => o.disabled || o.auth === m.auth)}
                            onChange={(e) => void change(m, Number(e.target.value))}
                            data-testid={`group-member-auth-${m.username}`}
                          >
                            {options.map((o) => (
                              <option key={o.auth} value={o.auth} disabled={o.disabled}>
                                {t(`groupUi.auth${o.auth}`)}
                              </option>
                            ))}
                          </HTMLSelect>
                        ) : (
                          t(`groupUi.auth${m.auth}`)
                        )}
                      </td>
                      {adminMode && <td className="oj-group-reason">{m.reason}</td>}
                      {adminMode && (
                        <td>
                          <Button
                            small
                            minimal
                            intent="danger"
                            icon="trash"
                            disabled={!mayRemove(m.auth, actor, targetIsOwner, m.uid === viewer.uid)}
                            onClick={() => void remove(m)}
                            aria-label={t('groupUi.remove')}
                            data-testid={`group-member-remove-${m.username}`}
                          />
                        </td>
                      )}
                    </tr>
                  );
                })}
              </tbody>
            </HTMLTable>
            <Pager page={page} size={PAGE} total={data.total} onPage={setPage} />
          </div>
        )}
      </LoadedList>
    </div>
  );
}
