import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupSidecars, runHookwire, tempDir, writeConfig } from './sidecar.js';

afterEach(cleanupSidecars);

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const guard = { id: 'guard', event: 'PreToolUse', matcher: 'Bash', type: 'command', command: "echo 'no rm -rf' >&2; exit 2" };
const shadow = { id: 'shadow', event: 'PreToolUse', type: 'command', mode: 'observe', command: "echo 'would block' >&2; exit 2" };
const bash = { tool_name: 'Bash', tool_input: { command: 'rm -rf /' } };

describe('hookwire test', () => {
  it('passes the example policy tests against the example config (examples/tests)', async () => {
    const result = await runHookwire(['test', 'examples/tests', '--config', 'examples/hookwire.json'], { cwd: REPO });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^TAP version 14\n1\.\.(\d+)\n/);
    const count = Number(/^1\.\.(\d+)$/m.exec(result.stdout)![1]);
    expect(count).toBeGreaterThanOrEqual(9);
    expect(result.stdout.match(/^ok \d+ - /gm)).toHaveLength(count);
    expect(result.stdout).toContain(`# ${count} passed, 0 failed`);
    const byDefault = await runHookwire(['test', '--config', 'examples/hookwire.json'], { cwd: REPO });
    expect(byDefault.stdout.split('\n').slice(0, -2)).toEqual(result.stdout.split('\n').slice(0, -2));
  });

  it('reports each failed expectation in TAP and exits 1; an observed hook decides nothing', async () => {
    const dir = await tempDir();
    const config = await writeConfig(dir, { hooks: [guard, shadow] });
    await writeFile(
      join(dir, 'cases.test.json'),
      JSON.stringify([
        { name: 'guard denies', event: 'PreToolUse', payload: bash, expect: { decision: 'deny', reason: 'rm -rf', decidedBy: 'guard' } },
        { name: 'wrongly expects allow', event: 'PreToolUse', payload: bash, expect: { decision: 'allow', reason: 'fine', decidedBy: 'shadow' } },
        { name: 'the observed hook is not what decided', event: 'PreToolUse', payload: { tool_name: 'Read' }, expect: { decision: 'none', decidedBy: 'shadow' } },
      ]),
    );
    const result = await runHookwire(['test', dir, '--config', config]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('ok 1 - ');
    expect(result.stdout).toContain(
      [
        'wrongly expects allow',
        '  ---',
        '  event: "PreToolUse"',
        '  problems:',
        '    - "decision: expected allow, got deny"',
        '    - "reason: expected it to contain \\"fine\\", got \\"no rm -rf\\""',
        '    - "decidedBy: expected shadow, decided by guard"',
        '  ...',
      ].join('\n'),
    );
    expect(result.stdout).toMatch(/^not ok 3 - .*the observed hook is not what decided\n[\s\S]*"decidedBy: expected shadow, decided by no hook"/m);
    expect(result.stdout).toContain('# 1 passed, 2 failed');
  });

  it('exits 2, naming the place, when a test cannot be read', async () => {
    const dir = await tempDir();
    const config = await writeConfig(dir, { hooks: [guard] });
    const write = (name: string, value: unknown) => writeFile(join(dir, name), typeof value === 'string' ? value : JSON.stringify(value));
    await write('a.json', '{ not json');
    await write('b.json', { event: 'PreToolUse', payload: bash, expect: { decison: 'deny' } });
    await write('c.json', { event: 'PreToolUse', payload: 'missing.json', expect: { decision: 'deny' } });
    await write('d.json', { payload: bash, expect: { decision: 'deny' } });
    const cases: [string, string][] = [
      ['a.json', 'cannot read'],
      ['b.json', 'b.json#1: unknown key "expect.decison"'],
      ['c.json', 'c.json#1: cannot read the payload'],
      ['d.json', 'd.json#1: "event" is required'],
      ['empty', 'no policy tests found'],
    ];
    await import('node:fs/promises').then((fs) => fs.mkdir(join(dir, 'empty')));
    for (const [file, message] of cases) {
      const result = await runHookwire(['test', join(dir, file), '--config', config]);
      expect(result.code, file).toBe(2);
      expect(result.stdout, file).toBe('');
      // A person's command: each problem a plain line in the command's name, no JSON log line.
      const lines = result.stderr.trim().split('\n');
      for (const line of lines) expect(line, file).toMatch(/^hookwire test: /);
      expect(lines.join('\n'), file).toContain(message);
    }
  });

  it('takes a case\'s payload, event and subject from a recorded audit record', async () => {
    const dir = await tempDir();
    const config = await writeConfig(dir, { hooks: [guard] });
    const record = { v: 1, ts: '2026-01-01T00:00:00.000Z', event: 'PreToolUse', canonical: 'tool:before', dialect: 'claude', subject: 'Bash', cwd: dir, payload: bash, config: 'sha256:0', hooks: ['guard'], runs: [], durationMs: 1 };
    await writeFile(join(dir, 'recorded.json'), JSON.stringify(record));
    await writeFile(join(dir, 'from-log.test.json'), JSON.stringify({ payload: 'recorded.json', expect: { decision: 'deny', decidedBy: 'guard' } }));
    const result = await runHookwire(['test', dir, '--config', config]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('ok 1 - ');
  });
});
