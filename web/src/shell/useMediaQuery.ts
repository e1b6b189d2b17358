import { useEffect, useState } from 'react';

export function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(() => window.matchMedia?.(query).matches ?? false);
  useEffect(() => {
    const mql = window.matchMedia?.(query);
    if (!mql) return;
    const onChange = () => setMatches(mql.matches);
    onChange();
    mql.addEventListener('change', onChange);
    return () => mql.removeEventListener('change', onChange);
  }, [query]);
  return matches;
}

/** Phones: under 768 px (spec §Global shell). */
export const useIsMobile = () => useMediaQuery('(max-width: 767.98px)');
/** The navbar collapses into a drawer under 992 px. */
export const useCollapsedNav = () => useMediaQuery('(max-width: 991.98px)');
