// hookwire through its real bridge: one `hookwire run` process per tool call, as Claude Code starts
// it, the PreToolUse payload on stdin, the answer read the way Claude Code reads it. The config is
// the pack alone (`{ type: 'rule', pack: 'hookwire:recommended', level, onError: 'block' }`), so the
// row shows the same decisions as the in-process one, plus whatever the process path changes: a
// payload the bridge cannot read, an answer Claude Code could not parse, a crash.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { HOOKWIRE_BIN } from '../../lib/paths.mjs';
import { decideAsClaude } from './ccsn-guard.mjs';

export function createBridgeGuard(level, sandbox) {
  // The config lives beside the project, not in it: the sandbox's own `.hookwire.json` is a file the
  // corpus's guard-tampering lines aim at, and must stay as they expect it.
  const config = join(sandbox.root, `bridge-${level}.hookwire.json`);
  const state = join(sandbox.root, 'xdg');
  // HOME, the XDG folders and no org layer: nothing of this machine's hookwire set-up leaks in.
  const env = { ...process.env, HOME: sandbox.home, XDG_CACHE_HOME: join(state, 'cache'), XDG_STATE_HOME: join(state, 'state'), XDG_CONFIG_HOME: join(state, 'config') };
  for (const key of Object.keys(env)) if (key.startsWith('HOOKWIRE_')) delete env[key];
  return {
    name: `hookwire-bridge-${level}`,
    label: `hookwire bridge (${level}), one process per call`,
    kind: 'process',
    prepare() {
      mkdirSync(state, { recursive: true });
      writeFileSync(config, `${JSON.stringify({ hooks: [{ id: 'recommended', type: 'rule', pack: 'hookwire:recommended', level, onError: 'block' }] }, null, 2)}\n`);
    },
    available: () => (existsSync(HOOKWIRE_BIN) ? { ok: true } : { ok: false, why: `${HOOKWIRE_BIN} is missing: run pnpm build` }),
    decide: (action, index) => decideAsClaude([HOOKWIRE_BIN, 'run', '--config', config, '--dialect', 'claude'], { sandbox, env }, action, index),
  };
}
