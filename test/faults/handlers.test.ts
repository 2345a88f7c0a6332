import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cleanup,
  closedPort,
  fixture,
  startServer,
  startSidecar,
  tempDir,
  writeConfig,
  type RecordedRequest,
  type Response,
  type Run,
  type Sidecar,
  type TestServer,
} from './harness.js';

/**
 * Handlers that misbehave in every way the response contract names, all served by one sidecar:
 * each case is one hook selected by its own subject, dispatched concurrently.
 */

const MiB = 1024 * 1024;
const CAP = MiB;
const FLOOD = 8 * MiB;
const flood = (bytes: number) => `head -c ${bytes} /dev/zero | tr '\\0' x`;
const DEFAULT_DENY = 'blocked by hook (exit code 2, no stderr output)';

interface Case {
  subject: string;
  event?: 'PreToolUse' | 'SessionStart';
  hook: Record<string, unknown>;
  check(answer: Response, run: Run): void;
}

const warned = (pattern: RegExp) => (_answer: Response, run: Run) => {
  expect(run.outcome.failure).toBeUndefined();
  expect(run.outcome.warnings.some((w) => pattern.test(w)), JSON.stringify(run.outcome.warnings)).toBe(true);
};

const none = (answer: Response) => expect(answer.outcome).toMatchObject({ decision: 'none', continue: true, downgraded: false });

const failedWith = (cls: string, message?: RegExp) => (answer: Response, run: Run) => {
  expect(run.outcome.failure?.class).toBe(cls);
  if (message) expect(run.outcome.failure?.message).toMatch(message);
  expect(run.onError).toBeDefined();
  if (run.onError === 'warn') none(answer);
};

const denied = (reason: string | RegExp) => (answer: Response) => {
  expect(answer.outcome!.decision).toBe('deny');
  if (typeof reason === 'string') expect(answer.outcome!.reason).toBe(reason);
  else expect(answer.outcome!.reason).toMatch(reason);
};

const sh = (command: string, extra: Record<string, unknown> = {}) => ({ type: 'command', command, ...extra });

const EXIT_CODES: Case[] = [
  { subject: 'Exit0Json', hook: sh(`printf '{"decision":"block","reason":"json says no"}'`), check: denied('json says no') },
  {
    subject: 'Exit0Empty',
    hook: sh('true'),
    check: (answer, run) => {
      none(answer);
      expect(run).toMatchObject({ exitCode: 0, outcome: { warnings: [] } });
    },
  },
  { subject: 'Exit2Stderr', hook: sh(`echo 'stderr says no' >&2; exit 2`), check: denied('stderr says no') },
  { subject: 'Exit2Empty', hook: sh('exit 2'), check: denied(DEFAULT_DENY) },
  { subject: 'Exit2IgnoresStdout', hook: sh(`printf '{"decision":"approve"}'; echo 'exit code wins' >&2; exit 2`), check: denied('exit code wins') },
  ...[1, 3, 126, 255].map((code) => ({
    subject: `Exit${code}`,
    hook: sh(`printf '{"decision":"block"}'; echo 'it broke' >&2; exit ${code}`, { onError: 'block' }),
    check: (answer: Response, run: Run) => {
      none(answer);
      expect(run.exitCode).toBe(code);
      warned(new RegExp(`exited with code ${code}: it broke`))(answer, run);
    },
  })),
  {
    subject: 'Exit127',
    hook: sh('no-such-command-hookwire-faults', { onError: 'block' }),
    // The shell's "not found" with 127: the hook never ran, a spawn failure that onError "block" turns into a deny (issue 22.1).
    check: (answer, run) => {
      expect(run.exitCode).toBe(127);
      expect(run.outcome.failure).toEqual({ class: 'spawn', message: expect.stringMatching(/^could not start: exit 127: .*no-such-command-hookwire-faults: not found$/) });
      denied(/hook Exit127 failed \(spawn\): could not start/)(answer);
    },
  },
  {
    subject: 'KilledBySigkill',
    hook: sh('kill -9 $$', { onError: 'block' }),
    check: (answer, run) => {
      expect(run.outcome.failure).toEqual({ class: 'spawn', message: expect.stringContaining('SIGKILL') });
      denied(/hook KilledBySigkill failed \(spawn\)/)(answer);
    },
  },
  { subject: 'KilledBySigterm', hook: sh('kill -TERM $$'), check: failedWith('spawn', /SIGTERM/) },
];

