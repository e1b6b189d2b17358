// One year of submissions as an SVG grid of week columns, with month and weekday labels and a
// legend (issue #16). Colours come from CSS variables so the dark theme has its own.
import { useTranslation } from 'react-i18next';
import { heatmapWeeks, monthStarts, totalCount, type HeatmapData } from './heatmap';

const CELL = 11;
const GAP = 2;
const LEFT = 30;
const TOP = 16;
const LEVELS = [0, 1, 2, 3, 4] as const;
const fill = (level: number) => `var(--oj-heat-${level})`;

function monthName(month: number, lang: string): string {
  return new Intl.DateTimeFormat(lang, { month: 'short', timeZone: 'UTC' }).format(Date.UTC(2024, month, 1));
}

function weekdayName(day: number, lang: string): string {
  // 2024-01-07 was a Sunday
  return new Intl.DateTimeFormat(lang, { weekday: 'short', timeZone: 'UTC' }).format(
    Date.UTC(2024, 0, 7 + day),
  );
}

export function Heatmap({ data }: { data: HeatmapData }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const weeks = heatmapWeeks(data);
  const width = LEFT + weeks.length * (CELL + GAP);
  const height = TOP + 7 * (CELL + GAP);
  return (
    <div className="oj-heatmap" data-testid="heatmap">
      <div className="oj-muted">{t('userHome.heatmapTotal', { n: totalCount(weeks) })}</div>
      <div style={{ overflowX: 'auto' }}>
        <svg width={width} height={height} role="img" aria-label={t('userHome.heatmap')}>
          {monthStarts(weeks).map(({ column, month }) => (
            <text
              key={`m${column}`}
              x={LEFT + column * (CELL + GAP)}
              y={10}
              className="oj-heat-label"
              data-testid="heat-month"
            >
              {monthName(month, lang)}
            </text>
          ))}
          {[1, 3, 5].map((day) => (
            <text
              key={`d${day}`}
              x={0}
              y={TOP + day * (CELL + GAP) + CELL - 2}
              className="oj-heat-label"
              data-testid="heat-weekday"
            >
              {weekdayName(day, lang)}
            </text>
          ))}
          {weeks.map((week, x) =>
            week.map((cell, y) =>
              cell ? (
                <rect
                  key={`${x}-${y}`}
                  x={LEFT + x * (CELL + GAP)}
                  y={TOP + y * (CELL + GAP)}
                  width={CELL}
                  height={CELL}
                  rx={2}
                  fill={fill(cell.level)}
                  data-testid="heat-cell"
                  data-count={cell.count}
                >
                  <title>{t('userHome.heatCell', { date: cell.date, n: cell.count })}</title>
                </rect>
              ) : null,
            ),
          )}
        </svg>
      </div>
      <div className="oj-heat-legend" data-testid="heat-legend">
        <span>{t('userHome.heatLess')}</span>
        {LEVELS.map((l) => (
          <svg key={l} width={CELL} height={CELL} aria-hidden>
            <rect width={CELL} height={CELL} rx={2} fill={fill(l)} />
          </svg>
        ))}
        <span>{t('userHome.heatMore')}</span>
      </div>
    </div>
  );
}
