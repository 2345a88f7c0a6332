import fc from 'fast-check';
import { appendFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupSidecars, runHookwire, startSidecar, tempDir, writeConfig } from './sidecar.js';

afterEach(cleanupSidecars);

const HOOKS = [
  { id: 'guard', event: 'PreToolUse', matcher: 'Bash', type: 'command', command: "echo 'no rm -rf here' >&2; exit 2" },
  { id: 'shadow', event: 'PreToolUse', matcher: 'Bash', type: 'command', mode: 'observe', command: `echo '{"decision":"approve","reason":"would allow"}'` },
  { id: 'fmt', event: 'PreToolUse', matcher: 'Bash', type: 'command', command: 'exit 0' },
  { id: 'slow', event: 'PreToolUse', matcher: 'Bash', type: 'command', timeout: 0.2, command: 'sleep 5' },
];

/** A log recorded by the real `hookwire listen --log` (a denied Bash, an unmatched Read) and `hookwire run --log` (a broken config). */
async function recordLog(): Promise<{ dir: string; log: string }> {
  const dir = await tempDir();
  const log = join(dir, 'audit.jsonl');
  const sidecar = startSidecar(['listen', '--config', await writeConfig(dir, { hooks: HOOKS }), '--log', log]);
  sidecar.send({ op: 'dispatch', event: 'PreToolUse', payload: { tool_name: 'Bash', tool_input: { command: 'rm -rf /' }, cwd: dir } });
  sidecar.send({ op: 'dispatch', event: 'PreToolUse', payload: { tool_name: 'Read', tool_input: { file_path: '/etc/hosts' }, cwd: dir } });
  sidecar.send({ op: 'bye' });
  await sidecar.exited;
  const env = { ...process.env };
  delete env.HOOKWIRE_BRIDGE_DEPTH;
  const broken = await writeConfig(dir, { hooks: [{ event: 'PreTooluse', type: 'command', command: 'true' }] }, 'broken.json');
  await runHookwire(['run', '--config', broken, '--log', log], { input: JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'ls' }, cwd: dir }), env });
  return { dir, log };
}

describe('hookwire explain', () => {
  it('shows, for a recorded event, the decision, the hook that decided it and why, and what every other hook said', async () => {
    const { log } = await recordLog();
    const result = await runHookwire(['explain', '--log', log, '--line', '1']);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toBe(
      [
        'line 1  PreToolUse Bash  deny: decided by guard',
        '  reason: no rm -rf here',
        '  hook      verdict           why',
        '  --------  ----------------  -------------------------------------',
        '  * guard   deny              no rm -rf here',
        '    shadow  allow (observed)  would allow',
        '    fmt     none',
        '    slow    none [timeout]    timed out after 200 ms (onError warn)',
        '',
      ].join('\n'),
    );
  });

  it('explains every line without --line: a dispatch no hook decided, and a bridge failure', async () => {
    const { log } = await recordLog();
    const result = await runHookwire(['explain', '--log', log]);
    expect(result.code).toBe(0);
    const blocks = result.stdout.split('\n\n');
    expect(blocks).toHaveLength(3);
    expect(blocks[0]).toMatch(/^line 1  PreToolUse Bash  deny: decided by guard\n/);
    expect(blocks[1]).toBe('line 2  PreToolUse Read  none: no hook decided\n  no hook matched');
    expect(blocks[2]).toMatch(/^line 3  PreToolUse  bridge failure, no dispatch \(HOOKWIRE_CONFIG_INVALID\): hookwire run: cannot load the config: .*did you mean "PreToolUse"\?/);
    const json = await runHookwire(['explain', '--log', log, '--json', '--line', '1', '--line', '3']);
    expect(JSON.parse(json.stdout)).toMatchObject([
      { line: 1, type: 'dispatch', decision: 'deny', decidedBy: ['guard'], runs: [{ hook: 'guard', decided: true }, { hook: 'shadow', decided: false }, { hook: 'fmt', decided: false }, { hook: 'slow', decided: false }] },
      { line: 3, type: 'bridge-failure', error: { code: 'HOOKWIRE_CONFIG_INVALID' } },
    ]);
  });

  it('runs no hook: it reads the log alone', async () => {
    const { dir, log } = await recordLog();
    const before = await readFile(log, 'utf8');
    // A config that would now allow everything changes nothing: explain does not dispatch.
    await writeConfig(dir, { hooks: [] });
    expect((await runHookwire(['explain', '--log', log, '--line', '1'])).stdout).toMatch(/^line 1  PreToolUse Bash  deny: decided by guard\n/);
    expect(await readFile(log, 'utf8')).toBe(before);
  });

  it('exits 2 on a line without a record, an unreadable log, or a bad --line', async () => {
    const { log } = await recordLog();
    const missing = await runHookwire(['explain', '--log', log, '--line', '9']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/no record on line 9 \(the log has records on lines 1 to 3\)/);
    await appendFile(log, 'not json\n');
    expect((await runHookwire(['explain', '--log', log])).code).toBe(2);
    const bad = await runHookwire(['explain', '--log', log, '--line', 'x']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--line must be a line number/);
  });
});

describe('hookwire explain on malformed records', () => {
  it('never throws on a v1 record with any field replaced by any JSON value: it explains it, or names the file and line', async () => {
    const { explain } = await import('../src/explain.js');
    const { writeFile } = await import('node:fs/promises');
    const dir = await tempDir();
    const log = join(dir, 'fuzz.jsonl');
    const valid = {
      v: 1, ts: '2026-01-01T00:00:00.000Z', event: 'PreToolUse', canonical: 'tool:before', dialect: 'claude', subject: 'Bash', cwd: '/', config: 'sha256:0', hooks: ['guard'],
      outcome: { decision: 'deny', continue: true, reason: 'no', warnings: [] },
      runs: [{ hook: 'guard', kind: 'command', outcome: { decision: 'deny', reason: 'no', warnings: [] }, durationMs: 1, exitCode: 2 }],
      durationMs: 1,
    };
    const paths = ['event', 'subject', 'outcome', 'outcome.decision', 'outcome.reason', 'outcome.warnings', 'runs', 'runs.0', 'runs.0.hook', 'runs.0.outcome', 'runs.0.outcome.reason', 'runs.0.outcome.warnings', 'runs.0.outcome.failure', 'runs.0.onError', 'error'];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...paths), fc.jsonValue({ maxDepth: 2 }), fc.boolean(), async (path, value, json) => {
        const record = structuredClone(valid) as Record<string, unknown>;
        const keys = path.split('.');
        let at: Record<string, unknown> = record;
        for (const key of keys.slice(0, -1)) at = at[key] as Record<string, unknown>;
        at[keys.at(-1)!] = value;
        await writeFile(log, `${JSON.stringify(valid)}\n${JSON.stringify(record)}\n`);
        const errors: string[] = [];
        let out = '';
        const code = await explain({ logPath: log, json, logger: { warn() {}, error: (message: string) => void errors.push(message) }, write: (text) => void (out += text) });
        if (code === 0) expect(out).toMatch(json ? /"line": 2,/ : /^line 2 /m);
        else {
          expect(code).toBe(2);
          expect(errors.join('\n')).toContain(`${log}:2: `);
        }
      }),
      { numRuns: 300 },
    );
  });
});
