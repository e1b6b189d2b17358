/** Payloads travel as JSON text on both buses, so no caller ever shares a mutable object with another. */

export function encodeJson(value: unknown): string {
  // JSON.stringify throws on BigInt and cycles: that error reaches the caller at publish time.
  return value === undefined ? '' : JSON.stringify(value);
}

export function decodeJson<T>(text: string): T {
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

/** What a responder sends back: the answer, or the message of the error it threw. */
export type ReplyEnvelope = { ok: true; value: unknown } | { ok: false; error: string };

export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
