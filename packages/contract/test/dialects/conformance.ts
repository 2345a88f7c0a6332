import type { Outcome } from '@hookwire/fold';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DIALECTS, capabilitiesOf, readAnswerIn, readPayloadIn, renderOutcome, renderPayload, resolveEventIn, type DialectName } from '../../src/dialects/index.js';
import { CANONICAL_EVENT_NAMES, isCanonicalEvent, type CanonicalEvent } from '../../src/events.js';
import type { HandlerResult, ProcessEnd } from '../../src/handler-result.js';
import { normalizePayload } from '../../src/payload.js';

/** One row of a host's observed or documented behaviour, as a vector: where it comes from, and what the dialect must do. */
export type DialectVector =
  | { row: string; payload: { raw: Record<string, unknown>; eventName?: string }; expected: { event: CanonicalEvent; payload: Record<string, unknown> } | undefined }
  | { row: string; answer: { event: CanonicalEvent; end: ProcessEnd; stdout?: string; stderr?: string }; expected: Partial<HandlerResult> }
  | { row: string; outcome: { event: CanonicalEvent; outcome: Partial<Outcome>; passAllow?: boolean; eventName?: string }; expected: { stdout: string; downgrades?: string[]; exitCode?: number; stderr?: string } };

export interface DialectCase {
  dialect: DialectName;
  /** Whether the dialect's answers are planned by planOutcome (its downgrades follow its capability table). */
  planned: boolean;
  /**
   * Whether the host reads answers by exit code and plain text (Letta Code: a deny is exit 2 with
   * the reason on stderr, context plain stdout) rather than one JSON object on exit 0.
   */
  plainAnswers?: boolean;
  /** A realistic canonical payload per event, for the round trips. */
  samples?: Partial<Record<CanonicalEvent, Record<string, unknown>>>;
  vectors: DialectVector[];
}

export function outcomeOf(fields: Partial<Outcome>): Outcome {
  return { decision: 'none', continue: true, additionalContext: [], systemMessage: [], downgraded: false, ...fields };
}

const exit = (code: number): ProcessEnd => ({ type: 'exit', code });
export { exit };

const HOSTILE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hook_event_name', 'tool_name', 'toolName', 'toolArgs', 'tool_input', 'timestamp', 'hookName', 'command'];
const keyArb = fc.oneof(fc.constantFrom(...HOSTILE_KEYS), fc.string());
const jsonRecordArb = fc.dictionary(keyArb, fc.jsonValue(), { maxKeys: 8 });
const anyNameArb = fc.oneof(fc.constantFrom(undefined, '__proto__', 'constructor', 'PreToolUse', 'preToolUse', 'BeforeTool', 'beforeShellExecution', 'tool:before'), fc.string());
const endArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer({ min: -1, max: 300 }).map(exit),
  fc.constant({ type: 'failed', failure: { class: 'timeout', message: 'timed out' } }),
  fc.constant({ type: 'exit', code: Number.NaN }),
  fc.constant(undefined),
  fc.anything(),
);
const stdoutArb = fc.oneof(fc.string(), fc.jsonValue().map((value) => JSON.stringify(value)), jsonRecordArb.map((value) => JSON.stringify(value)));
const outcomeArb: fc.Arbitrary<Outcome> = fc.record({
  decision: fc.constantFrom<Outcome['decision']>('none', 'allow', 'ask', 'deny'),
  reason: fc.option(fc.string(), { nil: undefined }),
  continue: fc.boolean(),
  stopReason: fc.option(fc.string(), { nil: undefined }),
  additionalContext: fc.array(fc.string(), { maxLength: 3 }),
  systemMessage: fc.array(fc.string(), { maxLength: 3 }),
  downgraded: fc.boolean(),
  rawDecision: fc.option(fc.constantFrom<'deny' | 'ask'>('deny', 'ask'), { nil: undefined }),
  rawReason: fc.option(fc.string(), { nil: undefined }),
}).map((o) => Object.fromEntries(Object.entries(o).filter(([, value]) => value !== undefined)) as unknown as Outcome);

