// One year of submissions as an SVG grid of week columns.
import { useTranslation } from 'react-i18next';
import { heatmapWeeks, totalCount, type HeatmapData } from './heatmap';

const COLORS = ['#ebedf0', '#c6e48b', '#7bc96f', '#239a3b', '#196127'];
const CELL = 11;
const GAP = 2;

export function Heatmap({ data }: { data: HeatmapData }) {
  const { t } = useTranslation();
  const weeks = heatmapWeeks(data);
  const width = weeks.length * (CELL + GAP);
  const height = 7 * (CELL + GAP);
  return (
    <div className="oj-heatmap" data-testid="heatmap">
      <div className="oj-muted">{t('userHome.heatmapTotal', { n: totalCount(weeks) })}</div>
      <div style={{ overflowX: 'auto' }}>
        <svg width={width} height={height} role="img" aria-label={t('userHome.heatmap')}>
          {weeks.map((week, x) =>
            week.map((cell, y) =>
              cell ? (
                <rect
                  key={`${x}-${y}`}
                  x={x * (CELL + GAP)}
                  y={y * (CELL + GAP)}
                  width={CELL}
                  height={CELL}
                  rx={2}
                  fill={COLORS[cell.level]}
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
    </div>
  );
}
