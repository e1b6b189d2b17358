// Lazy page loading with a spinner; each area is its own chunk.
import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import { Component, lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { i18n } from '../i18n';

/** Chunks that have not arrived after this long count as failed (spec §9). */
export const CHUNK_TIMEOUT_MS = 120_000;

function withTimeout<T>(p: Promise<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('chunk timeout')), CHUNK_TIMEOUT_MS);
    p.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

/** `lazyPage(() => import('../problem/pages'), 'ProblemList')` picks a named export. */
export function lazyPage<M extends Record<string, unknown>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): ComponentType<Record<string, unknown>> {
  return lazy(async () => {
    const mod = await withTimeout(load());
    return { default: mod[name] as ComponentType<Record<string, unknown>> };
  });
}

class ChunkBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <NonIdealState
        icon="error"
        title={i18n.t('error.pageLoad')}
        action={<Button onClick={() => window.location.reload()}>{i18n.t('error.reload')}</Button>}
      />
    );
  }
}

export function PageSuspense({ children }: { children: ReactNode }) {
  return (
    <ChunkBoundary>
      <Suspense
        fallback={
          <div data-testid="page-loading">
            <Spinner className="oj-page-spinner" />
          </div>
        }
      >
        {children}
      </Suspense>
    </ChunkBoundary>
  );
}
