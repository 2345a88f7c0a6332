import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ago, formatStatus, summarizeLog } from '../src/statusline.js';
import { bareEnv, cleanupSidecars, runHookwire, tempDir, writeConfig } from './sidecar.js';

afterEach(cleanupSidecars);

const HOOKS = [
  { id: 'guard', event: 'PreToolUse', matcher: 'Bash', type: 'command', command: "echo 'not here' >&2; exit 2" },
  { id: 'slow', event: 'PreToolUse', matcher: 'Read', type: 'command', timeout: 0.2, command: 'sleep 5' },
  { id: 'shadow', event: 'PreToolUse', type: 'command', mode: 'observe', command: 'exit 0' },
];

/** What Claude Code pipes to a status line command (the fields the docs list). */
function claudeInput(projectDir: string): string {
  return JSON.stringify({ hook_event_name: 'Status', session_id: 's1', cwd: projectDir, model: { id: 'claude-x', display_name: 'X' }, workspace: { current_dir: projectDir, project_dir: projectDir }, version: '2.1.332' });
}

/** Dispatches one Claude Code PreToolUse through the real `hookwire run --log`. */
async function dispatch(dir: string, log: string, tool: string, input: Record<string, unknown>, env: NodeJS.ProcessEnv): Promise<void> {
  const payload = { session_id: 's1', transcript_path: join(dir, 't.jsonl'), cwd: dir, hook_event_name: 'PreToolUse', tool_name: tool, tool_input: input };
  const end = await runHookwire(['run', '--config', join(dir, '.hookwire.json'), '--log', log], { input: JSON.stringify(payload), cwd: dir, env });
  expect(end.code).toBe(0);
}

describe('hookwire statusline', () => {
  it("shows the guards, the config's revision as the audit log names it, the last denial and a failing hook", async () => {
    const dir = await tempDir();
    await writeConfig(dir, { hooks: HOOKS }, '.hookwire.json');
    const env = bareEnv(dir);
    const log = join(dir, 'audit.jsonl');
    await dispatch(dir, log, 'Bash', { command: 'ls' }, env);
    await dispatch(dir, log, 'Read', { file_path: '/etc/hosts' }, env);
    const digest = (JSON.parse((await readFile(log, 'utf8')).split('\n')[0]!) as { config: string }).config.slice('sha256:'.length, 'sha256:'.length + 12);
    // Started elsewhere: the config is found from the project directory Claude Code names on stdin.
    const end = await runHookwire(['statusline', '--log', log], { input: claudeInput(dir), cwd: join(dir, '..'), env });
    expect(end).toMatchObject({ code: 0, stderr: '' });
    expect(end.stdout).toMatch(new RegExp(`^hookwire ON · 2 guards \\+ 1 observed · config ${digest} · last deny \\d+s ago: Bash by guard · failing: slow \\[timeout\\]\\n$`));
  });

  it('says OFF, and why, when the config is broken, missing, or has no hook that counts', async () => {
    const dir = await tempDir();
    const env = bareEnv(dir);
    const none = await runHookwire(['statusline'], { input: claudeInput(dir), cwd: dir, env });
    expect(none).toMatchObject({ code: 0, stdout: 'hookwire OFF — no config found (hookwire init sets one up)\n' });
    await writeFile(join(dir, '.hookwire.json'), '{"hooks":[{"event":"PreTooluse","type":"command","command":"true"}]}');
    const broken = await runHookwire(['statusline'], { input: claudeInput(dir), cwd: dir, env });
    expect(broken.code).toBe(0);
    expect(broken.stdout).toMatch(/^hookwire OFF — config error: \.hookwire\.json#\/hooks\/0\/event: .{10,}\n$/);
    expect(broken.stdout.length).toBeLessThan(160);
    await writeConfig(dir, { hooks: [HOOKS[2]] }, '.hookwire.json');
    const observed = await runHookwire(['statusline', '--config', join(dir, '.hookwire.json')], { cwd: dir, env, input: '' });
    expect(observed.stdout).toMatch(/^hookwire OFF · 0 guards \+ 1 observed · config [0-9a-f]{12}\n$/);
  });

  it('names a failing bridge when the newest line of the log is one, and keeps the fields it shows terminal-safe', async () => {
    const dir = await tempDir();
    await writeConfig(dir, { hooks: [{ id: 'all', event: 'PreToolUse', type: 'command', command: 'exit 2' }] }, '.hookwire.json');
    const env = bareEnv(dir);
    const log = join(dir, 'audit.jsonl');
    await dispatch(dir, log, 'Bash\u001b[2J\u202eevil', { command: 'ls' }, env);
    const shown = await runHookwire(['statusline', '--log', log, '--config', join(dir, '.hookwire.json')], { input: '', cwd: dir, env });
    expect(shown.stdout).toContain('last deny ');
    expect(shown.stdout).toContain(': Bash\\u001b[2J\\u202eevil by all');
    expect(shown.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u202e]/);
    const broken = await writeConfig(dir, { hooks: 'nope' }, 'broken.json');
    await runHookwire(['run', '--config', broken, '--log', log], { input: JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'ls' }, cwd: dir }), cwd: dir, env });
    const failing = await runHookwire(['statusline', '--log', log, '--config', join(dir, '.hookwire.json')], { input: '', cwd: dir, env });
    expect(failing.stdout).toMatch(/ · bridge failing: HOOKWIRE_CONFIG_INVALID \d+s ago · last deny /);
  });

  it('answers a mistake in its own command line on the status line too, exit 2', async () => {
    const end = await runHookwire(['statusline', '--lgo', 'x'], { input: '' });
    expect(end).toMatchObject({ code: 2, stdout: 'hookwire ? — statusline: unknown flag --lgo; did you mean --log?\n', stderr: 'hookwire statusline: unknown flag --lgo; did you mean --log?\n' });
  });
});

