import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DIALECTS, DIALECT_NAMES, eventNameIn, renderPayload, resolveEvent } from '../src/dialects/index.js';
import { CANONICAL_EVENT_NAMES, deriveSubject, eventTraits } from '../src/events.js';
import { FAILURE_CLASSES, type HandlerResult } from '../src/handler-result.js';
import { parseOracleAnswer } from '../src/oracle.js';
import { normalizePayload } from '../src/payload.js';
import { interpretResponse, readStdout, type ResponseInput } from '../src/response.js';

const anything = fc.anything({
  withBigInt: true,
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withNullPrototype: true,
  withObjectString: true,
  withSet: true,
  withSparseArray: true,
  withTypedArray: true,
});
const canonicalArb = fc.constantFrom(...CANONICAL_EVENT_NAMES);
const dialectArb = fc.constantFrom(...DIALECT_NAMES);
const knownNameArb = fc.tuple(dialectArb, canonicalArb).map(([dialect, event]) => eventNameIn(dialect, event));
const eventNameArb = fc.oneof(knownNameArb, fc.string());
const RECOGNISED = ['decision', 'reason', 'continue', 'stopReason', 'systemMessage', 'additionalContext', 'hookSpecificOutput', 'ok'];
const answerValueArb = fc.oneof(
  fc.jsonValue(),
  fc.constantFrom('approve', 'block', 'allow', 'deny', 'ask', true, false, null),
);
/** A JSON object using the recognised keys (and a few others) with values of every type. */
const answerArb: fc.Arbitrary<Record<string, unknown>> = fc.record(
  {
    ...Object.fromEntries(RECOGNISED.map((key) => [key, answerValueArb])),
    hookSpecificOutput: fc.oneof(
      answerValueArb,
      fc.record(
        {
          hookEventName: fc.oneof(knownNameArb, answerValueArb),
          permissionDecision: answerValueArb,
          permissionDecisionReason: answerValueArb,
          additionalContext: answerValueArb,
          updatedInput: answerValueArb,
        },
        { requiredKeys: [] },
      ),
    ),
    extra: fc.jsonValue(),
  },
  { requiredKeys: [] },
);
const stdoutArb = fc.oneof(
  fc.string(),
  fc.jsonValue().map((value) => JSON.stringify(value)),
  answerArb.map((value) => JSON.stringify(value)),
  fc.tuple(fc.stringMatching(/^\s*$/), answerArb).map(([space, value]) => space + JSON.stringify(value)),
  fc.tuple(answerArb, fc.nat()).map(([value, cut]) => JSON.stringify(value).slice(0, cut)),
);
const failureArb = fc.record({ class: fc.constantFrom(...FAILURE_CLASSES), message: fc.string() });
const endArb = fc.oneof(
  fc.record({ type: fc.constant('exit'), code: fc.oneof(fc.constantFrom(0, 1, 2, 3, 127, 255, -1), fc.integer()) }),
  fc.record({ type: fc.constant('exit'), code: anything }),
  fc.record({ type: fc.constant('failed'), failure: failureArb }),
  fc.record({ type: fc.constant('failed'), failure: anything }),
  anything,
);
const inputArb = fc.record(
  {
    end: endArb,
    stdout: fc.oneof(stdoutArb, anything),
    stderr: fc.oneof(fc.string(), anything),
    eventName: fc.oneof(eventNameArb, anything),
    stdoutTruncated: fc.oneof(fc.boolean(), anything),
    acceptOracleForm: fc.oneof(fc.boolean(), anything),
  },
  { requiredKeys: [] },
);

/** What every handler result must look like, whatever it was read from. */
function expectWellFormed(result: HandlerResult): void {
  expect(Array.isArray(result.warnings)).toBe(true);
  expect(result.warnings.every((warning) => typeof warning === 'string' && warning !== '')).toBe(true);
  if ('decision' in result) expect(['allow', 'ask', 'deny']).toContain(result.decision);
  for (const [key, value] of Object.entries(result)) expect([key, value]).not.toEqual([key, undefined]);
  for (const key of ['reason', 'stopReason'] as const) if (key in result) expect(typeof result[key]).toBe('string');
  if ('continue' in result) expect(typeof result.continue).toBe('boolean');
  for (const key of ['additionalContext', 'systemMessage'] as const) {
    if (key in result) {
      expect(result[key]?.length).toBeGreaterThan(0);
      expect(result[key]?.every((item) => typeof item === 'string')).toBe(true);
    }
  }
  if ('updatedInput' in result) expect(typeof result.updatedInput === 'object' && result.updatedInput !== null && !Array.isArray(result.updatedInput)).toBe(true);
}

