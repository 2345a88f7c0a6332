import { randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readAuditLine, type AuditRecord } from '@hookwire/runtime';
import { explainRecord } from './explain.js';
import { followFile, type NumberedLine } from './follow-file.js';
import { followServe } from './serve-follow.js';
import { entryOf, type LogEntry } from './log-view.js';
import { UI_SCRIPT, UI_STYLE, UI_PAGE } from './ui-page.js';

/** One decision of the log as the page's timeline and filters use it; the record itself stays in the file. */
interface Indexed {
  entry: LogEntry;
  offset: number;
  bytes: number;
  /** A decision that came from a serve (`--serve`) is kept whole: there is no file to read it back from. */
  record?: AuditRecord;
  /** Every hook that ran and every rule that matched: what the hook filter looks in. */
  hooks: string[];
  /** Lower-cased text the text filter searches: event, tool, decision, who, reason, the tool's input (clipped). */
  haystack: string;
  /** Each hook's run, for the overview: its time, its own decision, its failure's class. */
  runs: { hook: string; ms: number; decision?: string; failure?: string; observe: boolean }[];
  /** The rules that matched and counted (not observed). */
  rules: { rule: string; decision: string }[];
}

/** What the overview shows of the decisions that match the filters. */
export interface Overview {
  /** Decisions per hour (UTC, `2026-12-05T04`), the newest 48 hours that have any. */
  hours: { hour: string; counts: Record<string, number> }[];
  /** Per hook: how often it ran, what it decided, how it failed, how long it took (ms percentiles). */
  hooks: { hook: string; runs: number; decisions: Record<string, number>; failures: Record<string, number>; p50: number; p95: number; p99: number; max: number }[];
  /** Per rule: the denials and asks it made. */
  rules: { rule: string; decisions: Record<string, number> }[];
}

/** The value below which `q` of the sorted values lie (nearest rank). */
function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

const bump = (counts: Record<string, number>, key: string) => {
  counts[key] = (counts[key] ?? 0) + 1;
};

/** The overview of some decisions: counted in one pass, the percentiles from each hook's sorted times. */
export function overviewOf(items: Iterable<Indexed>): Overview {
  const hours = new Map<string, Record<string, number>>();
  const hooks = new Map<string, { runs: number; decisions: Record<string, number>; failures: Record<string, number>; times: number[] }>();
  const rules = new Map<string, Record<string, number>>();
  for (const item of items) {
    const hour = /^\d{4}-\d\d-\d\dT\d\d/.exec(item.entry.ts)?.[0] ?? 'unknown';
    bump(hours.get(hour) ?? hours.set(hour, {}).get(hour)!, item.entry.decision);
    for (const run of item.runs) {
      let stats = hooks.get(run.hook);
      if (stats === undefined) hooks.set(run.hook, (stats = { runs: 0, decisions: {}, failures: {}, times: [] }));
      stats.runs++;
      stats.times.push(run.ms);
      bump(stats.decisions, run.observe ? `${run.decision ?? 'none'} (observed)` : (run.decision ?? 'none'));
      if (run.failure !== undefined) bump(stats.failures, run.failure);
    }
    for (const match of item.rules) bump(rules.get(match.rule) ?? rules.set(match.rule, {}).get(match.rule)!, match.decision);
  }
  return {
    hours: [...hours.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1)).slice(-48).map(([hour, counts]) => ({ hour, counts })),
    hooks: [...hooks.entries()]
      .map(([hook, stats]) => {
        const sorted = stats.times.sort((a, b) => a - b);
        return { hook, runs: stats.runs, decisions: stats.decisions, failures: stats.failures, p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), p99: percentile(sorted, 0.99), max: sorted.at(-1) ?? 0 };
      })
      .sort((a, b) => b.runs - a.runs),
    rules: [...rules.entries()].map(([rule, decisions]) => ({ rule, decisions })).sort((a, b) => Object.values(b.decisions).reduce((x, y) => x + y, 0) - Object.values(a.decisions).reduce((x, y) => x + y, 0)),
  };
}

/** The filters of the timeline, from the query string: each absent one matches everything. */
export interface Filters {
  decision?: string;
  host?: string;
  session?: string;
  hook?: string;
  text?: string;
}

/** The newest records the page gets at once, and replays at once; older ones are a filter away. */
const PAGE_LIMIT = 500;

/** The largest request body the replay route reads (a draft config). */
const MAX_BODY_BYTES = 1024 * 1024;

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error(`the request is larger than ${MAX_BODY_BYTES} bytes`));
        request.destroy();
      } else chunks.push(chunk);
    });
    request.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.once('error', reject);
  });
}

