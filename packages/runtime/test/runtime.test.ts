import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, createRuntime, HookwireError } from '../src/index.js';
import { MAX_PAYLOAD_DEPTH, PAYLOAD_DEPTH_MARKER } from '@hookwire/contract';
import { cleanup, recordingLogger, runtimeOf, say, tempDir, writeJson } from './helpers.js';

afterEach(cleanup);

const bash = { tool_name: 'Bash', tool_input: { command: 'ls' } };

describe('dispatch', () => {
  it('runs the selected hooks in configuration order and folds their answers', async () => {
    const dir = await tempDir();
    const trace = join(dir, 'trace');
    const runtime = await runtimeOf({
      hooks: [
        { id: 'first', event: 'PreToolUse', matcher: 'Bash', type: 'command', command: `sleep 0.2; echo first >> '${trace}'; ${say({ decision: 'block', reason: 'one' })}` },
        { id: 'second', event: 'tool:before', type: 'command', command: `echo second >> '${trace}'; ${say({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'two' } })}` },
        { id: 'other-tool', event: 'PreToolUse', matcher: 'Read', type: 'command', command: `echo other >> '${trace}'` },
        { id: 'third', event: 'PreToolUse', matcher: 'Ba.*', type: 'command', command: say({ decision: 'approve', systemMessage: 'seen' }) },
      ],
    });
    const result = await runtime.dispatch('PreToolUse', bash);
    expect(result.canonical).toBe('tool:before');
    expect(result.outcome).toEqual({
      decision: 'deny',
      reason: 'one\n\ntwo',
      continue: true,
      additionalContext: [],
      systemMessage: ['seen'],
      downgraded: false,
    });
    expect(result.runs.map((r) => [r.hook, r.kind, r.outcome.decision, r.exitCode])).toEqual([
      ['first', 'shell', 'deny', 0],
      ['second', 'shell', 'deny', 0],
      ['third', 'shell', 'allow', 0],
    ]);
    expect(await readFile(trace, 'utf8')).toBe('first\nsecond\n');
  });

  it('answers none with no runs when no hook matches', async () => {
    const runtime = await runtimeOf({ hooks: [{ event: 'PreToolUse', matcher: 'Read', type: 'command', command: 'exit 2' }] });
    expect(await runtime.dispatch('tool:before', bash)).toEqual({
      canonical: 'tool:before',
      outcome: { decision: 'none', continue: true, additionalContext: [], systemMessage: [], downgraded: false },
      runs: [],
    });
  });

  it('derives the subject from tool_name, then tool, then name, and lets the request override it', async () => {
    const runtime = await runtimeOf({ hooks: [{ event: 'PreToolUse', matcher: 'Edit', type: 'command', command: 'exit 2' }] });
    expect((await runtime.dispatch('PreToolUse', { tool: 'Edit' })).outcome.decision).toBe('deny');
    expect((await runtime.dispatch('PreToolUse', { name: 'Edit' })).outcome.decision).toBe('deny');
    expect((await runtime.dispatch('PreToolUse', { tool_name: 'Bash', tool: 'Edit' })).outcome.decision).toBe('none');
    expect((await runtime.dispatch('PreToolUse', { tool_name: 'Bash' }, { subject: 'Edit' })).outcome.decision).toBe('deny');
  });

  it('uses source on session:start and agent_type on subagent events as the subject', async () => {
    const runtime = await runtimeOf({
      hooks: [
        { event: 'SessionStart', matcher: 'resume', type: 'command', command: 'echo resumed' },
        { event: 'SubagentStop', matcher: 'reviewer', type: 'command', command: 'exit 2' },
      ],
    });
    expect((await runtime.dispatch('SessionStart', { source: 'resume' })).outcome.additionalContext).toEqual(['resumed']);
    expect((await runtime.dispatch('SessionStart', { source: 'startup' })).runs).toEqual([]);
    expect((await runtime.dispatch('SubagentStop', { agent_type: 'reviewer' })).outcome.decision).toBe('deny');
    expect((await runtime.dispatch('SubagentStop', { agent_type: 'coder' })).runs).toEqual([]);
  });

  it('runs every hook of prompt:submit and turn:stop whatever their matcher', async () => {
    const runtime = await runtimeOf({
      hooks: [
        { event: 'UserPromptSubmit', type: 'command', command: 'echo rule one' },
        { event: 'Stop', type: 'command', command: 'exit 2' },
      ],
    });
    expect((await runtime.dispatch('UserPromptSubmit', { prompt: 'hi' })).outcome.additionalContext).toEqual(['rule one']);
    expect((await runtime.dispatch('turn:stop', {})).outcome.decision).toBe('deny');
  });

  it('downgrades a deny on a non-blockable event and keeps the raw decision', async () => {
    const runtime = await runtimeOf({ hooks: [{ event: 'PostToolUse', type: 'command', command: "echo 'secret in output' >&2; exit 2" }] });
    expect((await runtime.dispatch('PostToolUse', { ...bash, tool_response: 'AKIA...' })).outcome).toEqual({
      decision: 'none',
      continue: true,
      additionalContext: [],
      systemMessage: [],
      downgraded: true,
      rawDecision: 'deny',
      rawReason: 'secret in output',
    });
  });

  it('renders the payload in each hook\'s dialect, with the base fields filled', async () => {
    const dir = await tempDir();
    const runtime = await runtimeOf({
      hooks: [
        { event: 'PreToolUse', type: 'command', command: `cat > '${join(dir, 'claude')}'` },
        { event: 'PreToolUse', type: 'command', dialect: 'native', command: `cat > '${join(dir, 'native')}'` },
      ],
    });
    await runtime.dispatch('PreToolUse', { ...bash, extra: 1 }, { cwd: dir });
    const claude = await readFile(join(dir, 'claude'), 'utf8');
    expect(claude).toBe(
      `${JSON.stringify({ session_id: '', transcript_path: '', cwd: dir, hook_event_name: 'PreToolUse', permission_mode: 'default', ...bash, extra: 1 })}\n`,
    );
    const native = JSON.parse(await readFile(join(dir, 'native'), 'utf8'));
    expect(Object.keys(native).slice(0, 2)).toEqual(['event', 'ts']);
    expect(native).toMatchObject({ event: 'tool:before', hook_event_name: 'tool:before', tool_name: 'Bash', extra: 1 });
  });

  it('runs handlers in the request cwd, else the payload cwd', async () => {
    const a = await tempDir();
    const b = await tempDir();
    const runtime = await runtimeOf({ hooks: [{ event: 'UserPromptSubmit', type: 'command', command: 'pwd' }] });
    expect((await runtime.dispatch('UserPromptSubmit', { cwd: a }, { cwd: b })).outcome.additionalContext).toEqual([b]);
    expect((await runtime.dispatch('UserPromptSubmit', { cwd: a })).outcome.additionalContext).toEqual([a]);
  });

  it('refuses an unknown event and a payload that is not an object with stable codes', async () => {
    const runtime = await runtimeOf({ hooks: [] });
    await expect(runtime.dispatch('PostToolBatch', {})).rejects.toMatchObject({ code: 'HOOKWIRE_UNKNOWN_EVENT' });
    await expect(runtime.dispatch('PreToolUse', [1])).rejects.toMatchObject({ code: 'HOOKWIRE_BAD_PAYLOAD' });
    await expect(runtime.dispatch('PreToolUse', 'x')).rejects.toBeInstanceOf(HookwireError);
  });

  it('never refuses a payload nested deeper than MAX_PAYLOAD_DEPTH: onError block hooks deny it unseen, the others see it cut', async () => {
    const runtime = await runtimeOf({
      hooks: [
        { id: 'fence', event: 'PreToolUse', type: 'command', command: 'exit 0', onError: 'block' },
        { id: 'reader', event: 'PreToolUse', type: 'command', command: 'cat' },
      ],
    });
    const nest = (levels: number) => {
      let value: unknown = [];
      for (let i = 1; i < levels; i++) value = [value];
      return value;
    };
    // The payload object itself is level 1.
    for (const levels of [MAX_PAYLOAD_DEPTH, 200_000]) {
      const result = await runtime.dispatch('PreToolUse', { ...bash, x: nest(levels) });
      expect(result.outcome.decision).toBe('deny');
      expect(result.runs[0]!.outcome.failure).toEqual({ class: 'payload', message: `the payload nests arrays or objects deeper than ${MAX_PAYLOAD_DEPTH} levels and cannot be shown to hooks whole` });
      const reader = result.runs[1]!;
      expect(reader.outcome.failure).toBeUndefined();
      expect(reader.outcome.warnings[0]).toContain(PAYLOAD_DEPTH_MARKER);
      expect(reader.outcome.additionalContext).toBeUndefined();
    }
    const fits = await runtime.dispatch('PreToolUse', { ...bash, x: nest(MAX_PAYLOAD_DEPTH - 1) });
    expect(fits.outcome.decision).toBe('none');
    expect(fits.runs.map((run) => run.outcome.warnings)).toEqual([[], []]);
  });

  it('gives generated ids to hooks without one', async () => {
    const runtime = await runtimeOf({
      hooks: [
        { event: 'PreToolUse', type: 'command', command: 'true' },
        { event: 'PreToolUse', type: 'command', command: 'true' },
      ],
    });
    expect((await runtime.dispatch('PreToolUse', bash)).runs.map((r) => r.hook)).toEqual(['PreToolUse#1', 'PreToolUse#2']);
  });

  it('can run hooks at once under parallel and still folds in configuration order', async () => {
    const runtime = await runtimeOf({
      parallel: true,
      hooks: [
        { event: 'UserPromptSubmit', type: 'command', command: 'sleep 0.4; echo slow' },
        { event: 'UserPromptSubmit', type: 'command', command: 'echo fast' },
      ],
    });
    const result = await runtime.dispatch('UserPromptSubmit', { prompt: 'x' });
    expect(result.outcome.additionalContext).toEqual(['slow', 'fast']);
    expect(result.runs.map((r) => r.hook)).toEqual(['UserPromptSubmit#1', 'UserPromptSubmit#2']);
  });

  it('reads a Claude Code settings file as it is', async () => {
    const runtime = await runtimeOf({
      permissions: { allow: ['Bash(ls)'] },
      hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: "echo 'no' >&2; exit 2" }] }] },
    });
    expect((await runtime.dispatch('PreToolUse', bash)).outcome).toMatchObject({ decision: 'deny', reason: 'no' });
  });
});

