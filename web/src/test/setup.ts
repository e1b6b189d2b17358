// Lazy page chunks load slowly on a busy machine: give async queries room.
import { cleanup, configure } from '@testing-library/react';
import { afterAll } from 'vitest';
import { registerLanguageBundle } from '../i18n';
import { enUS } from '../i18n/en-US';

configure({ asyncUtilTimeout: 5000 });

// English is a lazily loaded chunk in the app; the component tests render in English at once.
registerLanguageBundle('en-US', enUS);

// Under jsdom, timers a component left behind (a toast's queue, a transition's next step) must not
// fire once the environment is torn down: React then reaches for a `window` that is gone, and the
// run counts an unhandled error against a file whose tests all passed. The file's last hook
// unmounts what is still mounted and clears the timers still pending.
if (typeof document !== 'undefined') {
  const pending = new Set<ReturnType<typeof setTimeout>>();
  const realSetTimeout = globalThis.setTimeout;
  const realClearTimeout = globalThis.clearTimeout;
  const tracked = ((fn: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    const id = realSetTimeout(
      (...a: unknown[]) => {
        pending.delete(id);
        fn(...a);
      },
      ms,
      ...args,
    );
    pending.add(id);
    return id;
  }) as unknown as typeof setTimeout;
  globalThis.setTimeout = tracked;
  globalThis.clearTimeout = ((id?: ReturnType<typeof setTimeout>) => {
    if (id !== undefined) pending.delete(id);
    realClearTimeout(id);
  }) as typeof clearTimeout;
  afterAll(() => {
    cleanup();
    for (const id of pending) realClearTimeout(id);
    pending.clear();
  });
}
