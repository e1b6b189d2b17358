import { describe, expect, it } from 'vitest';
import { corsOriginAllowed } from './security-headers';

describe('CORS origin rule', () => {
  it('allows the same host and configured origins only', () => {
    expect(corsOriginAllowed('https://oj.example.com', 'oj.example.com', [])).toBe(true);
    expect(corsOriginAllowed('https://evil.example', 'oj.example.com', [])).toBe(false);
    expect(corsOriginAllowed('http://localhost:5173', 'oj.example.com', ['http://localhost:5173/'])).toBe(
      true,
    );
    expect(corsOriginAllowed('null', 'oj.example.com', [])).toBe(false);
    expect(corsOriginAllowed('file://x', 'x', ['file://x'])).toBe(false);
  });
});
