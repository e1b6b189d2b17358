// The contest the shell shows, shared with the screens drawn inside it (problem detail, rank tab),
// and the contest-admin setting "include submissions made after the contest" (spec part2 §2.2).
import { useEffect } from 'react';
import { create } from 'zustand';
import { contestApi } from './api';
import { isContestAdminFor } from './rules';
import type { ContestVO } from './types';
import { useSession } from '../store/session';

interface ContestState {
  /** The contest of the shell, with the caller's admin right as the shell decided it. */
  current: { contest: ContestVO; isContestAdmin: boolean } | null;
  /** Per contest id: the rank board includes submissions made after the contest. */
  includeAfter: Record<string, boolean>;
  setCurrent(contest: ContestVO, isContestAdmin: boolean): void;
  setIncludeAfter(cid: string, on: boolean): void;
  reset(): void;
}

export const useContestStore = create<ContestState>((set) => ({
  current: null,
  includeAfter: {},
  setCurrent: (contest, isContestAdmin) => set({ current: { contest, isContestAdmin } }),
  setIncludeAfter: (cid, on) => set((s) => ({ includeAfter: { ...s.includeAfter, [cid]: on } })),
  reset: () => set({ current: null, includeAfter: {} }),
}));

/** The include-after-contest option of one contest (off until switched on). */
export function useIncludeAfter(cid: string): [boolean, (on: boolean) => void] {
  const on = useContestStore((s) => s.includeAfter[cid] ?? false);
  const set = useContestStore((s) => s.setIncludeAfter);
  return [on, (next) => set(cid, next)];
}

/**
 * The contest `cid` for a screen inside it: the shell's copy when it is that contest, else
 * loaded once (the full-screen problem page has no shell). Null while unknown.
 */
export function useContestFacts(cid: string | undefined): ContestFacts | null {
  const current = useContestStore((s) => s.current);
  const have = !!cid && current?.contest.id === Number(cid);
  useEffect(() => {
    if (cid && !have) void loadContestFacts(cid).catch(() => undefined);
  }, [cid, have]);
  return have ? current : null;
}

export type ContestFacts = NonNullable<ContestState['current']>;

/** Loads the contest into the store (the caller's admin right: the server's answer, else author/root). */
export async function loadContestFacts(cid: string): Promise<ContestFacts> {
  const c = await contestApi.info(cid);
  const facts = {
    contest: c,
    isContestAdmin: c.isContestAdmin ?? isContestAdminFor(useSession.getState().user, c),
  };
  useContestStore.getState().setCurrent(facts.contest, facts.isContestAdmin);
  return facts;
}
