import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { answer, project, removeProjects } from '../bridge-project.js';
import { HOOKWIRE, runToEnd } from '../sidecar.js';

afterEach(removeProjects);

/** A hook that keeps the exact bytes it was given in `<config dir>/<file>`, then answers like answer.sh. */
function keep(file: string, exit: number, stdout: string, stderr: string, extra: Record<string, unknown>): Record<string, unknown> {
  const quote = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;
  return {
    type: 'command',
    command: `cat > "$HOOKWIRE_CONFIG_DIR/${file}"; printf '%s' ${quote(stdout)}; printf '%s' ${quote(stderr)} >&2; exit ${exit}`,
    ...extra,
  };
}

/** What Gemini CLI 0.61 sends (gemini-cli-observed.md): compact JSON, no trailing newline, its names, an ISO timestamp. */
function geminiPayload(event: string, cwd: string, fields: Record<string, unknown>): string {
  return JSON.stringify({ session_id: 'g-1', transcript_path: '/tmp/g.json', cwd, hook_event_name: event, timestamp: '2026-12-01T10:00:00.000Z', ...fields });
}

/** What Codex 0.171 sends (codex-observed.md): Claude Code's names and fields plus turn_id and model, no trailing newline. */
function codexPayload(event: string, cwd: string, fields: Record<string, unknown>): string {
  return JSON.stringify({ session_id: 'c-1', turn_id: 't-1', transcript_path: null, cwd, hook_event_name: event, model: 'gpt', permission_mode: 'default', ...fields });
}

const run = (args: string[], stdin: string) => runToEnd(HOOKWIRE, ['run', ...args], stdin);

