import { decidingLabel, describeConfig, readAuditLine, type AuditRecord, type ConfigDescription } from '@hookwire/runtime';
import { lineAt, readTail } from './audit-tail.js';
import { sep } from 'node:path';
import { auditLogPlace } from '@hookwire/session';
import { locateConfig, locateOrgConfig } from './config-location.js';
import { clip } from './format.js';

/**
 * How far back `statusline` looks in the audit log: the last denial within its newest `maxBytes`
 * (2 MiB: thousands of records), failing hooks among its newest `recent` records (what is failing
 * now, not last week). Cheap on a log of any size: bench/figures/statusline.mjs.
 */
export const STATUS_SCAN = { maxBytes: 2 * 1024 * 1024, recent: 50 } as const;

/** What Claude Code sends a `statusLine` command on stdin, as far as the status line reads it. */
export interface StatusInput {
  /** `workspace.project_dir`: where the session started, the project whose `.hookwire.json` applies. */
  projectDir?: string;
}

/** The newest denial, and the hooks whose latest run failed, among the log's newest records. */
export interface LogSummary {
  lastDenial?: { ts: string; subject: string; by: string };
  /** Hooks whose newest run failed, newest first: the failure's class and when. */
  failing: { hook: string; failure: string; ts: string }[];
  /** The newest line is a failure of the bridge itself: no dispatch happened. */
  bridgeFailure?: { ts: string; code: string };
  /** The log could not be read (not there yet is not a problem: nothing was recorded). */
  problem?: string;
  records: number;
}

/** Reads the JSON Claude Code pipes to a status line command; anything else is no input (the line is still printed). */
export function readStatusInput(text: string): StatusInput {
  try {
    const value = JSON.parse(text) as { workspace?: { project_dir?: unknown } } | null;
    const dir = value?.workspace?.project_dir;
    return typeof dir === 'string' && dir !== '' ? { projectDir: dir } : {};
  } catch {
    return {};
  }
}

/**
 * A denial's record holds this exact text outside any string: `JSON.stringify` writes no spaces
 * and escapes every quote inside a string. A line without it need not be parsed to know it holds
 * no denial (a payload's own `decision` key can match too: such a line is parsed and read as any other).
 */
const DENY_TEXT = Buffer.from('"decision":"deny"');

/**
 * Scans the newest records of an audit log ({@link STATUS_SCAN}): the hooks whose newest run among
 * the recent records failed, whether the newest line is a bridge failure, and the last denial. Only
 * the recent records and the lines that hold {@link DENY_TEXT} are parsed; the rest is searched
 * in bytes, so the cost barely grows with the window.
 */
export function summarizeLog(path: string, scan: { maxBytes: number; recent: number } = STATUS_SCAN, within?: string): LogSummary {
  const summary: LogSummary = { failing: [], records: 0 };
  let tail: Buffer;
  try {
    tail = readTail(path, scan.maxBytes);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT') summary.problem = code ?? (error as Error).message;
    return summary;
  }
  const seen = new Set<string>();
  // A log every project writes to (the config's auditLog): only the records of this project count.
  const ours = (record: { cwd?: string }) => within === undefined || (record.cwd !== undefined && (record.cwd === within || record.cwd.startsWith(within.endsWith(sep) ? within : within + sep)));
  const noteDenial = (record: AuditRecord) => {
    if (summary.lastDenial !== undefined || record.outcome?.decision !== 'deny' || record.mode === 'observe') return;
    summary.lastDenial = { ts: record.ts, subject: record.subject ?? record.event, by: decidingLabel({ outcome: record.outcome, runs: record.runs }) ?? 'no hook' };
  };
  // The recent records, newest first: every one parsed.
  let end = tail.length;
  while (end > 0 && summary.records < scan.recent) {
    const { start } = lineAt(tail, end - 1);
    const read = readAuditLine(tail.toString('utf8', start, end));
    end = start - 1;
    if (read.kind === 'blank' || read.kind === 'invalid' || !ours(read.record)) continue;
    summary.records++;
    if (read.kind === 'failure') {
      if (summary.records === 1) summary.bridgeFailure = { ts: read.record.ts, code: read.record.error.code };
      continue;
    }
    for (const run of read.record.runs) {
      if (seen.has(run.hook)) continue;
      seen.add(run.hook);
      if (run.outcome.failure !== undefined) summary.failing.push({ hook: run.hook, failure: run.outcome.failure.class, ts: read.record.ts });
    }
    noteDenial(read.record);
  }
  // Older ones: only the lines that can hold a denial.
  let at = end > 0 ? tail.lastIndexOf(DENY_TEXT, end) : -1;
  while (summary.lastDenial === undefined && at !== -1) {
    const line = lineAt(tail, at);
    const read = readAuditLine(tail.toString('utf8', line.start, line.end));
    if (read.kind === 'record' && ours(read.record)) noteDenial(read.record);
    at = line.start > 1 ? tail.lastIndexOf(DENY_TEXT, line.start - 2) : -1;
  }
  return summary;
}

