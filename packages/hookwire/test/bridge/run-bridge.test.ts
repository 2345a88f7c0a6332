import { createHash } from 'node:crypto';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { answer, project, removeProjects } from '../bridge-project.js';
import { HOOKWIRE, isGone, runHookwire } from '../sidecar.js';

const MOCK_LLM = fileURLToPath(new URL('../../../mock-llm/lib/index.js', import.meta.url));

interface Exit {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

afterEach(removeProjects);

/** Runs the real built executable once: `hookwire run ARGS` with STDIN, as Claude Code runs a command hook. */
function run(args: string[], stdin: string, env: NodeJS.ProcessEnv = {}): Promise<Exit> {
  const started = Date.now();
  const base = { ...process.env };
  delete base.HOOKWIRE_BRIDGE_DEPTH;
  const child = spawn(process.execPath, [HOOKWIRE, 'run', ...args], { env: { ...base, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  child.stdin.on('error', () => {});
  child.stdin.end(stdin);
  const guard = setTimeout(() => child.kill('SIGKILL'), 25_000);
  return new Promise((resolve) => {
    child.on('close', (code) => {
      clearTimeout(guard);
      resolve({ code, stdout, stderr, ms: Date.now() - started });
    });
  });
}

/** Whether a process is gone, or goes within `ms` (a kill is delivered at once but reaped a moment later). */
async function goneWithin(pid: number, ms: number): Promise<boolean> {
  for (let waited = 0; waited < ms; waited += 50) {
    if (await isGone(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return isGone(pid);
}

/** A payload as Claude Code sends it: compact JSON and one newline. */
function payload(event: string, cwd: string, fields: Record<string, unknown> = {}): string {
  return `${JSON.stringify({ session_id: 'sess-1', transcript_path: '/tmp/transcript.jsonl', cwd, permission_mode: 'default', hook_event_name: event, ...fields })}\n`;
}

function tool(name: string, command = 'ls'): Record<string, unknown> {
  return { tool_name: name, tool_input: { command }, tool_use_id: 'toolu_1' };
}

function record(event: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { event, type: 'command', command: 'sh "$HOOKWIRE_CONFIG_DIR/hooks/record.sh" "$HOOKWIRE_CONFIG_DIR/ran.txt"', ...extra };
}

const PRE_TOOL_HOOKS = [
  answer('PreToolUse', 2, '', 'no rm -rf', { matcher: 'Exit2' }),
  answer('PreToolUse', 0, '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"json says no"}}', '', { matcher: 'JsonDeny' }),
  answer('PreToolUse', 2, '', 'first reason', { matcher: 'TwoDenies' }),
  answer('PreToolUse', 0, '{"decision":"approve"}', '', { matcher: 'TwoDenies' }),
  answer('PreToolUse', 0, '{"decision":"block","reason":"second reason"}', '', { matcher: 'TwoDenies' }),
  answer('PreToolUse', 0, '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"a human should look"}}', '', { matcher: 'Ask' }),
  answer('PreToolUse', 0, '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","permissionDecisionReason":"read-only"}}', '', { matcher: 'Allow' }),
  answer('PreToolUse', 0, '{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"branch: main"}}', '', { matcher: 'Context' }),
  answer('PreToolUse', 0, '{"systemMessage":"first message","hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"env: prod"}}', '', { matcher: 'Context' }),
  answer('PreToolUse', 0, '{"systemMessage":"second message"}', '', { matcher: 'Context' }),
  answer('PreToolUse', 0, '{"continue":false,"stopReason":"the build is broken"}', '', { matcher: 'Halt' }),
  answer('PreToolUse', 0, '{"continue":false,"stopReason":"ignored: only the first stop reason counts"}', '', { matcher: 'Halt' }),
  answer('PreToolUse', 0, 'plain text is not context on PreToolUse', '', { matcher: 'Plain' }),
];

describe('hookwire run: PreToolUse', () => {
  it.each([
    ['Exit2', [], '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no rm -rf"}}\n'],
    ['JsonDeny', [], '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"json says no"}}\n'],
    ['TwoDenies', [], '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"first reason\\n\\nsecond reason"}}\n'],
    ['TwoDenies', ['--pass-allow'], '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"first reason\\n\\nsecond reason"}}\n'],
    ['Ask', [], '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"a human should look"}}\n'],
    ['Allow', [], ''],
    ['Allow', ['--pass-allow'], '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","permissionDecisionReason":"read-only"}}\n'],
    ['Context', [], '{"systemMessage":"first message\\nsecond message","hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"branch: main\\n\\nenv: prod"}}\n'],
    ['Halt', [], '{"continue":false,"stopReason":"the build is broken"}\n'],
    ['Plain', [], ''],
    ['NoHookMatches', ['--pass-allow'], ''],
  ])('tool %s %j', async (name, flags, expected) => {
    const { dir, config } = await project({ hooks: PRE_TOOL_HOOKS });
    const result = await run(['--config', config, ...flags], payload('PreToolUse', dir, tool(name)));
    expect(result).toMatchObject({ code: 0, stdout: expected, stderr: '' });
  });

  it('reads an existing .claude/settings.json shape as it is', async () => {
    const settings = {
      permissions: { allow: ['Bash(ls:*)'] },
      hooks: {
        PreToolUse: [
          { matcher: 'Bash', hooks: [{ type: 'command', command: 'sh "$HOOKWIRE_CONFIG_DIR/hooks/answer.sh" 2 "" "settings deny"' }] },
          { matcher: 'Read', hooks: [{ type: 'command', command: 'sh "$HOOKWIRE_CONFIG_DIR/hooks/answer.sh" 2 "" "not this one"' }] },
        ],
      },
    };
    const { dir, config } = await project(settings);
    const result = await run(['--config', config], payload('PreToolUse', dir, tool('Bash', 'rm -rf /')));
    expect(result).toMatchObject({ code: 0, stdout: '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"settings deny"}}\n', stderr: '' });
  });

  it('runs hooks in the payload cwd with the depth marker set, and hands them the payload as Claude Code would', async () => {
    const { dir, config } = await project({ hooks: [record('PreToolUse')] });
    const result = await run(['--config', config], payload('PreToolUse', dir, tool('Bash')));
    expect(result).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect(await readFile(join(dir, 'ran.txt'), 'utf8')).toBe(`depth=1 cwd=${dir} event=PreToolUse\n`);
  });
});

describe('hookwire run: the other events', () => {
  it('PostToolUse: a deny after the fact becomes feedback, with context', async () => {
    const { dir, config } = await project({
      hooks: [
        answer('PostToolUse', 2, '', 'the output leaks a token'),
        answer('PostToolUse', 0, '{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"3 lint warnings"}}'),
      ],
    });
    const result = await run(['--config', config], payload('PostToolUse', dir, { ...tool('Bash'), tool_response: { stdout: 'TOKEN=abc' } }));
    expect(result).toMatchObject({ code: 0, stdout: '{"decision":"block","reason":"the output leaks a token","hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"3 lint warnings"}}\n', stderr: '' });
  });

  it('PostToolUse: a JSON block with a reason, and nothing when all is well', async () => {
    const { dir, config } = await project({
      hooks: [answer('PostToolUse', 0, '{"decision":"block","reason":"tests now fail"}', '', { matcher: 'Edit' }), answer('PostToolUse', 0, '{}', '', { matcher: 'Read' })],
    });
    expect(await run(['--config', config], payload('PostToolUse', dir, { ...tool('Edit'), tool_response: 'ok' }))).toMatchObject({
      code: 0,
      stdout: '{"decision":"block","reason":"tests now fail"}\n',
    });
    expect(await run(['--config', config, '--pass-allow'], payload('PostToolUse', dir, { ...tool('Read'), tool_response: 'ok' }))).toMatchObject({ code: 0, stdout: '' });
  }, 60_000);

  it('UserPromptSubmit: deny blocks the prompt; plain stdout is context', async () => {
    const { dir, config } = await project({
      hooks: [answer('UserPromptSubmit', 0, 'today is Monday'), answer('UserPromptSubmit', 2, '', 'the prompt contains a secret')],
    });
    const result = await run(['--config', config], payload('UserPromptSubmit', dir, { prompt: 'my key is sk-123' }));
    expect(result).toMatchObject({ code: 0, stdout: '{"decision":"block","reason":"the prompt contains a secret","hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":"today is Monday"}}\n', stderr: '' });
  });

  it('UserPromptSubmit: an ask fails closed as a block', async () => {
    const { dir, config } = await project({
      hooks: [answer('UserPromptSubmit', 0, '{"hookSpecificOutput":{"hookEventName":"UserPromptSubmit","permissionDecision":"ask","permissionDecisionReason":"is this prompt ok?"}}')],
    });
    const result = await run(['--config', config], payload('UserPromptSubmit', dir, { prompt: 'deploy' }));
    expect(result).toMatchObject({ code: 0, stdout: '{"decision":"block","reason":"is this prompt ok?"}\n', stderr: '' });
  });

  it('SessionStart: context from plain stdout, and a deny it cannot honour as a system message', async () => {
    const { dir, config } = await project({
      hooks: [answer('SessionStart', 0, 'branch: feat/x'), answer('SessionStart', 0, '{"systemMessage":"welcome"}'), answer('SessionStart', 2, '', 'not on a Friday')],
    });
    const result = await run(['--config', config], payload('SessionStart', dir, { source: 'startup' }));
    expect(result).toMatchObject({
      code: 0,
      stdout: '{"systemMessage":"welcome\\nhookwire: a hook denied SessionStart, which cannot be blocked: not on a Friday","hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"branch: feat/x"}}\n',
      stderr: '',
    });
  });

  it('Stop: a deny keeps the model working, with context', async () => {
    const { dir, config } = await project({
      hooks: [answer('Stop', 0, '{"hookSpecificOutput":{"hookEventName":"Stop","additionalContext":"run the linter too"}}'), answer('Stop', 2, '', 'the tests fail')],
    });
    const result = await run(['--config', config], payload('Stop', dir, { stop_hook_active: false }));
    expect(result).toMatchObject({ code: 0, stdout: '{"decision":"block","reason":"the tests fail","hookSpecificOutput":{"hookEventName":"Stop","additionalContext":"run the linter too"}}\n', stderr: '' });
  });

  it('Stop: an agent hook runs through the configured proxy, and its oracle-form answer blocks', async () => {
    const { dir, config } = await project({
      proxy: { command: 'sh "$HOOKWIRE_CONFIG_DIR/hooks/answer.sh" 0 "{\\"ok\\":false,\\"reason\\":\\"the agent found failing tests\\"}"' },
      hooks: [{ event: 'Stop', type: 'agent', prompt: 'Check that the tests pass.' }],
    });
    const result = await run(['--config', config], payload('Stop', dir, { stop_hook_active: false }));
    expect(result).toMatchObject({ code: 0, stdout: '{"decision":"block","reason":"the agent found failing tests"}\n', stderr: '' });
  });

  it('Stop: nothing to say', async () => {
    const { dir, config } = await project({ hooks: [answer('Stop', 0, '')] });
    expect(await run(['--config', config], payload('Stop', dir, { stop_hook_active: true }))).toMatchObject({ code: 0, stdout: '', stderr: '' });
  });

  it('SubagentStart: context, and a deny it cannot honour as a system message', async () => {
    const { dir, config } = await project({
      hooks: [
        answer('SubagentStart', 0, '{"hookSpecificOutput":{"hookEventName":"SubagentStart","additionalContext":"you are read-only"}}'),
        answer('SubagentStart', 0, '{"decision":"block","reason":"no subagents today"}', '', { matcher: 'Explore' }),
        answer('SubagentStart', 2, '', 'not for Plan', { matcher: 'Plan' }),
      ],
    });
    const result = await run(['--config', config], payload('SubagentStart', dir, { agent_id: 'a1', agent_type: 'Explore' }));
    expect(result).toMatchObject({
      code: 0,
      stdout: '{"systemMessage":"hookwire: a hook denied SubagentStart, which cannot be blocked: no subagents today","hookSpecificOutput":{"hookEventName":"SubagentStart","additionalContext":"you are read-only"}}\n',
      stderr: '',
    });
  });

  it('SubagentStop: a deny keeps the subagent working; continue false stops everything', async () => {
    const { dir, config } = await project({
      hooks: [answer('SubagentStop', 2, '', 'finish the task first', { matcher: 'Explore' }), answer('SubagentStop', 0, '{"continue":false,"stopReason":"out of budget"}', '', { matcher: 'Plan' })],
    });
    const fields = { agent_id: 'a1', stop_hook_active: false, agent_transcript_path: '/tmp/a1.jsonl' };
    expect(await run(['--config', config], payload('SubagentStop', dir, { ...fields, agent_type: 'Explore' }))).toMatchObject({
      code: 0,
      stdout: '{"decision":"block","reason":"finish the task first"}\n',
      stderr: '',
    });
    expect(await run(['--config', config], payload('SubagentStop', dir, { ...fields, agent_type: 'Plan' }))).toMatchObject({
      code: 0,
      stdout: '{"continue":false,"stopReason":"out of budget"}\n',
      stderr: '',
    });
  }, 60_000);

  it.each([
    ['PostToolBatch', { tool_calls: [] }],
    ['PostCompact', { trigger: 'auto' }],
    ['StopFailure', { error: 'overloaded' }],
    ['PermissionDenied', { ...tool('Bash'), reason: 'user' }],
    ['tool:before', tool('Bash')],
  ])('%s, an event the bridge does not speak, is answered with silence and runs nothing', async (event, fields) => {
    const { dir, config } = await project({ hooks: [record('PreToolUse'), record('PostToolUse'), record('SessionStart')] });
    const result = await run(['--config', config], payload(event, dir, fields));
    expect(result).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect(existsSync(join(dir, 'ran.txt'))).toBe(false);
  });

  it('a payload without hook_event_name runs nothing and says so: a systemMessage, or exit 2 under --on-error block', async () => {
    const { dir, config } = await project({ hooks: [record('PreToolUse')] });
    const stdin = `${JSON.stringify({ cwd: dir, ...tool('Bash') })}\n`;
    const warned = await run(['--config', config], stdin);
    const notice = 'hookwire run: the hook payload names no event: it has no hook_event_name and no --event was given (no hookwire hook ran, nothing was blocked)';
    expect(warned).toMatchObject({ code: 0, stdout: `${JSON.stringify({ systemMessage: notice })}\n`, stderr: `${notice}\n` });
    const blocked = await run(['--config', config, '--on-error', 'block'], stdin);
    expect(blocked).toMatchObject({ code: 2, stdout: '', stderr: expect.stringMatching(/names no event.*--on-error block: blocking this event\)$/m) });
    expect(existsSync(join(dir, 'ran.txt'))).toBe(false);
  });
});

describe('hookwire run: when the bridge cannot work', () => {
  const broken = { hooks: [{ event: 'PreToolUse', type: 'command' }] };

  /** The failure as Claude Code shows it: exit 0 and a systemMessage that is the first stderr line. */
  function expectNotice(result: Exit, message: RegExp): void {
    expect(result.code).toBe(0);
    const notice = result.stderr.split('\n')[0]!;
    expect(notice).toMatch(message);
    expect(result.stdout).toBe(`${JSON.stringify({ systemMessage: notice })}\n`);
  }

  it('a bad config exits 0 with the reason as a systemMessage and on stderr; no hook runs', async () => {
    const { dir, config } = await project(broken);
    const result = await run(['--config', config], payload('PreToolUse', dir, tool('Bash')));
    expectNotice(result, /^hookwire run: cannot load the config: config has 1 error; first: \/hooks\/0.* \(no hookwire hook ran for PreToolUse, nothing was blocked\)$/);
    expect(result.stderr).toMatch(/^hookwire run: cannot load the config: config has 1 error; first: \/hooks\/0/);
    expect(result.stderr).toContain(`${config}#/hooks/0`);
  });

  it.each([
    ['PreToolUse', 2, tool('Bash')],
    ['UserPromptSubmit', 2, { prompt: 'hi' }],
    ['Stop', 2, { stop_hook_active: false }],
    ['SubagentStop', 2, { agent_id: 'a', agent_type: 'Explore', stop_hook_active: false }],
    ['Stop', 0, { stop_hook_active: true }],
    ['SubagentStop', 0, { agent_id: 'a', agent_type: 'Explore', stop_hook_active: true }],
    ['PostToolUse', 0, { ...tool('Bash'), tool_response: '' }],
    ['SessionStart', 0, { source: 'startup' }],
    ['SubagentStart', 0, { agent_id: 'a', agent_type: 'Explore' }],
  ])('%s under --on-error block: a bad config exits %i (2 only where exit 2 blocks, and never twice on a Stop)', async (event, code, fields) => {
    const { dir, config } = await project(broken);
    const result = await run(['--config', config, '--on-error', 'block'], payload(event, dir, fields));
    expect(result.code).toBe(code);
    expect(result.stderr).toMatch(/^hookwire run: cannot load the config: config has 1 error; first: \/hooks\/0/);
    if (code === 2) expect(result.stdout).toBe('');
    else expectNotice(result, event.endsWith('Stop') ? /not blocking .*Stop again \(stop_hook_active is true\)/ : /cannot be blocked; no hookwire hook ran\)$/);
  });

  it('a missing config file exits 0 with the reason as a systemMessage', async () => {
    const { dir } = await project({ hooks: [] });
    const result = await run(['--config', join(dir, 'nope.json')], payload('PreToolUse', dir, tool('Bash')));
    expectNotice(result, /^hookwire run: cannot load the config: .*cannot read config file .*nope\.json: ENOENT/);
  });

  it.each([
    ['not json', 0, 'warn', /^hookwire run: the hook payload on stdin is not valid JSON: /],
    ['', 0, 'warn', /^hookwire run: no hook payload on stdin \(it was empty\) \(no hookwire hook ran, nothing was blocked\)\n$/],
    ['[1,2]\n', 0, 'warn', /^hookwire run: the hook payload on stdin must be a JSON object, received an array \(no hookwire hook ran, nothing was blocked\)\n$/],
    ['not json', 2, 'block', /^hookwire run: the hook payload on stdin is not valid JSON: /],
  ])('stdin %j exits %i under --on-error %s', async (stdin, code, onError, message) => {
    const { config } = await project({ hooks: [answer('PreToolUse', 2, '', 'never')] });
    const result = await run(['--config', config, '--on-error', onError], stdin);
    expect(result.code).toBe(code);
    expect(result.stdout).toBe(code === 2 ? '' : `${JSON.stringify({ systemMessage: result.stderr.split('\n')[0] })}\n`);
    expect(result.stderr).toMatch(message);
  });

  it('a bad flag is answered like a broken config (exit 0, a systemMessage), not as a usage error', async () => {
    const { dir, config } = await project({ hooks: [] });
    const result = await run(['--config', config, '--on-error', 'maybe'], payload('PreToolUse', dir, tool('Bash')));
    expectNotice(result, /--on-error must be warn or block, received "maybe", so it is taken as warn/);
  });
});

describe('hookwire run: a mistake in its own command line', () => {
  const GUARD = [record('PreToolUse'), answer('PreToolUse', 2, '', 'guard says no')];

  it.each([
    [['--budegt', '110'], /^hookwire run: the command line is wrong: unknown flag --budegt; did you mean --budget\? \(no hookwire hook ran for PreToolUse, nothing was blocked\)$/],
    [['--budget', '0'], /^hookwire run: the command line is wrong: --budget must be a positive number, received "0" \(/],
    [['--budget', 'soon'], /--budget must be a positive number, received "soon"/],
    [['--budget'], /^hookwire run: the command line is wrong: --budget needs a value \(no hookwire hook ran/],
    [['--dialect', 'windsurf'], /--dialect must be one of claude, native, .*, received "windsurf"/],
    [['--on-eror', 'block'], /^hookwire run: the command line is wrong: unknown flag --on-eror; did you mean --on-error\? \(no hookwire hook ran/],
    [['--on-error', 'blok'], /--on-error must be warn or block, received "blok", so it is taken as warn/],
    [['--json'], /unknown flag --json \(it is a flag of hookwire check, hookwire dispatch, hookwire replay, hookwire explain, hookwire log, hookwire rules, hookwire doctor\)/],
    [['extra'], /unexpected argument "extra"/],
  ])('%j: exit 0, a systemMessage naming it, no hook runs', async (flags, message) => {
    const { dir, config } = await project({ hooks: GUARD });
    const result = await run(['--config', config, ...flags], payload('PreToolUse', dir, tool('Bash')));
    expect(result.code).toBe(0);
    const notice = result.stderr.split('\n')[0]!;
    expect(notice).toMatch(message);
    expect(result.stdout).toBe(`${JSON.stringify({ systemMessage: notice })}\n`);
    expect(existsSync(join(dir, 'ran.txt'))).toBe(false);
  });

  it('no --config and no config to be found (docs/config.md): the same, naming every place looked at', async () => {
    const { dir } = await project({ hooks: GUARD });
    const result = await run([], payload('UserPromptSubmit', dir, { prompt: 'hi' }));
    expect(result.code).toBe(0);
    const { systemMessage } = JSON.parse(result.stdout) as { systemMessage: string };
    expect(systemMessage).toMatch(/^hookwire run: .*no hookwire config found: looked at \$HOOKWIRE_CONFIG \(not set\), .* \(not found\), .*\.hookwire\.json \(not found; .*\(no hookwire hook ran for UserPromptSubmit, nothing was blocked\)$/s);
  });

  it('under --on-error block (found even when the rest cannot be parsed), a flag mistake blocks where that blocks', async () => {
    const { dir, config } = await project({ hooks: GUARD });
    const blocked = await run(['--config', config, '--budegt', '110', '--on-error', 'block'], payload('PreToolUse', dir, tool('Bash')));
    expect(blocked).toMatchObject({ code: 2, stdout: '' });
    expect(blocked.stderr).toBe('hookwire run: the command line is wrong: unknown flag --budegt; did you mean --budget? (--on-error block: blocking PreToolUse)\n');
    const told = await run(['--config', config, '--budget=0', '--on-error=block'], payload('SessionStart', dir, { source: 'startup' }));
    expect(told.code).toBe(0);
    expect(JSON.parse(told.stdout)).toEqual({ systemMessage: 'hookwire run: the command line is wrong: --budget must be a positive number, received "0" (SessionStart cannot be blocked; no hookwire hook ran)' });
  });

  it('an event hookwire does not handle stays silence, whatever is wrong', async () => {
    const { dir, config } = await project({ hooks: GUARD });
    const result = await run(['--config', config, '--budegt', '1'], payload('PostToolBatch', dir, { tool_calls: [] }));
    expect(result).toMatchObject({ code: 0, stdout: '', stderr: '' });
  });

  it('--help prints the usage of run and exits 0, without reading stdin', async () => {
    const result = await run(['--help'], '');
    expect(result).toMatchObject({ code: 0, stderr: '', stdout: expect.stringMatching(/^Usage:\n  hookwire run \[--config FILE/) });
  });
});

describe('hookwire run: a payload that cannot be parsed', () => {
  const cut = (event: string, fields: Record<string, unknown>) => payload(event, '/tmp', { ...fields, last_assistant_message: 'x'.repeat(100) }).slice(0, -40);

  it.each([
    ['PreToolUse', tool('Bash'), 'block', 2],
    ['Stop', { stop_hook_active: false }, 'block', 2],
    ['Stop', { stop_hook_active: true }, 'block', 0],
    ['SubagentStop', { stop_hook_active: true, agent_id: 'a', agent_type: 'Explore' }, 'block', 0],
    ['PreToolUse', tool('Bash'), 'warn', 0],
  ])('a cut %s payload %j under --on-error %s exits %i: what can be read of it decides', async (event, fields, onError, code) => {
    const { config } = await project({ hooks: [answer(event, 2, '', 'never')] });
    const result = await run(['--config', config, '--on-error', onError], cut(event, fields));
    expect(result.code).toBe(code);
    expect(result.stderr).toMatch(/^hookwire run: the hook payload on stdin is not valid JSON: /);
    if (code === 0) expect(JSON.parse(result.stdout).systemMessage).toBe(result.stderr.split('\n')[0]);
  });

  it('a cut payload of an event hookwire does not handle is silence', async () => {
    const { config } = await project({ hooks: [] });
    const result = await run(['--config', config, '--on-error', 'block'], cut('PostCompact', { trigger: 'auto' }));
    expect(result).toMatchObject({ code: 0, stdout: '', stderr: '' });
  });
});

describe('hookwire run --log', () => {
  it('appends the audit record listen --log writes (v1): ts, event, canonical, outcome, runs and the replay fields', async () => {
    const { dir, config } = await project({ hooks: [answer('PreToolUse', 2, '', 'guard says no')] });
    const log = join(dir, 'audit.jsonl');
    await writeFile(log, '{"earlier":true}\n');
    const result = await run(['--config', config, '--log', log], payload('PreToolUse', dir, tool('Bash')));
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const lines = (await readFile(log, 'utf8')).trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toEqual({ earlier: true });
    expect(Object.keys(lines[1]!)).toEqual(['v', 'ts', 'decision_id', 'event', 'canonical', 'dialect', 'subject', 'cwd', 'payload', 'config', 'hooks', 'outcome', 'runs', 'durationMs', 'prev']);
    expect(lines[1]!.decision_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // Chained to the line already in the file (docs/audit-log.md, "The chain").
    expect(lines[1]!.prev).toBe(`sha256:${createHash('sha256').update('{"earlier":true}').digest('hex')}`);
    expect(lines[1]).toMatchObject({
      v: 1,
      dialect: 'claude',
      config: expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
      hooks: ['PreToolUse#1'],
      ts: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      event: 'PreToolUse',
      canonical: 'tool:before',
      outcome: { decision: 'deny', reason: 'guard says no' },
      runs: [{ hook: 'PreToolUse#1', kind: 'shell', exitCode: 2 }],
    });
  });

  it('records a failure of the bridge with the line the user was shown', async () => {
    const { dir, config } = await project({ hooks: [{ event: 'PreTooluse', type: 'command', command: 'true' }] });
    const log = join(dir, 'audit.jsonl');
    const result = await run(['--config', config, '--log', log], payload('PreToolUse', dir, tool('Bash')));
    const shown = JSON.parse(result.stdout).systemMessage as string;
    expect(shown).toMatch(/did you mean "PreToolUse"\?/);
    expect(JSON.parse(await readFile(log, 'utf8'))).toEqual({
      v: 1,
      ts: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      type: 'bridge-failure',
      event: 'PreToolUse',
      canonical: 'tool:before',
      dialect: 'claude',
      cwd: dir,
      error: { code: 'HOOKWIRE_CONFIG_INVALID', message: shown },
      // The first line of the file: chained to nothing.
      prev: `sha256:${createHash('sha256').update('').digest('hex')}`,
    });
  });

  it('writes only versioned lines, which replay reads: bridge failures are counted and skipped, dispatches replayed', async () => {
    const { dir, config } = await project({ hooks: [answer('PreToolUse', 2, '', 'guard says no')] });
    const broken = join(dir, 'broken.json');
    await writeFile(broken, '{"hooks": [{"event": "PreTooluse", "type": "command", "command": "true"}]}');
    const log = join(dir, 'audit.jsonl');
    expect((await run(['--config', broken, '--log', log], payload('PreToolUse', dir, tool('Bash')))).code).toBe(0);
    expect((await run(['--config', config, '--log', log], '{"hook_event_name": "PreToolUse", "tool_na')).code).toBe(0);
    expect((await run(['--config', config, '--log', log], payload('PreToolUse', dir, tool('Bash')))).code).toBe(0);
    const lines = (await readFile(log, 'utf8')).trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.map((line) => [line.v, line.type, (line.error as { code?: string } | undefined)?.code])).toEqual([
      [1, 'bridge-failure', 'HOOKWIRE_CONFIG_INVALID'],
      [1, 'bridge-failure', 'HOOKWIRE_BAD_PAYLOAD'],
      [1, undefined, undefined],
    ]);
    const replayed = await runHookwire(['replay', '--log', log, '--config', config]);
    expect(replayed).toMatchObject({ code: 0, stderr: '' });
    expect(replayed.stdout).toMatch(/^replayed 1 of 1 recorded dispatch against sha256:[0-9a-f]{64}: 0 changed, 1 unchanged, 2 lines were bridge failures, not dispatches\n$/);
    const json = await runHookwire(['replay', '--log', log, '--config', config, '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({ records: 1, replayed: 1, bridgeFailures: [{ line: 1, code: 'HOOKWIRE_CONFIG_INVALID' }, { line: 2, code: 'HOOKWIRE_BAD_PAYLOAD' }] });
  });

  it('is found even when the command line cannot be parsed', async () => {
    const { dir, config } = await project({ hooks: [] });
    const log = join(dir, 'audit.jsonl');
    const result = await run(['--config', config, '--budegt', '3', '--log', log], payload('Stop', dir, { stop_hook_active: false }));
    expect(JSON.parse(await readFile(log, 'utf8'))).toMatchObject({ v: 1, type: 'bridge-failure', event: 'Stop', error: { code: 'HOOKWIRE_USAGE', message: JSON.parse(result.stdout).systemMessage } });
  });

  it('an unwritable log is reported on stderr and changes nothing else', async () => {
    const { dir, config } = await project({ hooks: [answer('PreToolUse', 2, '', 'guard says no')] });
    const result = await run(['--config', config, '--log', join(dir, 'missing', 'audit.jsonl')], payload('PreToolUse', dir, tool('Bash')));
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"guard says no"}}\n');
    expect(result.stderr).toMatch(/cannot write the audit log.*ENOENT/);
  });

  it('several bridges of one session appending at once lose no line and interleave none', async () => {
    // Each record carries ~64 KiB of hook output, far above PIPE_BUF, so torn writes would show.
    const big = `${'y'.repeat(64 * 1024)}`;
    const { dir, config } = await project({ hooks: [answer('PreToolUse', 0, `{"systemMessage":"${big}"}`, '')] });
    const log = join(dir, 'audit.jsonl');
    const count = 12;
    const results = await Promise.all(
      Array.from({ length: count }, (_, index) => run(['--config', config, '--log', log], payload('PreToolUse', dir, { ...tool('Bash'), tool_use_id: `toolu_${index}` }))),
    );
    expect(results.map((result) => result.code)).toEqual(Array(count).fill(0));
    const lines = (await readFile(log, 'utf8')).split('\n');
    expect(lines.pop()).toBe('');
    expect(lines).toHaveLength(count);
    const records = lines.map((line) => JSON.parse(line) as { outcome: { systemMessage: string[] } });
    expect(records.every((record) => record.outcome.systemMessage[0] === big)).toBe(true);
  });
});

describe('hookwire run: budget and recursion', () => {
  it('--budget cuts a hook that sleeps 30 s, kills its process tree and still answers', async () => {
    const { dir, config } = await project({
      hooks: [
        answer('PreToolUse', 2, '', 'denied before the sleeper'),
        { id: 'sleeper', event: 'PreToolUse', type: 'command', command: 'sh "$HOOKWIRE_CONFIG_DIR/hooks/sleep.sh" "$HOOKWIRE_CONFIG_DIR/pids"' },
      ],
    });
    const result = await run(['--config', config, '--budget', '2'], payload('PreToolUse', dir, tool('Bash')));
    expect(result.code).toBe(0);
    // The cut hook fails under onError "warn": the user is told in systemMessage (issue 22.2), and the deny stands.
    expect(JSON.parse(result.stdout)).toEqual({
      systemMessage: expect.stringMatching(/^hookwire: hook sleeper failed \(timeout\): timed out after \d+ ms; the action went ahead \(onError "warn"\)$/),
      hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'denied before the sleeper' },
    });
    expect(result.ms).toBeLessThan(15_000);
    expect(result.stderr).toMatch(/hook sleeper failed \(timeout\)/);
    const pids = (await readFile(join(dir, 'pids'), 'utf8')).trim().split(' ').map(Number);
    expect(pids).toHaveLength(2);
    for (const pid of pids) expect(await goneWithin(pid, 5_000)).toBe(true);
  });

  it('a budget cut under the hook\'s onError block denies', async () => {
    const { dir, config } = await project({
      hooks: [{ id: 'sleeper', event: 'PreToolUse', type: 'command', onError: 'block', command: 'sh "$HOOKWIRE_CONFIG_DIR/hooks/sleep.sh" "$HOOKWIRE_CONFIG_DIR/pids"' }],
    });
    const result = await run(['--config', config, '--budget', '1'], payload('PreToolUse', dir, tool('Bash')));
    expect(result.code).toBe(0);
    const response = JSON.parse(result.stdout) as { hookSpecificOutput: Record<string, string> };
    expect(response.hookSpecificOutput.permissionDecision).toBe('deny');
    expect(response.hookSpecificOutput.permissionDecisionReason).toMatch(/^hook sleeper failed \(timeout\): /);
    expect(result.ms).toBeLessThan(15_000);
  });

  it('SIGTERM kills every running hook\'s process tree and exits 143 without an answer', async () => {
    const { dir, config } = await project({
      hooks: [{ event: 'PreToolUse', type: 'command', command: 'sh "$HOOKWIRE_CONFIG_DIR/hooks/sleep.sh" "$HOOKWIRE_CONFIG_DIR/pids"' }],
    });
    const base = { ...process.env };
    delete base.HOOKWIRE_BRIDGE_DEPTH;
    const child = spawn(process.execPath, [HOOKWIRE, 'run', '--config', config], { env: base, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stdin.end(payload('PreToolUse', dir, tool('Bash')));
    const closed = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    const pidFile = join(dir, 'pids');
    for (let waited = 0; !existsSync(pidFile) || (await readFile(pidFile, 'utf8')).split(' ').length < 2; waited += 50) {
      if (waited > 20_000) throw new Error('the sleeping hook never started');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const pids = (await readFile(pidFile, 'utf8')).trim().split(' ').map(Number);
    child.kill('SIGTERM');
    expect(await closed).toBe(143);
    expect(stdout).toBe('');
    for (const pid of pids) expect(await goneWithin(pid, 5_000)).toBe(true);
  });

  it('a marker set from outside (no hookwire process above the bridge: a host settings env) is ignored, said, and the hooks run', async () => {
    const { dir, config } = await project({ hooks: [record('PreToolUse'), answer('PreToolUse', 2, '', 'still guarded')] });
    const result = await run(['--config', config], payload('PreToolUse', dir, tool('Bash')), { HOOKWIRE_BRIDGE_DEPTH: '1' });
    expect(result).toMatchObject({ code: 0, stdout: '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"still guarded"}}\n' });
    expect(result.stderr).toContain('HOOKWIRE_BRIDGE_DEPTH=1 is set, but no hookwire process runs above this bridge: it was set from outside (a host\'s settings \\"env\\"?), so it is ignored and the hooks run');
    expect(await readFile(join(dir, 'ran.txt'), 'utf8')).toBe(`depth=1 cwd=${dir} event=PreToolUse\n`);
  });

  it('a bridge started with the marker under a hookwire process exits 0 at once and runs nothing', async () => {
    const { dir, config } = await project({ hooks: [record('PreToolUse')] });
    // The parent is a hookwire process by its command line (`node .../hookwire.cjs`), as a bridge whose hook starts a host is.
    const parent = `const { spawnSync } = require('node:child_process'); const r = spawnSync(process.execPath, [${JSON.stringify(HOOKWIRE)}, 'run', '--config', ${JSON.stringify(config)}], { input: ${JSON.stringify(payload('PreToolUse', dir, tool('Bash')))}, encoding: 'utf8' }); process.stdout.write(JSON.stringify(r));`;
    const shim = join(dir, 'hookwire.cjs');
    await writeFile(shim, parent);
    const base = { ...process.env, HOOKWIRE_BRIDGE_DEPTH: '1' };
    const inner = JSON.parse(execFileSync(process.execPath, [shim], { env: base, encoding: 'utf8' })) as { status: number; stdout: string; stderr: string };
    expect(inner).toMatchObject({ status: 0, stdout: '', stderr: 'hookwire run: HOOKWIRE_BRIDGE_DEPTH=1: already inside a hookwire bridge; not running any hook\n' });
    expect(existsSync(join(dir, 'ran.txt'))).toBe(false);
  });

  it('a config whose hook runs the bridge again does not recurse', async () => {
    const { dir, config } = await project({
      hooks: [record('PreToolUse'), { event: 'PreToolUse', type: 'command', timeout: 10, command: `"${process.execPath}" "${HOOKWIRE}" run --config "$HOOKWIRE_CONFIG_DIR/hookwire.json"` }, answer('PreToolUse', 2, '', 'outer deny')],
    });
    const result = await run(['--config', config], payload('PreToolUse', dir, tool('Bash')));
    expect(result).toMatchObject({ code: 0, stdout: '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"outer deny"}}\n', stderr: '' });
    expect(await readFile(join(dir, 'ran.txt'), 'utf8')).toBe(`depth=1 cwd=${dir} event=PreToolUse\n`);
  });
});

describe.runIf(existsSync(MOCK_LLM))('hookwire run: prompt hooks against the mock LLM', () => {
  it('a judge that denies blocks; a judge that approves does not auto-approve without --pass-allow', async () => {
    const { startMockLlm } = (await import(MOCK_LLM)) as typeof import('../../../mock-llm/lib/index.js');
    const llm = await startMockLlm({ port: 0 });
    try {
      const { dir, config } = await project({ hooks: [{ event: 'PreToolUse', type: 'prompt', prompt: 'Is this tool call safe? $ARGUMENTS' }] });
      const endpoint = join(dir, 'llm.json');
      await writeFile(endpoint, JSON.stringify({ llm: { baseUrl: llm.url, model: 'mock' }, hooks: [] }));
      const args = ['--config', config, '--config', endpoint];
      expect(await run(args, payload('PreToolUse', dir, tool('Bash', 'echo DENY')))).toMatchObject({
        code: 0,
        stdout: '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"mock denied"}}\n',
        stderr: '',
      });
      expect(await run(args, payload('PreToolUse', dir, tool('Bash', 'echo fine')))).toMatchObject({ code: 0, stdout: '', stderr: '' });
      expect(await run([...args, '--pass-allow'], payload('PreToolUse', dir, tool('Bash', 'echo fine')))).toMatchObject({
        code: 0,
        stdout: '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}\n',
        stderr: '',
      });
      expect(llm.requests).toBe(3);
    } finally {
      await llm.close();
    }
  }, 60_000);
});
