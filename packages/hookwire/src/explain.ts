import type { AuditFailureRecord, AuditRecord, Logger, RunRecord } from '@hookwire/runtime';
import { decidersOf } from '@hookwire/runtime';
import { describeVerdict } from './diff-runs.js';
import { formatTable } from './format.js';
import { loadAuditLog } from './load-audit-log.js';
import { escapeLine, escapeTerminal } from './terminal-text.js';

export interface ExplainOptions {
  logPath: string;
  /** Only these lines of the log (1-based, as replay and the reader number them); default every line. */
  lines?: number[];
  json: boolean;
  logger: Logger;
  write?: (text: string) => void;
}

/** One hook of a recorded dispatch: what it said, why, and whether it decided. */
export interface ExplainedRun {
  hook: string;
  verdict: string;
  why: string;
  decided: boolean;
  /** Rule hooks: each rule that matched, what it saw and how it reached it. */
  rules?: { rule: string; decision: string; mode: string; matched: string; via?: string[] }[];
}

/** What one line of an audit log says: which hook decided the dispatch and why, or that there was none. */
export type Explanation =
  | { line: number; type: 'dispatch'; event: string; subject?: string; decision: string; continue: boolean; reason?: string; decidedBy: string[]; config: string; runs: ExplainedRun[] }
  | { line: number; type: 'dispatch-failed'; event: string; subject?: string; error: { code: string; message: string } }
  | { line: number; type: 'bridge-failure'; event?: string; error: { code: string; message: string } };

/** A field of a record as one line a terminal shows as it is (payload text can carry control codes). */
const flatten = escapeLine;

/** Why a hook answered as it did: its failure and what onError made of it, else its reason, else its first warning. */
function whyOf(run: RunRecord): string {
  const { outcome } = run;
  if (outcome.failure !== undefined) return flatten(`${outcome.failure.message} (onError ${run.onError ?? 'warn'})`);
  return flatten(outcome.reason ?? outcome.stopReason ?? outcome.warnings[0] ?? '');
}

/** What one dispatch record says (see {@link Explanation}): `explain`, and the decision view of `hookwire ui`. */
export function explainRecord(line: number, record: AuditRecord): Explanation {
  const subject = record.subject === undefined ? {} : { subject: record.subject };
  if (record.outcome === undefined) {
    return { line, type: 'dispatch-failed', event: record.event, ...subject, error: record.error ?? { code: 'HOOKWIRE_INTERNAL', message: 'the record has neither outcome nor error' } };
  }
  const { outcome } = record;
  const decidedBy = decidersOf({ outcome, runs: record.runs });
  const reason = outcome.reason ?? outcome.rawReason;
  return {
    line,
    type: 'dispatch',
    event: record.event,
    ...subject,
    decision: outcome.downgraded ? `${outcome.decision} (downgraded from ${outcome.rawDecision})` : outcome.decision,
    continue: outcome.continue,
    ...(reason === undefined ? {} : { reason: flatten(reason) }),
    decidedBy,
    config: record.config,
    runs: record.runs.map((run) => ({
      hook: run.hook,
      verdict: describeVerdict(run),
      why: whyOf(run),
      decided: decidedBy.includes(run.hook),
      ...(run.rules === undefined ? {} : { rules: run.rules.map((m) => ({ rule: m.rule, decision: m.decision, mode: m.mode ?? 'enforce', matched: m.matched, ...(m.via === undefined ? {} : { via: m.via }) })) }),
    })),
  };
}

function explainFailure(line: number, record: AuditFailureRecord): Explanation {
  return { line, type: 'bridge-failure', ...(record.event === undefined ? {} : { event: record.event }), error: record.error };
}

function formatExplanation(item: Explanation): string {
  const head = `line ${item.line}  ${item.event === undefined ? '(no event)' : flatten(item.event)}${'subject' in item && item.subject !== undefined ? ` ${flatten(item.subject)}` : ''}`;
  if (item.type === 'bridge-failure') return `${head}  bridge failure, no dispatch (${flatten(item.error.code)}): ${flatten(item.error.message)}\n`;
  if (item.type === 'dispatch-failed') return `${head}  the dispatch failed (${flatten(item.error.code)}): ${flatten(item.error.message)}\n`;
  const decided = item.decidedBy.length === 0 ? 'no hook decided' : `decided by ${item.decidedBy.map(flatten).join(', ')}`;
  const out = [`${head}  ${flatten(item.decision)}${item.continue ? '' : ' (stop)'}: ${decided}`];
  if (item.reason !== undefined) out.push(`  reason: ${item.reason}`);
  if (item.runs.length === 0) out.push('  no hook matched');
  else {
    const table = formatTable(['hook', 'verdict', 'why'], item.runs.map((run) => [`${run.decided ? '*' : ' '} ${flatten(run.hook)}`, flatten(run.verdict), run.why]));
    out.push(...table.trimEnd().split('\n').map((row) => `  ${row}`));
    for (const run of item.runs.filter((r) => r.rules !== undefined && r.rules.length > 0)) {
      out.push(`  rules of ${run.hook} that matched:`);
      for (const m of run.rules!) out.push(`    ${m.rule}: ${m.decision}${m.mode === 'observe' ? ' (observe: not counted)' : ''} on ${JSON.stringify(flatten(m.matched))}${m.via === undefined ? '' : ` via ${m.via.join(' → ')}`}`);
    }
  }
  return `${out.join('\n')}\n`;
}

/**
 * `hookwire explain`: which hook decided each recorded dispatch of an audit log, and why, read from
 * the log alone (no hook runs). Exit 0; 2 when the log cannot be read or a line asked for holds no
 * record.
 */
export async function explain(options: ExplainOptions): Promise<number> {
  const write = options.write ?? ((text: string) => process.stdout.write(text));
  const reading = await loadAuditLog(options.logPath, options.logger);
  if (reading === undefined) return 2;
  const all: Explanation[] = reading.failures.map(({ line, record }) => explainFailure(line, record));
  for (const { line, record } of reading.records) {
    // The reader checks a record's frame; what is inside it can still be malformed (a hand-edited
    // or truncated log): the line is named, never a stack trace.
    try {
      const item = explainRecord(line, record);
      formatExplanation(item);
      all.push(item);
    } catch (error) {
      options.logger.error(`${options.logPath}:${line}: a dispatch record explain cannot read (${error instanceof Error ? error.message : String(error)}); fix or remove that line`);
      return 2;
    }
  }
  all.sort((a, b) => a.line - b.line);
  const wanted = options.lines;
  const missing = (wanted ?? []).filter((line) => !all.some((item) => item.line === line));
  if (missing.length > 0) {
    options.logger.error(`${options.logPath}: no record on line ${missing.join(', ')} (the log has records on lines ${all.length === 0 ? 'none' : `${all[0]!.line} to ${all.at(-1)!.line}`})`);
    return 2;
  }
  const chosen = wanted === undefined ? all : all.filter((item) => wanted.includes(item.line));
  write(options.json ? `${escapeTerminal(JSON.stringify(chosen, null, 2), { keepNewlines: true })}\n` : chosen.map(formatExplanation).join('\n'));
  return 0;
}