describe('timeouts and onError', () => {
  it('resolves the timeout: hook timeout over config timeoutSec', async () => {
    const runtime = await runtimeOf({
      timeoutSec: 0.3,
      hooks: [
        { id: 'config-timeout', event: 'Stop', type: 'command', command: 'sleep 5' },
        { id: 'own-timeout', event: 'Stop', type: 'command', command: 'sleep 0.6; exit 2', timeout: 3 },
      ],
    });
    const result = await runtime.dispatch('Stop', {});
    expect(result.runs[0]!.outcome.failure).toMatchObject({ class: 'timeout' });
    expect(result.runs[1]!.outcome).toMatchObject({ decision: 'deny' });
    expect(result.outcome.decision).toBe('deny');
  });

  it.each([
    ['warn', { decision: 'none' }, true],
    ['ignore', { decision: 'none' }, false],
    ['block', { decision: 'deny', reason: expect.stringMatching(/^hook slow failed \(timeout\): /) }, false],
  ] as const)('onError %s shapes a timeout', async (onError, outcome, logged) => {
    const logger = recordingLogger();
    const runtime = await runtimeOf({ hooks: [{ id: 'slow', event: 'PreToolUse', type: 'command', command: 'sleep 5', timeout: 0.2, onError }] }, { logger });
    const result = await runtime.dispatch('PreToolUse', bash);
    expect(result.outcome).toMatchObject(outcome);
    expect(result.runs[0]).toMatchObject({ hook: 'slow', kind: 'shell', onError, outcome: { failure: { class: 'timeout' } } });
    expect(logger.entries.some((e) => e.level === 'warn' && e.message.includes('slow'))).toBe(logged);
  });

  it('takes onError from the config when the hook gives none, and never escalates a plain non-zero exit', async () => {
    const runtime = await runtimeOf({
      onError: 'block',
      hooks: [
        { id: 'exit1', event: 'PreToolUse', type: 'command', command: 'echo oops >&2; exit 1' },
        { id: 'no-llm', event: 'PreToolUse', type: 'prompt', prompt: 'judge $ARGUMENTS' },
      ],
    });
    const result = await runtime.dispatch('PreToolUse', bash);
    expect(result.runs[0]).toMatchObject({ hook: 'exit1', exitCode: 1, outcome: { warnings: [expect.stringContaining('exited with code 1: oops')] } });
    expect(result.runs[0]!.onError).toBeUndefined();
    expect(result.runs[1]).toMatchObject({ hook: 'no-llm', kind: 'oracle', onError: 'block', outcome: { failure: { class: 'unconfigured' } } });
    expect(result.outcome).toMatchObject({ decision: 'deny', reason: expect.stringMatching(/^hook no-llm failed \(unconfigured\)/) });
  });

  it('downgrades a block-policy deny on a non-blockable event, raw kept', async () => {
    const runtime = await runtimeOf({ hooks: [{ id: 'a', event: 'SessionStart', type: 'agent', prompt: 'check', onError: 'block' }] });
    const { outcome } = await runtime.dispatch('SessionStart', { source: 'startup' });
    expect(outcome).toMatchObject({ decision: 'none', downgraded: true, rawDecision: 'deny', rawReason: expect.stringMatching(/^hook a failed \(unconfigured\): proxy not configured/) });
  });
});

