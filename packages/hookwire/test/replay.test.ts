import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupSidecars, runHookwire, startSidecar, tempDir, writeConfig } from './sidecar.js';

afterEach(cleanupSidecars);

const bash = { tool_name: 'Bash', tool_input: { command: 'rm -rf /' } };
const read = { tool_name: 'Read', tool_input: { file_path: '/etc/hosts' } };
const guard = { id: 'guard', event: 'PreToolUse', matcher: 'Bash', type: 'command', command: "echo 'no rm -rf' >&2; exit 2" };
const reads = { id: 'reads', event: 'PreToolUse', matcher: 'Read', type: 'command', command: 'exit 0' };

/** Records a log through the real `hookwire listen --log`: a Bash dispatch (denied by guard) and a Read one. */
async function recordLog(dir: string, extra: string[] = []): Promise<string> {
  const log = join(dir, `audit${extra.length}.jsonl`);
  const sidecar = startSidecar(['listen', '--config', await writeConfig(dir, { hooks: [guard, reads] }, 'recorded.json'), '--log', log, ...extra]);
  sidecar.send({ op: 'dispatch', event: 'PreToolUse', payload: { ...bash, cwd: dir } });
  sidecar.send({ op: 'dispatch', event: 'PreToolUse', payload: { ...read, cwd: dir } });
  sidecar.send({ op: 'bye' });
  await sidecar.exited;
  return log;
}

describe('hookwire replay', () => {
  it('exits 0 and says nothing changed when replayed against the config that recorded the log', async () => {
    const dir = await tempDir();
    const log = await recordLog(dir);
    const result = await runHookwire(['replay', '--log', log, '--config', join(dir, 'recorded.json')]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^replayed 2 of 2 recorded dispatches against sha256:[0-9a-f]{64}: 0 changed, 2 unchanged\n$/);
  });

  it('names each changed decision and the hooks that made the difference, and exits 1', async () => {
    const dir = await tempDir();
    const log = await recordLog(dir);
    const relaxed = { ...guard, command: "echo '{\"decision\":\"approve\",\"reason\":\"ok now\"}'" };
    const strict = { ...reads, id: 'no-etc', command: "echo 'not /etc' >&2; exit 2" };
    const config = await writeConfig(dir, { hooks: [relaxed, strict] }, 'changed.json');
    const result = await runHookwire(['replay', '--log', log, '--config', config]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe(
      [
        'line 1  PreToolUse Bash  deny -> allow',
        '  guard: deny -> allow',
        '  reason before: no rm -rf',
        '  reason after:  ok now',
        'line 2  PreToolUse Read  none -> deny',
        '  no-etc: not run -> deny',
        '  reads: none -> not run',
        '  reason after:  not /etc',
        result.stdout.split('\n').at(-2),
        '',
      ].join('\n'),
    );
    expect(result.stdout).toMatch(/replayed 2 of 2 recorded dispatches against sha256:\w+: 2 changed, 0 unchanged\n$/);
    const json = await runHookwire(['replay', '--log', log, '--config', config, '--json']);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({
      records: 2,
      replayed: 2,
      unchanged: 0,
      changed: [
        { line: 1, event: 'PreToolUse', subject: 'Bash', before: { decision: 'deny' }, after: { decision: 'allow', reason: 'ok now' }, hooks: [{ hook: 'guard', before: 'deny', after: 'allow' }] },
        { line: 2, before: { decision: 'none' }, after: { decision: 'deny' } },
      ],
      failed: [],
    });
  });

  it('an observed hook changes no decision on replay', async () => {
    const dir = await tempDir();
    const log = await recordLog(dir);
    const staged = { ...reads, id: 'staged', mode: 'observe', command: 'exit 2' };
    const result = await runHookwire(['replay', '--log', log, '--config', await writeConfig(dir, { hooks: [guard, reads, staged] }, 'staged.json')]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('0 changed, 2 unchanged');
  });

  it('--skip and --only keep hooks from running: they answer as the log recorded them', async () => {
    const dir = await tempDir();
    const log = await recordLog(dir);
    const marker = join(dir, 'ran');
    const touched = { ...guard, command: `touch '${marker}'; exit 0` };
    const config = await writeConfig(dir, { hooks: [touched, reads] }, 'touching.json');
    const skipped = await runHookwire(['replay', '--log', log, '--config', config, '--skip', 'guard']);
    expect(skipped.code).toBe(0);
    const only = await runHookwire(['replay', '--log', log, '--config', config, '--only', 'reads']);
    expect(only.code).toBe(0);
    await expect(readFile(marker)).rejects.toMatchObject({ code: 'ENOENT' });
    const ran = await runHookwire(['replay', '--log', log, '--config', config]);
    expect(ran.code).toBe(1);
    expect(await readFile(marker, 'utf8')).toBe('');
  });

  it('exits 2 when it cannot replay: no payloads in the log, an unreadable log, an old record, a broken config', async () => {
    const dir = await tempDir();
    const config = await writeConfig(dir, { hooks: [guard] }, 'plain.json');
    const bare = await recordLog(dir, ['--log-omit-payloads']);
    const noPayloads = await runHookwire(['replay', '--log', bare, '--config', config]);
    expect(noPayloads.code).toBe(2);
    expect(noPayloads.stdout).toContain('line 1  not replayed: the log left the payload out');
    const missing = await runHookwire(['replay', '--log', join(dir, 'nope.jsonl'), '--config', config]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('ENOENT');
    const old = join(dir, 'old.jsonl');
    await writeFile(old, `${JSON.stringify({ ts: 'x', event: 'PreToolUse', canonical: 'tool:before', outcome: {}, runs: [] })}\n`);
    const unversioned = await runHookwire(['replay', '--log', old, '--config', config]);
    expect(unversioned.code).toBe(2);
    expect(unversioned.stderr).toContain('old.jsonl:1: unsupported audit record version');
    const broken = await writeConfig(dir, { hooks: [{ event: 'Nope', type: 'command', command: 'true' }] }, 'broken.json');
    expect((await runHookwire(['replay', '--log', bare, '--config', broken])).code).toBe(2);
    expect((await runHookwire(['replay', '--config', config])).code).toBe(2);
  });
});