function filtersOf(params: URLSearchParams): Filters {
  const filters: Filters = {};
  for (const key of ['decision', 'host', 'session', 'hook', 'text'] as const) {
    const value = params.get(key)?.trim();
    if (value !== undefined && value !== '') filters[key] = key === 'text' ? value.toLowerCase() : value;
  }
  return filters;
}

/** Whether a decision passes the filters: decision, host and session exactly, hook among its hooks and rules, text anywhere. */
export function matches(item: Indexed, filters: Filters): boolean {
  if (filters.decision !== undefined && item.entry.decision !== filters.decision) return false;
  if (filters.host !== undefined && item.entry.dialect !== filters.host) return false;
  if (filters.session !== undefined && item.entry.session !== filters.session) return false;
  if (filters.hook !== undefined && !item.hooks.includes(filters.hook)) return false;
  if (filters.text !== undefined && !item.haystack.includes(filters.text)) return false;
  return true;
}

function indexOf(line: NumberedLine, record: Parameters<typeof entryOf>[1]): Indexed {
  const entry = entryOf(line.line, record);
  const runs = 'runs' in record ? record.runs : [];
  const hooks = [...new Set(runs.flatMap((run) => [run.hook, ...((run as { rules?: { rule: string }[] }).rules ?? []).map((m) => m.rule)]))];
  const input = 'payload' in record && record.payload !== undefined ? JSON.stringify(record.payload.tool_input ?? record.payload.prompt ?? '').slice(0, 500) : '';
  const haystack = [entry.event, entry.subject, entry.decision, entry.by, entry.reason, input].filter((part) => part !== undefined).join(' ').toLowerCase();
  const compact = runs.map((run) => ({
    hook: run.hook,
    ms: typeof run.durationMs === 'number' ? run.durationMs : 0,
    ...(run.outcome.decision === undefined ? {} : { decision: String(run.outcome.decision) }),
    ...(run.outcome.failure === undefined ? {} : { failure: String(run.outcome.failure.class) }),
    observe: run.mode === 'observe',
  }));
  const matched = runs.flatMap((run) => ((run as { rules?: { rule: string; decision: string; mode?: string }[] }).rules ?? []).filter((m) => m.mode !== 'observe').map((m) => ({ rule: m.rule, decision: m.decision })));
  return { entry, offset: line.offset, bytes: line.bytes, hooks, haystack, runs: compact, rules: matched };
}

