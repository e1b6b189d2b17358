// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n';
import { SlideVerify } from './SlideVerify';

// random() = 0 puts the gap at 60 px (randomTarget with a 40 px piece).
const GAP = 60;

function drag(handle: HTMLElement, points: [number, number][]) {
  const [first, ...rest] = points;
  fireEvent.pointerDown(handle, { clientX: first![0], clientY: first![1], pointerId: 1 });
  for (const [x, y] of rest.slice(0, -1))
    fireEvent.pointerMove(handle, { clientX: x, clientY: y, pointerId: 1 });
  const last = rest.at(-1)!;
  fireEvent.pointerUp(handle, { clientX: last[0], clientY: last[1], pointerId: 1 });
}

describe('SlideVerify', () => {
  beforeAll(() => {
    initI18n('en-US');
  });
  afterEach(cleanup);

  it('passes a wobbly drag that lands on the gap', () => {
    const onSuccess = vi.fn();
    render(<SlideVerify onSuccess={onSuccess} random={() => 0} tolerance={3} />);
    const handle = screen.getByRole('slider', { name: 'Drag the slider to complete the puzzle' });
    drag(handle, [
      [10, 100],
      [40, 101],
      [60, 99],
      [10 + GAP + 2, 100],
    ]);
    expect(onSuccess).toHaveBeenCalledTimes(1);
    expect(handle.getAttribute('aria-valuenow')).toBe(String(GAP + 2));
    expect(screen.getByTestId('slide-verify-status').textContent).toBe('Verified');
  });

  it('rejects a perfectly flat drag as a machine', () => {
    const onSuccess = vi.fn();
    render(<SlideVerify onSuccess={onSuccess} random={() => 0} />);
    drag(screen.getByTestId('slide-verify-handle'), [
      [10, 100],
      [40, 100],
      [10 + GAP, 100],
    ]);
    expect(onSuccess).not.toHaveBeenCalled();
    expect(screen.getByTestId('slide-verify-status').textContent).toBe(
      'Speed too fast, may be machine operation! Please verify again!',
    );
  });

  it('rejects a release outside the tolerance', () => {
    const onSuccess = vi.fn();
    render(<SlideVerify onSuccess={onSuccess} random={() => 0} tolerance={3} />);
    drag(screen.getByTestId('slide-verify-handle'), [
      [10, 100],
      [40, 103],
      [10 + GAP + 4, 101],
    ]);
    expect(onSuccess).not.toHaveBeenCalled();
    expect(screen.getByTestId('slide-verify-status').textContent).toBe(
      'Verification failed, please try again',
    );
  });

  it('moves with the arrow keys', () => {
    render(<SlideVerify onSuccess={() => undefined} random={() => 0} />);
    const handle = screen.getByRole('slider');
    fireEvent.keyDown(handle, { key: 'ArrowRight', shiftKey: true });
    fireEvent.keyDown(handle, { key: 'ArrowRight' });
    expect(handle.getAttribute('aria-valuenow')).toBe('11');
  });
});
