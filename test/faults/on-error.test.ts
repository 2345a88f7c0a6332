import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cleanup,
  closedPort,
  fixture,
  logLines,
  startServer,
  startSidecar,
  tempDir,
  writeConfig,
  type Response,
} from './harness.js';

/**
 * onError in its three modes against every infrastructure failure the contract names, on blockable
 * events (PreToolUse) and on events that cannot block (PostToolUse, SessionStart).
 */

type Mode = 'block' | 'warn' | 'ignore';
const MODES: Mode[] = ['block', 'warn', 'ignore'];

interface Failure {
  name: string;
  cls: 'timeout' | 'spawn' | 'parse' | 'http' | 'unconfigured';
  /** Hooks of the failure run in a config without `llm` and `proxy`. */
  unconfigured?: boolean;
  /** The dispatch's working directory, where that is the failure. */
  cwd?: string;
  hook: Record<string, unknown>;
}

const EVENTS = [
  { event: 'PreToolUse', blockable: true, payload: (subject: string) => ({ tool_name: subject, tool_input: {} }) },
  { event: 'PostToolUse', blockable: false, payload: (subject: string) => ({ tool_name: subject, tool_input: {}, tool_response: 'done' }) },
  { event: 'SessionStart', blockable: false, payload: (subject: string) => ({ source: subject }) },
] as const;

function failures(webhook: string, refused: number): Failure[] {
  const judge = (model: string, extra: Record<string, unknown> = {}) => ({ type: 'prompt', prompt: 'judge $ARGUMENTS', model, ...extra });
  return [
    { name: 'ShellTimeout', cls: 'timeout', hook: { type: 'command', command: 'sleep 60', timeout: 1 } },
    { name: 'ShellKilled', cls: 'spawn', hook: { type: 'command', command: 'kill -9 $$' } },
    { name: 'ShellNoCwd', cls: 'spawn', cwd: '/nonexistent/hookwire-faults', hook: { type: 'command', command: 'true' } },
    { name: 'ShellCutJson', cls: 'parse', hook: { type: 'command', command: `printf '{"reason":"'; head -c 2097152 /dev/zero | tr '\\0' x` } },
    { name: 'Webhook500', cls: 'http', hook: { type: 'http', url: `${webhook}/500` } },
    { name: 'WebhookRefused', cls: 'http', hook: { type: 'http', url: `http://127.0.0.1:${refused}/` } },
    { name: 'WebhookTimeout', cls: 'timeout', hook: { type: 'http', url: `${webhook}/hang`, timeout: 1 } },
    { name: 'OracleProse', cls: 'parse', hook: judge('prose') },
    { name: 'Oracle500', cls: 'http', hook: judge('500') },
    { name: 'OracleTimeout', cls: 'timeout', hook: judge('hang', { timeout: 1 }) },
    { name: 'ProxyTimeout', cls: 'timeout', hook: { type: 'agent', name: 'hang', prompt: 'p', timeout: 1 } },
    { name: 'ProxyKilled', cls: 'spawn', hook: { type: 'agent', name: 'crash', prompt: 'p' } },
    { name: 'OracleUnconfigured', cls: 'unconfigured', unconfigured: true, hook: { type: 'prompt', prompt: 'judge' } },
    { name: 'ProxyUnconfigured', cls: 'unconfigured', unconfigured: true, hook: { type: 'agent', prompt: 'check the tests' } },
    { name: 'SubagentUnconfigured', cls: 'unconfigured', unconfigured: true, hook: { type: 'subagent', name: 'reviewer' } },
  ];
}

const hookId = (mode: Mode, failure: string, event: string) => `${mode}-${failure}-${event}`;
const subjectOf = (mode: Mode, failure: string) => `${failure}_${mode}`;

const answers = new Map<string, Response>();
let stderr = '';
let FAILURES: Failure[] = [];

beforeAll(async () => {
  const server = await startServer((request, response) => {
    if (request.url.endsWith('/500')) return void response.writeHead(500).end('nope');
    if (request.url.endsWith('/hang')) return;
    const { model } = JSON.parse(request.body) as { model: string };
    if (model === 'prose') {
      return void response.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: 'Looks fine to me!' } }] }));
    }
    if (model === '500') return void response.writeHead(500).end('{"error":{"message":"overloaded"}}');
  });
  FAILURES = failures(server.url, await closedPort());
  const dir = await tempDir();
  // Two sidecars: one with llm and proxy configured, one without. Each hook carries its mode.
  await Promise.all(
    [false, true].map(async (unconfigured) => {
      const list = FAILURES.filter((f) => (f.unconfigured ?? false) === unconfigured);
      const hooks = MODES.flatMap((mode) =>
        list.flatMap((f) => EVENTS.map(({ event }) => ({ id: hookId(mode, f.name, event), event, matcher: subjectOf(mode, f.name), onError: mode, ...f.hook }))),
      );
      const config = await writeConfig(
        dir,
        {
          timeoutSec: 20,
          ...(unconfigured ? {} : { llm: { baseUrl: `${server.url}/v1`, model: 'x' }, proxy: { command: `exec sh ${fixture('proxy.sh')}` } }),
          hooks,
        },
        `${unconfigured ? 'unconfigured' : 'configured'}.json`,
      );
      const sidecar = startSidecar(config);
      const ids: string[] = [];
      for (const mode of MODES) {
        for (const f of list) {
          for (const { event, payload } of EVENTS) {
            const id = hookId(mode, f.name, event);
            ids.push(id);
            sidecar.send({ op: 'dispatch', id, event, payload: payload(subjectOf(mode, f.name)), ...(f.cwd ? { cwd: f.cwd } : {}) });
          }
        }
      }
      for (const id of ids) answers.set(id, await sidecar.byId(id, 45_000));
      sidecar.send({ op: 'bye' });
      await sidecar.waitForExit();
      expect(sidecar.violations).toEqual([]);
      stderr += sidecar.stderr();
    }),
  );
}, 60_000);

