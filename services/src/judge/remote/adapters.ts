// The adapters of this deployment, each pointed at its judge's base URL (overridable per judge
// with OJ_REMOTE_BASE_<OJ>, read by config.ts, e.g. OJ_REMOTE_BASE_CF=http://127.0.0.1:9000/).
import { AtCoderAdapter } from './atcoder';
import { CodeforcesAdapter } from './codeforces';
import { HduAdapter, PojAdapter } from './hdu-poj';
import { LibreOjAdapter } from './libreoj';
import { SpojAdapter } from './spoj';
import type { AdapterOptions, RemoteAdapter, RemoteJudgeName } from './types';

export const DEFAULT_BASES: Record<RemoteJudgeName, string> = {
  HDU: 'https://acm.hdu.edu.cn/',
  CF: 'https://codeforces.com/',
  GYM: 'https://codeforces.com/',
  POJ: 'http://poj.org/',
  SPOJ: 'https://www.spoj.com/',
  AC: 'https://atcoder.jp/',
  LIBRE: 'https://api.loj.ac/api/',
};

export type RemoteBases = Partial<Record<RemoteJudgeName, string>>;

export function createAdapters(
  bases: RemoteBases = {},
  opts: AdapterOptions = {},
): Partial<Record<RemoteJudgeName, RemoteAdapter>> {
  const base = (oj: RemoteJudgeName) => bases[oj] ?? DEFAULT_BASES[oj];
  return {
    CF: new CodeforcesAdapter('CF', base('CF'), opts),
    GYM: new CodeforcesAdapter('GYM', bases.GYM ?? base('CF'), opts),
    HDU: new HduAdapter(base('HDU'), opts),
    POJ: new PojAdapter(base('POJ'), opts),
    SPOJ: new SpojAdapter(base('SPOJ'), opts),
    AC: new AtCoderAdapter(base('AC'), opts),
    LIBRE: new LibreOjAdapter(base('LIBRE'), opts),
  };
}