/** How long ago `ts` was, in the largest whole unit: `12s`, `4m`, `3h`, `2d`. */
export function ago(ts: string, now: number): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(ts)) / 1000));
  if (!Number.isFinite(seconds)) return '?';
  if (seconds < 60) return `${seconds}s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)}h`;
  return `${Math.floor(seconds / 86_400)}d`;
}

/**
 * The status line: guards on or off, the config's revision (the digest the audit log names, first
 * 12 hex digits), and from the log the last denial, a failing hook or a failing bridge. Every
 * field taken from the log is made terminal-safe and clipped: a payload's tool name is the model's.
 */
export function formatStatus(config: ConfigDescription | { ok: false; notFound: string }, log: LogSummary | undefined, now: number): string {
  if (!config.ok) {
    if ('notFound' in config) return 'hookwire OFF — no config found (hookwire init sets one up)';
    const first = config.diagnostics.find((d) => d.severity === 'error') ?? config.diagnostics[0];
    const where = first === undefined ? '' : `${first.file === undefined ? '' : `${first.file.split(/[\\/]/).pop()}#`}${first.path || '/'}: ${first.message}`;
    return `hookwire OFF — config error: ${clip(where, 100)}`;
  }
  const revision = `config ${config.digest.replace(/^sha256:/, '').slice(0, 12)}`;
  const enforced = config.hooks - config.observed;
  const guards = config.hooks === 0 ? 'no hooks' : `${enforced} guard${enforced === 1 ? '' : 's'}${config.observed > 0 ? ` + ${config.observed} observed` : ''}`;
  const parts = [`hookwire ${enforced > 0 ? 'ON' : 'OFF'} · ${guards}`, revision];
  if (log !== undefined) {
    if (log.problem !== undefined) parts.push(`log unreadable: ${clip(log.problem, 30)}`);
    if (log.bridgeFailure !== undefined) parts.push(`bridge failing: ${clip(log.bridgeFailure.code, 40)} ${ago(log.bridgeFailure.ts, now)} ago`);
    if (log.lastDenial !== undefined) parts.push(`last deny ${ago(log.lastDenial.ts, now)} ago: ${clip(log.lastDenial.subject, 30)} by ${clip(log.lastDenial.by, 40)}`);
    const failing = log.failing[0];
    if (failing !== undefined) parts.push(`failing: ${clip(failing.hook, 30)} [${clip(failing.failure, 20)}]${log.failing.length > 1 ? ` +${log.failing.length - 1}` : ''}`);
  }
  return parts.join(' · ');
}

/** `hookwire statusline`: the one line, from the config files (or the lookup from the session's project) and the audit log. */
export async function statusLine(options: { configPaths?: readonly string[]; logPath?: string; input: StatusInput; env: Record<string, string | undefined>; now?: number }): Promise<string> {
  let paths: string[];
  const lookup = { explicit: options.configPaths, env: options.env, ...(options.input.projectDir === undefined ? {} : { cwd: options.input.projectDir }) };
  const orgPaths = locateOrgConfig(lookup);
  try {
    paths = locateConfig({ ...lookup, allowNone: orgPaths.length > 0 });
  } catch {
    return formatStatus({ ok: false, notFound: 'no config' }, undefined, options.now ?? Date.now());
  }
  const config = await describeConfig(paths, orgPaths);
  let log: LogSummary | undefined;
  if (options.logPath !== undefined) log = summarizeLog(options.logPath);
  else if (config.ok) {
    // The config's auditLog: one file for every project, so only this project's records (by their cwd).
    const place = auditLogPlace(config.auditLog, options.env);
    const project = options.env.CLAUDE_PROJECT_DIR || options.input.projectDir || process.cwd();
    if (place !== undefined) log = summarizeLog(place.path, STATUS_SCAN, project);
  }
  return formatStatus(config, log, options.now ?? Date.now());
}
