// Resolver controls shared by the ACM and OI scroll boards: Space/→/Enter reveals the next
// result, A toggles auto-play (one reveal every AUTO_PLAY_MS until done).
import { useEffect, useState } from 'react';

export const AUTO_PLAY_MS = 1500;

export function useRevealControls(step: () => void, done: boolean) {
  const [auto, setAuto] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === ' ' || e.key === 'ArrowRight' || e.key === 'Enter') {
        e.preventDefault();
        step();
      } else if (e.key === 'a' || e.key === 'A') setAuto((v) => !v);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [step]);
  useEffect(() => {
    if (!auto || done) return;
    const timer = setInterval(step, AUTO_PLAY_MS);
    return () => clearInterval(timer);
  }, [auto, done, step]);
  return { auto, toggleAuto: () => setAuto((v) => !v) };
}