const FLOODS: Case[] = [
  {
    subject: 'FloodPlain',
    hook: sh(flood(FLOOD)),
    check: (answer, run) => {
      none(answer);
      expect(run.outcome.failure).toBeUndefined();
    },
  },
  {
    subject: 'FloodJson',
    hook: sh(`printf '{"decision":"approve","reason":"'; ${flood(FLOOD)}; printf '"}'`, { onError: 'block' }),
    check: (answer, run) => {
      expect(run.outcome.failure).toEqual({ class: 'parse', message: expect.stringContaining('output cap') });
      denied(/hook FloodJson failed \(parse\)/)(answer);
    },
  },
  {
    subject: 'FloodStderrDeny',
    hook: sh(`${flood(FLOOD)} >&2; exit 2`),
    check: (answer) => {
      expect(answer.outcome!.decision).toBe('deny');
      expect(answer.outcome!.reason!.length).toBeGreaterThan(0);
      expect(answer.outcome!.reason!.length).toBeLessThanOrEqual(CAP);
    },
  },
  {
    subject: 'FloodContext',
    event: 'SessionStart',
    hook: sh(flood(FLOOD)),
    check: (answer, run) => {
      expect(answer.outcome!.additionalContext).toHaveLength(1);
      expect(answer.outcome!.additionalContext[0]!.length).toBe(CAP);
      warned(/cut at the output cap/)(answer, run);
    },
  },
  { subject: 'FloodForever', hook: sh('yes', { timeout: 1 }), check: failedWith('timeout') },
];

const UTF8: Case[] = [
  {
    subject: 'BadUtf8Context',
    event: 'SessionStart',
    hook: sh(`printf 'caf\\303\\251 \\377\\376 end'`),
    check: (answer) => expect(answer.outcome!.additionalContext).toEqual(['café \uFFFD\uFFFD end']),
  },
  { subject: 'BadUtf8Stderr', hook: sh(`printf 'bad \\377 reason' >&2; exit 2`), check: denied('bad \uFFFD reason') },
  { subject: 'BadUtf8Json', hook: sh(`printf '{"decision":"block","reason":"r\\377\\300"}'`), check: denied('r\uFFFD\uFFFD') },
];

const deep = (n: number) => `printf '{"x":'; head -c ${n} /dev/zero | tr '\\0' '['; head -c ${n} /dev/zero | tr '\\0' ']'`;