/** A result of reading text (not a process end handed in) is a decision or a parse failure, never both. */
function expectReadResult(result: HandlerResult): void {
  expectWellFormed(result);
  if (result.failure !== undefined) {
    expect(result.failure.class).toBe('parse');
    expect(typeof result.failure.message).toBe('string');
    expect(Object.keys(result).sort()).toEqual(['failure', 'warnings']);
  }
}

describe('interpretResponse properties', () => {
  it('never throws on anything at all', () => {
    fc.assert(
      fc.property(anything, (input) => {
        expectWellFormed(interpretResponse(input as ResponseInput));
      }),
    );
  });

  it('never throws on random ends, outputs and event names, and every result is well-formed', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const result = interpretResponse(input as ResponseInput);
        expectWellFormed(result);
        const end = input.end as { type?: unknown; code?: unknown } | null | undefined;
        const exited = typeof end === 'object' && end !== null && end.type === 'exit' && Number.isInteger(end.code);
        if (!exited) {
          expect(result.failure).toBeDefined();
          expect(result).not.toHaveProperty('decision');
        }
      }),
      { numRuns: 500 },
    );
  });

  it('exit 2 always denies with a non-empty reason, whatever stdout holds', () => {
    fc.assert(
      fc.property(stdoutArb, fc.string(), eventNameArb, fc.boolean(), (stdout, stderr, eventName, acceptOracleForm) => {
        const result = interpretResponse({ end: { type: 'exit', code: 2 }, stdout, stderr, eventName, acceptOracleForm, stdoutTruncated: true });
        expect(result.decision).toBe('deny');
        expect(result.reason).toBe(stderr.trim() || 'blocked by hook (exit code 2, no stderr output)');
        expect(result.warnings).toEqual([]);
        expect(Object.keys(result).sort()).toEqual(['decision', 'reason', 'warnings']);
      }),
    );
  });

  it('any other non-zero exit gives one warning and nothing else', () => {
    const codeArb = fc.integer().filter((code) => code !== 0 && code !== 2);
    fc.assert(
      fc.property(codeArb, stdoutArb, fc.string(), eventNameArb, (code, stdout, stderr, eventName) => {
        const result = interpretResponse({ end: { type: 'exit', code }, stdout, stderr, eventName, acceptOracleForm: true });
        expect(Object.keys(result)).toEqual(['warnings']);
        expect(result.warnings).toHaveLength(1);
        expect(result.warnings[0]).toContain(`exited with code ${code}`);
      }),
    );
  });

  it('a failed end is passed on as the failure, whatever stdout holds', () => {
    fc.assert(
      fc.property(failureArb, stdoutArb, eventNameArb, (failure, stdout, eventName) => {
        expect(interpretResponse({ end: { type: 'failed', failure }, stdout, stderr: '', eventName })).toStrictEqual({ warnings: [], failure: { ...failure } });
      }),
    );
  });

  it('exit 0 reads stdout exactly as readStdout does', () => {
    fc.assert(
      fc.property(stdoutArb, eventNameArb, fc.boolean(), fc.boolean(), (stdout, eventName, stdoutTruncated, acceptOracleForm) => {
        expect(interpretResponse({ end: { type: 'exit', code: 0 }, stdout, stderr: 'ignored', eventName, stdoutTruncated, acceptOracleForm })).toStrictEqual(
          readStdout(stdout, eventName, stdoutTruncated, acceptOracleForm),
        );
      }),
    );
  });
});