afterAll(cleanup);

function answerOf(mode: Mode, failure: Failure, event: string) {
  const id = hookId(mode, failure.name, event);
  const answer = answers.get(id)!;
  expect(answer, id).toMatchObject({ ok: true });
  const run = answer.runs![0]!;
  expect(run.hook).toBe(id);
  expect(run.outcome.failure?.class, JSON.stringify(run)).toBe(failure.cls);
  expect(run.onError).toBe(mode);
  return { outcome: answer.outcome!, run };
}

describe('onError: block', () => {
  it('denies every infrastructure failure on a blockable event, naming the hook and the failure', () => {
    for (const failure of FAILURES) {
      const { outcome, run } = answerOf('block', failure, 'PreToolUse');
      const reason = `hook ${hookId('block', failure.name, 'PreToolUse')} failed (${failure.cls})`;
      expect(outcome, failure.name).toMatchObject({ decision: 'deny', downgraded: false });
      expect(outcome.reason, failure.name).toContain(reason);
      expect(run.outcome.decision).toBe('deny');
    }
  });

  it('gives a downgraded deny, the raw decision and reason kept, on events that cannot block', () => {
    for (const failure of FAILURES) {
      for (const event of ['PostToolUse', 'SessionStart']) {
        const { outcome } = answerOf('block', failure, event);
        expect(outcome, `${failure.name} ${event}`).toMatchObject({ decision: 'none', downgraded: true, rawDecision: 'deny' });
        expect(outcome.reason).toBeUndefined();
        expect(outcome.rawReason).toContain(`hook ${hookId('block', failure.name, event)} failed (${failure.cls})`);
      }
    }
  });
});

describe('onError: warn', () => {
  it('always proceeds, on every event, with a logged warning naming the hook and the failure', () => {
    const logs = logLines(stderr);
    for (const failure of FAILURES) {
      for (const { event } of EVENTS) {
        const { outcome } = answerOf('warn', failure, event);
        expect(outcome, `${failure.name} ${event}`).toMatchObject({ decision: 'none', continue: true, downgraded: false });
        expect(outcome.rawDecision).toBeUndefined();
        const id = hookId('warn', failure.name, event);
        const logged = logs.filter((line) => line.level === 'warn' && line.hook === id);
        expect(logged, id).toHaveLength(1);
        expect(logged[0]!.msg).toContain(`hook ${id} failed (${failure.cls})`);
      }
    }
  });
});

describe('onError: ignore', () => {
  it('is silent: the action proceeds and nothing about the hook is logged', () => {
    for (const failure of FAILURES) {
      for (const { event } of EVENTS) {
        const { outcome } = answerOf('ignore', failure, event);
        expect(outcome, `${failure.name} ${event}`).toEqual({ decision: 'none', continue: true, additionalContext: [], systemMessage: [], downgraded: false });
        expect(stderr).not.toContain(hookId('ignore', failure.name, event));
      }
    }
  });
});

describe('onError from the config and per hook', () => {
  it("the config's onError applies to hooks without their own, a hook's own wins, and a non-blocking exit code is never escalated", async () => {
    const dir = await tempDir();
    const config = await writeConfig(dir, {
      onError: 'block',
      hooks: [
        { id: 'inherits', event: 'PreToolUse', matcher: 'Inherits', type: 'command', command: 'kill -9 $$' },
        { id: 'quiet', event: 'PreToolUse', matcher: 'Quiet', type: 'command', command: 'kill -9 $$', onError: 'ignore' },
        { id: 'loud', event: 'PreToolUse', matcher: 'Loud', type: 'command', command: 'kill -9 $$', onError: 'warn' },
        { id: 'exit1', event: 'PreToolUse', matcher: 'Exit1', type: 'command', command: 'exit 1' },
      ],
    });
    const sidecar = startSidecar(config);
    const ask = (subject: string) => sidecar.ask({ op: 'dispatch', id: subject, event: 'PreToolUse', payload: { tool_name: subject } });
    expect((await ask('Inherits')).outcome).toMatchObject({ decision: 'deny', reason: expect.stringContaining('hook inherits failed (spawn)') });
    expect((await ask('Quiet')).outcome).toMatchObject({ decision: 'none' });
    expect((await ask('Loud')).outcome).toMatchObject({ decision: 'none' });
    const exit1 = await ask('Exit1');
    expect(exit1.outcome).toMatchObject({ decision: 'none' });
    expect(exit1.runs![0]!.outcome.failure).toBeUndefined();
    sidecar.send({ op: 'bye' });
    await sidecar.waitForExit();
    const logged = logLines(sidecar.stderr()).map((line) => line.hook);
    expect(logged).toContain('loud');
    expect(logged).not.toContain('quiet');
  });
});
