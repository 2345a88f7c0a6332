import { chmod, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, quote, runHookwire, startSidecar, tempDir, writeConfig, type Sidecar } from './harness.js';

// Issue 22.1: a guard that cannot start fails open, even under onError "block", when the shell
// reports it as an ordinary exit (127 "not found", 126 "Permission denied"). Each way a guard can
// fail to start is a `spawn` failure that onError governs (docs/reliability.md, "Hooks that
// cannot start").

interface Way {
  name: string;
  command: (dir: string) => string;
  exitCode: number;
}

const WAYS: Way[] = [
  { name: 'NoSuchCommand', command: () => 'no-such-guard', exitCode: 127 },
  { name: 'MissingInterpreter', command: (dir) => quote(join(dir, 'shebang.sh')), exitCode: 127 },
  { name: 'MissingEnvInterpreter', command: (dir) => quote(join(dir, 'env-shebang.sh')), exitCode: 127 },
  { name: 'NotExecutable', command: (dir) => quote(join(dir, 'noexec.sh')), exitCode: 126 },
  { name: 'BashMissingScript', command: (dir) => `bash ${quote(join(dir, 'missing.sh'))}`, exitCode: 127 },
  { name: 'NodeMissingScript', command: (dir) => `node ${quote(join(dir, 'missing.js'))}`, exitCode: 1 },
  { name: 'ADirectory', command: (dir) => quote(dir), exitCode: 126 },
];

/** Guards that started and chose their exit: ordinary non-blocking errors, never "could not start". */
const STARTED: Way[] = [
  { name: 'Exit127Silent', command: () => 'exit 127', exitCode: 127 },
  { name: 'Exit1NotFoundText', command: () => 'echo "file not found" >&2; exit 1', exitCode: 1 },
  { name: 'NodeMissingDependency', command: () => `node -e 'require("hookwire-no-such-package")'`, exitCode: 1 },
];

let dir: string;
let config: string;

beforeAll(async () => {
  dir = await tempDir('hookwire-cannot-start-');
  await writeFile(join(dir, 'shebang.sh'), '#!/nonexistent/interpreter\nexit 0\n');
  await writeFile(join(dir, 'env-shebang.sh'), '#!/usr/bin/env hookwire-no-such-interpreter\nexit 0\n');
  await chmod(join(dir, 'shebang.sh'), 0o755);
  await chmod(join(dir, 'env-shebang.sh'), 0o755);
  await writeFile(join(dir, 'noexec.sh'), '#!/bin/sh\nexit 0\n');
  await chmod(join(dir, 'noexec.sh'), 0o644);
  const hooks = [...WAYS, ...STARTED].map((way) => ({ id: way.name, event: 'PreToolUse', matcher: way.name, type: 'command', command: way.command(dir), onError: 'block' }));
  config = await writeConfig(dir, { hooks });
});
afterAll(cleanup);

const payload = (tool: string) => ({ session_id: 's', cwd: dir, hook_event_name: 'PreToolUse', tool_name: tool, tool_input: {} });

describe('a guard that cannot start, under onError "block"', () => {
  it.each(WAYS.map((way) => [way.name, way] as const))('hookwire run blocks: %s', async (_name, way) => {
    const run = await runHookwire(['run', '--config', config], { input: JSON.stringify(payload(way.name)) });
    expect(run.code, run.stderr).toBe(0);
    const answer = JSON.parse(run.stdout) as { hookSpecificOutput?: { permissionDecision?: string; permissionDecisionReason?: string } };
    expect(answer.hookSpecificOutput?.permissionDecision, run.stdout).toBe('deny');
    expect(answer.hookSpecificOutput?.permissionDecisionReason).toMatch(new RegExp(`^hook ${way.name} failed \\(spawn\\): could not start`));
  });

  describe('through listen', () => {
    let sidecar: Sidecar;
    beforeAll(() => {
      sidecar = startSidecar(config);
    });

    it('each way is a spawn failure, with its exit code and what the shell said', async () => {
      for (const way of WAYS) {
        const answer = await sidecar.ask({ op: 'dispatch', id: way.name, event: 'PreToolUse', payload: payload(way.name) });
        expect(answer.ok, answer.error).toBe(true);
        expect({ way: way.name, decision: answer.outcome?.decision }).toEqual({ way: way.name, decision: 'deny' });
        const [run] = answer.runs!;
        expect(run!.exitCode).toBe(way.exitCode);
        expect(run!.outcome.failure?.class).toBe('spawn');
        expect(run!.outcome.failure?.message).toMatch(/^could not start: exit \d+: \S/);
      }
    });

    it('a guard that started and chose its exit stays an ordinary non-blocking error', async () => {
      for (const way of STARTED) {
        const answer = await sidecar.ask({ op: 'dispatch', id: way.name, event: 'PreToolUse', payload: payload(way.name) });
        expect({ way: way.name, decision: answer.outcome?.decision }).toEqual({ way: way.name, decision: 'none' });
        const [run] = answer.runs!;
        expect(run!.exitCode).toBe(way.exitCode);
        expect(run!.outcome.failure).toBeUndefined();
      }
    });
  });
});
