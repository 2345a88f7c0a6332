import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupSidecars, HOOKWIRE, runToEnd as run, tempDir, writeConfig } from './sidecar.js';

afterEach(cleanupSidecars);

describe('the bundled executable (dist/, scripts/bundle-bin.mjs)', () => {
  it('ships a code cache for its bundle next to it', () => {
    const files = readdirSync(dirname(HOOKWIRE));
    expect(files).toEqual(expect.arrayContaining(['hookwire.cjs', 'cli.cjs', 'cli.cjs.map', 'exec-shell.cjs', 'http-post.cjs']));
    expect(files.filter((file) => /^cli\.[0-9a-f]{16}\.cache$/.test(file))).toHaveLength(1);
  });

  it('starts from that cache: V8 accepts it in a fresh process, as the bin loads it', async () => {
    const code = `const l = require(${JSON.stringify(HOOKWIRE)}); process.stdout.write(String(l.compile(require('node:fs').readFileSync(l.CACHE)).cachedDataRejected))`;
    expect(await run('-e', [code])).toEqual({ code: 0, stdout: 'false', stderr: '' });
  });

  it('loads only what a one-hook run uses: no node:v8, worker_threads, fs/promises or perf_hooks, and no threadpool', async () => {
    const dir = await tempDir();
    const report = join(dir, 'report.json');
    const preload = join(dir, 'report.cjs');
    // At exit: the builtins the process loaded, and its threads (libuv's threadpool would add four).
    writeFileSync(preload, `process.on('exit', () => require('node:fs').writeFileSync(process.env.REPORT, JSON.stringify({ modules: process.moduleLoadList.filter((m) => m.startsWith('NativeModule ')).map((m) => m.slice(13)), threads: require('node:fs').readdirSync('/proc/self/task').length })));`);
    const reportOf = async (args: string[], input = '') => {
      process.env.REPORT = report;
      try {
        const end = await run('-r', [preload, ...args], input, dir);
        expect(end).toMatchObject({ code: 0, stderr: '' });
      } finally {
        delete process.env.REPORT;
      }
      return JSON.parse(readFileSync(report, 'utf8')) as { modules: string[]; threads: number };
    };
    const config = await writeConfig(dir, { hooks: [{ event: 'PreToolUse', matcher: 'Bash', type: 'command', command: 'cat >/dev/null' }] });
    const payload = JSON.stringify({ session_id: 's', transcript_path: '', cwd: dir, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'ls' } });
    const bridge = await reportOf([HOOKWIRE, 'run', '--config', config], `${payload}\n`);
    expect(bridge.modules).toContain('child_process');
    for (const unused of ['v8', 'worker_threads', 'fs/promises', 'internal/fs/promises', 'perf_hooks']) expect(bridge.modules).not.toContain(unused);
    if (process.platform === 'linux') expect(bridge.threads).toBe((await reportOf(['-e', '0'])).threads);
  });

  it('runs a regex matcher from the cache: the linear-time engine is turned on after the bundle is compiled', async () => {
    const dir = await tempDir();
    const config = await writeConfig(dir, { hooks: [{ event: 'PreToolUse', matcher: '^Ba.h$', type: 'command', command: `cat >/dev/null; echo '{"decision":"block","reason":"regex"}'` }] });
    const payload = JSON.stringify({ session_id: 's', transcript_path: '', cwd: dir, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'ls' } });
    const end = await run(HOOKWIRE, ['run', '--config', config], payload, dir);
    expect(end).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(end.stdout)).toMatchObject({ hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: 'regex' } });
  });

  it('needs nothing but its own folder: copied alone it answers as in place, with or without the code cache', async () => {
    const dir = await tempDir();
    const copy = join(dir, 'pkg');
    cpSync(join(dirname(HOOKWIRE), '..', 'package.json'), join(copy, 'package.json'));
    cpSync(dirname(HOOKWIRE), join(copy, 'dist'), { recursive: true });
    const noCache = join(dir, 'nocache');
    cpSync(copy, noCache, { recursive: true, filter: (file) => !file.endsWith('.cache') });
    const config = await writeConfig(dir, {
      hooks: [
        { event: 'PreToolUse', matcher: 'Bash', type: 'command', command: `cat >/dev/null; echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}'` },
        { event: 'PreToolUse', matcher: 'Bash', type: 'command', command: 'echo careful >&2; exit 2' },
      ],
    });
    const payload = JSON.stringify({ session_id: 's', transcript_path: '', cwd: dir, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'rm -rf /' } });
    const inPlace = await run(HOOKWIRE, ['run', '--config', config], payload, dir);
    expect(inPlace.code).toBe(0);
    expect(JSON.parse(inPlace.stdout)).toMatchObject({ hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: 'no\n\ncareful' } });
    for (const bin of [join(copy, 'dist/hookwire.cjs'), join(noCache, 'dist/hookwire.cjs')]) {
      expect(await run(bin, ['run', '--config', config], payload, dir)).toEqual(inPlace);
      expect(await run(bin, ['--version'], '', dir)).toEqual(await run(HOOKWIRE, ['--version'], '', dir));
    }
  });
});
