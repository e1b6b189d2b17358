// Renders the whole app at a path with a scripted fetch, for component tests.
import { resetShownNotices } from '../contest/unread';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { useAccount } from '../account/store';
import { initI18n } from '../i18n';
import { useMessages } from '../message/store';
import { Layout } from '../shell/Layout';
import { clearToasts } from '../shell/toaster';
import { useSession } from '../store/session';
import { DEFAULT_WEBSITE_CONFIG, useSite } from '../store/site';
import { useUi } from '../store/ui';

export type Handler = (
  url: string,
  init: RequestInit,
) => { status?: number; body?: unknown; headers?: Record<string, string> } | undefined;

export interface Call {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
}

/** Every unmatched call gets an envelope 500 so pages must cope with errors. */
export function stubFetch(handler: Handler): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ url, method: init.method ?? 'GET', headers: new Headers(init.headers), body });
      const r = handler(url, init) ?? { body: { status: 500, msg: 'unscripted', data: null } };
      return new Response(JSON.stringify(r.body ?? null), { status: r.status ?? 200, headers: r.headers });
    }),
  );
  return calls;
}

export const ok = (data: unknown) => ({ body: { status: 200, msg: 'success', data } });

/** The path of a fetched URL, without its query. */
export const urlPath = (url: string): string => url.split('?')[0] ?? url;
/** The query of a fetched URL as an object. */
export const urlQuery = (url: string) => Object.fromEntries(new URLSearchParams(url.split('?')[1] ?? ''));
/** A one-page envelope of records, as the list endpoints answer. */
export const okPage = (records: unknown[]) =>
  ok({ records, total: records.length, size: 10, current: 1, pages: 1 });

export function resetStores(): void {
  localStorage.clear();
  useSession.setState({ token: null, user: null });
  useSite.setState({ config: DEFAULT_WEBSITE_CONFIG, tools: [] });
  useUi.setState({ accountDialog: { open: false, mode: 'Login' } });
  useAccount.setState({
    cooldownEndsAt: { register: null, reset: null },
    loginFailures: 0,
    registeredUsername: null,
  });
  useMessages.getState().reset();
  // Messages of the previous case would otherwise still show (the toaster outlives a render).
  void clearToasts();
  resetShownNotices();
}

export function renderApp(path: string) {
  initI18n('en-US');
  const location = memoryLocation({ path, record: true });
  const view = render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <Layout />
    </Router>,
  );
  return { ...view, location };
}
