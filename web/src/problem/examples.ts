// Problem examples arrive as "<input>..</input><output>..</output>" repeated.
export interface Example {
  input: string;
  output: string;
}

export function parseExamples(raw: string | null | undefined): Example[] {
  if (!raw) return [];
  const out: Example[] = [];
  const re = /<input>([\s\S]*?)<\/input>\s*<output>([\s\S]*?)<\/output>/g;
  for (const m of raw.matchAll(re)) out.push({ input: m[1] ?? '', output: m[2] ?? '' });
  return out;
}
