// Slide-to-verify: drag the piece onto the gap. Shown after repeated failed logins.
import { Button, Icon } from '@blueprintjs/core';
import { useCallback, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { randomTarget, verifySlide, type SlideOutcome } from './slide-verify';

const PIECE = 40;

export interface SlideVerifyProps {
  width?: number;
  height?: number;
  tolerance?: number;
  onSuccess(): void;
  /** Overridable for tests; decides where the gap is. */
  random?: () => number;
}

export function SlideVerify({ width = 310, height = 100, tolerance, onSuccess, random }: SlideVerifyProps) {
  const { t } = useTranslation();
  const [target, setTarget] = useState(() => randomTarget(width, PIECE, random));
  const [position, setPosition] = useState(0);
  const [outcome, setOutcome] = useState<SlideOutcome | null>(null);
  const drag = useRef<{ startX: number; trail: number[] } | null>(null);
  const trackMax = width - PIECE;

  const reset = useCallback(() => {
    setPosition(0);
    setTarget(randomTarget(width, PIECE, random));
    setOutcome(null);
  }, [width, random]);

  const finish = (finalPosition: number, trail: number[]) => {
    const result = verifySlide({ target, position: finalPosition, trail, tolerance });
    setOutcome(result);
    if (result === 'ok') onSuccess();
    else setTimeout(reset, 800);
  };

  const clampPos = (x: number) => Math.min(trackMax, Math.max(0, x));

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (outcome === 'ok') return;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    drag.current = { startX: e.clientX - position, trail: [e.clientY] };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    drag.current.trail.push(e.clientY);
    setPosition(clampPos(e.clientX - drag.current.startX));
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    const { startX, trail } = drag.current;
    drag.current = null;
    trail.push(e.clientY);
    const final = clampPos(e.clientX - startX);
    setPosition(final);
    finish(final, trail);
  };
  // Keyboard users can move the piece; the release still needs a real pointer trail to pass.
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (outcome === 'ok') return;
    const step = e.shiftKey ? 10 : 1;
    if (e.key === 'ArrowRight') setPosition((p) => clampPos(p + step));
    else if (e.key === 'ArrowLeft') setPosition((p) => clampPos(p - step));
    else if (e.key === 'Enter') finish(position, []);
    else return;
    e.preventDefault();
  };

  const statusText =
    outcome === 'ok'
      ? t('account.slider.success')
      : outcome === 'robot'
        ? t('account.slider.robot')
        : outcome === 'miss'
          ? t('account.slider.miss')
          : t('account.slider.hint');

  return (
    <div className="oj-slide-verify" style={{ width }} data-testid="slide-verify">
      <div className="oj-slide-verify__picture" style={{ height }} aria-hidden="true">
        <div className="oj-slide-verify__gap" style={{ left: target, width: PIECE, height: PIECE }} />
        <div className="oj-slide-verify__piece" style={{ left: position, width: PIECE, height: PIECE }} />
        <Button
          className="oj-slide-verify__refresh"
          icon="refresh"
          variant="minimal"
          size="small"
          onClick={reset}
          tabIndex={-1}
          aria-label={t('account.slider.refresh')}
        />
      </div>
      <div
        className={`oj-slide-verify__track oj-slide-verify__track--${outcome ?? 'idle'}`}
        style={{ height: PIECE }}
      >
        <span className="oj-slide-verify__text" aria-live="polite" data-testid="slide-verify-status">
          {statusText}
        </span>
        <div
          className="oj-slide-verify__handle"
          role="slider"
          tabIndex={0}
          aria-label={t('account.slider.label')}
          aria-valuemin={0}
          aria-valuemax={trackMax}
          aria-valuenow={Math.round(position)}
          data-testid="slide-verify-handle"
          style={{ left: position, width: PIECE, height: PIECE }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onKeyDown={onKeyDown}
        >
          <Icon icon={outcome === 'ok' ? 'tick' : 'arrow-right'} />
        </div>
      </div>
    </div>
  );
}