const SHAPES: Case[] = [
  { subject: 'DecisionNumber', hook: sh(`printf '{"decision":42}'`), check: (a, r) => (none(a), warned(/decision must be/)(a, r)) },
  { subject: 'DecisionUnknown', hook: sh(`printf '{"decision":"maybe"}'`), check: (a, r) => (none(a), warned(/decision must be/)(a, r)) },
  { subject: 'ArrayOut', hook: sh(`printf '[{"decision":"block"}]'`), check: (a, r) => (none(a), expect(r.outcome.warnings).toEqual([])) },
  { subject: 'NullOut', hook: sh(`printf 'null'`), check: (a, r) => (none(a), expect(r.outcome.warnings).toEqual([])) },
  { subject: 'BrokenJson', hook: sh(`printf '{"decision":"block"'`), check: (a, r) => (none(a), warned(/not valid JSON/)(a, r)) },
  { subject: 'HsoString', hook: sh(`printf '{"hookSpecificOutput":"deny"}'`), check: (a, r) => (none(a), warned(/hookSpecificOutput/)(a, r)) },
  {
    subject: 'HsoOtherEvent',
    hook: sh(`printf '{"hookSpecificOutput":{"hookEventName":"Stop","permissionDecision":"deny"}}'`),
    check: (a, r) => (none(a), warned(/hookSpecificOutput/)(a, r)),
  },
  {
    subject: 'HsoNoEvent',
    hook: sh(`printf '{"hookSpecificOutput":{"permissionDecision":"deny"}}'`),
    check: (a, r) => (none(a), warned(/hookSpecificOutput/)(a, r)),
  },
  {
    subject: 'ContinueString',
    hook: sh(`printf '{"continue":"no","decision":"block","reason":"still denies"}'`),
    check: (a, r) => {
      denied('still denies')(a);
      expect(a.outcome!.continue).toBe(true);
      warned(/continue must be a boolean/)(a, r);
    },
  },
  {
    subject: 'ReasonObject',
    hook: sh(`printf '{"decision":"block","reason":{"text":"x"}}'`),
    check: (a, r) => {
      expect(a.outcome!.decision).toBe('deny');
      warned(/reason must be a string/)(a, r);
    },
  },
  { subject: 'DeepJson', hook: sh(`${deep(100_000)}; printf ',"decision":"block","reason":"deep"}'`), check: denied('deep') },
  {
    subject: 'UpdatedInput',
    hook: sh(`printf '{"hookSpecificOutput":{"hookEventName":"PreToolUse","updatedInput":{"command":"rm -rf /"}}}'`),
    check: (a, r) => {
      none(a);
      expect(JSON.stringify(a.outcome)).not.toContain('rm -rf');
      warned(/updatedInput/)(a, r);
    },
  },
];

function webhookCases(server: TestServer, refused: number): Case[] {
  const web = (path: string, extra: Record<string, unknown> = {}) => ({ type: 'http', url: `${server.url}${path}`, ...extra });
  return [
    { subject: 'WebDeny', hook: web('/deny'), check: denied('web says no') },
    { subject: 'WebEmpty', hook: web('/empty'), check: (a, r) => (none(a), expect(r.status).toBe(200)) },
    { subject: 'WebHang', hook: web('/hang', { timeout: 1 }), check: failedWith('timeout', /no response/) },
    { subject: 'WebSlowBody', hook: web('/slow-body', { timeout: 1 }), check: failedWith('timeout', /body did not finish/) },
    { subject: 'WebReset', hook: web('/reset'), check: failedWith('http') },
    { subject: 'WebGarbage', hook: web('/garbage'), check: failedWith('http') },
    {
      subject: 'WebRedirect',
      hook: web('/redirect'),
      check: (a, r) => {
        failedWith('http', /302.*redirects are not followed/)(a, r);
        expect(r.status).toBe(302);
      },
    },
    { subject: 'Web500', hook: web('/500'), check: (a, r) => (failedWith('http', /HTTP 500/)(a, r), expect(r.status).toBe(500)) },
    { subject: 'Web503', hook: web('/503'), check: (a, r) => (failedWith('http', /HTTP 503/)(a, r), expect(r.status).toBe(503)) },
    {
      subject: 'WebHugeJson',
      hook: web('/huge-json', { onError: 'block' }),
      check: (a, r) => {
        expect(r.outcome.failure?.class).toBe('parse');
        denied(/hook WebHugeJson failed \(parse\)/)(a);
      },
    },
    { subject: 'WebHugePlain', hook: web('/huge-plain'), check: (a, r) => (none(a), warned(/exceeded/)(a, r)) },
    { subject: 'WebRefused', hook: { type: 'http', url: `http://127.0.0.1:${refused}/x` }, check: failedWith('http', /ECONNREFUSED/) },
  ];
}

