// Real HAProxy and Prometheus around `hookwire serve` replicas, for the replica test
// (test/fleet/replicas.test.ts) and the bench (bench/figures/replicas.mjs). Both come from the
// machine's Debian packages (scripts/system-deps.mjs installs them); each runs in the foreground
// from a configuration written into a folder the caller owns, on free loopback ports.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';

export const SYSTEM_PROGRAMS = { haproxy: '/usr/sbin/haproxy', prometheus: '/usr/bin/prometheus' } as const;
export type SystemProgram = keyof typeof SYSTEM_PROGRAMS;

/** Why `name` cannot run here (not installed where Debian puts it), or undefined when it can. */
export function missingSystemProgram(name: SystemProgram): string | undefined {
  const path = SYSTEM_PROGRAMS[name];
  if (existsSync(path)) return undefined;
  return `${name} is not installed (no ${path}): it comes from the Debian package "${name}"; run \`node scripts/system-deps.mjs\` as root (pnpm test does), or \`apt-get install ${name}\``;
}

/** A free TCP port on 127.0.0.1 (the kernel's pick, released again for the caller to bind). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** A child process that is killed when stopped, whose stderr is kept for error messages. */
export interface SystemChild {
  readonly child: ChildProcess;
  output(): string;
  /** SIGTERM, then SIGKILL after 5 s; resolves once it exited. */
  stop(): Promise<void>;
}

