import { existsSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import { removeTempDirs, runClean } from '@hookwire/test-utils';
import { afterAll, describe, expect, it } from 'vitest';
import { expectBothDenials, expectCleanExit } from './cross-host-expect.js';
import { describeRecorder, readRecorded } from './record-hook.js';
import * as hooks from './cross-host-hooks.js';
import { collectShownText, listToolResults } from './fake-chat-completions.js';
import { HOOKWIRE_BIN } from './claude-settings.js';
import { makeInitProject } from './init-project.js';
import { runOpenClaw } from './openclaw.js';

// The real OpenClaw 2026.9.6, headless (`openclaw agent --local`) under the pinned Node 24, set up by
// `hookwire init --host openclaw`: the plugin it writes (.openclaw/extensions/hookwire/) forwards
// OpenClaw's hooks to `hookwire run --dialect openclaw`, and the hooks in .hookwire.json are Claude
// Code hooks, unchanged. Two runs, 20 to 50 s each (a hook's timeout and tree kill are the bridge's, run
// against the other hosts; OpenClaw's plugin waits for the bridge's exit).

afterAll(() => removeTempDirs());

/**
 * The guards of turn A and the Stop hook of the parity config: its context, once, keeps the turn
 * going — in a turn with no side effect (the one command is denied): OpenClaw finalizes anyway
 * after a tool that ran (docs/hosts-observed.md).
 */
function describeConfig(project: string): unknown {
  const stop = (hooks.describeParityConfig(project) as { hooks: { id: string }[] }).hooks.find((hook) => hook.id === 'stop-context');
  return { hooks: [...(hooks.describeGuardConfig() as { hooks: unknown[] }).hooks, stop] };
}

describe('OpenClaw through hookwire init --host openclaw', () => {
  it('two Claude Code guards (one from npm) deny rm -rf, joined in config order; prompt context and Stop context reach the model', async () => {
    const { project, keep } = await makeInitProject('openclaw', describeConfig);
    const run = await runOpenClaw({ cwd: project, prompt: 'Clean up.', script: [{ bash: 'rm -rf ../keep' }, { text: 'finished' }, { text: 'goodbye' }] });
    expectCleanExit(run);
    expect(existsSync(keep)).toBe(true);
    const [denied] = listToolResults(run.requests);
    expectBothDenials(String(denied));
    const shown = collectShownText(run.requests);
    expect(shown).toContain(hooks.PROMPT_CONTEXT);
    expect(shown).toContain(hooks.STOP_CONTEXT);
  });

  it('a broken .hookwire.json blocks nothing and tells the user (on stderr, headless)', async () => {
    const { project } = await makeInitProject('openclaw', hooks.BROKEN_CONFIG);
    const run = await runOpenClaw({ cwd: project, script: [{ bash: 'touch ran-marker' }, { text: 'finished' }] });
    expectCleanExit(run);
    expect(existsSync(join(project, 'ran-marker'))).toBe(true);
    expect(run.stderr).toMatch(/hookwire run: cannot load the config: .*"comand"/);
  });
});

describe('hookwire doctor on two copies of the plugin, as OpenClaw loads them', () => {
  it('a copy in ~/.openclaw/extensions/hookwire (the same id): OpenClaw runs only the workspace\'s, once, and doctor names the one it keeps and the one it drops', async () => {
    const { project } = await makeInitProject('openclaw', (dir: string) => ({ hooks: [{ id: 'record', event: 'PreToolUse', matcher: 'Bash', type: 'command', command: describeRecorder(join(dir, 'calls.jsonl')) }] }));
    const kept = join(project, '.openclaw/extensions/hookwire/index.js');
    let duplicate: unknown;
    const run = await runOpenClaw({
      cwd: project,
      script: [{ bash: 'echo copy-check' }, { text: 'finished' }],
      // The global copy takes the folder three levels above its own for the project: it would find no bridge there and block every call.
      prepareHome: (home) => cp(join(project, '.openclaw/extensions/hookwire'), join(home, '.openclaw/extensions/hookwire'), { recursive: true }),
      inspectHome: async (home) => {
        const exit = await runClean(process.execPath, [HOOKWIRE_BIN, 'doctor', '--json'], { cwd: project, userConfigHome: join(home, '.config'), env: { HOME: home, HOOKWIRE_MANAGED_ROOT: home } });
        const report = JSON.parse(exit.stdout) as { hosts: { host: string; findings: { status: string; check: string; message: string }[] }[] };
        duplicate = report.hosts.find((host) => host.host === 'openclaw')?.findings.find((f) => f.check === 'duplicate');
        expect(exit.code).toBe(1);
        expect(duplicate).toMatchObject({ status: 'problem', message: expect.stringContaining(`OpenClaw loads only ${kept} and drops ${join(home, '.openclaw/extensions/hookwire/index.js')}`) });
      },
    });
    expectCleanExit(run);
    expect(duplicate).toBeDefined();
    // One hook call for the one command, and the command ran: the workspace copy alone was loaded.
    // (doctor's own live check ran the project's hooks too, under its session id.)
    const calls = await readRecorded(join(project, 'calls.jsonl'));
    expect(calls.filter((call) => call.session_id === 'hookwire-doctor')).toHaveLength(1);
    expect(calls.filter((call) => call.session_id !== 'hookwire-doctor').map((call) => call.tool_input)).toEqual([{ command: 'echo copy-check' }]);
    expect(String(listToolResults(run.requests)[0])).toContain('copy-check');
  });
});
