import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { killServes, post, startServe } from './serve/serve-process.js';
import { cleanupSidecars, runHookwire, startSidecar, tempDir, writeConfig } from './sidecar.js';

afterEach(async () => {
  await killServes();
  await cleanupSidecars();
});

const guard = { id: 'guard', event: 'PreToolUse', matcher: 'Bash', type: 'command', command: "echo 'no rm -rf' >&2; exit 2" };
const payload = { hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'rm -rf /' } };

async function readLines(log: string): Promise<Record<string, unknown>[]> {
  return (await readFile(log, 'utf8')).trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** One dispatch through each command that writes an audit log, with the given audit flags: the records each wrote. */
async function recordThroughEach(flags: string[]): Promise<Record<string, Record<string, unknown>[]>> {
  const dir = await tempDir();
  const config = await writeConfig(dir, { hooks: [guard] });
  const logs = { listen: join(dir, 'listen.jsonl'), run: join(dir, 'run.jsonl'), serve: join(dir, 'serve.jsonl') };

  const sidecar = startSidecar(['listen', '--config', config, '--log', logs.listen, ...flags]);
  sidecar.send({ op: 'dispatch', event: 'PreToolUse', payload: { ...payload, cwd: dir } });
  sidecar.send({ op: 'bye' });
  await sidecar.exited;

  const env = { ...process.env };
  delete env.HOOKWIRE_BRIDGE_DEPTH;
  const ran = await runHookwire(['run', '--config', config, '--log', logs.run, ...flags], { input: JSON.stringify({ ...payload, cwd: dir }), env });
  expect(ran).toMatchObject({ code: 0, stderr: '' });

  const server = await startServe(['--config', config, '--log', logs.serve, ...flags]);
  expect((await post(`${server.url}/hooks/claude`, { ...payload, cwd: dir })).status).toBe(200);
  await server.stop();

  return { listen: await readLines(logs.listen), run: await readLines(logs.run), serve: await readLines(logs.serve) };
}

describe('the audit flags of listen, run and serve', () => {
  it('are one table: each command names them the same in its usage', async () => {
    for (const command of ['listen', 'run', 'serve']) {
      const help = await runHookwire([command, '--help']);
      expect(help.code).toBe(0);
      expect(help.stdout).toContain('[--log FILE [--log-omit-payloads]]');
    }
  });

  it('write the same v1 record from each command, with the payload, and without it under --log-omit-payloads', async () => {
    const kept = await recordThroughEach([]);
    const omitted = await recordThroughEach(['--log-omit-payloads']);
    for (const command of ['listen', 'run', 'serve']) {
      expect(kept[command], command).toHaveLength(1);
      expect(kept[command]![0], command).toMatchObject({ v: 1, event: 'PreToolUse', subject: 'Bash', payload: { tool_input: { command: 'rm -rf /' } }, outcome: { decision: 'deny' } });
      expect(omitted[command], command).toHaveLength(1);
      expect(omitted[command]![0], command).toMatchObject({ v: 1, event: 'PreToolUse', subject: 'Bash', outcome: { decision: 'deny' } });
      expect(omitted[command]![0], command).not.toHaveProperty('payload');
    }
  });
});
