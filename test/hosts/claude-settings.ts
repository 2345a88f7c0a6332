import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The events the bridge is wired to, as in examples/claude-settings.json; the ones that take a matcher get `*`. */
const EVENTS = ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'Stop', 'SubagentStart', 'SubagentStop'] as const;
const UNMATCHED = new Set<string>(['UserPromptSubmit', 'Stop']);

/** The checkout this file is in (from `test/hosts/` or from its build in `test/hosts/lib/hosts/`). */
export const REPO_DIR = findRepoDir(dirname(fileURLToPath(import.meta.url)));

/** The built `hookwire` executable of this checkout: the `bin` its package declares. */
export const HOOKWIRE_BIN = findHookwireBin(join(REPO_DIR, 'packages', 'hookwire'));

function findHookwireBin(packageDir: string): string {
  const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { bin: { hookwire: string } };
  return join(packageDir, manifest.bin.hookwire);
}

function findRepoDir(from: string): string {
  if (existsSync(join(from, 'pnpm-workspace.yaml'))) return from;
  const parent = dirname(from);
  if (parent === from) throw new Error('claude-settings: no pnpm-workspace.yaml above the harness');
  return findRepoDir(parent);
}

/** Claude Code settings that run one command hook on each of the seven events (timeout in seconds). */
export function describeCommandHooks(command: string, timeout = 30): { hooks: Record<string, unknown[]> } {
  return describeEveryEvent({ type: 'command', command, timeout });
}

/** Claude Code settings that POST each of the seven events to `url` (a `type: "http"` hook). */
export function describeHttpHooks(url: string, timeout = 30): { hooks: Record<string, unknown[]> } {
  return describeEveryEvent({ type: 'http', url, timeout });
}

function describeEveryEvent(hook: Record<string, unknown>): { hooks: Record<string, unknown[]> } {
  return {
    hooks: Object.fromEntries(
      EVENTS.map((event) => [event, [{ ...(UNMATCHED.has(event) ? {} : { matcher: '*' }), hooks: [hook] }]]),
    ),
  };
}

/** Settings that make the real `hookwire run` bridge the only hook, reading `<project>/<config>`. */
export function describeBridgeHooks(config = '.hookwire.json', budgetSec = 20): { hooks: Record<string, unknown[]> } {
  const command = `node ${JSON.stringify(HOOKWIRE_BIN)} run --config "$CLAUDE_PROJECT_DIR"/${config} --budget ${budgetSec}`;
  return describeCommandHooks(command, budgetSec + 10);
}
