// /admin/contest/create and /admin/contest/:contestId/edit: every field of AdminContestVO
// (part3 §2.13, §3 "Contest (group)", §5 "Contest save"). The rule type is fixed once created.
import {
  Button,
  Callout,
  Card,
  FormGroup,
  HTMLSelect,
  InputGroup,
  NonIdealState,
  Radio,
  RadioGroup,
  Spinner,
  Switch,
  TagInput,
  TextArea,
} from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'wouter';
import { toast } from '../../shell/toaster';
import { useSession } from '../../store/session';
import { useContestAdmin } from './admin-scope';
import {
  addStarAccount,
  bodyOf,
  durationSeconds,
  emptyForm,
  formError,
  formOf,
  newAwardRow,
  RANK_SHOW_NAMES,
  SEAL_OPTIONS,
  sealOptionDisabled,
  type ContestForm,
  type SealOption,
} from './form-rules';
import { formatDuration } from '../../contest/format';
import { RemoveRowButton, TextField, useSaving } from './parts';
import './admin-contest.css';

type Set = <K extends keyof ContestForm>(key: K, value: ContestForm[K]) => void;

function AwardsEditor({ form, set }: { form: ContestForm; set: Set }) {
  const { t } = useTranslation();
  const rows = form.awardConfigList;
  const update = (i: number, patch: Partial<(typeof rows)[number]>) =>
    set(
      'awardConfigList',
      rows.map((r, j) => (j === i ? { ...r, ...patch } : r)),
    );
  return (
    <div className="oj-admin-awards" data-testid="contest-awards">
      <RadioGroup
        inline
        label={t('adminContest.awardType')}
        selectedValue={String(form.awardType)}
        onChange={(e) => set('awardType', Number(e.currentTarget.value) as 0 | 1 | 2)}
      >
        <Radio value="0" label={t('adminContest.awardNone')} />
        <Radio value="1" label={t('adminContest.awardProportion')} />
        <Radio value="2" label={t('adminContest.awardNumber')} />
      </RadioGroup>
      {form.awardType !== 0 && (
        <>
          {rows.map((r, i) => (
            <div className="oj-admin-award-row" key={i} data-testid={`award-row-${i}`}>
              <InputGroup
                type="number"
                value={String(r.priority)}
                aria-label={t('adminContest.awardPriority')}
                onChange={(e) => update(i, { priority: Number(e.target.value) })}
              />
              <InputGroup
                value={r.name}
                aria-label={t('adminContest.awardName')}
                onChange={(e) => update(i, { name: e.target.value })}
              />
              <input
                type="color"
                value={r.background}
                aria-label={t('adminContest.awardBackground')}
                onChange={(e) => update(i, { background: e.target.value })}
              />
              <input
                type="color"
                value={r.color}
                aria-label={t('adminContest.awardColor')}
                onChange={(e) => update(i, { color: e.target.value })}
              />
              <InputGroup
                type="number"
                value={String(r.num)}
                aria-label={
                  form.awardType === 1 ? t('adminContest.awardPercent') : t('adminContest.awardCount')
                }
                rightElement={<span className="oj-admin-unit">{form.awardType === 1 ? '%' : '#'}</span>}
                onChange={(e) => update(i, { num: Number(e.target.value) })}
              />
              <RemoveRowButton rows={rows} i={i} onRows={(next) => set('awardConfigList', next)} />
            </div>
          ))}
          <Button small icon="plus" onClick={() => set('awardConfigList', [...rows, newAwardRow(rows)])}>
            {t('adminContest.addAward')}
          </Button>
        </>
      )}
    </div>
  );
}