function answerWebhook(request: RecordedRequest, response: ServerResponse, socket: Socket): void {
  const path = request.url;
  if (path === '/deny') return void response.end('{"decision":"block","reason":"web says no"}');
  if (path === '/empty') return void response.end();
  if (path === '/hang') return;
  if (path === '/slow-body') {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.write('{"decision":');
    return;
  }
  if (path === '/reset') return void socket.destroy();
  if (path === '/garbage') return void socket.end('this is not HTTP\r\n\r\n');
  if (path === '/redirect') return void response.writeHead(302, { location: '/deny' }).end();
  if (path === '/500') return void response.writeHead(500).end('boom');
  if (path === '/503') return void response.writeHead(503).end('later');
  if (path === '/huge-json' || path === '/huge-plain') {
    response.writeHead(200);
    response.write(path === '/huge-json' ? '{"reason":"' : '');
    const block = Buffer.alloc(64 * 1024, 'x');
    let sent = 0;
    const pump = () => {
      while (sent < FLOOD) {
        sent += block.length;
        if (!response.write(block)) return void response.once('drain', pump);
      }
      response.end('"}');
    };
    response.on('error', () => {});
    return pump();
  }
  response.writeHead(404).end();
}

const LLM_ANSWERS: Record<string, string | null> = {
  prose: 'Sure! This looks perfectly safe to me.',
  fenced: '```json\n{"ok":false,"reason":"fenced no"}\n```',
  'fenced-ok': '```\n{"ok":true}\n```',
  'no-ok': '{"reason":"forgot ok"}',
  stricter: '{"ok":true,"decision":"block","reason":"stricter wins"}',
};

function answerLlm(request: RecordedRequest, response: ServerResponse, socket: Socket): void {
  const { model } = JSON.parse(request.body) as { model: string };
  const completion = (content: unknown) => JSON.stringify({ id: 'x', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content } }] });
  if (model in LLM_ANSWERS) return void response.writeHead(200, { 'content-type': 'application/json' }).end(completion(LLM_ANSWERS[model]));
  if (model === '500') return void response.writeHead(500).end('{"error":{"message":"model overloaded"}}');
  if (model === 'nothing') return;
  if (model === 'close') return void socket.destroy();
  if (model === 'not-json') return void response.writeHead(200).end('hello');
  if (model === 'no-choices') return void response.writeHead(200).end('{"choices":[]}');
  response.writeHead(404).end();
}

function oracleCases(): Case[] {
  const judge = (model: string, extra: Record<string, unknown> = {}) => ({ type: 'prompt', prompt: 'Is this safe? $ARGUMENTS', model, ...extra });
  return [
    { subject: 'LlmProse', hook: judge('prose'), check: failedWith('parse', /not JSON/) },
    { subject: 'LlmFenced', hook: judge('fenced'), check: denied('fenced no') },
    { subject: 'LlmFencedOk', hook: judge('fenced-ok'), check: (a) => expect(a.outcome!.decision).toBe('allow') },
    { subject: 'LlmNoOk', hook: judge('no-ok'), check: failedWith('parse', /"ok"/) },
    { subject: 'LlmStricter', hook: judge('stricter'), check: denied('stricter wins') },
    { subject: 'Llm500', hook: judge('500'), check: (a, r) => (failedWith('http', /HTTP 500.*model overloaded/)(a, r), expect(r.status).toBe(500)) },
    { subject: 'LlmNothing', hook: judge('nothing', { timeout: 1 }), check: failedWith('timeout') },
    { subject: 'LlmClose', hook: judge('close'), check: failedWith('http') },
    { subject: 'LlmNotJsonBody', hook: judge('not-json'), check: failedWith('parse') },
    { subject: 'LlmNoChoices', hook: judge('no-choices'), check: failedWith('parse', /choices/) },
  ];
}

const agent = (name: string, extra: Record<string, unknown> = {}) => ({ type: 'agent', name, prompt: 'judge it', ...extra });