function startChild(name: string, file: string, args: string[]): SystemChild {
  const child = spawn(file, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer): void => {
    output = (output + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  child.on('error', (error) => (output += `\n${name}: ${error.message}`));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Polls `url` until it answers 200; throws with the child's output when it exits first or `withinMs` pass. */
async function waitReady(name: string, child: SystemChild, url: string, withinMs: number): Promise<void> {
  const deadline = performance.now() + withinMs;
  for (;;) {
    if (child.child.exitCode !== null || child.child.signalCode !== null) {
      throw new Error(`${name} exited (${child.child.exitCode ?? child.child.signalCode}) before it was ready:\n${child.output()}`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1_000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    if (performance.now() > deadline) {
      await child.stop();
      throw new Error(`${name} did not answer 200 at ${url} within ${withinMs} ms:\n${child.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface Backend {
  /** The server's name in HAProxy (its stats, its logs). */
  readonly name: string;
  /** `http://127.0.0.1:PORT` of a serve replica. */
  readonly url: string;
}

export interface HaproxyOptions {
  readonly port: number;
  readonly statsPort: number;
  readonly backends: readonly Backend[];
  /** The route HAProxy's health check GETs; a server is in rotation while it answers 200. */
  readonly checkPath: string;
  /** Health check interval (default 1000 ms). */
  readonly checkIntervalMs?: number;
}

/**
 * The load balancer in front of serve replicas: round robin, an HTTP health check on `checkPath`,
 * and layer-7 retries so that a replica's death costs no request. `retry-on conn-failure
 * empty-response response-timeout 503` with `option redispatch 1` re-sends a request (POST bodies
 * included: HAProxy keeps the request in a buffer for this) to another server when its server
 * refused the connection, closed it without an answer (SIGKILL), timed out, or answered 503 (a
 * replica draining or over --max-inflight). `observe layer4` takes a server out at the first such
 * error, before its health check notices.
 */
export function haproxyConfig(options: HaproxyOptions): string {
  const inter = options.checkIntervalMs ?? 1_000;
  return [
    'global',
    '  maxconn 4096',
    '  nbthread 1',
    '',
    'defaults',
    '  mode http',
    '  timeout connect 1s',
    '  timeout client 30s',
    '  timeout server 30s',
    '  timeout http-keep-alive 10s',
    '  timeout check 2s',
    '  retries 3',
    '  option redispatch 1',
    '  retry-on conn-failure empty-response response-timeout 503',
    '',
    'frontend hookwire',
    `  bind 127.0.0.1:${options.port}`,
    '  default_backend serve',
    '',
    'backend serve',
    '  balance roundrobin',
    '  option httpchk',
    `  http-check send meth GET uri ${options.checkPath}`,
    '  http-check expect status 200',
    `  default-server check inter ${inter}ms fastinter ${Math.min(inter, 250)}ms fall 2 rise 1 observe layer4 error-limit 1 on-error mark-down`,
    ...options.backends.map((backend) => `  server ${backend.name} ${new URL(backend.url).host}`),
    '',
    'listen stats',
    `  bind 127.0.0.1:${options.statsPort}`,
    '  stats enable',
    '  stats uri /stats',
    '',
  ].join('\n');
}

export interface Haproxy extends SystemChild {
  /** `http://127.0.0.1:PORT`: the frontend. */
  readonly url: string;
  readonly config: string;
  /** The backend's rows of HAProxy's stats CSV (each server by name, and `BACKEND`), column by column (`status`, `wretr`: retries, `wredis`: redispatches, ...). */
  stats(): Promise<Record<string, Record<string, string>>>;
  /** Each server's status as HAProxy sees it (`UP`, `DOWN`, `UP 1/2`, ...). */
  serverStates(): Promise<Record<string, string>>;
}

/** Starts `haproxy -db -f DIR/haproxy.cfg`; resolves once its stats page answers. */
export async function startHaproxy(dir: string, options: Omit<HaproxyOptions, 'port' | 'statsPort'>): Promise<Haproxy> {
  const missing = missingSystemProgram('haproxy');
  if (missing !== undefined) throw new Error(missing);
  const port = await freePort();
  const statsPort = await freePort();
  const config = haproxyConfig({ ...options, port, statsPort });
  const file = join(dir, 'haproxy.cfg');
  await writeFile(file, config);
  const child = startChild('haproxy', SYSTEM_PROGRAMS.haproxy, ['-db', '-f', file]);
  const stats = `http://127.0.0.1:${statsPort}/stats`;
  await waitReady('haproxy', child, stats, 10_000);
  const haproxy: Haproxy = {
    ...child,
    url: `http://127.0.0.1:${port}`,
    config,
    async stats() {
      const csv = await (await fetch(`${stats};csv`)).text();
      const [header, ...lines] = csv.replace(/^# /, '').trim().split('\n');
      const columns = header!.split(',');
      const rows: Record<string, Record<string, string>> = {};
      for (const line of lines) {
        const cells = line.split(',');
        if (cells[0] === 'serve') rows[cells[1]!] = Object.fromEntries(columns.map((column, i) => [column, cells[i] ?? '']));
      }
      return rows;
    },
    async serverStates() {
      const rows = await haproxy.stats();
      return Object.fromEntries(options.backends.map((backend) => [backend.name, rows[backend.name]?.status ?? 'missing']));
    },
  };
  return haproxy;
}

export interface PrometheusOptions {
  /** `host:port` of every replica. */
  readonly targets: readonly string[];
  /** A file holding the bearer token the replicas want on /metrics. */
  readonly tokenFile?: string;
  /** Default 1 s. */
  readonly scrapeIntervalSec?: number;
}

/** A scrape config for serve replicas: their /metrics with the bearer token read from a file. */
export function prometheusConfig(options: PrometheusOptions): string {
  const interval = options.scrapeIntervalSec ?? 1;
  return [
    'global:',
    `  scrape_interval: ${interval}s`,
    `  scrape_timeout: ${Math.round(interval * 800)}ms`,
    'scrape_configs:',
    '  - job_name: hookwire-serve',
    '    metrics_path: /metrics',
    ...(options.tokenFile === undefined ? [] : ['    authorization:', '      type: Bearer', `      credentials_file: ${JSON.stringify(options.tokenFile)}`]),
    '    static_configs:',
    `      - targets: [${options.targets.map((target) => JSON.stringify(target)).join(', ')}]`,
    '',
  ].join('\n');
}

export interface PrometheusTarget {
  readonly instance: string;
  readonly health: string;
  readonly lastError: string;
}

export interface Prometheus extends SystemChild {
  readonly url: string;
  readonly config: string;
  /** `/api/v1/targets`: every active target's instance, health (`up`, `down`, `unknown`) and last scrape error. */
  targets(): Promise<PrometheusTarget[]>;
  /** `/api/v1/query`: an instant vector as `{ labels, value }` rows. */
  query(expression: string): Promise<{ labels: Record<string, string>; value: number }[]>;
}

async function api<T>(url: string): Promise<T> {
  const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
  const body = (await response.json()) as { status: string; data: T; error?: string };
  if (response.status !== 200 || body.status !== 'success') throw new Error(`${url}: ${response.status} ${body.error ?? JSON.stringify(body)}`);
  return body.data;
}

/** Starts Prometheus on a free loopback port with its TSDB in `dir`; resolves once `/-/ready` answers. */
export async function startPrometheus(dir: string, options: PrometheusOptions): Promise<Prometheus> {
  const missing = missingSystemProgram('prometheus');
  if (missing !== undefined) throw new Error(missing);
  const port = await freePort();
  const config = prometheusConfig(options);
  const file = join(dir, 'prometheus.yml');
  await writeFile(file, config);
  await mkdir(join(dir, 'tsdb'), { recursive: true });
  const child = startChild('prometheus', SYSTEM_PROGRAMS.prometheus, [
    `--config.file=${file}`,
    `--storage.tsdb.path=${join(dir, 'tsdb')}`,
    `--web.listen-address=127.0.0.1:${port}`,
    '--log.level=warn',
  ]);
  const url = `http://127.0.0.1:${port}`;
  await waitReady('prometheus', child, `${url}/-/ready`, 30_000);
  return {
    ...child,
    url,
    config,
    async targets() {
      const data = await api<{ activeTargets: { labels: Record<string, string>; health: string; lastError: string }[] }>(`${url}/api/v1/targets?state=active`);
      return data.activeTargets.map((target) => ({ instance: target.labels.instance ?? '', health: target.health, lastError: target.lastError }));
    },
    async query(expression) {
      const data = await api<{ resultType: string; result: { metric: Record<string, string>; value: [number, string] }[] }>(`${url}/api/v1/query?query=${encodeURIComponent(expression)}`);
      return data.result.map((row) => ({ labels: row.metric, value: Number(row.value[1]) }));
    },
  };
}

/** CPU seconds (user + system) a process has used so far, from /proc/PID/stat (Linux). */
export async function cpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces, inside parentheses): utime is the 14th field, stime the 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return ticks / CLOCK_TICKS;
}
/** USER_HZ: 100 on every Linux architecture Node runs on. */
const CLOCK_TICKS = 100;