function ContestFormView({ initial, editing }: { initial: ContestForm; editing: boolean }) {
  const ca = useContestAdmin();
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const me = useSession((s) => s.user);
  const [form, setForm] = useState(initial);
  const [star, setStar] = useState('');
  const { busy, run } = useSaving();
  const set: Set = (key, value) => setForm((f) => ({ ...f, [key]: value }));
  const duration = durationSeconds(form);
  useEffect(() => {
    // a shorter contest can make the chosen seal option impossible: fall back to the whole contest
    if (form.sealRank && sealOptionDisabled(form.sealOption, duration)) set('sealOption', 2);
  }, [duration, form.sealRank, form.sealOption]);

  const addStar = (names: string[]) => {
    let list = form.starAccount;
    for (const name of names) {
      const r = addStarAccount(list, name);
      if (r.error) toast.warning(t(r.error));
      list = r.list;
    }
    set('starAccount', list);
    setStar('');
  };

  const save = async () => {
    const error = formError(form);
    if (error) {
      toast.error(t(error));
      return;
    }
    if (!me) return;
    await run(async () => {
      const body = bodyOf(form, { uid: me.uid, username: me.username });
      if (editing) await ca.api.update(body);
      else await ca.api.create(body);
      toast.success(t(editing ? 'contestUi.updated' : 'adminContest.created'));
      navigate(ca.paths.list);
    });
  };

  return (
    <form
      className="oj-admin-page oj-admin-contest-form"
      data-testid="contest-form"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <h2>{t(editing ? 'adminContest.editTitle' : 'adminContest.createTitle')}</h2>
      <Card>
        <TextField
          label={t('contestUi.title')}
          id="contest-title"
          value={form.title}
          onChange={(v) => set('title', v)}
          testId="contest-form-title"
          required
        />
        <FormGroup label={t('adminContest.description')} labelFor="contest-description" labelInfo="*">
          <TextArea
            id="contest-description"
            fill
            rows={6}
            value={form.description}
            onChange={(e) => set('description', e.target.value)}
            data-testid="contest-form-description"
          />
        </FormGroup>
        <div className="oj-admin-grid">
          <FormGroup label={t('contestUi.startAt')} labelFor="contest-start" labelInfo="*">
            <input
              id="contest-start"
              className="bp6-input"
              type="datetime-local"
              step={1}
              value={form.startTime}
              onChange={(e) => set('startTime', e.target.value)}
              data-testid="contest-form-start"
            />
          </FormGroup>
          <FormGroup label={t('contestUi.endAt')} labelFor="contest-end" labelInfo="*">
            <input
              id="contest-end"
              className="bp6-input"
              type="datetime-local"
              step={1}
              value={form.endTime}
              onChange={(e) => set('endTime', e.target.value)}
              data-testid="contest-form-end"
            />
          </FormGroup>
          <FormGroup label={t('contestUi.duration')}>
            <span data-testid="contest-form-duration">
              {duration > 0 ? formatDuration(duration) : t('adminContest.durationCheck')}
            </span>
          </FormGroup>
        </div>
      </Card>

      <Card>
        <div className="oj-admin-grid">
          <FormGroup label={t('contestUi.rule')}>
            <HTMLSelect
              value={form.type}
              disabled={editing}
              onChange={(e) => set('type', e.target.value === '1' ? 1 : 0)}
              options={[
                { value: 0, label: 'ACM' },
                { value: 1, label: 'OI' },
              ]}
              data-testid="contest-form-type"
            />
          </FormGroup>
          {form.type === 1 && (
            <FormGroup label={t('adminContest.oiRankScoreType')}>
              <HTMLSelect
                value={form.oiRankScoreType}
                onChange={(e) => set('oiRankScoreType', e.target.value === 'Highest' ? 'Highest' : 'Recent')}
                options={[
                  { value: 'Recent', label: t('adminContest.scoreRecent') },
                  { value: 'Highest', label: t('adminContest.scoreHighest') },
                ]}
                data-testid="contest-form-oi-score"
              />
            </FormGroup>
          )}
          <FormGroup label={t('adminContest.auth')}>
            <HTMLSelect
              value={form.auth}
              onChange={(e) => set('auth', Number(e.target.value) as 0 | 1 | 2)}
              options={[
                { value: 0, label: t('contestUi.authPublic') },
                { value: 1, label: t('contestUi.authPrivate') },
                { value: 2, label: t('contestUi.authProtected') },
              ]}
              data-testid="contest-form-auth"
            />
          </FormGroup>
          {form.auth !== 0 && (
            <TextField
              label={t('contestUi.password')}
              id="contest-pwd"
              value={form.pwd}
              onChange={(v) => set('pwd', v)}
              testId="contest-form-pwd"
              required
            />
          )}
          <FormGroup label={t('adminContest.rankShowName')}>
            <HTMLSelect
              value={form.rankShowName}
              onChange={(e) =>
                set('rankShowName', RANK_SHOW_NAMES.find((n) => n === e.target.value) ?? 'username')
              }
              options={RANK_SHOW_NAMES.map((n) => ({ value: n, label: t(`adminContest.show.${n}`) }))}
              data-testid="contest-form-show-name"
            />
          </FormGroup>
        </div>
        <div className="oj-admin-switches">
          <Switch
            checked={form.openRank}
            label={t('adminContest.openRank')}
            onChange={() => set('openRank', !form.openRank)}
            data-testid="contest-form-open-rank"
          />
          <Switch
            checked={form.openPrint}
            label={t('adminContest.openPrint')}
            onChange={() => set('openPrint', !form.openPrint)}
            data-testid="contest-form-open-print"
          />
          <Switch
            checked={form.allowEndSubmit}
            label={t('adminContest.allowEndSubmit')}
            onChange={() => set('allowEndSubmit', !form.allowEndSubmit)}
            data-testid="contest-form-allow-end-submit"
          />
          <Switch
            checked={form.visible}
            label={t('adminContest.visible')}
            onChange={() => set('visible', !form.visible)}
            data-testid="contest-form-visible"
          />
        </div>
      </Card>

      <Card>
        <Switch
          checked={form.sealRank}
          label={t('adminContest.sealRank')}
          onChange={() => set('sealRank', !form.sealRank)}
          data-testid="contest-form-seal"
        />
        {form.sealRank && (
          <>
            <RadioGroup
              inline
              label={t('adminContest.sealRankTime')}
              selectedValue={String(form.sealOption)}
              onChange={(e) => set('sealOption', Number(e.currentTarget.value) as SealOption)}
            >
              {SEAL_OPTIONS.map((o) => (
                <Radio
                  key={o}
                  value={String(o)}
                  label={t(`adminContest.seal.${o}`)}
                  disabled={sealOptionDisabled(o, duration)}
                  data-testid={`contest-form-seal-${o}`}
                />
              ))}
            </RadioGroup>
            <Switch
              checked={form.autoRealRank}
              label={t('adminContest.autoRealRank')}
              onChange={() => set('autoRealRank', !form.autoRealRank)}
              data-testid="contest-form-auto-real-rank"
            />
          </>
        )}
      </Card>

      <Card>
        <FormGroup label={t('adminContest.starAccount')} helperText={t('adminContest.starHelp')}>
          <TagInput
            values={form.starAccount}
            inputValue={star}
            onInputChange={(e) => setStar(e.currentTarget.value)}
            onAdd={(values) => addStar(values)}
            onRemove={(_, i) =>
              set(
                'starAccount',
                form.starAccount.filter((__, j) => j !== i),
              )
            }
            addOnBlur
            inputProps={{ 'aria-label': t('adminContest.starAccount') }}
            data-testid="contest-form-star"
          />
        </FormGroup>
        <AwardsEditor form={form} set={set} />
      </Card>

      <Card>
        <Switch
          checked={form.openAccountLimit}
          label={t('adminContest.openAccountLimit')}
          onChange={() => set('openAccountLimit', !form.openAccountLimit)}
          data-testid="contest-form-account-limit"
        />
        {form.openAccountLimit && (
          <div className="oj-admin-grid">
            <FormGroup label={t('adminContest.prefix')}>
              <InputGroup
                value={form.accountLimit.prefix}
                onChange={(e) => set('accountLimit', { ...form.accountLimit, prefix: e.target.value })}
              />
            </FormGroup>
            <FormGroup label={t('adminContest.suffix')}>
              <InputGroup
                value={form.accountLimit.suffix}
                onChange={(e) => set('accountLimit', { ...form.accountLimit, suffix: e.target.value })}
              />
            </FormGroup>
            <FormGroup label={t('adminContest.numberFrom')}>
              <InputGroup
                type="number"
                value={form.accountLimit.start === null ? '' : String(form.accountLimit.start)}
                onChange={(e) =>
                  set('accountLimit', {
                    ...form.accountLimit,
                    start: e.target.value === '' ? null : Number(e.target.value),
                  })
                }
              />
            </FormGroup>
            <FormGroup label={t('adminContest.numberTo')}>
              <InputGroup
                type="number"
                value={form.accountLimit.end === null ? '' : String(form.accountLimit.end)}
                onChange={(e) =>
                  set('accountLimit', {
                    ...form.accountLimit,
                    end: e.target.value === '' ? null : Number(e.target.value),
                  })
                }
              />
            </FormGroup>
            <FormGroup label={t('adminContest.extraAccounts')}>
              <TextArea
                fill
                value={form.accountLimit.extra}
                onChange={(e) => set('accountLimit', { ...form.accountLimit, extra: e.target.value })}
              />
            </FormGroup>
          </div>
        )}
      </Card>

      <div className="oj-admin-form-actions">
        <Button onClick={() => navigate(ca.paths.list)}>{t('adminContest.cancel')}</Button>
        <Button type="submit" intent="primary" loading={busy} data-testid="contest-form-save">
          {t('adminContest.save')}
        </Button>
      </div>
    </form>
  );
}

/** `cid` given: the screen is drawn outside the /admin/contest routes (the group's Contest tab). */
export function ContestEditPage({ cid: given }: { cid?: number | null } = {}) {
  const ca = useContestAdmin();
  const { t } = useTranslation();
  const params = useParams<{ contestId?: string }>();
  const cid = given !== undefined ? given : params.contestId ? Number(params.contestId) : null;
  const [loaded, setLoaded] = useState<ContestForm | null>(cid === null ? emptyForm(Date.now()) : null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (cid === null) {
      setLoaded(emptyForm(Date.now()));
      return;
    }
    let live = true;
    setLoaded(null);
    ca.api.get(cid).then(
      (c) => live && setLoaded(formOf(c)),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [cid]);
  if (failed)
    return (
      <Callout intent="danger" data-testid="contest-form-failed">
        {t('contestUi.loadFailed')}
      </Callout>
    );
  if (!loaded) return <Spinner data-testid="contest-form-loading" />;
  if (cid !== null && loaded.id !== cid) return <NonIdealState icon="search" />;
  return <ContestFormView key={cid ?? 'new'} initial={loaded} editing={cid !== null} />;
}