/** A dispatch record as the audit log holds it, with only what the status line reads. */
function record(fields: { ts?: string; decision?: string; mode?: 'observe'; runs?: { hook: string; decision?: string; failure?: string }[]; subject?: string }): string {
  const runs = (fields.runs ?? []).map((run) => ({ hook: run.hook, kind: 'shell', durationMs: 1, outcome: { ...(run.decision === undefined ? {} : { decision: run.decision }), warnings: [], ...(run.failure === undefined ? {} : { failure: { class: run.failure, message: 'x' } }) } }));
  return JSON.stringify({ v: 1, ts: fields.ts ?? '2026-12-05T10:00:00.000Z', event: 'PreToolUse', canonical: 'tool:before', dialect: 'claude', subject: fields.subject ?? 'Bash', cwd: '/', config: 'sha256:00', ...(fields.mode === undefined ? {} : { mode: fields.mode }), hooks: runs.map((r) => r.hook), outcome: { decision: fields.decision ?? 'none', continue: true, warnings: [], downgraded: false }, runs, durationMs: 1 });
}

describe('the audit log as the status line reads it', () => {
  it('finds the last denial far back in bytes, not past its window; failing hooks only among the recent records', async () => {
    const dir = await tempDir();
    const log = join(dir, 'audit.jsonl');
    const allow = record({ decision: 'allow', runs: [{ hook: 'guard', decision: 'allow' }] });
    const lines = [
      record({ decision: 'deny', ts: '2026-12-05T09:00:00.000Z', subject: 'Old', runs: [{ hook: 'guard', decision: 'deny' }] }),
      record({ decision: 'deny', ts: '2026-12-05T09:30:00.000Z', subject: 'Write', runs: [{ hook: 'guard', decision: 'deny' }, { hook: 'slow', failure: 'timeout' }] }),
      // Observed denials did not count: never "the last denial".
      record({ decision: 'deny', mode: 'observe', subject: 'Observed', runs: [{ hook: 'guard', decision: 'deny' }] }),
      ...Array.from({ length: 300 }, () => allow),
      record({ runs: [{ hook: 'flaky', failure: 'spawn' }] }),
      allow,
    ];
    await writeFile(log, `${lines.join('\n')}\n`);
    const summary = summarizeLog(log, { maxBytes: 10 * 1024 * 1024, recent: 50 });
    expect(summary.lastDenial).toEqual({ ts: '2026-12-05T09:30:00.000Z', subject: 'Write', by: 'guard' });
    // slow's timeout is older than the recent records: not "failing now"; flaky's newest run failed.
    expect(summary.failing).toEqual([{ hook: 'flaky', failure: 'spawn', ts: '2026-12-05T10:00:00.000Z' }]);
    const window = (allow.length + 1) * 100;
    expect(summarizeLog(log, { maxBytes: window, recent: 50 }).lastDenial).toBeUndefined();
    expect(summarizeLog(join(dir, 'missing.jsonl'))).toEqual({ failing: [], records: 0 });
  });

  it('reads a cut first line, blank lines and a line that is not a record without giving up', async () => {
    const dir = await tempDir();
    const log = join(dir, 'audit.jsonl');
    const deny = record({ decision: 'deny', runs: [{ hook: 'g', decision: 'deny' }] });
    const text = `${deny}\n\nnot json\n${record({ decision: 'allow' })}\n`;
    await writeFile(log, text);
    // A window that starts 5 bytes into the denial's line: that line is cut, so not read.
    expect(summarizeLog(log, { maxBytes: Buffer.byteLength(text) - 5, recent: 50 }).lastDenial).toBeUndefined();
    expect(summarizeLog(log).lastDenial?.by).toBe('g');
  });
});

describe('ago', () => {
  const now = Date.parse('2026-12-05T12:00:00.000Z');
  it.each([
    ['2026-12-05T12:00:00.000Z', '0s'],
    ['2026-12-05T11:59:01.000Z', '59s'],
    ['2026-12-05T11:59:00.000Z', '1m'],
    ['2026-12-05T11:00:01.000Z', '59m'],
    ['2026-12-05T09:00:00.000Z', '3h'],
    ['2026-12-03T11:00:00.000Z', '2d'],
    ['2026-12-05T12:00:09.000Z', '0s'],
    ['not a time', '?'],
  ])('%s is %s before noon', (ts, expected) => expect(ago(ts, now)).toBe(expected));
});

describe('formatStatus', () => {
  it('is one line, whatever a reason or a diagnostic holds', () => {
    const line = formatStatus({ ok: false, diagnostics: [{ severity: 'error', path: '/hooks/0', message: `line one\nline two \u001b[31m${'x'.repeat(300)}`, file: '/a/b/.hookwire.json' }] }, undefined, 0);
    expect(line).toMatch(/^hookwire OFF — config error: \.hookwire\.json#\/hooks\/0: line one line two \\u001b\[31mx+…$/);
    expect(line.length).toBeLessThan(150);
  });
});
