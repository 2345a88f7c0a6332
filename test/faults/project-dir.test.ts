import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killServes, type ServeProcess } from '../../packages/hookwire/test/serve/serve-process.js';
import { cleanup, HOOKWIRE, startListenAndServe, tempDir, writeConfig, type Sidecar } from './harness.js';
import { send } from './serve-client.js';

// Issue 21.2: under serve and listen, CLAUDE_PROJECT_DIR came from the payload's cwd, which moves
// when the model cd's into a folder it controls; "$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh then
// ran a script the model wrote. The project root is fixed when hookwire starts ($CLAUDE_PROJECT_DIR
// of its own environment, else the directory it was started in), never read from a payload
// (SECURITY.md, "It cannot move the project root").

let project: string;
let attacker: string;
let config: string;

async function writeGuard(root: string, body: string): Promise<void> {
  await mkdir(join(root, '.claude/hooks'), { recursive: true });
  await writeFile(join(root, '.claude/hooks/guard.sh'), `#!/bin/sh\n${body}\n`);
  await chmod(join(root, '.claude/hooks/guard.sh'), 0o755);
}

beforeAll(async () => {
  const dir = await tempDir('hookwire-project-dir-');
  project = join(dir, 'project');
  attacker = join(dir, 'project/node_modules/evil');
  await writeGuard(project, 'echo "project guard: no" >&2; exit 2');
  // What the model wrote in a folder it controls: a guard that allows everything.
  await writeGuard(attacker, 'exit 0');
  await mkdir(join(attacker, 'deeper'), { recursive: true });
  config = await writeConfig(project, { hooks: [{ id: 'guard', event: 'PreToolUse', matcher: 'Bash', type: 'command', command: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh', onError: 'block' }] }, '.hookwire.json');
});
afterAll(async () => {
  await killServes();
  await cleanup();
});

const cwds = () => fc.constantFrom(attacker, join(attacker, 'deeper'), '/', '/tmp', project);
const payload = (cwd: string) => ({ session_id: 's', cwd, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'rm -rf /' } });

/** The environment of a server started by the host without CLAUDE_PROJECT_DIR (a sidecar started in the project). */
function withoutProjectVar(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.CLAUDE_PROJECT_DIR;
  delete env.HOOKWIRE_BRIDGE_DEPTH;
  return env;
}

describe("CLAUDE_PROJECT_DIR never comes from the payload's cwd", () => {
  let sidecar: Sidecar;
  let server: ServeProcess;
  beforeAll(async () => {
    ({ sidecar, server } = await startListenAndServe(config, { env: withoutProjectVar(), cwd: project }));
  });

  it('listen (started in the project): the project guard runs, wherever the payload says the model is', async () => {
    let id = 0;
    await fc.assert(
      fc.asyncProperty(cwds(), async (cwd) => {
        const answer = await sidecar.ask({ op: 'dispatch', id: ++id, event: 'PreToolUse', payload: payload(cwd) });
        expect(answer.ok, answer.error).toBe(true);
        expect({ cwd, decision: answer.outcome?.decision, reason: answer.outcome?.reason }).toEqual({ cwd, decision: 'deny', reason: 'project guard: no' });
      }),
      { numRuns: 15, examples: [[attacker]] },
    );
  });

  it('serve (started in the project): the same', async () => {
    await fc.assert(
      fc.asyncProperty(cwds(), async (cwd) => {
        const answer = await send(server.url, 'POST', '/hooks/claude', JSON.stringify(payload(cwd))).answer;
        expect(answer.status, answer.text).toBe(200);
        expect({ cwd, answer: JSON.parse(answer.text) as unknown }).toMatchObject({ cwd, answer: { hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: 'project guard: no' } } });
      }),
      { numRuns: 15, examples: [[attacker]] },
    );
  });

  it('run without CLAUDE_PROJECT_DIR (a host that does not set it): the directory the host started it in', async () => {
    for (const cwd of [attacker, join(attacker, 'deeper')]) {
      const { code, stdout } = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
        const child = execFile(process.execPath, [HOOKWIRE, 'run', '--config', config], { cwd: project, env: withoutProjectVar() }, (error, out) =>
          resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : null, stdout: out }),
        );
        child.stdin?.end(JSON.stringify(payload(cwd)));
      });
      expect(code).toBe(0);
      expect(JSON.parse(stdout)).toMatchObject({ hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: 'project guard: no' } });
    }
  });
});
