import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_DIR } from '../lib/paths.mjs';
import { writeConfig } from '../lib/fixtures.mjs';
import { startServe } from '../lib/http.mjs';

const HARNESS = join(REPO_DIR, 'test/hosts/lib/hosts');

/**
 * The real Claude Code's whole turn (headless, against the fake Anthropic API of test/hosts): no
 * hook, a native `true` command hook on the seven events, and one `type: "http"` hook on them to
 * `hookwire serve` — once with a config that selects nothing in the turn, once with a `true`
 * command hook on PreToolUse. Turns of the sides alternate, op by op. A broken turn rejects
 * (timeClaudeTurn checks the run), so the suite's warm-up pass is the check before timing.
 */
export async function create(ctx) {
  if (!existsSync(join(HARNESS, 'time-claude-turn.js'))) throw new Error(`${HARNESS} is missing: run pnpm build (it compiles the host harness)`);
  const { timeClaudeTurn } = await import(join(HARNESS, 'time-claude-turn.js'));
  const { describeCommandHooks, describeHttpHooks } = await import(join(HARNESS, 'claude-settings.js'));
  const build = ctx.builds[0];
  const cwd = ctx.workDir;
  const quiet = writeConfig(cwd, 'claude-turn-quiet.json', { hooks: [{ event: 'tool:before', matcher: 'Write', type: 'command', command: 'true' }] });
  const oneHook = writeConfig(cwd, 'claude-turn-true.json', { hooks: [{ event: 'tool:before', matcher: 'Bash', type: 'command', command: 'true' }] });
  const closers = [];
  try {
    const quietServe = await startServe('claude-turn serve (no match)', quiet, { cwd, bin: build.bin });
    closers.push(() => quietServe.close());
    const trueServe = await startServe('claude-turn serve (true hook)', oneHook, { cwd, bin: build.bin });
    closers.push(() => trueServe.close());
    const project = (name) => {
      const dir = mkdtempSync(join(cwd, `claude-turn-${name}-`));
      writeFileSync(join(dir, 'README'), 'bench project\n');
      return dir;
    };
    const turn = (settings, dir) => () => timeClaudeTurn(settings, { cwd: dir, timeoutMs: 60_000 });
    const sides = [
      { name: 'none', label: 'no hook', op: turn(undefined, project('none')) },
      { name: 'nativeTrue', label: 'native `true` command hook', op: turn(describeCommandHooks('true'), project('true')) },
      { name: 'serve', label: 'http hook to hookwire serve, nothing selected', op: turn(describeHttpHooks(`${quietServe.url}/hooks/claude`), project('serve')) },
      { name: 'serveTrue', label: 'http hook to hookwire serve, a `true` hook on PreToolUse', op: turn(describeHttpHooks(`${trueServe.url}/hooks/claude`), project('serve-true')) },
    ];
    return {
      id: 'claude-turn',
      group: 'serve',
      title: 'Claude Code turn',
      description: `the real Claude Code (test/hosts harness): one headless turn of one Bash call (five hook events fire: Claude Code skips http hooks on SessionStart), spawn to exit; sides interleaved turn by turn, ${ctx.ops(3)} turn(s) per side per sample`,
      opsPerSample: ctx.ops(3),
      sides,
      rows: [
        { label: 'Claude Code turn: http hook to hookwire serve vs a native `true` hook', floor: 'nativeTrue', subject: 'serve', target: 1, targetLabel: '≤ 1× (no slower)' },
        { label: 'Claude Code turn: native `true` hook vs no hook', floor: 'none', subject: 'nativeTrue' },
        { label: 'Claude Code turn: http hook to hookwire serve vs no hook', floor: 'none', subject: 'serve' },
        { label: 'Claude Code turn: serve running a `true` hook on PreToolUse vs a native `true` hook', floor: 'nativeTrue', subject: 'serveTrue' },
      ],
      teardown: () => Promise.all(closers.map((close) => close())),
    };
  } catch (error) {
    await Promise.allSettled(closers.map((close) => close()));
    throw error;
  }
}
