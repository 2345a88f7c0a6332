import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DispatchResponseSchema, ErrorResponseSchema } from '@hookwire/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { answer, project as makeProject, removeProjects } from '../bridge-project.js';
import { HOOKWIRE_BIN, killServes, post, refusedServe, request, startServe } from './serve-process.js';

afterEach(async () => {
  await killServes();
  await removeProjects();
});

const project = (config: unknown) => makeProject(config, 'hookwire-serve-');

/** `hookwire run --config CONFIG` once with STDIN: its exit code and stdout. */
function bridge(config: string, stdin: string): Promise<{ code: number | null; stdout: string }> {
  const env = { ...process.env };
  delete env.HOOKWIRE_BRIDGE_DEPTH;
  const child = spawn(process.execPath, [HOOKWIRE_BIN, 'run', '--config', config], { env, stdio: ['pipe', 'pipe', 'ignore'] });
  let stdout = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stdin.end(stdin);
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout })));
}

const HOOKS_OF_EVERY_KIND = [
  answer('PreToolUse', 2, '', 'no rm -rf', { matcher: 'Exit2' }),
  answer('PreToolUse', 2, '', 'first reason', { matcher: 'TwoDenies' }),
  answer('PreToolUse', 0, '{"decision":"block","reason":"second reason"}', '', { matcher: 'TwoDenies' }),
  answer('PreToolUse', 0, '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"a human should look"}}', '', { matcher: 'Ask' }),
  answer('PreToolUse', 0, '{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"branch: main"}}', '', { matcher: 'Context' }),
  answer('PreToolUse', 0, '{"systemMessage":"first message","hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"env: prod"}}', '', { matcher: 'Context' }),
  answer('PreToolUse', 0, '{"continue":false,"stopReason":"the build is broken"}', '', { matcher: 'Halt' }),
  answer('PostToolUse', 2, '', 'the output leaks a token'),
  answer('PostToolUse', 0, '{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"3 lint warnings"}}'),
  answer('UserPromptSubmit', 0, 'today is Monday'),
  answer('Stop', 2, '', 'the tests fail'),
  answer('Stop', 0, '{"hookSpecificOutput":{"hookEventName":"Stop","additionalContext":"run the linter too"}}'),
  answer('SessionStart', 2, '', 'not on a Friday'),
];

const tool = (name: string) => ({ tool_name: name, tool_input: { command: 'ls' }, tool_use_id: 'toolu_1' });

/** Payloads as Claude Code sends them, and the answer the bridge gives each (checked below against the real bridge). */
const VECTORS: [string, Record<string, unknown>, string][] = [
  ['PreToolUse', tool('Exit2'), '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no rm -rf"}}\n'],
  ['PreToolUse', tool('TwoDenies'), '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"first reason\\n\\nsecond reason"}}\n'],
  ['PreToolUse', tool('Ask'), '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"a human should look"}}\n'],
  ['PreToolUse', tool('Context'), '{"systemMessage":"first message","hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"branch: main\\n\\nenv: prod"}}\n'],
  ['PreToolUse', tool('Halt'), '{"continue":false,"stopReason":"the build is broken"}\n'],
  ['PreToolUse', tool('Nothing'), ''],
  ['PostToolUse', { ...tool('Bash'), tool_response: { stdout: 'TOKEN=abc' } }, '{"decision":"block","reason":"the output leaks a token","hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"3 lint warnings"}}\n'],
  ['UserPromptSubmit', { prompt: 'hello' }, '{"hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":"today is Monday"}}\n'],
  ['Stop', { stop_hook_active: false }, '{"decision":"block","reason":"the tests fail","hookSpecificOutput":{"hookEventName":"Stop","additionalContext":"run the linter too"}}\n'],
  ['SessionStart', { source: 'startup' }, '{"systemMessage":"hookwire: a hook denied SessionStart, which cannot be blocked: not on a Friday"}\n'],
  ['PostToolBatch', { tool_calls: [] }, ''],
];

