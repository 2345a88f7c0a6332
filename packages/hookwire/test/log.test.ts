import { readFileSync } from 'node:fs';
import { appendFile, rename, truncate } from 'node:fs/promises';
import { join } from 'node:path';
import { LineClient, waitUntil } from '@hookwire/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { entryOf, formatEntry } from '../src/log-view.js';
import { bareEnv, cleanupSidecars, HOOKWIRE, runHookwire, tempDir, writeConfig } from './sidecar.js';

const running: LineClient[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((client) => client.kill()));
  await cleanupSidecars();
});

const HOOKS = [
  { id: 'guard', event: 'PreToolUse', matcher: 'Bash', type: 'command', command: "echo 'not here' >&2; exit 2" },
  { id: 'fmt', event: 'PostToolUse', type: 'command', command: 'exit 0' },
  { id: 'late', event: 'PostToolUse', matcher: 'Write', type: 'command', command: `echo '{"decision":"block","reason":"too late to block"}'` },
];

/** One Claude Code event through the real `hookwire run --log`. */
async function dispatch(dir: string, config: string, log: string, event: string, tool: string, input: Record<string, unknown> = {}): Promise<void> {
  const payload = { session_id: 's1', transcript_path: join(dir, 't.jsonl'), cwd: dir, hook_event_name: event, tool_name: tool, tool_input: input, ...(event === 'PostToolUse' ? { tool_response: {} } : {}) };
  const end = await runHookwire(['run', '--config', config, '--log', log], { input: JSON.stringify(payload), cwd: dir, env: bareEnv(dir) });
  expect(end.code).toBe(0);
}

const TIME = String.raw`\d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ`;