describe('readStdout properties', () => {
  it('never throws on any string or any value, and yields a decision or a parse failure', () => {
    fc.assert(
      fc.property(fc.oneof(stdoutArb, anything), fc.oneof(eventNameArb, anything), fc.boolean(), fc.boolean(), (stdout, eventName, truncated, oracle) => {
        expectReadResult(readStdout(stdout as string, eventName as string, truncated, oracle));
      }),
      { numRuns: 500 },
    );
  });

  it('leading white space never changes the result', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[ \t\r\n]*$/), stdoutArb, eventNameArb, fc.boolean(), (space, stdout, eventName, oracle) => {
        expect(readStdout(space + stdout, eventName, false, oracle)).toStrictEqual(readStdout(stdout, eventName, false, oracle));
      }),
    );
  });

  it('a complete JSON object is never a failure for a command hook, and never yields plain-text context', () => {
    fc.assert(
      fc.property(answerArb, eventNameArb, (answer, eventName) => {
        const result = readStdout(JSON.stringify(answer), eventName);
        expect(result.failure).toBeUndefined();
        expect(result.warnings).not.toContain('stdout starts with "{" but is not valid JSON; read as plain text');
        const contexts = [answer.additionalContext, (answer.hookSpecificOutput as { additionalContext?: unknown } | undefined)?.additionalContext];
        for (const context of result.additionalContext ?? []) expect(contexts).toContain(context);
      }),
    );
  });

  it('cut stdout starting with { is always a parse failure', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\s*$/), fc.string(), eventNameArb, fc.boolean(), (space, rest, eventName, oracle) => {
        const result = readStdout(`${space}{${rest}`, eventName, true, oracle);
        expect(result.failure?.class).toBe('parse');
        expect(result).not.toHaveProperty('decision');
      }),
    );
  });

  it('plain text is context exactly on context events', () => {
    const textArb = fc.string({ minLength: 1 }).filter((text) => text.trim() !== '' && !text.trimStart().startsWith('{'));
    fc.assert(
      fc.property(textArb, fc.tuple(dialectArb, canonicalArb), fc.boolean(), (text, [dialect, event], truncated) => {
        const result = readStdout(text, eventNameIn(dialect, event), truncated);
        expect(result).not.toHaveProperty('decision');
        if (eventTraits(event).contextFromStdout) expect(result.additionalContext).toEqual([text.trim()]);
        else expect(result).toStrictEqual({ warnings: [] });
      }),
    );
  });
});

describe('parseOracleAnswer properties', () => {
  const contentArb = fc.oneof(
    fc.string(),
    fc.jsonValue().map((value) => JSON.stringify(value)),
    answerArb.map((value) => JSON.stringify(value)),
    fc.tuple(fc.constantFrom('```json\n', '```\n', '  ```JSON\n'), answerArb, fc.constantFrom('\n```', '```', '\n```\n  ')).map(
      ([open, value, close]) => open + JSON.stringify(value, null, 2) + close,
    ),
    anything,
  );

  it('never throws, and yields a decision or a parse failure', () => {
    fc.assert(
      fc.property(contentArb, fc.oneof(eventNameArb, anything), (content, eventName) => {
        const result = parseOracleAnswer(content, eventName as string);
        expectReadResult(result);
        if (result.failure === undefined) expect(result.decision).toBeDefined();
      }),
      { numRuns: 500 },
    );
  });

  it('ok false always denies with a reason; ok true always gives a decision', () => {
    fc.assert(
      fc.property(answerArb, fc.boolean(), eventNameArb, (answer, ok, eventName) => {
        const result = parseOracleAnswer(JSON.stringify({ ...answer, ok }), eventName);
        expect(result.failure).toBeUndefined();
        if (!ok) {
          expect(result.decision).toBe('deny');
          expect(typeof result.reason).toBe('string');
          if (!JSON.stringify(answer).includes('""')) expect(result.reason).not.toBe('');
        } else {
          expect(['allow', 'ask', 'deny']).toContain(result.decision);
        }
      }),
    );
  });

  it('a fence around the answer changes nothing', () => {
    fc.assert(
      fc.property(answerArb, fc.boolean(), fc.constantFrom('```json', '```', '```JSON'), eventNameArb, (answer, pretty, fence, eventName) => {
        const text = JSON.stringify(answer, null, pretty ? 2 : undefined);
        expect(parseOracleAnswer(`${fence}\n${text}\n\`\`\``, eventName)).toStrictEqual(parseOracleAnswer(text, eventName));
      }),
    );
  });

  it('an answer without a boolean ok is always a parse failure', () => {
    fc.assert(
      fc.property(answerArb.filter((answer) => typeof answer.ok !== 'boolean'), eventNameArb, (answer, eventName) => {
        expect(parseOracleAnswer(JSON.stringify(answer), eventName)).toStrictEqual({
          warnings: [],
          failure: { class: 'parse', message: expect.stringMatching(/^oracle answer/) as unknown as string },
        });
      }),
    );
  });
});

/** Host field names; integer-like names are left out, since JavaScript orders them before every other key. */
const hostKeyArb = fc.string().filter((key) => !/^(0|[1-9]\d*)$/.test(key));

