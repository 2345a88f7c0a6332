import { decidersOf, decidingLabel, readAuditLine, type AuditFailureRecord, type AuditRecord } from '@hookwire/runtime';
import { onStopSignals } from '@hookwire/session';
import { followFile, readLines, type NumberedLine } from './follow-file.js';
import { clip } from './format.js';
import { escapeLine, escapeTerminal } from './terminal-text.js';

/** One decision of an audit log as `hookwire log` shows it (its `--json` lines are these). */
export interface LogEntry {
  /** The line of the log: `hookwire explain --line N` tells the rest. */
  line: number;
  ts: string;
  dialect: string;
  event?: string;
  subject?: string;
  /** The host's session (the payload's `session_id`), when the record has it. */
  session?: string;
  /** `allow`, `deny`, `ask`, `none`; `error` when the dispatch failed; `bridge-failure` when nothing was dispatched. */
  decision: string;
  /** The decision the host could not take, when it was downgraded (a deny on an event that cannot be blocked). */
  downgradedFrom?: string;
  /** The whole config ran in observe mode: nothing counted. */
  observe?: true;
  decidedBy: string[];
  /** The deciding hook, with the rule for a rule hook: `guard`, `rules (no-rm-rf)`. */
  by?: string;
  /** The outcome's reason, or the error's code and message. */
  reason?: string;
}

/** What a line of the log says, in the few fields a line on a terminal has room for. */
export function entryOf(line: number, record: AuditRecord | AuditFailureRecord): LogEntry {
  const where = { line, ts: String(record.ts), dialect: String(record.dialect), ...(record.event === undefined ? {} : { event: String(record.event) }) };
  if ('type' in record && record.type === 'bridge-failure') {
    return { ...where, decision: 'bridge-failure', decidedBy: [], reason: `${record.error.code}: ${record.error.message}` };
  }
  const dispatch = record as AuditRecord;
  const session = dispatch.payload?.session_id;
  const subject = { ...(dispatch.subject === undefined ? {} : { subject: String(dispatch.subject) }), ...(typeof session === 'string' ? { session } : {}) };
  const observe = dispatch.mode === 'observe' ? { observe: true as const } : {};
  if (dispatch.outcome === undefined) {
    const error = dispatch.error ?? { code: 'HOOKWIRE_INTERNAL', message: 'the record has neither outcome nor error' };
    return { ...where, ...subject, ...observe, decision: 'error', decidedBy: [], reason: `${error.code}: ${error.message}` };
  }
  const { outcome } = dispatch;
  const result = { outcome, runs: dispatch.runs };
  const by = decidingLabel(result);
  const reason = outcome.reason ?? outcome.rawReason;
  return {
    ...where,
    ...subject,
    ...observe,
    decision: String(outcome.decision),
    ...(outcome.downgraded && outcome.rawDecision !== undefined ? { downgradedFrom: String(outcome.rawDecision) } : {}),
    decidedBy: decidersOf(result),
    ...(by === undefined ? {} : { by }),
    ...(reason === undefined ? {} : { reason: String(reason) }),
  };
}

/** The time of a record as a line shows it: `2026-12-05 04:51:32Z` (UTC, to the second). */
function timeOf(ts: string): string {
  const match = /^(\d{4}-\d\d-\d\d)T(\d\d:\d\d:\d\d)(?:\.\d+)?Z$/.exec(ts);
  return match ? `${match[1]} ${match[2]}Z` : clip(ts, 24);
}

/**
 * One terminal-safe line: time, log line, host dialect, event and subject, decision, who decided
 * and why (clipped). Every field from the log is escaped: payload text can carry control codes.
 */
export function formatEntry(entry: LogEntry): string {
  const decision = `${entry.decision}${entry.downgradedFrom === undefined ? '' : ` (was ${entry.downgradedFrom})`}${entry.observe ? ' (observe)' : ''}`;
  const what = [entry.dialect, entry.event ?? '-', entry.subject].filter((part) => part !== undefined).map((part) => clip(part, 40)).join(' ');
  const why = [entry.by === undefined ? undefined : `by ${clip(entry.by, 60)}`, entry.reason === undefined || entry.reason === '' ? undefined : clip(entry.reason, 100)].filter((part) => part !== undefined).join(': ');
  return [timeOf(entry.ts), `#${entry.line}`, what, escapeLine(decision).padEnd(5), why].filter((part) => part !== '').join('  ').trimEnd();
}

