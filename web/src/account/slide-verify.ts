// Rules of the slide-to-verify check: land the piece on the gap and move like a hand does.
export const DEFAULT_TOLERANCE_PX = 5;

export function clampTolerance(tolerance: number | undefined): number {
  if (tolerance === undefined || !Number.isFinite(tolerance)) return DEFAULT_TOLERANCE_PX;
  return Math.min(10, Math.max(1, tolerance));
}

export type SlideOutcome = 'ok' | 'miss' | 'robot';

export interface SlideAttempt {
  /** Gap position, px from the track start. */
  target: number;
  /** Where the piece was released. */
  position: number;
  /** Vertical pointer positions recorded during the drag. */
  trail: readonly number[];
  tolerance?: number;
}

/** A perfectly flat trail is what a script produces; a hand always wobbles. */
export function isHumanTrail(trail: readonly number[]): boolean {
  if (trail.length < 2) return false;
  const first = trail[0];
  return trail.some((y) => y !== first);
}

export function verifySlide({ target, position, trail, tolerance }: SlideAttempt): SlideOutcome {
  if (Math.abs(position - target) > clampTolerance(tolerance)) return 'miss';
  if (!isHumanTrail(trail)) return 'robot';
  return 'ok';
}

/** A gap far enough from both ends that it cannot be hit by accident. */
export function randomTarget(
  trackWidth: number,
  pieceWidth: number,
  random: () => number = Math.random,
): number {
  const min = pieceWidth * 1.5;
  const max = trackWidth - pieceWidth;
  return Math.round(min + random() * Math.max(0, max - min));
}
