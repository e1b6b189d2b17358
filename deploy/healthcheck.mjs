#!/usr/bin/env node
// Container health check of the API and the gateway: healthy when the URL answers 2xx within 3 s.
//   node deploy/healthcheck.mjs http://127.0.0.1:8080/readyz
const url = process.argv[2];
if (!url) {
  console.error('usage: healthcheck.mjs URL');
  process.exit(2);
}
try {
  const res = await fetch(url, { signal: AbortSignal.timeout(3000) });
  if (!res.ok) console.error(`${url}: HTTP ${res.status}`);
  process.exit(res.ok ? 0 : 1);
} catch (err) {
  console.error(`${url}: ${err.message}`);
  process.exit(1);
}
