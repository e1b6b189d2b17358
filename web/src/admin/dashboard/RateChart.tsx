// Submissions per minute as bars (SVG, scales with its box); the newest minute is on the right.
import type { SubmissionRatePoint } from '@oj/protocol/admin/schemas';

export function RateChart({ points }: { points: SubmissionRatePoint[] }) {
  const max = Math.max(1, ...points.map((p) => p.count));
  const w = 600;
  const h = 150;
  const bar = w / Math.max(1, points.length);
  const total = points.reduce((n, p) => n + p.count, 0);
  return (
    <svg
      className="oj-admin-chart"
      viewBox={`0 0 ${w} ${h + 14}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={`${total}`}
      data-testid="rate-chart"
      data-total={total}
      data-last={points.at(-1)?.count ?? 0}
    >
      {points.map((p, i) => {
        const bh = (p.count / max) * h;
        return (
          <rect key={p.minute} x={i * bar + 1} y={h - bh} width={Math.max(1, bar - 2)} height={bh}>
            <title>{`${new Date(p.minute).toLocaleTimeString()}: ${p.count}`}</title>
          </rect>
        );
      })}
      <text x={w - 2} y={h + 12} textAnchor="end" fontSize="10" fill="currentColor">
        {max}
      </text>
    </svg>
  );
}
