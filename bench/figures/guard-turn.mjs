import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_DIR } from '../lib/paths.mjs';

const HARNESS = join(REPO_DIR, 'test/hosts/lib/hosts');
const SAFETY_NET = join(REPO_DIR, 'node_modules', 'cc-safety-net', 'dist', 'bin', 'cc-safety-net.js');

/**
 * Issue 20's turn figure: the real Claude Code's whole turn (one Bash call, headless, against the
 * fake Anthropic API of test/hosts) in a project set up by the real `hookwire init` (the
 * recommended pack, the bridge on every event init wires) against the same turn with cc-safety-net
 * 2.4.5 as its only hook, as its Claude Code install runs it (PreToolUse on Bash). Turns alternate.
 */
export async function create(ctx) {
  if (!existsSync(join(HARNESS, 'time-claude-turn.js'))) throw new Error(`${HARNESS} is missing: run pnpm build (it compiles the host harness)`);
  if (!existsSync(SAFETY_NET)) throw new Error(`${SAFETY_NET} is missing: pnpm install (cc-safety-net is a pinned devDependency)`);
  const { timeClaudeTurn } = await import(join(HARNESS, 'time-claude-turn.js'));
  const build = ctx.builds[0];
  const project = (name) => {
    const dir = mkdtempSync(join(ctx.workDir, `guard-turn-${name}-`));
    writeFileSync(join(dir, 'README'), 'bench project\n');
    return dir;
  };

  // The project as a user has it after `npm i -D hookwire && npx hookwire init`: the bin under node_modules/.bin, then init.
  const initDir = project('init');
  mkdirSync(join(initDir, 'node_modules', '.bin'), { recursive: true });
  symlinkSync(build.bin, join(initDir, 'node_modules', '.bin', 'hookwire'));
  execFileSync(process.execPath, [build.bin, 'init', '--host', 'claude'], { cwd: initDir, stdio: 'pipe' });
  const initSettings = JSON.parse(readFileSync(join(initDir, '.claude', 'settings.json'), 'utf8'));
  const wired = Object.keys(initSettings.hooks ?? {});
  if (!JSON.stringify(initSettings).includes('node_modules/.bin/hookwire') || !readFileSync(join(initDir, '.hookwire.json'), 'utf8').includes('hookwire:recommended')) {
    throw new Error('guard-turn: init did not wire the bridge and the recommended pack');
  }
  const safetyNet = { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: `node ${JSON.stringify(SAFETY_NET)} hook --claude-code`, timeout: 20 }] }] } };
  const safetyDir = project('ccsn');
  // The same bridge on only the events the recommended pack has rules for (what an init that wires only the config's events would write).
  const packEvents = ['UserPromptSubmit', 'PreToolUse', 'PostToolUse'];
  const packOnly = { ...initSettings, hooks: Object.fromEntries(Object.entries(initSettings.hooks).filter(([event]) => packEvents.includes(event))) };
  const turn = (settings, cwd) => () => timeClaudeTurn(settings, { cwd, timeoutMs: 60_000, command: 'git status' });
  return {
    id: 'guard-turn',
    group: 'rules',
    title: 'Claude Code turn, guarded',
    description: `the real Claude Code: one headless turn of one Bash call (\`git status\`), spawn to exit, in a project set up by \`hookwire init --host claude\` (the recommended pack; the bridge on ${wired.length} events: ${wired.join(', ')}) vs a project whose only hook is cc-safety-net 2.4.5 on PreToolUse/Bash; sides interleaved turn by turn, ${ctx.ops(3)} turn(s) per side per sample`,
    opsPerSample: ctx.ops(3),
    sides: [
      { name: 'ccsn', label: 'cc-safety-net as the only hook', op: turn(safetyNet, safetyDir) },
      { name: 'init', label: 'the config `hookwire init` writes', op: turn(initSettings, initDir) },
      { name: 'packEvents', label: 'the same bridge on the pack\'s three events only', op: turn(packOnly, initDir) },
    ],
    rows: [
      { label: 'Claude Code turn: `hookwire init` config vs cc-safety-net as the only hook', floor: 'ccsn', subject: 'init', target: 1, targetLabel: '≤ 1× (no slower)' },
      { label: 'Claude Code turn: the bridge on the pack\'s 3 events only vs cc-safety-net as the only hook', floor: 'ccsn', subject: 'packEvents' },
    ],
  };
}
