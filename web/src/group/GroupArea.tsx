// /group/:groupID and its children: the group shell (tabs of spec §2.2), the detail page with its one
// action button (§2.3), and the live membership updates (pushed `group:membership`).
import {
  Button,
  Card,
  Classes,
  Dialog,
  FormGroup,
  InputGroup,
  NonIdealState,
  Spinner,
  Tab,
  Tabs,
  Tag,
  TextArea,
} from '@blueprintjs/core';
import {
  groupActionFor,
  GroupAuth,
  MemberAuth,
  type GroupDetail,
  type GroupMembershipPushed,
} from '@oj/protocol/group';
import { ServerEvents } from '@oj/protocol/realtime/names';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'wouter';
import { connectSocket } from '../api/socket';
import { Markdown } from '../shell/Markdown';
import { toast } from '../shell/toaster';
import { useLoad } from '../shell/useLoad';
import { isSuperAdmin, useSession } from '../store/session';
import { groupApi } from './api';
import { GroupAnnouncementsAdmin, DetailAnnouncements } from './GroupAnnouncements';
import { GroupAvatarUpload } from './GroupAvatarUpload';
import { GroupForm, useFieldErrorText } from './GroupForm';
import { AuthTag, GroupAvatar } from './GroupListPage';
import { GroupMembers } from './GroupMembers';
import { GroupProblemEdit } from './GroupProblemEdit';
import { GroupProblems } from './GroupProblems';
import { GroupTrainingEdit, GroupTrainingProblems, GroupTrainings } from './GroupTrainings';
import { TrainingArea } from '../training/TrainingArea';

import { useSite } from '../store/site';
import { GroupDiscussionDetail, GroupDiscussions } from './GroupDiscussions';
import { GroupRank } from './GroupRank';
import { applyErrors, truncateName } from './rules';
import './group.css';

// The Contest and Submissions tabs draw other areas' screens: loaded when first opened.
const contests = () => import('./GroupContests');
const GroupContests = lazy(() => contests().then((m) => ({ default: m.GroupContests })));
const GroupContestEdit = lazy(() => contests().then((m) => ({ default: m.GroupContestEdit })));
const GroupContestProblems = lazy(() => contests().then((m) => ({ default: m.GroupContestProblems })));
const GroupContestProblemEdit = lazy(() => contests().then((m) => ({ default: m.GroupContestProblemEdit })));
const GroupContestAnnouncements = lazy(() =>
  contests().then((m) => ({ default: m.GroupContestAnnouncements })),
);
const SubmissionListPage = lazy(() =>
  import('../judge/SubmissionListPage').then((m) => ({ default: m.SubmissionListPage })),
);

/** The viewer's standing, as every tab needs it. */
export interface Viewer {
  auth: number;
  isOwner: boolean;
  siteRoot: boolean;
  uid: string;
}
export const isMemberView = (v: Viewer) => v.siteRoot || v.auth >= MemberAuth.MEMBER;
export const isAdminView = (v: Viewer) => v.siteRoot || v.auth >= MemberAuth.ADMIN;
export const isRootView = (v: Viewer) => v.siteRoot || v.auth === MemberAuth.ROOT;

const TABS = [
  ['', 'tabDetails'],
  ['problem', 'tabProblems'],
  ['training', 'tabTrainings'],
  ['contest', 'tabContests'],
  ['status', 'tabSubmissions'],
  ['discussion', 'tabDiscussions'],
  ['member', 'tabMembers'],
  ['announcement', 'tabAnnouncements'],
  ['setting', 'tabSetting'],
  ['rank', 'tabRank'],
] as const;

