import { execFile } from 'node:child_process';
import { chmod, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, HOOKWIRE, quote, runHookwire, tempDir, writeConfig } from './harness.js';

// Issue 21.3: the command `init --host codex` wrote found the project through git, which the model
// moves (`git config core.worktree ...`, `git init` in the folder Codex was started in): the
// bridge then ran a planted node_modules/.bin/hookwire, or exited 127, which Codex treats as a
// non-blocking failure. The command now names the project by the absolute path init saw, and
// fails closed (exit 2 with a reason) when hookwire cannot be run there (docs/hosts-setup.md).

let root: string;
let project: string;
let session: string;

function sh(command: string, cwd: string, input: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const env = { ...process.env };
    delete env.HOOKWIRE_BRIDGE_DEPTH;
    delete env.CLAUDE_PROJECT_DIR;
    const child = execFile('sh', ['-c', command], { cwd, env }, (error, stdout, stderr) =>
      resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : null, stdout, stderr }),
    );
    // A command that fails closed before it reads the payload closes its stdin: EPIPE here is the host's problem, not the test's.
    child.stdin?.on('error', () => {});
    child.stdin?.end(input);
  });
}

function git(args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => execFile('git', args, { cwd }, (error) => (error === null ? resolve() : reject(error))));
}

async function writeBin(dir: string, body: string): Promise<void> {
  await mkdir(join(dir, 'node_modules/.bin'), { recursive: true });
  await writeFile(join(dir, 'node_modules/.bin/hookwire'), `#!/bin/sh\n${body}\n`);
  await chmod(join(dir, 'node_modules/.bin/hookwire'), 0o755);
}

const RM = JSON.stringify({ session_id: 's', transcript_path: null, cwd: '/', hook_event_name: 'PreToolUse', model: 'm', permission_mode: 'default', turn_id: 't', tool_name: 'Bash', tool_use_id: 'u', tool_input: { command: 'rm -rf /' } });

/** Codex's reading of an answer to PreToolUse: exit 2 with a reason, or a deny in JSON. */
function blocks(run: { code: number | null; stdout: string; stderr: string }): boolean {
  if (run.code === 2) return run.stderr.trim() !== '';
  if (run.code !== 0 || run.stdout.trim() === '') return false;
  const answer = JSON.parse(run.stdout) as { decision?: string; hookSpecificOutput?: { permissionDecision?: string } };
  return answer.hookSpecificOutput?.permissionDecision === 'deny' || answer.decision === 'block';
}

async function preToolUseCommand(): Promise<string> {
  const settings = JSON.parse(await readFile(join(project, '.codex/hooks.json'), 'utf8')) as { hooks: Record<string, { hooks: { command: string }[] }[]> };
  return settings.hooks.PreToolUse![0]!.hooks[0]!.command;
}

beforeEach(async () => {
  root = await tempDir('hookwire-codex-');
  project = join(root, 'project');
  session = join(project, 'src/deep');
  await mkdir(session, { recursive: true });
  await git(['init', '-q'], project);
  await writeBin(project, `exec ${quote(process.execPath)} ${quote(HOOKWIRE)} "$@"`);
  await writeConfig(project, { hooks: [{ id: 'no-rm', event: 'PreToolUse', matcher: 'Bash', type: 'command', command: 'echo "rm is not allowed" >&2; exit 2' }] }, '.hookwire.json');
  const init = await runHookwire(['init', '--host', 'codex', '--dir', project]);
  expect(init.code, init.stderr).toBe(0);
});
afterAll(cleanup);

describe('the bridge command init writes for Codex', () => {
  it('runs the project guard from a subfolder Codex was started in', async () => {
    const run = await sh(await preToolUseCommand(), session, RM);
    expect(blocks(run), JSON.stringify(run)).toBe(true);
  });

  it('git config core.worktree pointing at a planted hookwire does not move it', async () => {
    const evil = join(root, 'evil');
    await writeBin(evil, `touch ${quote(join(root, 'evil-ran'))}; exit 0`);
    await git(['config', 'core.worktree', evil], project);
    const run = await sh(await preToolUseCommand(), session, RM);
    expect(blocks(run), JSON.stringify(run)).toBe(true);
    expect(existsSync(join(root, 'evil-ran'))).toBe(false);
  });

  it('git init in the folder Codex was started in, with a planted hookwire, does not move it', async () => {
    await git(['init', '-q'], session);
    await writeBin(session, `touch ${quote(join(root, 'evil-ran'))}; exit 0`);
    const run = await sh(await preToolUseCommand(), session, RM);
    expect(blocks(run), JSON.stringify(run)).toBe(true);
    expect(existsSync(join(root, 'evil-ran'))).toBe(false);
  });

  it('fails closed on PreToolUse when hookwire is not installed there, saying so', async () => {
    await rm(join(project, 'node_modules'), { recursive: true });
    const run = await sh(await preToolUseCommand(), session, RM);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/hookwire init --host codex/);
  });

  it('fails closed on PreToolUse when the project moved, saying so; init again fixes it', async () => {
    const command = await preToolUseCommand();
    const moved = join(root, 'moved');
    await rename(project, moved);
    const run = await sh(command, join(moved, 'src/deep'), RM);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/hookwire init --host codex/);
    project = moved;
    const again = await runHookwire(['init', '--host', 'codex', '--dir', moved]);
    expect(again.code, again.stderr).toBe(0);
    expect(blocks(await sh(await preToolUseCommand(), join(moved, 'src/deep'), RM))).toBe(true);
  });
});
