// The adapters of this deployment, each pointed at its judge's base URL (overridable per judge
// with OJ_REMOTE_BASE_<OJ>, e.g. OJ_REMOTE_BASE_CF=http://127.0.0.1:9000/, which the tests use).
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

export function basesFromEnv(env: Record<string, string | undefined> = process.env): RemoteBases {
  const out: RemoteBases = {};
  for (const oj of Object.keys(DEFAULT_BASES) as RemoteJudgeName[]) {
    const v = env[`OJ_REMOTE_BASE_${oj}`]?.trim();
    if (v) out[oj] = v;
  }
  return out;
}

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
