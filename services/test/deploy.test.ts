// The container deployment as written (docker-compose.yml, Dockerfile, deploy/) checked against
// the tree. This machine has no Docker daemon, so the images are never built here: what this test
// proves is that every file, stage, entry point, environment variable and package list the
// deployment names exists and agrees with the code; and that the health-check scripts it runs
// answer as they should. It cannot prove that an image builds or that a container judges.
import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { loadConfig } from '../src/platform/config';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (rel: string) => readFileSync(path.join(root, rel), 'utf8');

interface ComposeService {
  build?: { context?: string; dockerfile?: string; target?: string };
  image?: string;
  command?: string[] | string;
  environment?: Record<string, string>;
  healthcheck?: { test: string[] | string };
  volumes?: string[];
  expose?: string[];
  ports?: string[];
  privileged?: boolean;
}
const compose = YAML.parse(read('docker-compose.yml'), { merge: true }) as {
  services: Record<string, ComposeService>;
};
const services = Object.entries(compose.services);
const built = services.filter(([, s]) => s.build);

/** Stages of a Dockerfile: name → its lines. */
function stagesOf(dockerfile: string): Map<string, string[]> {
  const stages = new Map<string, string[]>();
  let current: string[] | null = null;
  for (const raw of dockerfile.replace(/\\\n/g, ' ').split('\n')) {
    const line = raw.trim();
    const from = /^FROM\s+\S+(?:\s+AS\s+(\S+))?/i.exec(line);
    if (from) {
      current = [line];
      stages.set(from[1] ?? `#${stages.size}`, current);
    } else if (current && line && !line.startsWith('#')) current.push(line);
  }
  return stages;
}

/** The stage chain of a target: the target, then the stage it is FROM, and so on. */
function chainOf(stages: Map<string, string[]>, target: string): string[] {
  const chain: string[] = [];
  for (let name: string | undefined = target; name && stages.has(name);) {
    chain.push(name);
    name = /^FROM\s+(\S+)/i.exec(stages.get(name)![0]!)?.[1];
  }
  return chain;
}

