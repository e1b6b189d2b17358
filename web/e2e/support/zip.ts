// Test-case zips for the problem form's upload (admin and group problem browser tests): `1.in`,
// `1.out`, `2.in`, ... for A+B, ready for a file input's setInputFiles.
import { strToU8, zipSync } from 'fflate';

/** A zip of one A+B case per pair: `<n>.in` holds "a b", `<n>.out` their sum. */
export function sumCasesZip(pairs: readonly (readonly [number, number])[], name = 'cases.zip') {
  const files: Record<string, Uint8Array> = {};
  pairs.forEach(([a, b], i) => {
    files[`${i + 1}.in`] = strToU8(`${a} ${b}\n`);
    files[`${i + 1}.out`] = strToU8(`${a + b}\n`);
  });
  return { name, mimeType: 'application/zip', buffer: Buffer.from(zipSync(files)) };
}
