// Per-status result counts as labelled bars, and a small SVG pie of the same counts.
import { useTranslation } from 'react-i18next';
import { STATUS_OF_FIELD, type PieSlice, pieSlices } from './stats';
import { COUNT_FIELDS, type Counts } from './types';
import { statusKey } from '../judge/status-meta';

const COLORS: Record<string, string> = {
  ac: '#238551',
  wa: '#cd4246',
  tle: '#c87619',
  mle: '#935610',
  re: '#7961db',
  pe: '#d1980b',
  ce: '#8f99a8',
  se: '#404854',
  pa: '#2d72d2',
};

export function StatsBars({ counts }: { counts: Counts }) {
  const { t } = useTranslation();
  const max = Math.max(1, ...COUNT_FIELDS.map((f) => counts[f] ?? 0));
  return (
    <div className="oj-stats-bars" data-testid="problem-stats">
      {COUNT_FIELDS.map((f) => (
        <div key={f} className="oj-stats-bar-row">
          <span>{t(statusKey(STATUS_OF_FIELD[f]))}</span>
          <span
            className="oj-stats-bar"
            style={{ width: `${((counts[f] ?? 0) / max) * 100}%`, background: COLORS[f] }}
          />
          <span>{counts[f] ?? 0}</span>
        </div>
      ))}
    </div>
  );
}

export function StatsPie({ counts, size = 180 }: { counts: Counts; size?: number }) {
  const { t } = useTranslation();
  const slices = pieSlices(counts);
  if (slices.length === 0) return <p className="oj-muted">{t('problem.noSubmissions')}</p>;
  const r = size / 2;
  return (
    <div className="oj-pie" data-testid="problem-pie">
      <svg
        width={size}
        height={size}
        viewBox={`0 0 ${size} ${size}`}
        role="img"
        aria-label={t('problem.pieTitle')}
      >
        {slices.map((s) => (
          <path key={s.field} d={arcPath(s, r)} fill={COLORS[s.field]} stroke="#fff" strokeWidth={1}>
            <title>{`${t(statusKey(STATUS_OF_FIELD[s.field]))}: ${s.count}`}</title>
          </path>
        ))}
      </svg>
      <ul className="oj-pie-legend">
        {slices.map((s) => (
          <li key={s.field}>
            <span className="oj-pie-dot" style={{ background: COLORS[s.field] }} />
            {t(statusKey(STATUS_OF_FIELD[s.field]))} {s.count} ({(s.fraction * 100).toFixed(1)}%)
          </li>
        ))}
      </ul>
    </div>
  );
}

function arcPath(s: PieSlice, r: number): string {
  if (s.fraction >= 0.9999) return `M ${r} 0 A ${r} ${r} 0 1 1 ${r - 0.01} 0 Z`;
  const point = (a: number) => `${r + r * Math.sin(a)} ${r - r * Math.cos(a)}`;
  const large = s.end - s.start > Math.PI ? 1 : 0;
  return `M ${r} ${r} L ${point(s.start)} A ${r} ${r} 0 ${large} 1 ${point(s.end)} Z`;
}