describe('proxy', () => {
  it('runs agent hooks through the proxy command with the hook settings in its environment', async () => {
    const runtime = await runtimeOf({
      proxy: { command: 'printf \'{"ok":false,"reason":"%s|%s|%s"}\' "$HOOKWIRE_AGENT_TYPE" "$HOOKWIRE_AGENT_PROMPT" "$HOOKWIRE_AGENT_MODEL"' },
      hooks: [{ event: 'Stop', type: 'agent', prompt: 'Check the tests pass.', model: 'small' }],
    });
    const result = await runtime.dispatch('Stop', {});
    expect(result.outcome).toMatchObject({ decision: 'deny', reason: 'agent|Check the tests pass.|small' });
    expect(result.runs[0]).toMatchObject({ kind: 'proxy', exitCode: 0 });
  });

  it('reads a proxy command answer of the response contract form too', async () => {
    const runtime = await runtimeOf({
      proxy: { command: "echo 'not yet' >&2; exit 2" },
      hooks: [{ event: 'SubagentStop', type: 'subagent', prompt: 'p' }],
    });
    expect((await runtime.dispatch('SubagentStop', { agent_type: 'x' })).outcome).toMatchObject({ decision: 'deny', reason: 'not yet' });
  });

  it('prefers the host proxy function, which sees the hook and the rendered payload', async () => {
    const calls: unknown[] = [];
    const runtime = await runtimeOf(
      { proxy: { command: 'exit 2' }, hooks: [{ id: 'judge', event: 'PreToolUse', type: 'agent', prompt: 'judge it' }] },
      {
        proxy: (call) => {
          calls.push({ hook: call.hook.id, prompt: call.hook.prompt, eventName: call.eventName, input: JSON.parse(call.input).tool_name });
          return { ok: true };
        },
      },
    );
    expect((await runtime.dispatch('PreToolUse', bash)).outcome.decision).toBe('allow');
    expect(calls).toEqual([{ hook: 'judge', prompt: 'judge it', eventName: 'PreToolUse', input: 'Bash' }]);
  });

  it('turns a throwing or hanging proxy function into a failure', async () => {
    const runtime = await runtimeOf(
      { onError: 'block', hooks: [{ id: 'boom', event: 'PreToolUse', type: 'agent', prompt: 'p' }, { id: 'hang', event: 'PreToolUse', type: 'agent', prompt: 'p', timeout: 0.2 }] },
      {
        proxy: (call) => {
          if (call.hook.id === 'boom') throw new Error('no agent here');
          return new Promise(() => {});
        },
      },
    );
    const result = await runtime.dispatch('PreToolUse', bash);
    expect(result.runs.map((r) => r.outcome.failure?.class)).toEqual(['spawn', 'timeout']);
    expect(result.runs[0]!.outcome.failure!.message).toContain('no agent here');
  });
});

