import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expandRows } from '../lib/builds.mjs';
import { REPO_DIR } from '../lib/paths.mjs';

const HARNESS = join(REPO_DIR, 'test/hosts/lib/hosts');
const EVENTS = ['BeforeTool', 'AfterTool', 'BeforeAgent', 'SessionStart', 'AfterAgent', 'SessionEnd', 'PreCompress', 'Notification'];

/** Gemini CLI settings running one native command hook on the eight events `init --host gemini` wires. */
function describeNativeHooks(command) {
  return { hooks: Object.fromEntries(EVENTS.map((event) => [event, [{ hooks: [{ type: 'command', command, timeout: 60_000 }] }]])) };
}

/** A project as `hookwire init --host gemini` sets it up, its bin a shim to `bin`, and one `true` hook on PreToolUse. */
function makeBridgeProject(dir, bin) {
  mkdirSync(join(dir, 'node_modules', '.bin'), { recursive: true });
  const shim = join(dir, 'node_modules', '.bin', 'hookwire');
  writeFileSync(shim, `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(bin)} "$@"\n`);
  chmodSync(shim, 0o755);
  execFileSync(process.execPath, [bin, 'init', '--host', 'gemini'], { cwd: dir, stdio: 'ignore' });
  writeFileSync(join(dir, '.hookwire.json'), `${JSON.stringify({ hooks: [{ event: 'tool:before', matcher: 'Bash', type: 'command', command: 'true' }] })}\n`);
  return dir;
}

/**
 * The real Gemini CLI's whole turn (headless, against the fake Gemini API of test/hosts): no hook, a
 * native `true` command hook on the same events, and the settings `hookwire init --host gemini`
 * writes (the bridge on its eight events, a `true` hook in .hookwire.json on PreToolUse). Turns of
 * the sides alternate, op by op; a broken turn rejects.
 */
export async function create(ctx) {
  if (!existsSync(join(HARNESS, 'time-gemini-turn.js'))) throw new Error(`${HARNESS} is missing: run pnpm build (it compiles the host harness)`);
  const { timeGeminiTurn } = await import(join(HARNESS, 'time-gemini-turn.js'));
  const project = (name) => mkdtempSync(join(ctx.workDir, `gemini-turn-${name}-`));
  const turn = (settings, dir) => () => timeGeminiTurn(settings, { cwd: dir, timeoutMs: 90_000 });
  const sides = [
    { name: 'none', label: 'no hook', op: turn(undefined, project('none')) },
    { name: 'nativeTrue', label: 'native `true` command hook', op: turn(describeNativeHooks('true'), project('true')) },
    ...ctx.builds.map((build) => ({
      name: `hookwire${build.suffix}`,
      label: `hookwire init --host gemini, a \`true\` hook${build.tag}`,
      op: turn('keep', makeBridgeProject(project(`bridge${build.suffix}`), build.bin)),
    })),
  ];
  return {
    id: 'gemini-turn',
    title: 'Gemini CLI turn',
    description: `the real Gemini CLI 0.61.0 (test/hosts harness): one headless turn of one shell call (six hook events fire, SessionEnd included), spawn to exit; sides interleaved turn by turn, ${ctx.ops(3)} turn(s) per side per sample`,
    opsPerSample: ctx.ops(3),
    sides,
    rows: expandRows(
      ctx.builds,
      [
        { label: 'Gemini CLI turn: hookwire bridge vs a native `true` hook', floor: 'nativeTrue', subject: 'hookwire' },
        { label: 'Gemini CLI turn: native `true` hook vs no hook', floor: 'none', subject: 'nativeTrue', main: false },
        { label: 'Gemini CLI turn: hookwire bridge vs no hook', floor: 'none', subject: 'hookwire', main: false },
      ],
      ['hookwire'],
    ),
  };
}
