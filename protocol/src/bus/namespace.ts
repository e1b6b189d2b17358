/**
 * A NATS namespace lets several deployments (or parallel test runs) share one NATS server:
 * every stream, subject and object-store bucket of the platform carries the prefix.
 * Set by OJ_NATS_PREFIX in every process of a deployment; unset means the default names.
 */
export interface NatsNamespace {
  streamPrefix?: string;
  subjectPrefix?: string;
  bucket?: string;
}

export function natsNamespace(prefix: string | undefined): NatsNamespace {
  const p = prefix?.trim();
  if (!p) return {};
  if (!/^[A-Za-z0-9_-]{1,32}$/.test(p)) {
    throw new Error(`OJ_NATS_PREFIX may hold 1 to 32 letters, digits, "_" or "-", got "${p}"`);
  }
  return { streamPrefix: p, subjectPrefix: p, bucket: `${p}-blobs` };
}