function ApplyDialog({
  group,
  open,
  onClose,
  onDone,
}: {
  group: GroupDetail;
  open: boolean;
  onClose(): void;
  onDone(): void;
}) {
  const { t } = useTranslation();
  const errorText = useFieldErrorText();
  const [code, setCode] = useState('');
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const errors = applyErrors(group.auth, code, reason);
  const submit = async () => {
    setTried(true);
    if (Object.keys(errors).length) return;
    setBusy(true);
    try {
      await groupApi.apply(group.id, code, reason.trim());
      toast.success(t('groupUi.applySuccess'));
      onDone();
    } catch {
      // message shown by the client
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog isOpen={open} onClose={onClose} title={t('groupUi.applyTitle')}>
      <div className={Classes.DIALOG_BODY} data-testid="group-apply-dialog">
        {group.auth === GroupAuth.PRIVATE && (
          <FormGroup
            label={t('groupUi.code')}
            intent={tried && errors.code ? 'danger' : 'none'}
            helperText={tried ? errorText(errors.code) : undefined}
          >
            <InputGroup
              value={code}
              onChange={(e) => setCode(e.target.value)}
              data-testid="group-apply-code"
            />
          </FormGroup>
        )}
        <FormGroup
          label={t('groupUi.reason')}
          intent={tried && errors.reason ? 'danger' : 'none'}
          helperText={tried ? errorText(errors.reason) : undefined}
        >
          <TextArea
            fill
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            data-testid="group-apply-reason"
          />
        </FormGroup>
      </div>
      <div className={Classes.DIALOG_FOOTER}>
        <div className={Classes.DIALOG_FOOTER_ACTIONS}>
          <Button onClick={onClose}>{t('groupUi.cancel')}</Button>
          <Button
            intent="primary"
            loading={busy}
            onClick={() => void submit()}
            data-testid="group-apply-submit"
          >
            {t('groupUi.submit')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

function ActionButton({
  group,
  viewer,
  onChanged,
}: {
  group: GroupDetail;
  viewer: Viewer;
  onChanged(): void;
}) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [applying, setApplying] = useState(false);
  const action = groupActionFor({ ...viewer, loggedIn: true });
  const run = async (confirmKey: string, call: () => Promise<unknown>, okKey: string, after: () => void) => {
    if (confirmKey && !window.confirm(t(confirmKey))) return;
    try {
      await call();
      toast.success(t(okKey));
      after();
    } catch {
      // message shown by the client
    }
  };
  switch (action) {
    case 'disband':
      return (
        <Button
          intent="danger"
          fill
          data-testid="group-action-disband"
          onClick={() =>
            void run(
              'groupUi.confirmDisband',
              () => groupApi.disband(group.id),
              'groupUi.disbandSuccess',
              () => navigate('/group'),
            )
          }
        >
          {t('groupUi.disband')}
        </Button>
      );
    case 'exit':
      return (
        <Button
          intent="warning"
          fill
          data-testid="group-action-exit"
          onClick={() =>
            void run('groupUi.confirmExit', () => groupApi.exit(group.id), 'groupUi.exitSuccess', onChanged)
          }
        >
          {t('groupUi.exit')}
        </Button>
      );
    case 'apply':
      return (
        <>
          <Button
            intent="primary"
            fill
            data-testid="group-action-apply"
            onClick={() =>
              group.auth === GroupAuth.PUBLIC
                ? void run('', () => groupApi.apply(group.id, '', ''), 'groupUi.applySuccess', onChanged)
                : setApplying(true)
            }
          >
            {t('groupUi.apply')}
          </Button>
          <ApplyDialog
            group={group}
            open={applying}
            onClose={() => setApplying(false)}
            onDone={() => {
              setApplying(false);
              onChanged();
            }}
          />
        </>
      );
    case 'applying':
      return (
        <Button fill disabled data-testid="group-action-applying">
          {t('groupUi.applying')}
        </Button>
      );
    case 'refused':
      return (
        <Button fill disabled intent="danger" data-testid="group-action-refused">
          {t('groupUi.refused')}
        </Button>
      );
    default:
      return null;
  }
}

function DetailTab({
  group,
  viewer,
  version,
  onChanged,
}: {
  group: GroupDetail;
  viewer: Viewer;
  version: number;
  onChanged(): void;
}) {
  const { t } = useTranslation();
  return (
    <div className="oj-group-detail" data-testid="group-detail">
      <div className="oj-group-detail-main">
        {isMemberView(viewer) ? (
          <>
            <Card>
              <Markdown source={group.description} />
            </Card>
            <DetailAnnouncements gid={group.id} version={version} />
          </>
        ) : (
          <NonIdealState icon="lock" title={t('groupUi.noAccess')} />
        )}
      </div>
      <Card className="oj-group-side" data-testid="group-side">
        <GroupAvatar src={group.avatar} name={group.name} size={96} />
        <h3 title={group.name}>{truncateName(group.name)}</h3>
        <div>
          {t('groupUi.owner')}:{' '}
          <a href={`/user-home?username=${encodeURIComponent(group.owner)}`}>{group.owner}</a>
        </div>
        <div className="oj-group-side-tags">
          <AuthTag auth={group.auth} />
          {!group.visible && <Tag minimal>{t('groupUi.hidden')}</Tag>}
        </div>
        <div>
          {t('groupUi.created')}: {group.gmtCreate.slice(0, 10)}
        </div>
        <div>
          {t('groupUi.groupNumber')}: {group.id}
        </div>
        <ActionButton group={group} viewer={viewer} onChanged={onChanged} />
      </Card>
    </div>
  );
}

function NotBuilt() {
  const { t } = useTranslation();
  return <NonIdealState icon="build" title={t('groupUi.notBuilt')} />;
}

export function GroupArea() {
  const { t } = useTranslation();
  const params = useParams<{ groupID: string }>();
  const [location, navigate] = useLocation();
  const gid = Number(params.groupID);
  // /group/:groupID/<tab>/...
  const sub = location.split('/')[3] ?? '';
  const token = useSession((s) => s.token);
  const user = useSession((s) => s.user);
  const siteRoot = useSession(isSuperAdmin);
  const groupDiscussion = useSite((s) => s.config.openGroupDiscussion);
  const [version, setVersion] = useState(0);
  const bump = () => setVersion((v) => v + 1);
  const group = useLoad(() => groupApi.detail(gid), [gid, version]);
  const auth = useLoad(() => groupApi.auth(gid), [gid, version]);

  // Pushed membership changes of this group: reload the viewer state and the lists.
  useEffect(() => {
    let off: (() => void) | null = null;
    let live = true;
    void connectSocket(token).then((socket) => {
      if (!live) return;
      const handler = (e: GroupMembershipPushed) => {
        if (e.gid !== gid) return;
        if (e.kind === 'disbanded') {
          navigate('/group');
          return;
        }
        if (e.kind === 'applied' && e.uid !== user?.uid) toast.info(t('groupUi.newApplication'));
        setVersion((v) => v + 1);
      };
      socket.on(ServerEvents.groupMembership, handler);
      off = () => socket.off(ServerEvents.groupMembership, handler);
    });
    return () => {
      live = false;
      off?.();
    };
  }, [gid, token, user?.uid]);

  if (!Number.isInteger(gid)) return <NotBuilt />;
  if (group.loading && !group.data) return <Spinner data-testid="group-loading" />;
  if (!group.data)
    return (
      <NonIdealState
        icon="error"
        title={t('groupUi.loadFailed')}
        action={<Button onClick={group.reload}>{t('groupUi.retry')}</Button>}
      />
    );
  const g = group.data;
  const viewer: Viewer = {
    auth: auth.data ?? 0,
    isOwner: g.uid === user?.uid,
    siteRoot,
    uid: user?.uid ?? '',
  };
  const visibleTabs = TABS.filter(([path]) => {
    if (path === 'announcement') return isAdminView(viewer);
    if (path === 'setting') return isRootView(viewer);
    if (path === 'discussion') return groupDiscussion;
    return true;
  });
  const member = isMemberView(viewer);
  const body = (() => {
    if (sub === '') return <DetailTab group={g} viewer={viewer} version={version} onChanged={bump} />;
    if (!member) return <NonIdealState icon="lock" title={t('groupUi.noAccess')} />;
    switch (sub) {
      case 'member':
        return <GroupMembers gid={gid} viewer={viewer} ownerUid={g.uid} version={version} />;
      case 'announcement':
        return isAdminView(viewer) ? <GroupAnnouncementsAdmin gid={gid} /> : <NotBuilt />;
      case 'setting':
        return isRootView(viewer) ? (
          <Card data-testid="group-setting">
            <h4>{t('groupUi.avatar')}</h4>
            <GroupAvatarUpload gid={gid} onUploaded={bump} />
            <GroupForm
              gid={gid}
              initial={{ ...g, code: g.code ?? '' }}
              submitLabel={t('groupUi.save')}
              onSubmit={async (body) => {
                await groupApi.update({ ...body, id: gid });
                toast.success(t('groupUi.updateSuccess'));
                bump();
              }}
            />
          </Card>
        ) : (
          <NotBuilt />
        );
      case 'rank':
        return <GroupRank gid={gid} />;
      case 'problem':
        return <GroupProblems gid={gid} viewer={viewer} />;
      case 'problem-create':
        return isAdminView(viewer) ? (
          <GroupProblemEdit gid={gid} shortName={g.shortName} pid={null} />
        ) : (
          <NotBuilt />
        );
      case 'discussion':
        return (
          <GroupDiscussions
            gid={gid}
            viewer={viewer}
            {...(location.split('/')[4] ? { pid: decodeURIComponent(location.split('/')[4]!) } : {})}
          />
        );
      case 'discussion-detail':
        return <GroupDiscussionDetail gid={gid} did={Number(location.split('/')[4])} viewer={viewer} />;
      case 'training': {
        // /group/:gid/training/:tid[/problems|/rank]: the training page inside the group's shell
        const tid = Number(location.split('/')[4]);
        return tid > 0 ? (
          <TrainingArea tid={tid} base={`/group/${gid}/training/${tid}`} />
        ) : (
          <GroupTrainings gid={gid} viewer={viewer} />
        );
      }
      case 'training-create':
        return isAdminView(viewer) ? <GroupTrainingEdit gid={gid} tid={null} /> : <NotBuilt />;
      case 'training-edit':
        return <GroupTrainingEdit gid={gid} tid={Number(location.split('/')[4])} />;
      case 'training-problems':
        return <GroupTrainingProblems gid={gid} tid={Number(location.split('/')[4])} />;
      case 'contest':
        return <GroupContests gid={gid} shortName={g.shortName} viewer={viewer} />;
      case 'contest-create':
        return isAdminView(viewer) ? (
          <GroupContestEdit gid={gid} shortName={g.shortName} cid={null} />
        ) : (
          <NotBuilt />
        );
      case 'contest-edit':
        return <GroupContestEdit gid={gid} shortName={g.shortName} cid={Number(location.split('/')[4])} />;
      case 'contest-problems':
        return (
          <GroupContestProblems gid={gid} shortName={g.shortName} cid={Number(location.split('/')[4])} />
        );
      case 'contest-problem-create':
        return isAdminView(viewer) ? (
          <GroupContestProblemEdit
            gid={gid}
            shortName={g.shortName}
            cid={Number(location.split('/')[4])}
            pid={null}
          />
        ) : (
          <NotBuilt />
        );
      case 'contest-problem-edit':
        return (
          <GroupContestProblemEdit
            gid={gid}
            shortName={g.shortName}
            cid={Number(location.split('/')[4])}
            pid={Number(location.split('/')[5])}
          />
        );
      case 'contest-announcement':
        return (
          <GroupContestAnnouncements gid={gid} shortName={g.shortName} cid={Number(location.split('/')[4])} />
        );
      case 'status':
        return (
          <div data-testid="group-submissions">
            <SubmissionListPage gid={gid} basePath={`/group/${gid}/status`} />
          </div>
        );
      case 'problem-edit':
        return <GroupProblemEdit gid={gid} shortName={g.shortName} pid={Number(location.split('/')[4])} />;
      default:
        return <NotBuilt />;
    }
  })();
  return (
    <div className="oj-group-area" data-testid="group-area">
      <Tabs
        id="group-tabs"
        selectedTabId={sub}
        onChange={(id) => navigate(`/group/${gid}${id ? `/${String(id)}` : ''}`)}
        className="oj-group-tabs"
      >
        {visibleTabs.map(([path, key]) => (
          <Tab
            key={path}
            id={path}
            title={t(`groupUi.${key}`)}
            data-testid={`group-tab-${path || 'details'}`}
          />
        ))}
      </Tabs>
      <Suspense fallback={<Spinner data-testid="group-tab-loading" />}>{body}</Suspense>
    </div>
  );
}
