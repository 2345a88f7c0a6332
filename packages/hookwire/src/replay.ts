import { existsSync } from 'node:fs';
import { ConfigError, type HandlerResult } from '@hookwire/contract';
import { createRuntime, type AuditRecord, type DispatchResult, type Logger, type Runtime } from '@hookwire/runtime';
import { diffRuns, type HookChange } from './diff-runs.js';
import { formatDiagnostics } from './format.js';
import { loadAuditLog } from './load-audit-log.js';
import { escapeLine, escapeTerminal } from './terminal-text.js';

export interface ReplayOptions {
  logPath: string;
  configPaths: string[];
  json: boolean;
  /** Run only these hooks; the others answer as they did in the log. */
  only?: string[];
  /** Do not run these hooks; they answer as they did in the log. */
  skip?: string[];
  logger: Logger;
  write?: (text: string) => void;
}

type Outcome = DispatchResult['outcome'];

/** A decision as replay compares it. */
export interface DecisionSummary {
  decision: Outcome['decision'];
  continue: boolean;
  reason?: string;
}

/** A recorded dispatch whose decision came out differently. */
export interface ReplayChange {
  line: number;
  event: string;
  subject?: string;
  before: DecisionSummary;
  after: DecisionSummary;
  /** The hooks whose answers differ: the ones that made the difference. */
  hooks: HookChange[];
}

export interface ReplayReport {
  /** `sha256:` digest of the config replayed against. */
  config: string;
  records: number;
  replayed: number;
  changed: ReplayChange[];
  unchanged: number;
  /** Records with nothing to compare: the dispatch failed when it was recorded. */
  skipped: { line: number; why: string }[];
  /** Records that could not be replayed: no payload in the log, or the dispatch fails now. */
  failed: { line: number; why: string }[];
  /** Lines that record a failure of the bridge (`run --log`): nothing was dispatched, so nothing is replayed. */
  bridgeFailures: { line: number; code: string }[];
}

function decisionOf(outcome: Outcome): DecisionSummary {
  return { decision: outcome.decision, continue: outcome.continue, ...(outcome.reason === undefined ? {} : { reason: outcome.reason }) };
}

function describeDecision(decision: DecisionSummary): string {
  return `${decision.decision}${decision.continue ? '' : ' (stop)'}`;
}

/** The hooks replay must not run answer as the log recorded them (or, if the log has no run of theirs, not at all). */
function standInOf(record: AuditRecord, only: string[] | undefined, skip: string[] | undefined): ((hookId: string) => HandlerResult | undefined) | undefined {
  if (only === undefined && skip === undefined) return undefined;
  return (hookId) => {
    const runs = (only === undefined || only.includes(hookId)) && !(skip ?? []).includes(hookId);
    if (runs) return undefined;
    const recorded = record.runs.find((run) => run.hook === hookId);
    return recorded?.outcome ?? { warnings: ['not run by replay (--only/--skip), and the log has no run of it to stand in'] };
  };
}

async function replayRecord(runtime: Runtime, line: number, record: AuditRecord, options: Pick<ReplayOptions, 'only' | 'skip'>, report: ReplayReport): Promise<void> {
  if (record.outcome === undefined) {
    report.skipped.push({ line, why: `the dispatch failed when recorded${record.error ? ` (${record.error.code})` : ''}: no decision to compare` });
    return;
  }
  if (record.payload === undefined) {
    report.failed.push({ line, why: 'the log left the payload out (--log-omit-payloads): nothing to replay' });
    return;
  }
  const standIn = standInOf(record, options.only, options.skip);
  let result;
  try {
    // The payload was recorded in the canonical form (a host's own form is read into it first), so it is replayed as the canonical event.
    result = await runtime.dispatch(record.canonical, record.payload, {
      ...(record.subject === undefined ? {} : { subject: record.subject }),
      ...(typeof record.cwd === 'string' && existsSync(record.cwd) ? { cwd: record.cwd } : {}),
      ...(standIn === undefined ? {} : { standIn }),
    });
  } catch (error) {
    report.failed.push({ line, why: `the dispatch fails now: ${error instanceof Error ? error.message : String(error)}` });
    return;
  }
  report.replayed++;
  const before = decisionOf(record.outcome);
  const after = decisionOf(result.outcome);
  if (before.decision === after.decision && before.continue === after.continue) {
    report.unchanged++;
    return;
  }
  report.changed.push({ line, event: record.event, ...(record.subject === undefined ? {} : { subject: record.subject }), before, after, hooks: diffRuns(record.runs, result.runs) });
}