describe('events and payload properties', () => {
  it('resolveEvent never throws, and what it finds maps back to the name', () => {
    fc.assert(
      fc.property(fc.oneof(knownNameArb, fc.string(), anything), (name) => {
        const resolved = resolveEvent(name);
        if (resolved !== undefined) expect(eventNameIn(resolved.dialect, resolved.canonical)).toBe(name);
        else expect(typeof name !== 'string' || !CANONICAL_EVENT_NAMES.some((event) => DIALECT_NAMES.some((dialect) => eventNameIn(dialect, event) === name))).toBe(true);
      }),
    );
  });

  it('deriveSubject never throws and gives a string or nothing', () => {
    fc.assert(
      fc.property(fc.oneof(canonicalArb, fc.string(), anything), fc.oneof(fc.dictionary(fc.constantFrom('tool_name', 'tool', 'name', 'source', 'agent_type', 'x'), anything), anything), (event, payload) => {
        const subject = deriveSubject(event as never, payload);
        expect(subject === undefined || typeof subject === 'string').toBe(true);
        if (event === 'prompt:submit' || event === 'turn:stop') expect(subject).toBeUndefined();
      }),
    );
  });

  it('normalizePayload never throws, fills the base fields and keeps every other field the host gave', () => {
    fc.assert(
      fc.property(fc.oneof(canonicalArb, fc.string()), fc.oneof(fc.dictionary(fc.string(), fc.jsonValue()), anything), fc.string(), (event, payload, cwd) => {
        const normalized = normalizePayload(event as never, payload, { cwd });
        for (const key of ['session_id', 'transcript_path', 'cwd', 'permission_mode']) expect(normalized[key]).not.toBeUndefined();
        if (event === 'turn:stop' || event === 'subagent:end') expect(normalized.stop_hook_active).not.toBeUndefined();
        if (typeof payload === 'object' && payload !== null && !Array.isArray(payload)) {
          for (const key of Object.keys(payload)) {
            const given = (payload as Record<string, unknown>)[key];
            if (key === 'hook_event_name' || given === undefined || given === null) continue;
            expect(Object.getOwnPropertyDescriptor(normalized, key)?.value).toBe(given);
          }
        }
      }),
    );
  });

  it('renderPayload gives one line of compact JSON with the dialect event name, for any JSON payload', () => {
    fc.assert(
      fc.property(dialectArb, canonicalArb, fc.dictionary(hostKeyArb, fc.jsonValue()), fc.string(), (dialect, event, payload, cwd) => {
        const text = renderPayload(dialect, event, normalizePayload(event, payload, { cwd }));
        const newline = DIALECTS[dialect].newline ? '\n' : '';
        expect(text.indexOf('\n')).toBe(newline === '' ? -1 : text.length - 1);
        const parsed = JSON.parse(text) as Record<string, unknown>;
        expect(text).toBe(`${JSON.stringify(parsed)}${newline}`);
        if (dialect === 'copilot') {
          // Copilot CLI's camelCase payloads name no event (a permissionRequest names itself in hookName).
          expect(parsed.hook_event_name).toBeUndefined();
          expect(Object.keys(parsed)[0]).toBe(event === 'permission:request' ? 'hookName' : 'sessionId');
          expect(typeof parsed.timestamp).toBe('number');
          return;
        }
        if (dialect === 'cline') {
          // Cline's payload names its event in `hookName`, in the SDK's words, and has no hook_event_name.
          expect(parsed.hook_event_name).toBeUndefined();
          expect(Object.keys(parsed).slice(0, 5)).toEqual(['clineVersion', 'timestamp', 'taskId', 'workspaceRoots', 'hookName']);
          return;
        }
        if (dialect === 'letta') {
          // Letta Code's payload names its event in `event_type`, first.
          expect(parsed.hook_event_name).toBeUndefined();
          expect(Object.keys(parsed)[0]).toBe('event_type');
          expect(parsed.event_type).toBe(eventNameIn(dialect, event));
          return;
        }
        if (dialect === 'pi' || dialect === 'openclaw') {
          // The pi extension and the OpenClaw plugin forward the host's event object, which names itself in `type`.
          expect(parsed.hook_event_name).toBeUndefined();
          expect(Object.keys(parsed)[0]).toBe('type');
          return;
        }
        if (dialect === 'crush') {
          // Crush's payload names its event in `event`, first, and has no hook_event_name.
          expect(parsed.hook_event_name).toBeUndefined();
          expect(Object.keys(parsed)[0]).toBe('event');
          expect(parsed.event).toBe(eventNameIn(dialect, event));
          return;
        }
        expect(parsed.hook_event_name).toBe(eventNameIn(dialect, event));
        if (dialect === 'native') {
          expect(Object.keys(parsed).slice(0, 2)).toEqual(['event', 'ts']);
          expect(parsed.event).toBe(event);
          expect(Number.isNaN(Date.parse(parsed.ts as string))).toBe(false);
        } else if (dialect === 'cursor') {
          expect(Object.keys(parsed).slice(0, 2)).toEqual(['conversation_id', 'hook_event_name']);
        } else {
          expect(Object.keys(parsed).slice(0, 3)).toEqual(['session_id', 'transcript_path', 'cwd']);
        }
      }),
    );
  });
});
