import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installPacked, packWorkspace, removeTempDirs, runClean, tempDir } from '@hookwire/test-utils';
import type { ScriptStep } from './fake-anthropic.js';
import { runCodex } from './codex.js';
import { listFunctionOutputs } from './fake-responses.js';
import { listFunctionResponses } from './fake-gemini.js';
import { runGemini } from './gemini.js';
import { snapshotProject } from './project-snapshot.js';

// The "done when" for Gemini CLI and Codex, as a user gets there: in an empty project, install
// the packed `hookwire`, `npx hookwire init --host <host>`, start the real host headless: the starter
// (the hookwire:recommended pack) denies a .env read and a home-deleting evasion, names the rule, and
// lets an everyday command pass; the secret never reaches the model; init twice leaves every byte;
// --uninstall gives the project back. Both harnesses give the host a fresh HOME under a temporary
// folder (removed after the run): the everyday step prints it, so a home-deleting form that got
// through could have deleted only that.

const SECRET = 'hookwire-test-secret-5c1e';
let tarballs: Awaited<ReturnType<typeof packWorkspace>>;

afterAll(() => removeTempDirs());

beforeAll(async () => {
  tarballs = await packWorkspace(await tempDir('hookwire-hosts-pack-'));
}, 600_000);

async function installApp(): Promise<string> {
  const app = await installPacked('hookwire', tarballs, await tempDir('hookwire-hosts-app-'));
  await writeFile(join(app, 'x'), 'keep me\n');
  await writeFile(join(app, '.env'), `API_TOKEN=${SECRET}\n`);
  return app;
}

function npxHookwire(app: string, args: string[]) {
  return runClean('npx', ['--no-install', 'hookwire', ...args], { cwd: app, userConfigHome: join(app, '.no-user-config') });
}

/** init, init again, uninstall, init: checks the promises, and leaves the project initialized. */
async function checkInitPromises(app: string, host: string, files: string[]): Promise<Record<string, string>> {
  const before = await snapshotProject(app);
  const init = await npxHookwire(app, ['init', '--host', host]);
  expect(init).toMatchObject({ code: 0, stderr: '' });
  const initialized = await snapshotProject(app);
  expect(Object.keys(initialized).sort()).toEqual([...Object.keys(before), ...files].sort());
  expect(JSON.parse(initialized['.hookwire.json']!)).toMatchObject({ hooks: [{ id: 'recommended', type: 'rule', pack: 'hookwire:recommended', onError: 'block' }] });
  const again = await npxHookwire(app, ['init', '--host', host]);
  expect(again).toMatchObject({ code: 0, stderr: '' });
  expect(again.stdout).toContain('  nothing to change\n');
  expect(await snapshotProject(app)).toEqual(initialized);
  expect(await npxHookwire(app, ['init', '--host', host, '--uninstall'])).toMatchObject({ code: 0, stderr: '' });
  expect(await snapshotProject(app)).toEqual(before);
  expect(await npxHookwire(app, ['init', '--host', host])).toMatchObject({ code: 0, stderr: '' });
  expect(await snapshotProject(app)).toEqual(initialized);
  return initialized;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The denied steps, the rule each must name first and what it matched (in the project `app`), then the everyday one. */
const denied: [command: string, rule: string, matched: (app: string) => string][] = [
  ['cat .env', 'secrets-read-file', (app) => join(app, '.env')],
  ['bash -c "rm -rf ~"', 'fs-rm-root-home', () => 'rm -rf ~ via bash -c'],
];
/** The reason's tail, as observed: the rule, what it matched, then maybe the other rules that matched too. */
const ruleTail = (rule: string, matched: string) => `\\[hookwire rule ${rule}, matched: ${escape(matched)}(; also: [^\\]]+)?\\]`;
const EVERYDAY = 'ls && echo "home=$HOME"';
const script: ScriptStep[] = [...denied.map(([bash]) => ({ bash })), { bash: EVERYDAY }, { text: 'finished' }];

/** The everyday step's output: the listing, and a HOME that is the harness's fresh temporary one. */
function expectEveryday(output: string, host: string): void {
  expect(output).toMatch(/(^|\n)x\n/);
  expect(output).toMatch(new RegExp(`home=${escape(tmpdir())}/hookwire-${host}-[^/\\s]+/home\\b`));
}

describe('npm install hookwire, npx hookwire init --host gemini|codex, then the real host', () => {
  it('Gemini CLI: the .gemini/settings.json init wrote runs the bridge; the starter denies a .env read and rm -rf ~ through bash -c, names the rule, lets ls pass', { timeout: 300_000 }, async () => {
    const app = await installApp();
    const initialized = await checkInitPromises(app, 'gemini', ['.hookwire.json', '.gemini/settings.json']);
    // No settings given: Gemini CLI runs with the ones init wrote (the harness trusts the workspace).
    const run = await runGemini({ cwd: app, prompt: 'Tidy up.', script });
    expect({ exitCode: run.exitCode, timedOut: run.timedOut }).toEqual({ exitCode: 0, timedOut: false });
    const shown = listFunctionResponses(run.requests);
    expect(shown).toHaveLength(denied.length + 1);
    // Gemini CLI shows a denial as the tool's error: `Tool execution blocked: <reason>`.
    denied.forEach(([command, rule, matched], index) => {
      expect(shown[index], command).toEqual({ name: 'run_shell_command', response: { error: expect.stringMatching(new RegExp(`^Tool execution blocked: [^\\[]+ ${ruleTail(rule, matched(app))}$`)) } });
    });
    expect(shown.at(-1)?.response.error).toBeUndefined();
    expectEveryday(String(shown.at(-1)?.response.output), 'gemini');
    expect(JSON.stringify(run.requests)).not.toContain(SECRET);
    expect(existsSync(join(app, 'x'))).toBe(true);
    expect(await snapshotProject(app)).toEqual(initialized);
  });

  it('Codex: the .codex/hooks.json init wrote runs the bridge; the starter denies a .env read and rm -rf ~ through bash -c, names the rule, lets ls pass', { timeout: 300_000 }, async () => {
    const app = await installApp();
    const initialized = await checkInitPromises(app, 'codex', ['.hookwire.json', '.codex/hooks.json']);
    // No hooks given: Codex runs with the ones init wrote. The harness's config trusts the project and
    // passes --dangerously-bypass-hook-trust (the headless stand-in for reviewing the hooks once).
    const run = await runCodex({ cwd: app, prompt: 'Tidy up.', script });
    expect({ exitCode: run.exitCode, timedOut: run.timedOut }).toEqual({ exitCode: 0, timedOut: false });
    const shown = listFunctionOutputs(run.requests);
    expect(shown).toHaveLength(denied.length + 1);
    // Codex shows a denial as the call's output: `Command blocked by PreToolUse hook: <reason>. Command: <cmd>`.
    denied.forEach(([command, rule, matched], index) => {
      expect(shown[index]?.output, command).toMatch(new RegExp(`^Command blocked by PreToolUse hook: [^\\[]+ ${ruleTail(rule, matched(app))}\\. Command: ${escape(command)}$`));
    });
    expect(shown.at(-1)?.output).not.toContain('blocked');
    expectEveryday(String(shown.at(-1)?.output), 'codex');
    expect(JSON.stringify(run.requests)).not.toContain(SECRET);
    expect(existsSync(join(app, 'x'))).toBe(true);
    expect(await snapshotProject(app)).toEqual(initialized);
  });
});