describe('hookwire log', () => {
  it("shows each decision on one line: time, line, host, event and tool, decision, who decided and why", async () => {
    const dir = await tempDir();
    const config = await writeConfig(dir, { hooks: HOOKS });
    const log = join(dir, 'audit.jsonl');
    await dispatch(dir, config, log, 'PreToolUse', 'Bash', { command: 'ls' });
    await dispatch(dir, config, log, 'PreToolUse', 'Read', { file_path: '/etc/hosts' });
    await dispatch(dir, config, log, 'PostToolUse', 'Write', { file_path: 'a', content: 'x' });
    await dispatch(dir, config, log, 'PreToolUse', 'Bash\u001b[2J\u202e', { command: 'ls' });
    const broken = await writeConfig(dir, { hooks: 'nope' }, 'broken.json');
    await dispatch(dir, broken, log, 'PreToolUse', 'Bash', { command: 'ls' });
    const end = await runHookwire(['log', '--log', log]);
    expect(end).toMatchObject({ code: 0, stderr: '' });
    const lines = end.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(5);
    expect(lines[0]).toMatch(new RegExp(`^${TIME}  #1  claude PreToolUse Bash  deny   by guard: not here$`));
    expect(lines[1]).toMatch(new RegExp(`^${TIME}  #2  claude PreToolUse Read  none$`));
    expect(lines[2]).toMatch(new RegExp(`^${TIME}  #3  claude PostToolUse Write  none \\(was deny\\)  by late: too late to block$`));
    // The tool name is the model's: its escape sequence and bidi override are shown, not obeyed.
    expect(lines[3]).toMatch(new RegExp(`^${TIME}  #4  claude PreToolUse Bash\\\\u001b\\[2J\\\\u202e  none$`));
    expect(lines[4]).toMatch(new RegExp(`^${TIME}  #5  claude PreToolUse  bridge-failure  HOOKWIRE_CONFIG_INVALID: `));
    expect(end.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u202e]/);

    const json = await runHookwire(['log', '--log', log, '--json', '--last', '2']);
    const entries = json.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries.map((e) => e.line)).toEqual([4, 5]);
    expect(entries[0]).toMatchObject({ dialect: 'claude', event: 'PreToolUse', subject: 'Bash\u001b[2J\u202e', decision: 'none', decidedBy: [] });
    expect(json.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u202e]/);
  });

  it('names a line that is not a record and shows the rest (exit 1); an unreadable log is exit 2', async () => {
    const dir = await tempDir();
    const config = await writeConfig(dir, { hooks: HOOKS });
    const log = join(dir, 'audit.jsonl');
    await dispatch(dir, config, log, 'PreToolUse', 'Bash', { command: 'ls' });
    await appendFile(log, 'not json\n\n{"v":9}\n');
    await dispatch(dir, config, log, 'PreToolUse', 'Read', { file_path: 'x' });
    const end = await runHookwire(['log', '--log', log]);
    expect(end.code).toBe(1);
    expect(end.stdout.trimEnd().split('\n').map((line) => line.split('  ')[1])).toEqual(['#1', '#5']);
    expect(end.stderr.split('\n').filter(Boolean)).toEqual([
      expect.stringMatching(/^hookwire log: .*audit\.jsonl:2: not JSON: .*; skipped$/),
      expect.stringMatching(/^hookwire log: .*audit\.jsonl:4: unsupported audit record version: "v": 9; .*; skipped$/),
    ]);
    const missing = await runHookwire(['log', '--log', join(dir, 'missing.jsonl')]);
    expect(missing).toMatchObject({ code: 2, stdout: '' });
    expect(missing.stderr).toMatch(/^hookwire log: cannot read the audit log .*missing\.jsonl: ENOENT\n$/);
    const folder = await runHookwire(['log', '--log', dir]);
    expect(folder).toMatchObject({ code: 2, stdout: '', stderr: `hookwire log: cannot read the audit log ${dir}: EISDIR\n` });
    const bad = await runHookwire(['log', '--log', log, '--last', 'two']);
    expect(bad.code).toBe(2);
    expect(bad.stderr.split('\n')[0]).toBe('hookwire log: --last must be a whole number (0 or more), received "two"');
  });

  it('--follow shows each decision as hookwire run appends it, and follows a truncated and a rotated log', async () => {
    const dir = await tempDir();
    const config = await writeConfig(dir, { hooks: HOOKS });
    const log = join(dir, 'audit.jsonl');
    await dispatch(dir, config, log, 'PreToolUse', 'Read', { file_path: 'old' });
    const shown: string[] = [];
    let stderr = '';
    const follower = new LineClient(process.execPath, [HOOKWIRE, 'log', '--log', log, '--follow'], { name: 'hookwire log --follow', onLine: (line) => shown.push(line.text), onStderr: (chunk) => (stderr += chunk) });
    running.push(follower);
    // What was there when it started is shown first.
    expect(await waitUntil(() => shown.length === 1, 15_000)).toBe(true);
    expect(shown[0]).toMatch(/  #1  claude PreToolUse Read  none$/);

    await dispatch(dir, config, log, 'PreToolUse', 'Bash', { command: 'ls' });
    expect(await waitUntil(() => shown.length === 2, 15_000)).toBe(true);
    expect(shown[1]).toMatch(/  #2  claude PreToolUse Bash  deny   by guard: not here$/);

    await truncate(log, 0);
    await dispatch(dir, config, log, 'PreToolUse', 'Bash', { command: 'ls -l' });
    expect(await waitUntil(() => shown.length === 3, 15_000)).toBe(true);
    expect(shown[2]).toMatch(/  #1  claude PreToolUse Bash  deny /);
    expect(stderr).toContain(`hookwire log: ${log} was truncated; reading it again from its start`);

    await rename(log, `${log}.1`);
    await dispatch(dir, config, log, 'PreToolUse', 'Write', { file_path: 'x', content: '' });
    expect(await waitUntil(() => shown.length === 4, 15_000)).toBe(true);
    expect(shown[3]).toMatch(/  #1  claude PreToolUse Write  none$/);
    // Whether the watcher saw the rename before the new file, or only the new file, is the file system's timing.
    expect(stderr).toMatch(new RegExp(`hookwire log: ${log.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} was (replaced \\(rotated\\?\\); reading the new file from its start|moved or removed \\(rotated\\?\\); waiting for a new one)\n`));

    // A line being written is shown once its newline is there.
    const line = readFileSync(`${log}.1`, 'utf8').split('\n')[0]!;
    await appendFile(log, line.slice(0, 40));
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(shown).toHaveLength(4);
    await appendFile(log, `${line.slice(40)}\n`);
    expect(await waitUntil(() => shown.length === 5, 15_000)).toBe(true);
    expect(shown[4]).toMatch(/  #2  claude PreToolUse Bash  deny /);

    follower.child.kill('SIGTERM');
    expect(await follower.exited).toMatchObject({ code: 0 });
  });

  it('--follow waits for a log that is not there yet, and shows only the last N of what was', async () => {
    const dir = await tempDir();
    const config = await writeConfig(dir, { hooks: HOOKS });
    const log = join(dir, 'later.jsonl');
    const shown: string[] = [];
    let stderr = '';
    const follower = new LineClient(process.execPath, [HOOKWIRE, 'log', '--log', log, '-f', '--json'], { name: 'hookwire log -f', onLine: (line) => shown.push(line.text), onStderr: (chunk) => (stderr += chunk) });
    running.push(follower);
    expect(await waitUntil(() => stderr.includes('waiting for'), 15_000)).toBe(true);
    await dispatch(dir, config, log, 'PreToolUse', 'Bash', { command: 'ls' });
    expect(await waitUntil(() => shown.length === 1, 15_000)).toBe(true);
    expect(JSON.parse(shown[0]!)).toMatchObject({ line: 1, decision: 'deny', by: 'guard' });
    follower.child.kill('SIGINT');
    expect(await follower.exited).toMatchObject({ code: 0 });

    await dispatch(dir, config, log, 'PreToolUse', 'Read', { file_path: 'a' });
    await dispatch(dir, config, log, 'PreToolUse', 'Read', { file_path: 'b' });
    const again: string[] = [];
    const second = new LineClient(process.execPath, [HOOKWIRE, 'log', '--log', log, '--follow', '--last', '1'], { name: 'hookwire log --last 1', onLine: (line) => again.push(line.text) });
    running.push(second);
    expect(await waitUntil(() => again.length === 1, 15_000)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(again).toHaveLength(1);
    expect(again[0]).toMatch(/  #3  claude PreToolUse Read  none$/);
  });
});

describe('formatEntry', () => {
  it.each([
    [{ v: 1, ts: '2026-12-05T04:51:32.123Z', dialect: 'gemini', event: 'BeforeTool', subject: 'run_shell_command', config: 'sha256:0', hooks: [], cwd: '/', canonical: 'tool:before', outcome: { decision: 'ask', continue: true, warnings: [], downgraded: false, reason: 'sure?\nreally' }, runs: [{ hook: 'r', kind: 'rule', durationMs: 1, outcome: { decision: 'ask', warnings: [] }, rules: [{ rule: 'push-force', decision: 'ask', matched: 'git push -f' }] }], durationMs: 1 }, '2026-12-05 04:51:32Z  #7  gemini BeforeTool run_shell_command  ask    by r (push-force): sure? really'],
    [{ v: 1, ts: '2026-12-05T04:51:32Z', dialect: 'claude', event: 'Stop', config: 'sha256:0', hooks: ['x'], cwd: '/', canonical: 'agent:stop', mode: 'observe', outcome: { decision: 'none', continue: true, warnings: [], downgraded: false }, runs: [], durationMs: 1 }, '2026-12-05 04:51:32Z  #7  claude Stop  none (observe)'],
    [{ v: 1, ts: 'yesterday', dialect: 'claude', event: 'PreToolUse', subject: 'Bash', config: 'sha256:0', hooks: ['x'], cwd: '/', canonical: 'tool:before', error: { code: 'HOOKWIRE_CANCELED', message: 'canceled' }, runs: [], durationMs: 1 }, 'yesterday  #7  claude PreToolUse Bash  error  HOOKWIRE_CANCELED: canceled'],
  ])('%#', (record, expected) => {
    expect(formatEntry(entryOf(7, record as never))).toBe(expected);
  });

  it('clips a long reason to one short line', () => {
    const line = formatEntry({ line: 1, ts: '2026-12-05T04:51:32Z', dialect: 'claude', event: 'PreToolUse', decision: 'deny', decidedBy: ['g'], by: 'g', reason: 'x'.repeat(500) });
    expect(line.length).toBeLessThan(160);
    expect(line.endsWith('…')).toBe(true);
  });
});
