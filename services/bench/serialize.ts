// Response serialisation bench (issue #30 item 2): a large answer written by JSON.stringify (what a
// route without a response schema does) against the serializer Fastify compiles from the route
// table's schema (fast-json-stringify). Two answers of RECORDS rows each (default 500): the problem
// list page and the ACM rank page envelopes, rows built from the schemas (TypeBox Value.Create) with
// varied values. Each serializer writes each answer ROUNDS times (default 2,000), interleaved in
// blocks so that load drifts hit both alike; the bound is JSON.stringify measured in the same run,
// the ratio is the compiled serializer's time over it (below 1 is faster). Load average before and
// after. Writes bench-results/serialize.json.
// Run: npm run bench:serialize -w @oj/services  (env RECORDS, ROUNDS)
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import fastJson from 'fast-json-stringify';
import { makePage } from '@oj/protocol';
import { ProblemVO } from '@oj/protocol/problem/schemas';
import { RankRowSchema } from '@oj/protocol/submission/schemas';
import { problemOperations } from '@oj/protocol/problem/operations';
import { judgeOperations } from '@oj/protocol/judge/operations';
import { report } from './support';

const RECORDS = Number(process.env.RECORDS ?? 500);
const ROUNDS = Number(process.env.ROUNDS ?? 2000);
const BLOCK = 100;

// Value.Clean: only declared fields, so both serializers write the same answer.
function problemRow(i: number) {
  return Value.Clean(ProblemVO, {
    ...Value.Create(ProblemVO),
    pid: i + 1,
    problemId: `P${1000 + i}`,
    title: `A problem with a reasonably long title number ${i}`,
    source: 'HOJ',
    total: 1000 + i,
    ac: 400 + (i % 300),
  });
}

function rankRow(i: number) {
  return Value.Clean(RankRowSchema, {
    ...Value.Create(RankRowSchema),
    uid: `uid-${i.toString(16).padStart(12, '0')}`,
    username: `user${i}`,
    nickname: i % 3 ? `Nick ${i}` : null,
    signature: 'a line about me',
    ac: 500 - i,
    total: 900 + i,
  });
}

interface Case {
  name: string;
  schema: TSchema;
  envelope: object;
}

function time(fn: () => string, n: number): number {
  const t0 = performance.now();
  let bytes = 0;
  for (let i = 0; i < n; i++) bytes += fn().length;
  if (bytes < 0) throw new Error('unreachable');
  return performance.now() - t0;
}

function run(c: Case) {
  const compiled = fastJson(c.schema);
  const plain = () => JSON.stringify(c.envelope);
  const fast = () => compiled(c.envelope);
  // Same output shape (every field declared): compare the parsed answers once.
  if (!Value.Equal(JSON.parse(fast()), JSON.parse(plain())))
    throw new Error(`${c.name}: the compiled serializer's answer differs from JSON.stringify's`);
  time(plain, 200);
  time(fast, 200);
  let plainMs = 0;
  let fastMs = 0;
  for (let done = 0; done < ROUNDS; done += BLOCK) {
    plainMs += time(plain, BLOCK);
    fastMs += time(fast, BLOCK);
  }
  return {
    answer: c.name,
    bytes: plain().length,
    jsonStringifyUsPerAnswer: Number(((plainMs * 1000) / ROUNDS).toFixed(1)),
    compiledUsPerAnswer: Number(((fastMs * 1000) / ROUNDS).toFixed(1)),
    ratioToJsonStringify: Number((fastMs / plainMs).toFixed(2)),
  };
}

function main() {
  const load0 = loadavg();
  const rows = Array.from({ length: RECORDS }, (_, i) => i);
  const cases: Case[] = [
    {
      name: 'GET /api/get-problem-list',
      schema: problemOperations['GET /api/get-problem-list'].response,
      envelope: { status: 200, msg: 'success', data: makePage(rows.map(problemRow), 5000, RECORDS, 1) },
    },
    {
      name: 'GET /api/get-rank-list',
      schema: judgeOperations['GET /api/get-rank-list'].response,
      envelope: { status: 200, msg: 'success', data: makePage(rows.map(rankRow), 5000, RECORDS, 1) },
    },
  ];
  const results = cases.map(run);
  const load1 = loadavg();
  for (const r of results)
    console.log(
      `serialize: ${r.answer}, ${RECORDS} records (${r.bytes} bytes): JSON.stringify ${r.jsonStringifyUsPerAnswer} µs, ` +
        `compiled ${r.compiledUsPerAnswer} µs (${r.ratioToJsonStringify}× the JSON.stringify bound)`,
    );
  console.log(
    `load average ${load0.map((x) => x.toFixed(1)).join(' ')} → ${load1.map((x) => x.toFixed(1)).join(' ')}`,
  );
  report('serialize', {
    records: RECORDS,
    rounds: ROUNDS,
    results,
    loadAverageBefore: load0.map((x) => Number(x.toFixed(2))),
    loadAverageAfter: load1.map((x) => Number(x.toFixed(2))),
  });
}

main();