describe('cancellation', () => {
  it('settles a canceled dispatch with HOOKWIRE_CANCELED and runs no further hooks', async () => {
    const dir = await tempDir();
    const runtime = await runtimeOf({
      hooks: [
        { event: 'PreToolUse', type: 'command', command: 'sleep 30' },
        { event: 'PreToolUse', type: 'command', command: `touch '${join(dir, 'ran')}'` },
      ],
    });
    const controller = new AbortController();
    const started = Date.now();
    const pending = runtime.dispatch('PreToolUse', bash, { signal: controller.signal });
    setTimeout(() => controller.abort(), 200);
    await expect(pending).rejects.toMatchObject({ code: 'HOOKWIRE_CANCELED' });
    expect(Date.now() - started).toBeLessThan(10_000);
    await expect(readFile(join(dir, 'ran'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('calls makeSignal only when a hook is selected, once, and cancels through what it made', async () => {
    const runtime = await runtimeOf({ hooks: [{ event: 'PreToolUse', matcher: 'Bash', type: 'command', command: 'sleep 30' }] });
    let made = 0;
    const controller = new AbortController();
    const makeSignal = (): AbortSignal => {
      made += 1;
      return controller.signal;
    };
    const miss = await runtime.dispatch('PreToolUse', { tool_name: 'Read', tool_input: {} }, { makeSignal });
    expect(miss.runs).toEqual([]);
    expect(made).toBe(0);
    const pending = runtime.dispatch('PreToolUse', bash, { makeSignal });
    setTimeout(() => controller.abort(), 200);
    await expect(pending).rejects.toMatchObject({ code: 'HOOKWIRE_CANCELED' });
    expect(made).toBe(1);
  });

  it('prefers signal over makeSignal', async () => {
    const runtime = await runtimeOf({ hooks: [{ event: 'PreToolUse', type: 'command', command: 'true' }] });
    let made = 0;
    const result = await runtime.dispatch('PreToolUse', bash, { signal: new AbortController().signal, makeSignal: () => ((made += 1), new AbortController().signal) });
    expect(result.runs).toHaveLength(1);
    expect(made).toBe(0);
  });

  it('cuts hooks at the dispatch budget like timeouts', async () => {
    const runtime = await runtimeOf({
      onError: 'block',
      hooks: [
        { id: 'slow', event: 'PreToolUse', type: 'command', command: 'sleep 30' },
        { id: 'late', event: 'PreToolUse', type: 'command', command: 'true' },
      ],
    });
    const result = await runtime.dispatch('PreToolUse', bash, { budgetMs: 300 });
    expect(result.runs.map((r) => [r.hook, r.outcome.failure?.class])).toEqual([
      ['slow', 'timeout'],
      ['late', 'timeout'],
    ]);
    expect(result.outcome.decision).toBe('deny');
  });
});

describe('config loading and reload', () => {
  it('refuses a broken first config with its diagnostics', async () => {
    const error = await createRuntime({ config: { hooks: [{ event: 'Nope', type: 'command', command: 'true' }] } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HookwireError);
    expect((error as HookwireError).code).toBe('HOOKWIRE_CONFIG_INVALID');
    expect((error as ConfigError).diagnostics).toEqual([expect.objectContaining({ severity: 'error', path: '/hooks/0/event' })]);
  });

  it('reports a file that is not JSON, naming the file', async () => {
    const dir = await tempDir();
    const path = join(dir, 'broken.json');
    await writeJson(dir, 'broken.json', 1);
    await import('node:fs/promises').then((fs) => fs.writeFile(path, '{"hooks": ['));
    const error = (await createRuntime({ configPath: path }).catch((e: unknown) => e)) as HookwireError;
    expect(error.code).toBe('HOOKWIRE_CONFIG_INVALID');
    expect(error.message).toContain(path);
  });

  it('layers config files: hooks concatenated in order, later scalars win, each hook sees its own config dir', async () => {
    const a = await tempDir();
    const b = await tempDir();
    const first = await writeJson(a, 'user.json', { timeoutSec: 100, hooks: [{ event: 'UserPromptSubmit', type: 'command', command: 'echo "$HOOKWIRE_CONFIG_DIR"' }] });
    const second = await writeJson(b, 'project.json', { timeoutSec: 0.2, hooks: [{ event: 'UserPromptSubmit', type: 'command', command: 'echo "$HOOKWIRE_CONFIG_DIR"; sleep 5' }] });
    const runtime = await runtimeOf(undefined, { configPath: [first, second] });
    const result = await runtime.dispatch('UserPromptSubmit', { prompt: 'x' });
    expect(result.outcome.additionalContext).toEqual([a]);
    expect(result.runs[1]!.outcome.failure?.class).toBe('timeout');
  });

  it('swaps configs atomically on reload and keeps the old one when the new one has errors', async () => {
    const dir = await tempDir();
    const path = await writeJson(dir, 'hookwire.json', { hooks: [{ event: 'PreToolUse', type: 'command', command: 'exit 2' }] });
    const runtime = await runtimeOf(undefined, { configPath: path });
    expect((await runtime.dispatch('PreToolUse', bash)).outcome.decision).toBe('deny');

    await writeJson(dir, 'hookwire.json', { hooks: [{ event: 'PreToolUse', type: 'command' }] });
    const refused = await runtime.reload();
    expect(refused.ok).toBe(false);
    expect(refused.diagnostics.some((d) => d.severity === 'error' && d.path === '/hooks/0/command')).toBe(true);
    expect((await runtime.dispatch('PreToolUse', bash)).outcome.decision).toBe('deny');

    await writeJson(dir, 'hookwire.json', { hooks: [{ event: 'PreToolUse', type: 'command', command: say({ decision: 'approve' }) }] });
    expect(await runtime.reload()).toEqual({ ok: true, diagnostics: [] });
    expect((await runtime.dispatch('PreToolUse', bash)).outcome.decision).toBe('allow');
  });

  it('finishes a dispatch in flight on the config it started with', async () => {
    const dir = await tempDir();
    const path = await writeJson(dir, 'hookwire.json', {
      hooks: [
        { event: 'PreToolUse', type: 'command', command: 'sleep 0.5' },
        { event: 'PreToolUse', type: 'command', command: 'exit 2' },
      ],
    });
    const runtime = await runtimeOf(undefined, { configPath: path });
    const inFlight = runtime.dispatch('PreToolUse', bash);
    await new Promise((r) => setTimeout(r, 100));
    await writeJson(dir, 'hookwire.json', { hooks: [] });
    expect((await runtime.reload()).ok).toBe(true);
    expect((await inFlight).outcome.decision).toBe('deny');
    expect((await runtime.dispatch('PreToolUse', bash)).runs).toEqual([]);
  });
});