const PROXY: Case[] = [
  { subject: 'AgentOk', hook: agent('ok'), check: (a) => expect(a.outcome!.decision).toBe('allow') },
  { subject: 'AgentDeny', hook: agent('deny'), check: denied('agent says no') },
  { subject: 'AgentProse', hook: agent('prose'), check: (a, r) => (none(a), expect(r.outcome.failure).toBeUndefined()) },
  { subject: 'AgentExit2', hook: agent('exit2'), check: denied('agent exit 2') },
  { subject: 'AgentExit1', hook: agent('exit1', { onError: 'block' }), check: (a, r) => (none(a), warned(/exited with code 1/)(a, r)) },
  { subject: 'AgentHang', hook: agent('hang', { timeout: 1 }), check: failedWith('timeout') },
  { subject: 'AgentCrash', hook: agent('crash'), check: failedWith('spawn', /SIGKILL/) },
];

let sidecar: Sidecar;
let webhooks: TestServer;
let llm: TestServer;
let cases: Case[];
const answers = new Map<string, Response>();

beforeAll(async () => {
  webhooks = await startServer(answerWebhook);
  llm = await startServer(answerLlm);
  cases = [...EXIT_CODES, ...FLOODS, ...UTF8, ...SHAPES, ...webhookCases(webhooks, await closedPort()), ...oracleCases(), ...PROXY];
  const dir = await tempDir();
  const config = await writeConfig(dir, {
    timeoutSec: 20,
    llm: { baseUrl: `${llm.url}/v1`, model: 'unused' },
    proxy: { command: `exec sh ${fixture('proxy.sh')}` },
    hooks: cases.map((c) => ({ id: c.subject, event: c.event ?? 'PreToolUse', matcher: c.subject, ...c.hook })),
  });
  sidecar = startSidecar(config);
  for (const c of cases) {
    const payload = c.event === 'SessionStart' ? { source: c.subject } : { tool_name: c.subject, tool_input: { command: 'ls' } };
    sidecar.send({ op: 'dispatch', id: c.subject, event: c.event ?? 'PreToolUse', payload });
  }
  for (const c of cases) answers.set(c.subject, await sidecar.byId(c.subject, 45_000));
}, 60_000);

afterAll(cleanup);

describe('misbehaving handlers', () => {
  it('every dispatch is answered, with exactly the one run of its hook, and stdout stays protocol-only', async () => {
    expect(cases.length).toBeGreaterThanOrEqual(50);
    for (const c of cases) {
      const answer = answers.get(c.subject)!;
      expect(answer, c.subject).toMatchObject({ ok: true, id: c.subject });
      expect(answer.runs!.map((r) => r.hook), c.subject).toEqual([c.subject]);
    }
    expect(await sidecar.ask({ op: 'ping', id: 'still-alive' })).toMatchObject({ pong: true });
    expect(sidecar.violations).toEqual([]);
    expect(sidecar.responses).toHaveLength(cases.length + 1);
  });

  const groups: [string, () => Case[]][] = [
    ['exit codes of every class', () => EXIT_CODES],
    ['output floods', () => FLOODS],
    ['invalid UTF-8', () => UTF8],
    ['JSON of the wrong shape', () => SHAPES],
    ['webhooks that hang, reset, redirect, fail or flood', () => cases.filter((c) => c.subject.startsWith('Web'))],
    ['LLM endpoints that answer prose, fenced JSON, 500 or nothing', () => cases.filter((c) => c.subject.startsWith('Llm'))],
    ['proxy agents of every kind of answer', () => PROXY],
  ];
  for (const [name, of] of groups) {
    it(name, () => {
      for (const c of of()) {
        const answer = answers.get(c.subject)!;
        try {
          c.check(answer, answer.runs![0]!);
        } catch (error) {
          throw new Error(`${c.subject}: ${(error as Error).message}\n${JSON.stringify(answer).slice(0, 2000)}`, { cause: error });
        }
      }
    });
  }

  it('a redirect is not followed', () => {
    expect(webhooks.requests.map((r) => r.url)).toContain('/redirect');
    expect(webhooks.requests.filter((r) => r.url === '/deny')).toHaveLength(1);
  });
});
