import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { cleanupSidecars, STDIO_BIN, isGone, startSidecar, tempDir, writeConfig } from './sidecar.js';

afterEach(cleanupSidecars);

const bash = { tool_name: 'Bash', tool_input: { command: 'rm -rf /' } };
const guard = { id: 'guard', event: 'PreToolUse', matcher: 'Bash', type: 'command', command: "echo 'no rm -rf' >&2; exit 2" };

describe('hookwire listen', () => {
  it('answers ping with version and protocol, and dispatch with the folded outcome and runs', async () => {
    const dir = await tempDir();
    const sidecar = startSidecar(['listen', '--config', await writeConfig(dir, { hooks: [guard] })]);
    sidecar.send({ op: 'ping' });
    const [pong] = await sidecar.next();
    expect(pong).toEqual({ ok: true, pong: true, version: expect.stringMatching(/^\d+\.\d+\.\d+/), protocol: 1 });
    sidecar.send({ op: 'dispatch', event: 'PreToolUse', payload: bash, cwd: dir });
    const [answer] = await sidecar.next();
    expect(answer).toEqual({
      ok: true,
      canonical: 'tool:before',
      outcome: { decision: 'deny', reason: 'no rm -rf', continue: true, additionalContext: [], systemMessage: [], downgraded: false },
      runs: [{ hook: 'guard', kind: 'shell', outcome: { decision: 'deny', reason: 'no rm -rf', warnings: [] }, durationMs: expect.any(Number), exitCode: 2 }],
    });
    sidecar.send({ op: 'bye' });
    expect(await sidecar.next()).toEqual([{ ok: true }]);
    expect(await sidecar.closed).toEqual({ code: 0, signal: null });
  });

  it('answers every bad line with an error, echoing the id when there is one, and keeps serving', async () => {
    const dir = await tempDir();
    const sidecar = startSidecar(['listen', '--config', await writeConfig(dir, { hooks: [] }), '--max-line-bytes', '1000']);
    const bad = [
      'not json',
      '[]',
      '42',
      '{"op":"fly","id":"a"}',
      '{"id":3}',
      '{"op":"dispatch","id":4,"event":"Nope","payload":{}}',
      '{"op":"dispatch","id":5,"event":"PreToolUse","payload":"x"}',
      '{"op":"ping","id":[1]}',
      `{"op":"ping","pad":"${'x'.repeat(2000)}"}`,
      '{"op":"cancel","target":"nothing","id":6}',
    ];
    for (const line of bad) sidecar.send(line);
    sidecar.send('');
    sidecar.send('   ');
    sidecar.send({ op: 'ping', id: 'after' });
    const answers = await sidecar.next(bad.length + 1);
    // Requests with ids are answered as they finish, so compare as a set keyed by what each echoes.
    const errors = answers.filter((a) => a.ok === false);
    expect(errors).toHaveLength(bad.length);
    for (const answer of errors) expect(answer.error).toEqual(expect.any(String));
    expect(answers.filter((a) => a.ok === true)).toEqual([{ ok: true, id: 'after', pong: true, version: expect.any(String), protocol: 1 }]);
    const ids = answers.map((a) => JSON.stringify(a.id) ?? 'none').sort();
    expect(ids).toEqual(['none', 'none', 'none', '"a"', '3', '4', '5', '[1]', 'none', '6', '"after"'].sort());
    expect(answers.find((a) => a.id === 4)!.error).toMatch(/unknown event "Nope"/);
    expect(errors.some((a) => /exceeds the limit of 1000 bytes/.test(String(a.error)))).toBe(true);
    sidecar.child.stdin.end();
    expect((await sidecar.closed).code).toBe(0);
    for (const line of sidecar.stdout().trimEnd().split('\n')) expect(() => JSON.parse(line)).not.toThrow();
  });

  it('answers requests with ids as they finish and requests without ids in order', async () => {
    const dir = await tempDir();
    const config = await writeConfig(dir, {
      hooks: [
        { event: 'UserPromptSubmit', type: 'command', command: 'sleep 0.6; echo slow' },
        { event: 'SessionStart', type: 'command', command: 'echo fast' },
      ],
    });
    const sidecar = startSidecar(['listen', '--config', config]);
    sidecar.send({ op: 'dispatch', id: 'slow', event: 'UserPromptSubmit', payload: { prompt: 'p' } });
    sidecar.send({ op: 'dispatch', id: 'fast', event: 'SessionStart', payload: { source: 'startup' } });
    const [first, second] = await sidecar.next(2);
    expect([first!.id, second!.id]).toEqual(['fast', 'slow']);
    expect(second!.outcome).toMatchObject({ additionalContext: ['slow'] });

    sidecar.send({ op: 'dispatch', event: 'UserPromptSubmit', payload: { prompt: 'p' } });
    sidecar.send({ op: 'ping' });
    const [ordered1, ordered2] = await sidecar.next(2);
    expect(ordered1).toMatchObject({ ok: true, canonical: 'prompt:submit' });
    expect(ordered2).toMatchObject({ pong: true });
  });

  it('refuses a second request reusing an id in flight', async () => {
    const dir = await tempDir();
    const sidecar = startSidecar(['listen', '--config', await writeConfig(dir, { hooks: [{ event: 'Stop', type: 'command', command: 'sleep 0.5' }] })]);
    sidecar.send({ op: 'dispatch', id: 1, event: 'Stop', payload: {} });
    sidecar.send({ op: 'dispatch', id: 1, event: 'Stop', payload: {} });
    const [dup] = await sidecar.next();
    expect(dup).toEqual({ ok: false, id: 1, error: 'id 1 is already in flight' });
    const [done] = await sidecar.next();
    expect(done).toMatchObject({ ok: true, id: 1 });
  });

  it('cancels one dispatch by id, killing its process tree, and keeps serving', async () => {
    const dir = await tempDir();
    const pids = join(dir, 'pids');
    const hook = `(sleep 60 & echo $! >> '${pids}'; wait) & echo $! >> '${pids}'; echo $$ >> '${pids}'; sleep 60`;
    const sidecar = startSidecar(['listen', '--config', await writeConfig(dir, { hooks: [{ event: 'PreToolUse', type: 'command', command: hook }] })]);
    sidecar.send({ op: 'dispatch', id: 'd', event: 'PreToolUse', payload: bash });
    let written = '';
    while (written.trim().split('\n').length < 3) {
      await new Promise((r) => setTimeout(r, 50));
      written = await readFile(pids, 'utf8').catch(() => '');
    }
    sidecar.send({ op: 'cancel', target: 'd', id: 'c' });
    const answers = await sidecar.next(2);
    expect(answers).toContainEqual({ ok: true, id: 'c' });
    expect(answers).toContainEqual({ ok: false, id: 'd', error: 'canceled' });
    for (const pid of written.trim().split('\n').map(Number)) expect(await isGone(pid)).toBe(true);
    sidecar.send({ op: 'ping', id: 'p' });
    expect(await sidecar.byId('p')).toMatchObject({ pong: true });
  });

  it('reloads: refuses a broken file with diagnostics and keeps the old config', async () => {
    const dir = await tempDir();
    const config = await writeConfig(dir, { hooks: [guard] });
    const sidecar = startSidecar(['listen', '--config', config]);
    sidecar.send({ op: 'ping', id: 0 });
    await sidecar.byId(0);
    await writeConfig(dir, { hooks: [{ event: 'PreToolUse', type: 'command', matcher: '(' }] });
    sidecar.send({ op: 'reload', id: 1 });
    const refused = await sidecar.byId(1);
    expect(refused).toMatchObject({ ok: false, id: 1, error: expect.any(String) });
    expect(refused.diagnostics).toEqual(expect.arrayContaining([expect.objectContaining({ severity: 'error' })]));
    sidecar.send({ op: 'dispatch', id: 2, event: 'PreToolUse', payload: bash });
    expect(await sidecar.byId(2)).toMatchObject({ outcome: { decision: 'deny' } });

    await writeConfig(dir, { hooks: [] });
    sidecar.send({ op: 'reload', id: 3 });
    expect(await sidecar.byId(3)).toEqual({ ok: true, id: 3, diagnostics: [] });
    sidecar.send({ op: 'dispatch', id: 4, event: 'PreToolUse', payload: bash });
    expect(await sidecar.byId(4)).toMatchObject({ outcome: { decision: 'none' }, runs: [] });
  });

  it('answers bye after everything sent before it', async () => {
    const dir = await tempDir();
    const sidecar = startSidecar(['listen', '--config', await writeConfig(dir, { hooks: [{ event: 'Stop', type: 'command', command: 'sleep 0.4; exit 2' }] })]);
    sidecar.send({ op: 'dispatch', id: 'a', event: 'Stop', payload: {} });
    sidecar.send({ op: 'dispatch', event: 'Stop', payload: {} });
    sidecar.send({ op: 'bye', id: 'bye' });
    sidecar.send({ op: 'ping', id: 'late' });
    const answers = await sidecar.next(3);
    expect(answers.at(-1)).toEqual({ ok: true, id: 'bye' });
    expect(answers.slice(0, 2).every((a) => (a.outcome as { decision: string }).decision === 'deny')).toBe(true);
    expect(await sidecar.closed).toEqual({ code: 0, signal: null });
    expect(sidecar.responses).toHaveLength(3);
  });

  it('on end of input answers dispatches in flight, then exits 0', async () => {
    const dir = await tempDir();
    const sidecar = startSidecar(['listen', '--config', await writeConfig(dir, { hooks: [{ event: 'Stop', type: 'command', command: 'sleep 0.4; exit 2' }] })]);
    sidecar.send({ op: 'dispatch', id: 1, event: 'Stop', payload: {} });
    sidecar.child.stdin.end();
    expect(await sidecar.closed).toEqual({ code: 0, signal: null });
    expect(sidecar.responses).toEqual([expect.objectContaining({ ok: true, id: 1, outcome: expect.objectContaining({ decision: 'deny' }) })]);
  });

  it('loses no answer at end of input or bye when the host reads its stdout slowly', async () => {
    // stdout is a pipe: what does not fit in it waits in the process, and exiting at once would drop it.
    const dir = await tempDir();
    const config = await writeConfig(dir, { hooks: [guard] });
    for (const ending of ['eof', 'bye'] as const) {
      const child = spawn(process.execPath, [STDIO_BIN, 'listen', '--config', config], { stdio: ['pipe', 'pipe', 'pipe'] });
      child.stdout.pause();
      const count = 3000;
      let requests = '';
      for (let i = 0; i < count; i++) requests += `${JSON.stringify({ op: 'dispatch', id: i, event: 'PreToolUse', payload: { tool_name: 'Read', tool_input: { file_path: 'x'.repeat(200) } } })}\n`;
      child.stdin.end(ending === 'bye' ? `${requests}{"op":"bye","id":"bye"}\n` : requests);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      let stdout = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stdout.resume();
      const code = await new Promise((resolve) => child.on('close', resolve));
      const lines = stdout.split('\n');
      const cut = lines.pop();
      const ids = new Set(lines.map((line) => (JSON.parse(line) as { id: unknown }).id));
      expect({ ending, code, answers: ids.size, cut }).toEqual({ ending, code: 0, answers: ending === 'bye' ? count + 1 : count, cut: '' });
    }
  });

  it('on SIGTERM cancels what is in flight, kills the trees and exits', async () => {
    const dir = await tempDir();
    const pids = join(dir, 'pids');
    const sidecar = startSidecar(['listen', '--config', await writeConfig(dir, { hooks: [{ event: 'Stop', type: 'command', command: `trap '' TERM; echo $$ > '${pids}'; sleep 60 & wait` }] })]);
    sidecar.send({ op: 'dispatch', id: 1, event: 'Stop', payload: {} });
    let pid = '';
    while (!pid) {
      await new Promise((r) => setTimeout(r, 50));
      pid = (await readFile(pids, 'utf8').catch(() => '')).trim();
    }
    sidecar.child.kill('SIGTERM');
    const exit = await sidecar.closed;
    expect(exit.code).toBe(143);
    expect(sidecar.responses).toEqual([{ ok: false, id: 1, error: 'canceled' }]);
    expect(await isGone(Number(pid))).toBe(true);
  });

  it('writes one audit line per dispatch with --log', async () => {
    const dir = await tempDir();
    const log = join(dir, 'audit.jsonl');
    const sidecar = startSidecar(['listen', '--config', await writeConfig(dir, { hooks: [guard] }), '--log', log]);
    sidecar.send({ op: 'dispatch', id: 1, event: 'PreToolUse', payload: bash });
    sidecar.send({ op: 'dispatch', id: 2, event: 'PreToolUse', payload: { tool_name: 'Read' } });
    sidecar.send({ op: 'bye' });
    await sidecar.closed;
    const lines = (await readFile(log, 'utf8'))
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { id: number })
      .sort((a, b) => a.id - b.id);
    expect(lines).toEqual([
      expect.objectContaining({ id: 1, event: 'PreToolUse', canonical: 'tool:before', outcome: expect.objectContaining({ decision: 'deny' }), runs: [expect.objectContaining({ hook: 'guard' })] }),
      expect.objectContaining({ id: 2, outcome: expect.objectContaining({ decision: 'none' }), runs: [] }),
    ]);
  });

  it('--log records are replayable (v 1: dialect, subject, cwd, payload, config digest); --log-omit-payloads leaves payloads out', async () => {
    const dir = await tempDir();
    const config = await writeConfig(dir, { hooks: [guard] });
    const full = join(dir, 'full.jsonl');
    const bare = join(dir, 'bare.jsonl');
    for (const [log, extra] of [[full, []], [bare, ['--log-omit-payloads']]] as const) {
      const sidecar = startSidecar(['listen', '--config', config, '--log', log, ...extra]);
      sidecar.send({ op: 'dispatch', id: 1, event: 'PreToolUse', payload: bash, cwd: dir });
      sidecar.send({ op: 'bye' });
      await sidecar.exited;
    }
    const [record] = (await readFile(full, 'utf8')).trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(record).toMatchObject({ v: 1, id: 1, event: 'PreToolUse', dialect: 'claude', subject: 'Bash', cwd: dir, payload: bash, hooks: ['guard'] });
    expect(record!.config).toMatch(/^sha256:[0-9a-f]{64}$/);
    const [without] = (await readFile(bare, 'utf8')).trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(without).toMatchObject({ v: 1, config: record!.config, outcome: expect.objectContaining({ decision: 'deny' }) });
    expect(without).not.toHaveProperty('payload');
  });

  it('--observe runs every hook but answers as if none had an opinion, and says so in runs', async () => {
    const dir = await tempDir();
    const sidecar = startSidecar(['listen', '--config', await writeConfig(dir, { hooks: [guard] }), '--observe']);
    sidecar.send({ op: 'dispatch', event: 'PreToolUse', payload: bash, cwd: dir });
    const [answer] = await sidecar.next();
    expect(answer).toMatchObject({
      ok: true,
      outcome: { decision: 'none', continue: true },
      runs: [{ hook: 'guard', mode: 'observe', outcome: { decision: 'deny', reason: 'no rm -rf' }, exitCode: 2 }],
    });
    sidecar.send({ op: 'bye' });
    await sidecar.exited;
  });

  it('exits 2 with the diagnostics on stderr when the config is broken at start', async () => {
    const dir = await tempDir();
    const sidecar = startSidecar(['listen', '--config', await writeConfig(dir, { hooks: [{ event: 'Nope', type: 'command', command: 'true' }] })]);
    expect((await sidecar.closed).code).toBe(2);
    expect(sidecar.stdout()).toBe('');
    expect(sidecar.stderr()).toContain('/hooks/0/event');
  });
});

describe('the package entry', () => {
  it('can be required as a library (no top-level await in the entry)', async () => {
    const { createRequire } = await import('node:module');
    const { LIB_ENTRY } = await import('./sidecar.js');
    const required = createRequire(import.meta.url)(LIB_ENTRY) as { createStdioServer: unknown; listen: unknown; main?: unknown };
    expect(typeof required.createStdioServer).toBe('function');
    expect(typeof required.listen).toBe('function');
    // The sidecar package is the sidecar alone: the command-line application is the hookwire package's.
    expect(required.main).toBeUndefined();
  });
});