describe('hookwire serve: POST /hooks/claude', () => {
  it('answers 200 with exactly the bytes hookwire run prints for the same payload', async () => {
    const { dir, config } = await project({ hooks: HOOKS_OF_EVERY_KIND });
    const server = await startServe(['--config', config]);
    for (const [event, fields, expected] of VECTORS) {
      const body = JSON.stringify({ session_id: 's', transcript_path: '/tmp/t.jsonl', cwd: dir, permission_mode: 'default', hook_event_name: event, ...fields });
      const [served, bridged] = await Promise.all([post(`${server.url}/hooks/claude`, body), bridge(config, `${body}\n`)]);
      expect({ event, fields, code: bridged.code, stdout: bridged.stdout }).toEqual({ event, fields, code: 0, stdout: expected });
      expect({ event, fields, status: served.status, text: served.text }).toEqual({ event, fields, status: 200, text: expected });
      expect(served.headers.get('content-type')).toBe(expected === '' ? null : 'application/json');
    }
    expect(await server.stop()).toEqual({ code: 0, signal: null });
  }, 120_000);

  it('refuses what is not a payload with 400, and unknown dialects with 404', async () => {
    const { config } = await project({ hooks: [] });
    const server = await startServe(['--config', config]);
    expect(await post(`${server.url}/hooks/claude`, '{"hook_event_name":')).toMatchObject({ status: 400, text: expect.stringMatching(/"error":"the request body is not valid JSON: /) });
    expect((await post(`${server.url}/hooks/claude`, '[1]')).json()).toEqual({ ok: false, error: 'the hook payload must be a JSON object, received an array' });
    expect((await post(`${server.url}/hooks/claude`, '')).status).toBe(400);
    expect((await post(`${server.url}/hooks/copilot`, '{"toolName":"bash"}')).json()).toEqual({ ok: false, error: 'the hook payload names no event: it has no hook_event_name; POST it to /hooks/copilot/<event>' });
    expect((await post(`${server.url}/hooks/windsurf`, '{}')).status).toBe(404);
    expect(await request(`${server.url}/hooks/claude`)).toMatchObject({ status: 405 });
    expect((await request(`${server.url}/hooks/claude`)).headers.get('allow')).toBe('POST');
  });
});

describe('hookwire serve: POST /hooks/<dialect> for the other hosts', () => {
  it('reads a Gemini CLI and a Codex payload in their dialects and answers in their forms', async () => {
    const { dir, config } = await project({ hooks: [answer('PreToolUse', 2, '', 'no rm -rf', { matcher: 'Bash' })] });
    const server = await startServe(['--config', config]);
    const gemini = JSON.stringify({ session_id: 's', cwd: dir, hook_event_name: 'BeforeTool', timestamp: '2026-12-01T00:00:00.000Z', tool_name: 'run_shell_command', tool_input: { command: 'rm -rf /' } });
    expect(await post(`${server.url}/hooks/gemini`, gemini)).toMatchObject({ status: 200, text: '{"decision":"deny","reason":"no rm -rf"}\n' });
    const codex = JSON.stringify({ session_id: 's', turn_id: 't', cwd: dir, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'rm -rf /' } });
    expect(await post(`${server.url}/hooks/codex`, codex)).toMatchObject({
      status: 200,
      text: '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no rm -rf"}}\n',
    });
    const qwen = JSON.stringify({ session_id: 's', cwd: dir, hook_event_name: 'PreToolUse', timestamp: '2026-12-01T00:00:00.000Z', permission_mode: 'yolo', tool_name: 'run_shell_command', tool_input: { command: 'rm -rf /' } });
    expect(await post(`${server.url}/hooks/qwen`, qwen)).toMatchObject({
      status: 200,
      text: '{"decision":"deny","reason":"no rm -rf","hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no rm -rf"}}\n',
    });
    // Letta Code reads a deny from the exit code and stderr: the body is the bridge's stdout (empty), the rest is in headers.
    const letta = await request(`${server.url}/hooks/letta`, { method: 'POST', body: JSON.stringify({ event_type: 'PreToolUse', working_directory: dir, tool_name: 'Bash', tool_input: { command: 'rm -rf /' } }) });
    expect({ status: letta.status, text: letta.text, exit: letta.headers.get('x-hookwire-exit-code'), stderr: decodeURIComponent(letta.headers.get('x-hookwire-stderr') ?? '') }).toEqual({ status: 200, text: '', exit: '2', stderr: 'no rm -rf\n' });
    expect(await post(`${server.url}/hooks/gemini`, JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Bash' }))).toMatchObject({ status: 200, text: '' });
    expect((await post(`${server.url}/hooks/gemini/Nope`, '{}')).status).toBe(404);
    expect((await post(`${server.url}/hooks/gemini/BeforeTool/x`, '{}')).status).toBe(404);
    expect(await server.stop()).toEqual({ code: 0, signal: null });
  }, 60_000);
});

describe('hookwire serve: the protocol routes', () => {
  it('POST /v1/dispatch answers the stdio dispatch response; errors are 4xx with ok false', async () => {
    const { dir, config } = await project({ hooks: HOOKS_OF_EVERY_KIND });
    const server = await startServe(['--config', config]);
    const ok = await post(`${server.url}/v1/dispatch`, { event: 'PreToolUse', payload: tool('Exit2'), cwd: dir });
    expect(ok.status).toBe(200);
    expect(DispatchResponseSchema.parse(ok.json())).toMatchObject({ ok: true, canonical: 'tool:before', outcome: { decision: 'deny', reason: 'no rm -rf' }, runs: [{ exitCode: 2, kind: 'shell' }] });
    const bySubject = await post(`${server.url}/v1/dispatch`, { op: 'dispatch', event: 'tool:before', subject: 'Exit2', payload: { tool_input: {} } });
    expect(bySubject.json()).toMatchObject({ ok: true, outcome: { decision: 'deny' } });
    for (const [body, message] of [
      [{ event: 'Nope' }, /^unknown event "Nope"/],
      [{ event: 'Stop', payload: [] }, /^dispatch "payload" must be a JSON object, received array$/],
      [{ payload: {} }, /^dispatch needs "event" as a string/],
      [{ op: 'reload' }, /takes a dispatch/],
      ['7', /must be a JSON object, received a number/],
    ] as const) {
      const refused = await post(`${server.url}/v1/dispatch`, body);
      expect(refused.status).toBe(400);
      expect(ErrorResponseSchema.parse(refused.json()).error).toMatch(message);
    }
    expect(await request(`${server.url}/nowhere`)).toMatchObject({ status: 404 });
  });

  it('GET /healthz and GET /metrics with dispatches by event and decision, runs by kind and failure, histograms', async () => {
    const { config } = await project({ hooks: [...HOOKS_OF_EVERY_KIND, { event: 'PreToolUse', matcher: 'Slow', type: 'command', command: 'sleep 5', timeout: 0.2 }] });
    const server = await startServe(['--config', config]);
    expect((await request(`${server.url}/healthz`)).json()).toEqual({ ok: true, version: expect.stringMatching(/^\d+\.\d+\.\d+/), protocol: 1 });
    await post(`${server.url}/hooks/claude`, { hook_event_name: 'PreToolUse', ...tool('Exit2') });
    await post(`${server.url}/v1/dispatch`, { event: 'PreToolUse', payload: tool('Slow') });
    const metrics = await request(`${server.url}/metrics`);
    expect(metrics.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(metrics.text).toContain('hookwire_dispatches_total{event="tool:before",decision="deny"} 1\n');
    expect(metrics.text).toContain('hookwire_dispatches_total{event="tool:before",decision="none"} 1\n');
    expect(metrics.text).toContain('hookwire_hook_runs_total{kind="shell",failure="none"} 1\n');
    expect(metrics.text).toContain('hookwire_hook_runs_total{kind="shell",failure="timeout"} 1\n');
    expect(metrics.text).toContain('hookwire_dispatch_duration_seconds_count{event="tool:before"} 2\n');
    expect(metrics.text).toMatch(/hookwire_hook_run_duration_seconds_bucket\{kind="shell",le="\+Inf"\} 2\n/);
    expect(metrics.text).toContain('hookwire_http_requests_total{route="/hooks/claude",status="200"} 1\n');
    expect(metrics.text).toContain('# TYPE hookwire_dispatch_duration_seconds histogram\n');
    for (const line of metrics.text.trimEnd().split('\n')) expect(line).toMatch(/^(# (HELP|TYPE) \w+ .+|\w+(\{[^}]*\})? -?[\d.e+-]+)$/);
  });

  it('reloads on POST /v1/reload and on SIGHUP, refusing a config with errors as the sidecar does', async () => {
    const { config } = await project({ hooks: [answer('PreToolUse', 2, '', 'old rule', { matcher: 'Bash' })] });
    const server = await startServe(['--config', config]);
    const ask = async () => ((await post(`${server.url}/hooks/claude`, { hook_event_name: 'PreToolUse', ...tool('Bash') })).text);
    expect(await ask()).toMatch(/old rule/);
    await writeFile(config, JSON.stringify({ hooks: [{ event: 'PreToolUse', type: 'command' }] }));
    const refused = await post(`${server.url}/v1/reload`, '');
    expect(refused.status).toBe(409);
    expect(refused.json()).toMatchObject({ ok: false, error: expect.stringMatching(/error/), diagnostics: [expect.objectContaining({ severity: 'error' })] });
    expect(await ask()).toMatch(/old rule/);
    await writeFile(config, JSON.stringify({ hooks: [answer('PreToolUse', 2, '', 'new rule', { matcher: 'Bash' })] }));
    expect(await post(`${server.url}/v1/reload`, '')).toMatchObject({ status: 200, text: '{"ok":true,"diagnostics":[]}\n' });
    expect(await ask()).toMatch(/new rule/);
    await writeFile(config, JSON.stringify({ hooks: [answer('PreToolUse', 2, '', 'hup rule', { matcher: 'Bash' })] }));
    server.child.kill('SIGHUP');
    let answered = await ask();
    for (let waited = 0; waited < 5_000 && !answered.includes('hup rule'); waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      answered = await ask();
    }
    expect(answered).toMatch(/hup rule/);
    expect(await server.stop()).toEqual({ code: 0, signal: null });
  });

  it('--log writes one audit line per answered dispatch', async () => {
    const { dir, config } = await project({ hooks: HOOKS_OF_EVERY_KIND });
    const log = join(dir, 'audit.jsonl');
    const server = await startServe(['--config', config, '--log', log]);
    await post(`${server.url}/hooks/claude`, { hook_event_name: 'PreToolUse', ...tool('Exit2') });
    await post(`${server.url}/v1/dispatch`, { event: 'Stop', payload: {} });
    await server.stop();
    const lines = (await readFile(log, 'utf8')).trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toMatchObject([
      { event: 'PreToolUse', canonical: 'tool:before', outcome: { decision: 'deny' } },
      { event: 'Stop', canonical: 'turn:stop', outcome: { decision: 'deny' } },
    ]);
  });
});

describe('hookwire serve: auth and start-up', () => {
  const TOKEN = 's3cr3t-token-value-7f1c';

  it('--token-env: every route but /healthz needs the bearer token; the token is never logged', async () => {
    const { dir, config } = await project({ hooks: HOOKS_OF_EVERY_KIND });
    const log = join(dir, 'audit.jsonl');
    const server = await startServe(['--config', config, '--token-env', 'HW_TOKEN', '--log', log], { ...process.env, HW_TOKEN: TOKEN });
    const payload = { hook_event_name: 'PreToolUse', ...tool('Exit2') };
    expect((await request(`${server.url}/healthz`)).status).toBe(200);
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}x` }, { authorization: TOKEN }, { authorization: `Basic ${TOKEN}` }, { authorization: `Bearer ${TOKEN.slice(0, -1)}` }] as Record<string, string>[]) {
      const denied = await post(`${server.url}/hooks/claude`, payload, headers);
      expect(denied.status).toBe(401);
      expect(denied.headers.get('www-authenticate')).toBe('Bearer');
      expect((await request(`${server.url}/metrics`, { headers })).status).toBe(401);
      expect((await post(`${server.url}/v1/dispatch`, { event: 'Stop' }, headers)).status).toBe(401);
      expect((await post(`${server.url}/v1/reload`, '', headers)).status).toBe(401);
    }
    const allowed = await post(`${server.url}/hooks/claude`, payload, { authorization: `Bearer ${TOKEN}` });
    expect(allowed).toMatchObject({ status: 200, text: expect.stringMatching(/no rm -rf/) });
    expect((await request(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
    await server.stop();
    expect(server.stderr()).not.toContain(TOKEN.slice(4));
    expect(server.stdout()).not.toContain(TOKEN.slice(4));
    expect(await readFile(log, 'utf8')).not.toContain(TOKEN.slice(4));
  });

  it('refuses to start on a non-loopback address without a token, or with a token variable that is unset', async () => {
    const { config } = await project({ hooks: [] });
    const open = await refusedServe(['--config', config, '--host', '0.0.0.0', '--port', '0']);
    expect(open).toMatchObject({ code: 2, stdout: '' });
    expect(open.stderr).toMatch(/refusing to listen on 0\.0\.0\.0 \(not a loopback address\) without a token/);
    const env = { ...process.env };
    delete env.HW_UNSET;
    const unset = await refusedServe(['--config', config, '--token-env', 'HW_UNSET'], env);
    expect(unset).toMatchObject({ code: 2, stdout: '' });
    expect(unset.stderr).toMatch(/--token-env HW_UNSET: that environment variable is not set or empty/);
    expect(await refusedServe(['--config', config, '--port', '70000'])).toMatchObject({ code: 2, stderr: expect.stringMatching(/--port must be a whole number from 0 to 65535/) });
    expect(await refusedServe(['--config', config, '--max-inflight', '0'])).toMatchObject({ code: 2, stderr: expect.stringMatching(/--max-inflight must be a whole number/) });
    // Without --config, serve finds its config like every command (docs/config.md); none found is that error.
    expect(await refusedServe(['--port', '0'], { ...process.env, CLAUDE_PROJECT_DIR: config.replace(/[^/]+$/, 'nowhere'), XDG_CONFIG_HOME: '/nonexistent', HOOKWIRE_CONFIG: '' })).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/^hookwire serve: no hookwire config found: looked at \$HOOKWIRE_CONFIG \(not set\), /),
    });
  });

  it('a broken config at start prints the diagnostics and exits 2; a taken port exits 2', async () => {
    const { config } = await project({ hooks: [{ event: 'PreToolUse', type: 'command' }] });
    const broken = await refusedServe(['--config', config]);
    expect(broken).toMatchObject({ code: 2, stdout: '' });
    expect(broken.stderr).toMatch(/config diagnostic/);
    const good = await project({ hooks: [] });
    const first = await startServe(['--config', good.config]);
    const port = new URL(first.url).port;
    const taken = await refusedServe(['--config', good.config, '--port', port]);
    expect(taken).toMatchObject({ code: 2, stdout: '', stderr: expect.stringMatching(/cannot listen on 127\.0\.0\.1:\d+: .*EADDRINUSE/) });
  });

  it('listens on ::1 and prints the address in brackets', async () => {
    const { config } = await project({ hooks: [] });
    const server = await startServe(['--config', config, '--host', '::1']);
    expect(server.url).toMatch(/^http:\/\/\[::1\]:\d+$/);
    expect((await request(`${server.url}/healthz`)).status).toBe(200);
  });
});