describe('hookwire run --dialect gemini', () => {
  it('runs a Claude Code guard and a Gemini hook on BeforeTool, each in its own dialect, and answers with a top-level deny', async () => {
    const { dir, config } = await project({
      hooks: [
        keep('claude.txt', 2, '', 'no rm -rf', { event: 'PreToolUse', matcher: 'Bash' }),
        keep('gemini.txt', 0, '{"decision":"deny","reason":"gemini says no"}', '', { event: 'BeforeTool', dialect: 'gemini', matcher: 'run_shell_command' }),
        keep('never.txt', 2, '', 'a Read guard must not fire', { event: 'PreToolUse', matcher: 'Read' }),
      ],
    });
    const result = await run(['--config', config, '--dialect', 'gemini'], geminiPayload('BeforeTool', dir, { tool_name: 'run_shell_command', tool_input: { command: 'rm -rf /' } }));
    expect(result).toEqual({ code: 0, stdout: '{"decision":"deny","reason":"no rm -rf\\n\\ngemini says no"}\n', stderr: '' });

    const claude = await readFile(join(dir, 'claude.txt'), 'utf8');
    expect(claude.endsWith('}\n')).toBe(true);
    expect(JSON.parse(claude)).toMatchObject({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'rm -rf /' }, session_id: 'g-1' });
    const gemini = await readFile(join(dir, 'gemini.txt'), 'utf8');
    expect(gemini.endsWith('}')).toBe(true);
    const parsed = JSON.parse(gemini) as Record<string, unknown>;
    expect(Object.keys(parsed).slice(0, 5)).toEqual(['session_id', 'transcript_path', 'cwd', 'hook_event_name', 'timestamp']);
    expect(parsed).toMatchObject({ hook_event_name: 'BeforeTool', timestamp: '2026-12-01T10:00:00.000Z', tool_name: 'run_shell_command', tool_input: { command: 'rm -rf /' } });
    await expect(readFile(join(dir, 'never.txt'), 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('runs a Gemini hook when Claude Code runs Bash, with Gemini names, and reads its exit-2 text as a deny', async () => {
    const { dir, config } = await project({ hooks: [keep('gemini.txt', 2, 'stdout first', 'stderr second', { event: 'BeforeTool', dialect: 'gemini', matcher: 'run_shell_command' })] });
    const claudePayload = `${JSON.stringify({ session_id: 's', transcript_path: '', cwd: dir, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'ls' } })}\n`;
    const result = await run(['--config', config], claudePayload);
    expect(result).toEqual({
      code: 0,
      stdout: '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"stdout first"}}\n',
      stderr: '',
    });
    expect(JSON.parse(await readFile(join(dir, 'gemini.txt'), 'utf8'))).toMatchObject({ hook_event_name: 'BeforeTool', tool_name: 'run_shell_command' });
  });

  it('puts AfterTool context in hookSpecificOutput and BeforeAgent denials in a top-level decision', async () => {
    const { dir, config } = await project({
      hooks: [
        answer('PostToolUse', 0, '{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"3 lint warnings"}}'),
        answer('UserPromptSubmit', 0, '{"decision":"block","reason":"no secrets in prompts"}'),
      ],
    });
    const after = await run(['--config', config, '--dialect', 'gemini'], geminiPayload('AfterTool', dir, { tool_name: 'read_file', tool_input: { file_path: 'a' }, tool_response: { llmContent: 'x' } }));
    expect(after).toEqual({ code: 0, stdout: '{"hookSpecificOutput":{"hookEventName":"AfterTool","additionalContext":"3 lint warnings"}}\n', stderr: '' });
    const prompt = await run(['--config', config, '--dialect', 'gemini'], geminiPayload('BeforeAgent', dir, { prompt: 'my key is sk-1' }));
    expect(prompt).toEqual({ code: 0, stdout: '{"decision":"deny","reason":"no secrets in prompts"}\n', stderr: '' });
  });

  it('answers an event Gemini CLI does not have (a Claude Code name) with silence', async () => {
    const { dir, config } = await project({ hooks: [answer('PreToolUse', 2, '', 'no')] });
    const result = await run(['--config', config, '--dialect', 'gemini'], geminiPayload('PreToolUse', dir, { tool_name: 'Bash', tool_input: { command: 'ls' } }));
    expect(result).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('records in the audit log what Gemini CLI could not be told', async () => {
    const { dir, config } = await project({ hooks: [answer('PreToolUse', 0, '{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"branch: main"}}')] });
    const log = join(dir, 'audit.jsonl');
    const result = await run(['--config', config, '--dialect', 'gemini', '--log', log], geminiPayload('BeforeTool', dir, { tool_name: 'run_shell_command', tool_input: { command: 'ls' } }));
    expect(result).toEqual({ code: 0, stdout: '', stderr: '' });
    const record = JSON.parse((await readFile(log, 'utf8')).trim()) as Record<string, unknown>;
    expect(record).toMatchObject({ event: 'BeforeTool', canonical: 'tool:before' });
    expect(record.downgrades).toEqual(['1 additional context was dropped: Gemini CLI passes no hook context to the model on BeforeTool']);
  });
});

describe('hookwire run --dialect codex', () => {
  it('always gives a deny a reason, turns ask into a deny and writes only fields Codex knows', async () => {
    const { dir, config } = await project({
      hooks: [
        answer('PreToolUse', 0, '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask"}}', '', { matcher: 'Ask' }),
        answer('PreToolUse', 0, '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"}}', '', { matcher: 'Deny' }),
        answer('PreToolUse', 0, '{"continue":false,"stopReason":"stop","systemMessage":"hello"}', '', { matcher: 'Halt' }),
      ],
    });
    const log = join(dir, 'audit.jsonl');
    const ask = await run(['--config', config, '--dialect', 'codex', '--log', log], codexPayload('PreToolUse', dir, { tool_name: 'Ask', tool_input: {} }));
    expect(ask).toEqual({
      code: 0,
      stdout: '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"blocked by a hookwire hook (no reason given)"}}\n',
      stderr: '',
    });
    const deny = await run(['--config', config, '--dialect', 'codex'], codexPayload('PreToolUse', dir, { tool_name: 'Deny', tool_input: {} }));
    expect(deny.stdout).toBe('{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"blocked by a hookwire hook (no reason given)"}}\n');
    const halt = await run(['--config', config, '--dialect', 'codex', '--log', log], codexPayload('PreToolUse', dir, { tool_name: 'Halt', tool_input: {} }));
    expect(halt.stdout).toBe('{"systemMessage":"hello"}\n');
    const records = (await readFile(log, 'utf8')).trim().split('\n').map((line) => JSON.parse(line) as { downgrades?: string[] });
    expect(records.map((r) => r.downgrades)).toEqual([
      ['ask on PreToolUse became a deny: Codex cannot ask there (fail closed)'],
      ['continue: false on PreToolUse was dropped: Codex cannot stop the agent there'],
    ]);
  });

  it('runs a Claude Code guard on Codex unchanged, and blocks a Stop with a reason', async () => {
    const { dir, config } = await project({
      hooks: [
        keep('claude.txt', 2, '', 'rm is not allowed', { event: 'PreToolUse', matcher: 'Bash' }),
        answer('Stop', 0, '{"decision":"block","reason":"the tests fail"}'),
      ],
    });
    const pre = await run(['--config', config, '--dialect', 'codex'], codexPayload('PreToolUse', dir, { tool_name: 'Bash', tool_input: { command: 'rm -rf x' }, tool_use_id: 'u' }));
    expect(pre.stdout).toBe('{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"rm is not allowed"}}\n');
    const claude = await readFile(join(dir, 'claude.txt'), 'utf8');
    expect(claude.endsWith('}\n')).toBe(true);
    expect(JSON.parse(claude)).toMatchObject({ hook_event_name: 'PreToolUse', tool_name: 'Bash', turn_id: 't-1' });
    const stop = await run(['--config', config, '--dialect', 'codex'], codexPayload('Stop', dir, { stop_hook_active: false, last_assistant_message: 'done' }));
    expect(stop).toEqual({ code: 0, stdout: '{"decision":"block","reason":"the tests fail"}\n', stderr: '' });
  });

  it('sends a codex hook its payload without the trailing newline', async () => {
    const { dir, config } = await project({ hooks: [keep('codex.txt', 0, '', '', { event: 'PreToolUse', dialect: 'codex' })] });
    await run(['--config', config, '--dialect', 'claude'], `${JSON.stringify({ session_id: 's', cwd: dir, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: {} })}\n`);
    const text = await readFile(join(dir, 'codex.txt'), 'utf8');
    expect(text.endsWith('}')).toBe(true);
    expect(JSON.parse(text)).toMatchObject({ hook_event_name: 'PreToolUse', tool_name: 'Bash' });
  });
});

describe('hookwire run --dialect copilot and cursor', () => {
  it('copilot: reads a camelCase payload named by --event, runs a Claude Code guard on it, answers flat', async () => {
    const { dir, config } = await project({
      hooks: [
        keep('claude.txt', 2, '', 'no rm -rf', { event: 'PreToolUse', matcher: 'Bash' }),
        keep('copilot.txt', 0, '{"additionalContext":"from copilot"}', '', { event: 'preToolUse', dialect: 'copilot', matcher: 'bash' }),
      ],
    });
    const payload = JSON.stringify({ sessionId: 'cp-1', timestamp: 1764547200000, cwd: dir, toolName: 'bash', toolArgs: { command: 'rm -rf /', description: 'd' } });
    const result = await run(['--config', config, '--dialect', 'copilot', '--event', 'preToolUse'], payload);
    expect(result).toEqual({ code: 0, stdout: '{"permissionDecision":"deny","permissionDecisionReason":"no rm -rf","additionalContext":"from copilot"}\n', stderr: '' });
    expect(JSON.parse(await readFile(join(dir, 'claude.txt'), 'utf8'))).toMatchObject({ hook_event_name: 'PreToolUse', session_id: 'cp-1', tool_name: 'Bash', tool_input: { command: 'rm -rf /' }, timestamp: '2025-12-01T00:00:00.000Z' });
    const copilot = await readFile(join(dir, 'copilot.txt'), 'utf8');
    expect(copilot.endsWith('}')).toBe(true);
    expect(JSON.parse(copilot)).toMatchObject({ sessionId: 'cp-1', timestamp: 1764547200000, toolName: 'bash', toolArgs: { command: 'rm -rf /' } });
  });

  it('copilot: without --event a camelCase payload names no event, so nothing runs and stderr says why; a bad --event is a command-line mistake', async () => {
    const { dir, config } = await project({ hooks: [answer('PreToolUse', 2, '', 'no')] });
    const payload = JSON.stringify({ sessionId: 's', cwd: dir, toolName: 'bash', toolArgs: { command: 'ls' } });
    expect(await run(['--config', config, '--dialect', 'copilot'], payload)).toEqual({
      code: 0,
      stdout: '',
      stderr: 'hookwire run: the hook payload names no event: it has no hook_event_name and no --event was given (a copilot hook whose payload does not name its event needs --event NAME) (no hookwire hook ran, nothing was blocked)\n',
    });
    // Fail closed when asked: exit 2 is the one signal every host reads as a block.
    expect((await run(['--config', config, '--dialect', 'copilot', '--on-error', 'block'], payload)).code).toBe(2);
    const pascal = JSON.stringify({ hook_event_name: 'PreToolUse', session_id: 's', cwd: dir, tool_name: 'Bash', tool_input: { command: 'ls' } });
    const bad = await run(['--config', config, '--dialect', 'copilot', '--event', 'PreTool'], pascal);
    expect(bad.code).toBe(0);
    expect(bad.stderr).toMatch(/--event must be one of the copilot dialect's event names, received "PreTool"/);
  });

  it('cursor: beforeShellExecution is a tool event for Bash; the answer is a permission with messages', async () => {
    const { dir, config } = await project({ hooks: [answer('PreToolUse', 2, '', 'no rm -rf', { matcher: 'Bash' })] });
    const payload = `${JSON.stringify({ conversation_id: 'cu-1', hook_event_name: 'beforeShellExecution', command: 'rm -rf /', cwd: dir })}\n`;
    const result = await run(['--config', config, '--dialect', 'cursor'], payload);
    expect(result).toEqual({ code: 0, stdout: '{"permission":"deny","agent_message":"no rm -rf","user_message":"no rm -rf"}\n', stderr: '' });
  });
});

describe('hookwire run --dialect crush', () => {
  it("reads Crush's documented payload, runs a Claude Code guard on Bash and a crush hook on bash, and answers in Crush's envelope", async () => {
    const { dir, config } = await project({
      hooks: [
        keep('claude.txt', 2, '', 'no rm -rf', { event: 'PreToolUse', matcher: 'Bash' }),
        keep('crush.txt', 0, '{"decision":"deny","reason":"crush says no","context":["c1"]}', '', { event: 'PreToolUse', dialect: 'crush', matcher: '^bash$' }),
      ],
    });
    const payload = JSON.stringify({ event: 'PreToolUse', session_id: '313909e', cwd: dir, tool_name: 'bash', tool_input: { command: 'rm -rf /' } });
    const result = await run(['--config', config, '--dialect', 'crush'], payload);
    expect(result).toEqual({ code: 0, stdout: '{"decision":"deny","reason":"no rm -rf\\n\\ncrush says no","context":["c1"]}\n', stderr: '' });
    expect(JSON.parse(await readFile(join(dir, 'claude.txt'), 'utf8'))).toMatchObject({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'rm -rf /' }, session_id: '313909e' });
    const crush = await readFile(join(dir, 'crush.txt'), 'utf8');
    expect(crush.endsWith('}')).toBe(true);
    expect(Object.keys(JSON.parse(crush) as object).slice(0, 5)).toEqual(['event', 'session_id', 'cwd', 'tool_name', 'tool_input']);
    expect(JSON.parse(crush)).toMatchObject({ event: 'PreToolUse', tool_name: 'bash', tool_input: { command: 'rm -rf /' } });
  });

  it('a crush hook that exits 49 halts the turn: Crush is told to halt, with the reason', async () => {
    const { dir, config } = await project({ hooks: [keep('crush.txt', 49, '', 'stop the turn', { event: 'PreToolUse', dialect: 'crush' })] });
    const payload = JSON.stringify({ event: 'pre_tool_use', session_id: 's', cwd: dir, tool_name: 'write', tool_input: { file_path: '.env', content: 'x' } });
    const result = await run(['--config', config, '--dialect', 'crush'], payload);
    expect(result).toEqual({ code: 0, stdout: '{"decision":"deny","reason":"stop the turn","halt":true}\n', stderr: '' });
  });
});

describe('hookwire run --dialect cline', () => {
  it("reads Cline's observed payload (run_commands with two commands) and a Claude Code guard on Bash sees both; the answer cancels", async () => {
    const { dir, config } = await project({ hooks: [keep('claude.txt', 2, '', 'no rm -rf', { event: 'PreToolUse', matcher: 'Bash' })] });
    const payload = JSON.stringify({
      clineVersion: '', timestamp: '2026-12-05T05:29:45.934Z', taskId: 'conv_1', workspaceRoots: [dir], hookName: 'tool_call',
      tool_call: { id: 'call_1', name: 'run_commands', input: { commands: ['echo hi', 'rm -rf /'] } },
      preToolUse: { toolName: 'run_commands', parameters: { commands: '["echo hi","rm -rf /"]' } },
    });
    const result = await run(['--config', config, '--dialect', 'cline'], payload);
    expect(result).toEqual({ code: 0, stdout: '{"cancel":true,"errorMessage":"no rm -rf"}\n', stderr: '' });
    expect(JSON.parse(await readFile(join(dir, 'claude.txt'), 'utf8'))).toMatchObject({
      hook_event_name: 'PreToolUse', session_id: 'conv_1', cwd: dir, tool_name: 'Bash', tool_input: { command: 'echo hi\nrm -rf /', commands: ['echo hi', 'rm -rf /'] },
    });
  });
});

describe('hookwire run --dialect letta', () => {
  it("reads Letta Code's documented payload and answers a deny as Letta reads one: exit 2, the reason on stderr", async () => {
    const { dir, config } = await project({ hooks: [keep('claude.txt', 2, '', 'no rm -rf', { event: 'PreToolUse', matcher: 'Bash' })] });
    const payload = JSON.stringify({ event_type: 'PreToolUse', working_directory: dir, session_id: 's', tool_name: 'Bash', tool_input: { command: 'rm -rf /' }, tool_call_id: 'c1' });
    expect(await run(['--config', config, '--dialect', 'letta'], payload)).toEqual({ code: 2, stdout: '', stderr: 'no rm -rf\n' });
    expect(JSON.parse(await readFile(join(dir, 'claude.txt'), 'utf8'))).toMatchObject({ hook_event_name: 'PreToolUse', cwd: dir, tool_name: 'Bash', tool_use_id: 'c1' });
  });

  it('UserPromptSubmit context is plain stdout on exit 0', async () => {
    const { dir, config } = await project({ hooks: [keep('ups.txt', 0, 'remember the tabs', '', { event: 'UserPromptSubmit' })] });
    const payload = JSON.stringify({ event_type: 'UserPromptSubmit', working_directory: dir, prompt: 'hi', is_command: false });
    expect(await run(['--config', config, '--dialect', 'letta'], payload)).toEqual({ code: 0, stdout: 'remember the tabs\n', stderr: '' });
  });
});