/** Every environment variable the server and runner code reads. */
function variablesReadByCode(): Set<string> {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) {
        const text = readFileSync(full, 'utf8');
        for (const m of text.matchAll(/process\.env\.([A-Z][A-Z0-9_]*)/g)) names.add(m[1]!);
        for (const m of text.matchAll(/process\.env\[['"]([A-Z][A-Z0-9_]*)['"]\]/g)) names.add(m[1]!);
        // config.ts reads through helpers: read(env, 'NAME'), readInt(env, 'NAME', ...), ...
        for (const m of text.matchAll(/read\w*\(\s*env,\s*['"]([A-Z][A-Z0-9_]*)['"]/g)) names.add(m[1]!);
        // count('NAME', …) in cluster.ts
        for (const m of text.matchAll(/count\(\s*['"]([A-Z][A-Z0-9_]*)['"]/g)) names.add(m[1]!);
      }
    }
  };
  walk(path.join(root, 'services/src'));
  walk(path.join(root, 'judge-runner/src'));
  return names;
}

const commandOf = (value: string[] | string | undefined) =>
  value === undefined ? [] : Array.isArray(value) ? value : value.split(/\s+/);

describe('docker-compose.yml and the Dockerfile', () => {
  it('builds its app services from stages that exist', () => {
    expect(built.map(([name]) => name).sort()).toEqual(['api', 'gateway', 'judge', 'similarity']);
    for (const [name, s] of built) {
      const context = path.join(root, s.build!.context ?? '.');
      const file = path.join(context, s.build!.dockerfile ?? 'Dockerfile');
      expect(existsSync(file), `${name}: ${file}`).toBe(true);
      const stages = stagesOf(readFileSync(file, 'utf8'));
      expect(stages.has(s.build!.target!), `${name}: stage ${s.build!.target}`).toBe(true);
    }
  });

  it('runs every process from a bundle that scripts/build.mjs produces from an existing source', async () => {
    const { ENTRIES } = (await import(pathToFileURL(path.join(root, 'scripts/build.mjs')).href)) as {
      ENTRIES: Record<string, string>;
    };
    const stages = stagesOf(read('Dockerfile'));
    for (const [name, s] of built) {
      const chain = chainOf(stages, s.build!.target!);
      const cmdLine = chain.map((st) => stages.get(st)!.find((l) => /^CMD\s/i.test(l))).find(Boolean);
      const cmd = s.command
        ? commandOf(s.command)
        : (JSON.parse(cmdLine!.replace(/^CMD\s+/i, '')) as string[]);
      expect(cmd[0], `${name} runs node, not tsx`).toBe('node');
      const bundle = cmd.find((arg) => arg.startsWith('dist/'));
      expect(bundle, `${name}: ${cmd.join(' ')}`).toMatch(/^dist\/.+\.js$/);
      const entry = bundle!.replace(/^dist\//, '').replace(/\.js$/, '');
      expect(ENTRIES[entry], `${name}: ${entry} is an entry of scripts/build.mjs`).toBeDefined();
      expect(existsSync(path.join(root, ENTRIES[entry]!)), ENTRIES[entry]).toBe(true);
      // the build stage of the chain builds the bundles and the web client
      expect(chain).toContain('runtime');
    }
    expect(stages.get('build')!.join('\n')).toMatch(/node scripts\/build\.mjs/);
    expect(stages.get('build')!.join('\n')).toMatch(/npm run build -w @oj\/web/);
  });

  it('gives every service a health check whose files exist', () => {
    for (const [name, s] of services) {
      expect(s.healthcheck, `${name} has a health check`).toBeDefined();
      for (const arg of commandOf(s.healthcheck!.test)) {
        if (/^[\w./-]+\.(mjs|js|ts)$/.test(arg))
          expect(existsSync(path.join(root, arg)), `${name}: ${arg}`).toBe(true);
      }
    }
  });

  it('mounts and copies only files that exist', () => {
    for (const [name, s] of services) {
      for (const v of s.volumes ?? []) {
        const host = v.split(':')[0]!;
        if (host.startsWith('./')) expect(existsSync(path.join(root, host)), `${name}: ${host}`).toBe(true);
      }
    }
    for (const line of read('Dockerfile').split('\n')) {
      const copy = /^COPY\s+(?!--from)(.+)$/i.exec(line.trim());
      if (!copy) continue;
      const parts = copy[1]!.split(/\s+/);
      for (const src of parts.slice(0, -1)) {
        if (src === '.') continue;
        expect(existsSync(path.join(root, src)), `COPY ${src}`).toBe(true);
      }
    }
  });

  it('sets only environment variables that the code reads', () => {
    const known = variablesReadByCode();
    for (const [name, s] of built) {
      for (const key of Object.keys(s.environment ?? {})) {
        expect(known.has(key), `${name}: ${key} is read by services/src or judge-runner/src`).toBe(true);
      }
    }
    for (const line of read('Dockerfile').split('\n')) {
      const env = /^ENV\s+([A-Z][A-Z0-9_]*)=/.exec(line.trim());
      if (env && env[1] !== 'NODE_ENV') expect(known.has(env[1]!), `Dockerfile ENV ${env[1]}`).toBe(true);
    }
  });

  it('takes its secrets from the environment, never from the file', () => {
    const env = compose.services.api!.environment!;
    for (const key of ['OJ_ROOT_PASSWORD', 'OJ_JWT_SECRET']) expect(env[key]).toMatch(/^\$\{[A-Z_]+:\?/);
    expect(env.DATABASE_URL).toContain('${POSTGRES_PASSWORD:?');
    expect(compose.services.postgres!.environment!.POSTGRES_PASSWORD).toMatch(/^\$\{POSTGRES_PASSWORD:\?/);
  });

  it('installs in the judge image exactly the packages a host install gets', () => {
    const stages = stagesOf(read('Dockerfile'));
    const judgeChain = chainOf(stages, compose.services.judge!.build!.target!);
    const runLines = judgeChain.flatMap((st) => stages.get(st)!.filter((l) => /^RUN\s/i.test(l)));
    // The judge's packages come from the install script alone...
    expect(runLines.some((l) => l.includes('judge-runner/scripts/install-toolchains.sh'))).toBe(true);
    // ...and no stage of the judge's chain installs a package list of its own.
    const runtimeChain = judgeChain.filter((st) => st !== 'deps' && st !== 'build' && st !== 'pruned');
    for (const st of runtimeChain)
      for (const l of stages.get(st)!.filter((x) => /^RUN\s/i.test(x)))
        expect(l, `stage ${st}`).not.toMatch(/apt-get install/);
    // The script and the start-up check both read the one list.
    const script = read('judge-runner/scripts/install-toolchains.sh');
    expect(script).toMatch(/toolchain-packages\.txt/);
    expect(script).not.toMatch(/PACKAGES="[a-z]/);
    expect(read('scripts/prestart.mjs')).toMatch(/toolchain-packages\.txt/);
    const list = read('judge-runner/scripts/toolchain-packages.txt')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'));
    expect(list).toEqual(
      expect.arrayContaining(['bubblewrap', 'gcc', 'g++', 'python3', 'default-jdk-headless']),
    );
  });

  it('keeps the judge privileged and off the database', () => {
    const judge = compose.services.judge!;
    expect(judge.privileged).toBe(true);
    expect(Object.keys(judge.environment ?? {})).not.toContain('DATABASE_URL');
  });

  it('routes the web port to service names and ports that exist', () => {
    const conf = read('deploy/nginx.conf');
    for (const m of conf.matchAll(/\b(api|gateway):(\d+)/g)) {
      const svc = compose.services[m[1]!];
      expect(svc, m[0]).toBeDefined();
      expect(svc!.expose, m[0]).toContain(m[2]);
    }
    expect(read('.dockerignore')).not.toMatch(/^(scripts|deploy|judge-runner)\b/m);
  });

  // Issue #22 item 6: sockets spread over every gateway replica, polling pinned, storms absorbed.
  it('spreads push sockets over the gateways: sticky upstream, WebSocket upgrade, room for a reconnect storm', () => {
    const conf = read('deploy/nginx.conf');
    const upstream = /upstream\s+(\w+)\s*\{([^}]*)\}/.exec(conf);
    expect(upstream, 'an upstream of gateways').not.toBeNull();
    const [, name, body] = upstream!;
    // Sticky per client (the long-polling fallback must keep its socket.io session on one gateway).
    expect(body).toMatch(
      /^\s*(ip_hash;|hash \$(remote_addr|binary_remote_addr|arg_sid|cookie_\w+)( consistent)?;)/m,
    );
    // Every gateway replica: the service name re-resolved (shared zone), or several servers.
    const servers = [...body!.matchAll(/^\s*server\s+(\S+)([^;]*);/gm)];
    expect(servers.length).toBeGreaterThan(0);
    expect(servers.length > 1 || (/\bresolve\b/.test(servers[0]![2]!) && /^\s*zone\s/m.test(body!))).toBe(
      true,
    );
    for (const [, address] of servers)
      expect(compose.services.gateway!.expose).toContain(address!.split(':')[1]);
    const location = /location \/socket\.io\/ \{([^}]*)\}/.exec(conf)?.[1] ?? '';
    expect(location).toContain(`proxy_pass http://${name};`);
    expect(location).toContain('proxy_http_version 1.1;');
    expect(location).toMatch(/proxy_set_header Upgrade \$http_upgrade;/);
    expect(location).toMatch(/proxy_set_header Connection \$connection_upgrade;/);
    // 5,000 sockets are 10,000 proxied connections; the accept queue takes a storm.
    const workerConnections = Number(/worker_connections (\d+);/.exec(conf)?.[1]);
    expect(workerConnections).toBeGreaterThanOrEqual(10_000);
    expect(Number(/listen 80 [^;]*backlog=(\d+)/.exec(conf)?.[1])).toBeGreaterThanOrEqual(1024);
  });

  // Issue #23 items 12 and 15: behind nginx the API believes only nginx's X-Forwarded-For, which
  // nginx writes itself; /metrics has its own port inside the compose network, never the web port.
  it('trusts only the proxies it names and keeps /metrics off nginx', () => {
    const api = compose.services.api!;
    const conf = read('deploy/nginx.conf');
    const trusted = /^\$\{OJ_TRUST_PROXY:-([^}]+)\}$/.exec(api.environment?.OJ_TRUST_PROXY ?? '')?.[1];
    expect(trusted, 'OJ_TRUST_PROXY with a default').toBeDefined();
    expect(loadConfig({ OJ_TRUST_PROXY: trusted }).trustProxy).toEqual(trusted!.split(','));
    const apiLocation = /location \/ \{([^}]*)\}/.exec(conf)?.[1] ?? '';
    expect(apiLocation).toMatch(/proxy_set_header X-Forwarded-For \$remote_addr;/);
    const metricsPort = api.environment?.OJ_METRICS_PORT;
    expect(metricsPort).toMatch(/^\d+$/);
    expect(conf).not.toContain(`:${metricsPort}`);
    expect(conf).toMatch(/location = \/metrics \{ return 404; \}/);
    expect(api.environment?.OJ_METRICS_TOKEN).toBeUndefined();
    const published = services.flatMap(([, s]) => s.ports ?? []);
    expect(published.some((p) => p.endsWith(`:${metricsPort}`))).toBe(false);
  });
});

describe('health-check scripts', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      res.statusCode = req.url === '/ok' ? 200 : 503;
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const exitCode = (args: string[], env: NodeJS.ProcessEnv = {}) =>
    new Promise<number | null>((resolve) => {
      const child = spawn(process.execPath, args, {
        cwd: root,
        env: { ...process.env, ...env },
        stdio: 'ignore',
      });
      child.on('exit', (code) => resolve(code));
    });

  it('deploy/healthcheck.mjs: healthy on 2xx, not on an error status or a refused connection', async () => {
    expect(await exitCode(['deploy/healthcheck.mjs', `${base}/ok`])).toBe(0);
    expect(await exitCode(['deploy/healthcheck.mjs', `${base}/down`])).toBe(1);
    expect(await exitCode(['deploy/healthcheck.mjs', 'http://127.0.0.1:1/readyz'])).toBe(1);
  });

  it('the judge check: healthy while the heartbeat file is fresh', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'oj-health-'));
    const file = path.join(dir, 'heartbeat');
    try {
      const check = () => exitCode(['judge-runner/scripts/healthcheck.mjs'], { OJ_JUDGE_HEALTH_FILE: file });
      expect(await check()).toBe(1); // no heartbeat yet
      writeFileSync(file, `${Date.now()}\n`);
      expect(await check()).toBe(0);
      const old = new Date(Date.now() - 60_000);
      utimesSync(file, old, old);
      expect(statSync(file).mtimeMs).toBeLessThan(Date.now() - 30_000);
      expect(await check()).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