export interface LogViewOptions {
  logPath: string;
  follow: boolean;
  /** Only the last N decisions already in the log (default all; 10 with `follow`). */
  last?: number;
  json: boolean;
  write?: (text: string) => boolean | void;
  /** Problems and notices, one line each. */
  warn: (message: string) => void;
  pollMs?: number;
}

/**
 * `hookwire log`: the audit log's decisions, one line each; with `follow`, then each one appended,
 * until a stop signal (exit 0). A line that is not a record is named on stderr and skipped (a
 * viewer shows what it can: `explain` and `replay`, gates, refuse such a log); exit 1 then when
 * the log was read to its end, 2 when it cannot be read.
 */
export async function viewLog(options: LogViewOptions): Promise<number> {
  const write = options.write ?? ((text: string) => process.stdout.write(text));
  let bad = 0;
  const render = (entry: LogEntry) => (options.json ? escapeTerminal(JSON.stringify(entry)) : formatEntry(entry));
  const entriesOf = (lines: NumberedLine[]): string[] => {
    const out: string[] = [];
    for (const { line, text } of lines) {
      const read = readAuditLine(text);
      if (read.kind === 'blank') continue;
      if (read.kind === 'invalid') {
        bad++;
        options.warn(`${options.logPath}:${line}: ${read.message}; skipped`);
        continue;
      }
      try {
        out.push(render(entryOf(line, read.record)));
      } catch (error) {
        bad++;
        options.warn(`${options.logPath}:${line}: a record this view cannot read (${error instanceof Error ? error.message : String(error)}); skipped`);
      }
    }
    return out;
  };
  const last = options.last ?? (options.follow ? 10 : undefined);
  // A reader that went away (`hookwire log | head`) ends the view, exit 0: it saw what it wanted.
  let closed = false;
  let onClosed = () => {};
  const onPipeError = () => {
    closed = true;
    onClosed();
  };
  process.stdout.on('error', onPipeError);
  try {
    return await (options.follow ? follow() : readOnce());
  } finally {
    process.stdout.off('error', onPipeError);
  }

  async function readOnce(): Promise<number> {
    // Without --last every line is written as it is read; with it only the newest are kept.
    const kept: string[] = [];
    try {
      await readLines(options.logPath, (lines) => {
        if (closed) return false;
        const out = entriesOf(lines);
        if (last === undefined) {
          if (out.length > 0) write(`${out.join('\n')}\n`);
        } else {
          kept.push(...out);
          if (kept.length > last) kept.splice(0, kept.length - last);
        }
      });
    } catch (error) {
      options.warn(`cannot read the audit log ${options.logPath}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
      return 2;
    }
    if (kept.length > 0 && !closed) write(`${kept.join('\n')}\n`);
    return closed || bad === 0 ? 0 : 1;
  }

  /** The file's lines as they are (only the last N of what is there at the start), then each new one. */
  async function follow(): Promise<number> {
    let started = false;
    const backlog: string[] = [];
    const follower = followFile(options.logPath, {
      ...(options.pollMs === undefined ? {} : { pollMs: options.pollMs }),
      onNotice: (message) => options.warn(message),
      onLines: (lines) => {
        const out = entriesOf(lines);
        if (!started) {
          backlog.push(...out);
          if (last !== undefined && backlog.length > last) backlog.splice(0, backlog.length - last);
          return;
        }
        if (out.length > 0 && !closed) write(`${out.join('\n')}\n`);
      },
    });
    // The first read covers what the file holds now; what comes after it is new.
    await follower.ready;
    started = true;
    if (backlog.length > 0) write(`${backlog.join('\n')}\n`);
    const stopListening = onStopSignals(() => follower.stop());
    onClosed = () => follower.stop();
    if (closed) follower.stop();
    await follower.done;
    stopListening();
    return 0;
  }
}