/** Whether every field of `part` is in `whole` with an equal value (deep, for objects). */
function expectSubset(whole: Record<string, unknown>, part: Record<string, unknown>): void {
  for (const key of Object.keys(part)) expect({ key, value: whole[key] }).toEqual({ key, value: part[key] });
}

/**
 * The dialect conformance suite: run for every dialect (dialects.test.ts), the way the executors
 * share one. Vectors from each host's observed and documented behaviour, round trips, and the
 * property that no input makes any of a dialect's readers or writers throw.
 */
export function describeDialect(testCase: DialectCase): void {
  const { dialect } = testCase;
  const spec = DIALECTS[dialect];

  describe(`dialect ${dialect} (${spec.host})`, () => {
    it('names every event it has once, resolves its names to them, and has a capability row exactly for them', () => {
      for (const event of CANONICAL_EVENT_NAMES) {
        const name = spec.events[event];
        expect({ event, has: capabilitiesOf(dialect, event) !== undefined }).toEqual({ event, has: name !== undefined });
        if (name !== undefined) expect(resolveEventIn(dialect, name)).toBe(event);
      }
      for (const [alias, event] of Object.entries(spec.aliases)) expect(resolveEventIn(dialect, alias)).toBe(event);
      const names = Object.values(spec.events);
      expect(new Set(names).size).toBe(names.length);
    });

    const vectors = testCase.vectors;
    it.each(vectors.map((vector) => [vector.row, vector] as const))('%s', (_row, vector) => {
      if ('payload' in vector) {
        const read = readPayloadIn(dialect, vector.payload.raw, vector.payload.eventName);
        if (vector.expected === undefined) expect(read).toBeUndefined();
        else {
          expect(read?.event).toBe(vector.expected.event);
          expectSubset(read!.payload, vector.expected.payload);
        }
      } else if ('answer' in vector) {
        const { event, end, stdout = '', stderr = '' } = vector.answer;
        const result = readAnswerIn(dialect, { end, stdout, stderr, eventName: spec.events[event] ?? event, event });
        expectSubset(result as unknown as Record<string, unknown>, vector.expected as Record<string, unknown>);
        for (const key of ['decision', 'reason', 'additionalContext'] as const) if (!(key in vector.expected)) expect({ key, value: result[key] }).toEqual({ key, value: undefined });
      } else {
        const { event, outcome, passAllow = false, eventName } = vector.outcome;
        const answer = renderOutcome(dialect, event, outcomeOf(outcome), { passAllow, ...(eventName === undefined ? {} : { eventName }) });
        expect({ exitCode: answer.exitCode, stdout: answer.stdout, stderr: answer.stderr }).toEqual({ exitCode: vector.expected.exitCode ?? 0, stdout: vector.expected.stdout, stderr: vector.expected.stderr });
        expect(answer.downgrades).toEqual(vector.expected.downgrades);
      }
    });

    it('reads back what it renders: render, then readPayload, gives the event and the canonical payload', () => {
      for (const event of CANONICAL_EVENT_NAMES) {
        if (spec.events[event] === undefined) continue;
        const sample = testCase.samples?.[event] ?? { prompt: 'hi', source: 'startup', agent_type: 'Explore', reason: 'other', trigger: 'auto', notification_type: 'idle_prompt' };
        const canonical = normalizePayload(event, { session_id: 's-1', transcript_path: '/t.jsonl', cwd: '/work', ...sample }, { cwd: '/work' });
        const text = renderPayload(dialect, event, canonical, new Date('2026-12-01T00:00:00.000Z'));
        expect(text.endsWith('\n')).toBe(spec.newline);
        const read = readPayloadIn(dialect, JSON.parse(text) as Record<string, unknown>, spec.events[event]);
        expect({ event, read: read?.event }).toEqual({ event, read: event });
        const { hook_event_name: _name, ...rest } = canonical;
        expectSubset(read!.payload, rest);
      }
    });

    it('never throws reading any payload, and whatever it reads is a canonical event named in the dialect', () => {
      fc.assert(
        fc.property(jsonRecordArb, anyNameArb, (raw, name) => {
          const read = readPayloadIn(dialect, raw, name);
          if (read === undefined) return;
          expect(isCanonicalEvent(read.event)).toBe(true);
          expect(resolveEventIn(dialect, read.eventName)).toBe(read.event);
          expect(typeof read.payload).toBe('object');
        }),
      );
    });

    it('never throws reading any answer, and always says something well formed', () => {
      fc.assert(
        fc.property(endArb, stdoutArb, fc.string(), fc.constantFrom(...CANONICAL_EVENT_NAMES), fc.boolean(), (end, stdout, stderr, event, truncated) => {
          const result = readAnswerIn(dialect, { end: end as ProcessEnd, stdout, stderr, eventName: spec.events[event] ?? event, event, stdoutTruncated: truncated });
          expect(Array.isArray(result.warnings)).toBe(true);
          if (result.decision !== undefined) expect(['allow', 'ask', 'deny']).toContain(result.decision);
          if (result.failure !== undefined) expect(result.decision).toBeUndefined();
        }),
      );
    });

    it('never throws rendering any payload or outcome; an answer is nothing or one JSON object on one line', () => {
      fc.assert(
        fc.property(fc.constantFrom(...CANONICAL_EVENT_NAMES), jsonRecordArb, outcomeArb, fc.boolean(), (event, payload, outcome, passAllow) => {
          JSON.parse(renderPayload(dialect, event, normalizePayload(event, payload, { cwd: '/' })));
          const answer = renderOutcome(dialect, event, outcome, { passAllow });
          if (testCase.plainAnswers === true) {
            expect([0, 2]).toContain(answer.exitCode);
            if (answer.exitCode === 2) expect({ stdout: answer.stdout, stderrEndsLine: answer.stderr?.endsWith('\n') }).toEqual({ stdout: '', stderrEndsLine: true });
            else expect(answer.stdout === '' || answer.stdout.endsWith('\n')).toBe(true);
            return;
          }
          expect(answer.exitCode).toBe(0);
          if (answer.stdout !== '') {
            expect(answer.stdout.endsWith('\n')).toBe(true);
            expect(answer.stdout.slice(0, -1)).not.toContain('\n');
            expect(typeof JSON.parse(answer.stdout)).toBe('object');
          }
          if (answer.downgrades !== undefined) expect(answer.downgrades.length).toBeGreaterThan(0);
        }),
      );
    });

    if (testCase.planned) {
      it('records a downgrade whenever a deny, an ask, context or a stop meets an event whose capability row lacks it', () => {
        for (const event of CANONICAL_EVENT_NAMES) {
          const caps = capabilitiesOf(dialect, event);
          if (caps === undefined) continue;
          const cases: [Partial<Outcome>, boolean][] = [
            [{ decision: 'deny', reason: 'r' }, caps.block],
            [{ decision: 'ask', reason: 'r' }, caps.ask],
            // On Stop and SubagentStop, context keeps the turn going (Claude Code ≥ 2.1.163): a host that can block there carries it as a block.
            [{ additionalContext: ['c'] }, caps.context || ((event === 'turn:stop' || event === 'subagent:end') && caps.block)],
            // On Stop and SubagentStop the agent stops anyway: continue: false keeps its effect with no field for it.
            [{ continue: false }, caps.stop || event === 'turn:stop' || event === 'subagent:end'],
          ];
          for (const [fields, able] of cases) {
            const answer = renderOutcome(dialect, event, outcomeOf(fields), { passAllow: false });
            expect({ event, fields, downgraded: answer.downgrades !== undefined }).toEqual({ event, fields, downgraded: !able });
          }
        }
      });
    }
  });
}
