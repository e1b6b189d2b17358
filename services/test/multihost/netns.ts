// A private network of "hosts" for the multi-host test (issue #22 item 8): one Linux bridge in the
// root namespace and one network namespace per host, each joined to the bridge by a veth pair and
// given one address of a /24 nobody else on this machine uses. A host's namespace has no route but
// the bridge's subnet, and its loopback is left down, so a process in it reaches other hosts
// through the bridge or nothing. Names carry the test's pid (parallel runs do not collide) and the
// namespaces and links of runs whose process is gone are removed on the next start.
import { spawnSync } from 'node:child_process';

const TAG = 'ojmh';

function run(cmd: string, args: string[], opts: { allowFail?: boolean } = {}): string {
  const r = spawnSync(cmd, args, { encoding: 'utf8' });
  if (r.status !== 0 && !opts.allowFail)
    throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}): ${r.stderr}${r.error?.message ?? ''}`);
  return r.stdout ?? '';
}

const ip = (...args: string[]) => run('ip', args);

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Namespaces and bridges left by runs that died before their clean-up (their pid is gone). */
function sweepStale(): void {
  for (const line of run('ip', ['netns', 'list'], { allowFail: true }).split('\n')) {
    const m = new RegExp(`^(${TAG}-(\\d+)-\\S+)`).exec(line);
    if (m && Number(m[2]) !== process.pid && !alive(Number(m[2])))
      run('ip', ['netns', 'del', m[1]!], { allowFail: true });
  }
  for (const line of run('ip', ['-o', 'link', 'show', 'type', 'bridge'], { allowFail: true }).split('\n')) {
    const m = new RegExp(`^\\d+: (${TAG}(\\d+)):`).exec(line);
    if (m && Number(m[2]) !== process.pid && !alive(Number(m[2])))
      run('ip', ['link', 'del', m[1]!], { allowFail: true });
  }
}

/** A third octet X such that 10.231.X.0/24 appears in no address or route of this machine. */
function freeSubnet(): string {
  const used = run('ip', ['-4', '-o', 'addr']) + run('ip', ['-4', 'route']);
  for (let i = 0; i < 250; i++) {
    const x = ((process.pid + i) % 250) + 1;
    const prefix = `10.231.${x}.`;
    if (!used.includes(prefix)) return prefix;
  }
  throw new Error('no free 10.231.X.0/24 subnet');
}

export interface Host {
  role: string;
  ns: string;
  addr: string;
  /** The veth end on the bridge side (root namespace). */
  veth: string;
}

export interface TcpConnection {
  local: string;
  localPort: number;
  peer: string;
  peerPort: number;
}

export class PrivateNetwork {
  readonly bridge = `${TAG}${process.pid}`;
  /** e.g. "10.231.42." */
  readonly prefix: string;
  /** The root namespace's address on the bridge: the test client's, nothing else uses it. */
  readonly clientAddr: string;
  readonly hosts: Host[] = [];
  private bridgeMade = false;

  constructor() {
    sweepStale();
    this.prefix = freeSubnet();
    this.clientAddr = `${this.prefix}1`;
    ip('link', 'add', this.bridge, 'type', 'bridge');
    this.bridgeMade = true;
    try {
      ip('addr', 'add', `${this.clientAddr}/24`, 'dev', this.bridge);
      ip('link', 'set', this.bridge, 'up');
    } catch (err) {
      this.dispose();
      throw err;
    }
  }

  get subnet(): string {
    return `${this.prefix}0/24`;
  }

  inSubnet(addr: string): boolean {
    return addr.startsWith(this.prefix) && Number(addr.slice(this.prefix.length)) < 255;
  }

  /** A new namespace named after `role` with address `prefix + octet` on the bridge. */
  addHost(role: string, octet: number): Host {
    const host: Host = {
      role,
      ns: `${TAG}-${process.pid}-${role}`,
      addr: `${this.prefix}${octet}`,
      veth: `${this.bridge}v${this.hosts.length}`,
    };
    ip('netns', 'add', host.ns);
    this.hosts.push(host);
    ip('link', 'add', host.veth, 'type', 'veth', 'peer', 'name', 'eth0', 'netns', host.ns);
    ip('link', 'set', host.veth, 'master', this.bridge, 'up');
    ip('-n', host.ns, 'addr', 'add', `${host.addr}/24`, 'dev', 'eth0');
    ip('-n', host.ns, 'link', 'set', 'eth0', 'up');
    return host;
  }

  /**
   * The command line that runs `argv` on `host` with exactly `env` (nothing inherited). nsenter
   * joins only the network namespace: `ip netns exec` would also remount /sys, which hides the
   * cgroup v1 hierarchies the judge sandbox writes (a real host has them).
   */
  command(host: Host, argv: string[], env?: Record<string, string>): [string, string[]] {
    const clean = env ? ['env', '-i', ...Object.entries(env).map(([k, v]) => `${k}=${v}`)] : [];
    return ['nsenter', [`--net=/run/netns/${host.ns}`, ...clean, ...argv]];
  }

  /** The host's IPv4 and IPv6 routes, one a line. */
  routes(host: Host): string[] {
    return [...ip('-n', host.ns, '-4', 'route').split('\n'), ...ip('-n', host.ns, '-6', 'route').split('\n')]
      .map((l) => l.trim())
      .filter(Boolean);
  }

  /** Established TCP connections in the host's namespace (ss), both directions. */
  connections(host: Host): TcpConnection[] {
    const out = run('ip', ['netns', 'exec', host.ns, 'ss', '-tnH', 'state', 'established']);
    const split = (s: string) => {
      const i = s.lastIndexOf(':');
      return [
        s
          .slice(0, i)
          .replace(/^\[|\]$/g, '')
          .replace(/^::ffff:/, ''),
        Number(s.slice(i + 1)),
      ] as const;
    };
    return out
      .split('\n')
      .map((l) => l.trim().split(/\s+/))
      .filter((cols) => cols.length >= 4)
      .map((cols) => {
        // With a state filter ss leaves the State column out: Recv-Q Send-Q Local Peer.
        const [local, localPort] = split(cols[2]!);
        const [peer, peerPort] = split(cols[3]!);
        return { local, localPort, peer, peerPort };
      });
  }

  /**
   * Whether a TCP connection from the host (or the root namespace) to `addr`:`port` opens within
   * `timeoutS` (bash's /dev/tcp, so no process of ours is needed there).
   */
  canConnect(host: Host | 'root', addr: string, port: number, timeoutS = 3): boolean {
    const probe = ['timeout', String(timeoutS), 'bash', '-c', `exec 3<>/dev/tcp/${addr}/${port}`];
    const argv = host === 'root' ? probe : ['nsenter', `--net=/run/netns/${host.ns}`, ...probe];
    return spawnSync(argv[0]!, argv.slice(1), { encoding: 'utf8' }).status === 0;
  }

  /** Removes every namespace and link made here. Idempotent; never throws. */
  dispose(): void {
    for (const host of this.hosts.splice(0)) {
      run('ip', ['link', 'del', host.veth], { allowFail: true });
      run('ip', ['netns', 'del', host.ns], { allowFail: true });
    }
    if (this.bridgeMade) run('ip', ['link', 'del', this.bridge], { allowFail: true });
    this.bridgeMade = false;
  }
}

/** Every namespace and link of this process still present (for the test's clean-up check). */
export function leftovers(): string[] {
  const mine = new RegExp(`${TAG}-?${process.pid}(?!\\d)`);
  return [
    ...run('ip', ['netns', 'list'], { allowFail: true }).split('\n'),
    ...run('ip', ['-o', 'link'], { allowFail: true }).split('\n'),
  ].filter((l) => mine.test(l));
}