/** A field from a log or a hook as one line a terminal shows as it is (it can carry control codes). */
const shown = escapeLine;

function formatReport(report: ReplayReport): string {
  const out: string[] = [];
  for (const change of report.changed) {
    out.push(`line ${change.line}  ${shown(change.event)}${change.subject === undefined ? '' : ` ${shown(change.subject)}`}  ${shown(describeDecision(change.before))} -> ${shown(describeDecision(change.after))}`);
    for (const hook of change.hooks) out.push(`  ${shown(hook.hook)}: ${shown(hook.before)} -> ${shown(hook.after)}`);
    if (change.before.reason !== undefined) out.push(`  reason before: ${shown(change.before.reason)}`);
    if (change.after.reason !== undefined) out.push(`  reason after:  ${shown(change.after.reason)}`);
  }
  for (const item of report.failed) out.push(`line ${item.line}  not replayed: ${shown(item.why)}`);
  for (const item of report.skipped) out.push(`line ${item.line}  skipped: ${shown(item.why)}`);
  const notes = [`${report.changed.length} changed`, `${report.unchanged} unchanged`];
  if (report.failed.length > 0) notes.push(`${report.failed.length} not replayed`);
  if (report.skipped.length > 0) notes.push(`${report.skipped.length} skipped`);
  const failures = report.bridgeFailures.length;
  if (failures > 0) notes.push(failures === 1 ? '1 line was a bridge failure, not a dispatch' : `${failures} lines were bridge failures, not dispatches`);
  out.push(`replayed ${report.replayed} of ${report.records} recorded dispatch${report.records === 1 ? '' : 'es'} against ${report.config}: ${notes.join(', ')}`);
  return `${out.join('\n')}\n`;
}

/**
 * Re-runs dispatch records against a config (files, layered): the report (its `bridgeFailures`
 * left for the caller, who read the log), or the config's error. Replayed hooks run for real.
 * `hookwire replay`, and the replay view of `hookwire ui`.
 */
export async function replayAgainst(
  configPaths: readonly string[],
  records: readonly { line: number; record: AuditRecord }[],
  options: Pick<ReplayOptions, 'only' | 'skip' | 'logger'>,
): Promise<{ ok: true; report: ReplayReport } | { ok: false; error: ConfigError }> {
  let runtime: Runtime;
  try {
    runtime = await createRuntime({ configPath: configPaths, logger: options.logger });
  } catch (error) {
    if (error instanceof ConfigError) return { ok: false, error };
    throw error;
  }
  const report: ReplayReport = { config: runtime.configDigest, records: records.length, replayed: 0, changed: [], unchanged: 0, skipped: [], failed: [], bridgeFailures: [] };
  try {
    for (const { line, record } of records) await replayRecord(runtime, line, record, options, report);
  } finally {
    await runtime.close();
  }
  return { ok: true, report };
}

/**
 * `hookwire replay`: re-runs the dispatches of an audit log against a config and reports the ones
 * whose decision changed, with the hooks that made the difference. Exit 1 when any decision
 * changed; else 2 when a record could not be replayed (or the log or config could not be read);
 * else 0. Replayed hooks run for real: commands execute, webhooks are called.
 */
export async function replay(options: ReplayOptions): Promise<number> {
  const write = options.write ?? ((text: string) => process.stdout.write(text));
  const { logger } = options;
  const reading = await loadAuditLog(options.logPath, logger);
  if (reading === undefined) return 2;
  const replayed = await replayAgainst(options.configPaths, reading.records, options);
  if (!replayed.ok) {
    process.stderr.write(formatDiagnostics(replayed.error.diagnostics));
    logger.error(replayed.error.message);
    return 2;
  }
  const report: ReplayReport = { ...replayed.report, bridgeFailures: reading.failures.map(({ line, record }) => ({ line, code: record.error.code })) };
  write(options.json ? `${escapeTerminal(JSON.stringify(report, null, 2), { keepNewlines: true })}\n` : formatReport(report));
  if (report.changed.length > 0) return 1;
  return report.failed.length > 0 ? 2 : 0;
}