export interface UiServer {
  url: string;
  server: Server;
  /** Resolves once what the log held at the start is read (the page says "reading" until then). */
  ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * `hookwire ui`'s server: the page, the timeline (`/api/entries`, filtered, newest first), one
 * decision in full (`/api/entry/N`: the record as logged, payload redacted at write time, and
 * what explain says of it), and new decisions as server-sent events (`/api/events`). Loopback
 * only; every request must name the host it was sent to as loopback (against DNS rebinding) and
 * the data routes carry the token the printed URL holds (against other local users and pages).
 */
/** What the page shows: an audit log file (followed as `log --follow` follows it), or a running serve's decisions (`GET /v1/decisions`). */
export type UiSource = { kind: 'file'; path: string } | { kind: 'serve'; url: string; token: string };

export async function startUiServer(options: { source: UiSource; port?: number; warn: (message: string) => void; pollMs?: number }): Promise<UiServer> {
  const { source } = options;
  // What the page and the warnings name: the file, or the serve.
  const label = source.kind === 'file' ? source.path : source.url;
  const token = randomBytes(18).toString('base64url');
  const items: Indexed[] = [];
  const byLine = new Map<number, Indexed>();
  /** Bumped when the log is read again from its start: the page starts over. */
  let generation = 0;
  const listeners = new Set<{ filters: Filters; response: ServerResponse }>();

  // The page is served while a long log is still read (100,000 records take seconds): it says so, and reloads when done.
  let reading = true;
  const send = (response: ServerResponse, event: string, data: unknown) => response.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  /** What is wrong with the source now (a serve that cannot be followed), for the page's status. */
  let problem: string | undefined;
  const restart = () => {
    items.length = 0;
    byLine.clear();
    generation++;
    for (const listener of listeners) send(listener.response, 'reset', { generation });
  };
  const take = (line: NumberedLine, keep: boolean) => {
    const read = readAuditLine(line.text);
    if (read.kind === 'blank') return;
    if (read.kind === 'invalid') {
      options.warn(`${label}:${line.line}: ${read.message}; skipped`);
      return;
    }
    let item: Indexed;
    try {
      item = indexOf(line, read.record);
    } catch (error) {
      options.warn(`${label}:${line.line}: a record this view cannot read (${(error as Error).message}); skipped`);
      return;
    }
    if (keep && read.kind === 'record') item.record = read.record;
    items.push(item);
    byLine.set(item.entry.line, item);
    // While the log's first read goes on, pages are not sent each of its records: they reload once it is done.
    if (reading) return;
    for (const listener of listeners) if (matches(item, listener.filters)) send(listener.response, 'entry', { entry: item.entry, total: items.length });
  };
  // A serve's decisions are numbered by serve (from 1 per serve instance): that number stands for the line.
  const follower =
    source.kind === 'file'
      ? followFile(source.path, {
          ...(options.pollMs === undefined ? {} : { pollMs: options.pollMs }),
          onNotice: options.warn,
          onRestart: restart,
          onLines: (lines) => {
            for (const line of lines) take(line, false);
          },
        })
      : followServe({
          url: source.url,
          token: source.token,
          // The page says it too: a serve that cannot be followed is not "live".
          onNotice: (message, ok) => {
            options.warn(message);
            problem = ok ? undefined : message;
            for (const listener of listeners) send(listener.response, 'source', { problem: problem ?? null });
          },
          onRestart: restart,
          onRecord: (seq, json) => take({ line: seq, text: json, offset: 0, bytes: 0 }, true),
        });
  const ready = follower.ready.then(() => {
    reading = false;
    for (const listener of listeners) send(listener.response, 'reset', { generation });
  });

  const tokenBytes = Buffer.from(token);
  const authorized = (params: URLSearchParams) => {
    const given = Buffer.from(params.get('token') ?? '');
    return given.length === tokenBytes.length && timingSafeEqual(given, tokenBytes);
  };
  let port = 0;
  const loopbackHosts = () => new Set([`127.0.0.1:${port}`, `localhost:${port}`]);

  const reply = (response: ServerResponse, status: number, type: string, body: string | Buffer) => {
    response.writeHead(status, {
      'content-type': type,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'content-security-policy': "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    });
    response.end(body);
  };
  const json = (response: ServerResponse, status: number, value: unknown) => reply(response, status, 'application/json; charset=utf-8', JSON.stringify(value));

  async function readRecord(item: Indexed): Promise<AuditRecord | undefined> {
    if (item.record !== undefined || source.kind !== 'file') return item.record;
    const handle = await open(source.path, 'r');
    try {
      const buffer = Buffer.alloc(item.bytes);
      await handle.read(buffer, 0, item.bytes, item.offset);
      const read = readAuditLine(buffer.toString('utf8'));
      return read.kind === 'record' ? read.record : undefined;
    } finally {
      await handle.close();
    }
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (!loopbackHosts().has(request.headers.host ?? '')) return reply(response, 403, 'text/plain; charset=utf-8', 'hookwire ui answers only requests addressed to 127.0.0.1 or localhost\n');
    const url = new URL(request.url ?? '/', `http://127.0.0.1:${port}`);
    const method = url.pathname === '/api/replay' ? 'POST' : 'GET';
    if (request.method !== method) return reply(response, 405, 'text/plain; charset=utf-8', `${method} only\n`);
    if (url.pathname === '/') return reply(response, 200, 'text/html; charset=utf-8', UI_PAGE);
    if (url.pathname === '/app.js') return reply(response, 200, 'text/javascript; charset=utf-8', UI_SCRIPT);
    if (url.pathname === '/app.css') return reply(response, 200, 'text/css; charset=utf-8', UI_STYLE);
    if (!url.pathname.startsWith('/api/')) return reply(response, 404, 'text/plain; charset=utf-8', 'not found\n');
    if (!authorized(url.searchParams)) return json(response, 401, { error: 'the URL hookwire ui printed carries a token: open that one' });
    const filters = filtersOf(url.searchParams);
    if (url.pathname === '/api/entries') {
      const found: LogEntry[] = [];
      let matched = 0;
      for (let i = items.length - 1; i >= 0; i--) {
        if (!matches(items[i]!, filters)) continue;
        matched++;
        if (found.length < PAGE_LIMIT) found.push(items[i]!.entry);
      }
      return json(response, 200, { log: label, ...(problem === undefined ? {} : { problem }), generation, reading, total: items.length, matched, entries: found });
    }
    if (url.pathname === '/api/overview') return json(response, 200, overviewOf(items.filter((item) => matches(item, filters))));
    const one = /^\/api\/entry\/(\d+)$/.exec(url.pathname);
    if (one) {
      const item = byLine.get(Number(one[1]));
      if (item === undefined) return json(response, 404, { error: `no decision on line ${one[1]} of the log` });
      if (item.entry.decision === 'bridge-failure') return json(response, 200, { entry: item.entry });
      const record = await readRecord(item);
      if (record === undefined) return json(response, 410, { error: `line ${one[1]} of the log changed since it was read` });
      return json(response, 200, { entry: item.entry, record, explanation: explainRecord(item.entry.line, record) });
    }
    if (url.pathname === '/api/replay') return replayView(request, response, filters);
    if (url.pathname === '/api/events') {
      response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
      send(response, 'hello', { generation });
      const listener = { filters, response };
      listeners.add(listener);
      request.once('close', () => listeners.delete(listener));
      return;
    }
    return json(response, 404, { error: 'not found' });
  }

  /**
   * The replay view: the decisions the timeline shows (the filters' newest {@link PAGE_LIMIT})
   * re-run against a config file, or a draft config given as JSON (written to a file of its own
   * in a temporary folder: relative paths in it resolve there). Its hooks run for real, as
   * `hookwire replay`'s do; only a JSON request carrying the token gets here.
   */
  async function replayView(request: IncomingMessage, response: ServerResponse, filters: Filters): Promise<void> {
    if (!/^application\/json\b/.test(request.headers['content-type'] ?? '')) return json(response, 415, { error: 'send JSON: { "config": "/abs/path.json" } or { "draft": "{...}" }' });
    let body: { config?: unknown; draft?: unknown };
    try {
      body = JSON.parse(await readBody(request)) as typeof body;
    } catch (error) {
      return json(response, 400, { error: `the request is not JSON: ${(error as Error).message}` });
    }
    const draft = typeof body.draft === 'string' && body.draft.trim() !== '' ? body.draft : undefined;
    const config = typeof body.config === 'string' && body.config.trim() !== '' ? body.config.trim() : undefined;
    if ((draft === undefined) === (config === undefined)) return json(response, 400, { error: 'give one of a config file (an absolute path) or a draft config (JSON)' });
    if (config !== undefined && !isAbsolute(config)) return json(response, 400, { error: `the config file must be an absolute path, received ${JSON.stringify(config)}` });
    const chosen: { line: number; record: AuditRecord }[] = [];
    for (let i = items.length - 1; i >= 0 && chosen.length < PAGE_LIMIT; i--) {
      const item = items[i]!;
      if (item.entry.decision === 'bridge-failure' || !matches(item, filters)) continue;
      const record = await readRecord(item);
      if (record !== undefined) chosen.push({ line: item.entry.line, record });
    }
    chosen.reverse();
    const folder = draft === undefined ? undefined : await mkdtemp(join(tmpdir(), 'hookwire-ui-draft-'));
    try {
      let paths: string[];
      if (folder !== undefined) {
        paths = [join(folder, 'draft.json')];
        await writeFile(paths[0]!, draft!);
      } else paths = [config!];
      // Imported here, as `hookwire replay` imports it: one lazy chunk of the executable for both.
      const { replayAgainst } = await import('./replay.js');
      const logger = { warn: (message: string) => options.warn(`replay: warning: ${message}`), error: (message: string) => options.warn(`replay: ${message}`) };
      const replayed = await replayAgainst(paths, chosen, { logger });
      if (!replayed.ok) return json(response, 422, { error: replayed.error.message, diagnostics: replayed.error.diagnostics.map((d) => ({ ...d, ...(d.file === undefined || folder === undefined ? {} : { file: 'draft' }) })) });
      return json(response, 200, { ...replayed.report, entries: Object.fromEntries(replayed.report.changed.map((change) => [change.line, byLine.get(change.line)?.entry])) });
    } finally {
      if (folder !== undefined) await rm(folder, { recursive: true, force: true });
    }
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) json(response, 500, { error: (error as Error).message });
      else response.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  port = typeof address === 'object' && address !== null ? address.port : 0;
  // Each event stream a comment every 15 s: proxies and idle timers see it alive.
  const keepAlive = setInterval(() => {
    for (const listener of listeners) listener.response.write(': keep-alive\n\n');
  }, 15_000);
  keepAlive.unref();
  return {
    url: `http://127.0.0.1:${port}/?token=${token}`,
    server,
    ready,
    async close() {
      clearInterval(keepAlive);
      follower.stop();
      for (const listener of listeners) listener.response.end();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await follower.done;
    },
  };
}
