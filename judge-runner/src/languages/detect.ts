/** Which languages this machine can offer (binaries present), decided once at start-up. */
import { accessSync, constants } from 'node:fs';
import { LANGUAGES, UNAVAILABLE_BY_DESIGN, type LanguageDef } from './table';

export interface LanguageSupport {
  available: Map<string, LanguageDef>;
  unavailable: { name: string; reason: string }[];
}

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export function detectLanguages(table: LanguageDef[] = LANGUAGES): LanguageSupport {
  const available = new Map<string, LanguageDef>();
  const unavailable = [...UNAVAILABLE_BY_DESIGN];
  for (const lang of table) {
    const missing = lang.requires.filter((p) => !executable(p));
    if (missing.length === 0) available.set(lang.name, lang);
    else unavailable.push({ name: lang.name, reason: `toolchain missing: ${missing.join(', ')}` });
  }
  return { available, unavailable };
}

/** Problem limits as judged for a language: 2× time and memory unless C/C++ (judge.md §2.2). */
export function effectiveLimits(
  lang: Pick<LanguageDef, 'native'>,
  limits: { timeLimit: number; memoryLimit: number; stackLimit: number },
) {
  const factor = lang.native ? 1 : 2;
  return {
    timeLimit: limits.timeLimit * factor,
    memoryLimit: limits.memoryLimit * factor,
    stackLimit: limits.stackLimit,
  };
}
