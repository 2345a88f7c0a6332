import { chmod, mkdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import { hookwireIn, linkPackage, writeIn, type DocProject, type ScriptRun } from './project.js';

/**
 * How one `<!-- doc-test: ID -->` block runs. The block's commands run as printed, with `sh -e`, in
 * a fresh project (test/docs/project.ts) after `setup`; the whole script must exit `exit` (default
 * 0). Output the doc shows (the `$ ` lines' output, or an untagged block right after the block) must
 * be the real output, both after `normalise`; `check` asserts what the block did (files written, ...).
 * Every runner must assert something: shown output, or a `check`.
 */
export interface DocRun {
  setup?: (project: DocProject) => Promise<void>;
  /** Where the block runs, relative to the project (default: the project). */
  cwd?: string;
  exit?: number;
  /** Applied to the shown output and the real one alike before they are compared. */
  normalise?: (output: string) => string;
  check?: (project: DocProject, run: ScriptRun) => Promise<void>;
}

async function exists(project: DocProject, path: string): Promise<boolean> {
  return stat(join(project.app, path)).then(
    () => true,
    () => false,
  );
}

async function init(project: DocProject, ...args: string[]): Promise<void> {
  const run = await hookwireIn(project, ['init', ...args]);
  expect(run.code, run.output).toBe(0);
}

/** The explain example's hooks: one denies, one observes, one has no opinion, one times out. */
const EXPLAINED_HOOKS = [
  { id: 'guard', event: 'PreToolUse', matcher: 'Bash', type: 'command', command: "echo 'no rm -rf here' >&2; exit 2" },
  { id: 'shadow', event: 'PreToolUse', matcher: 'Bash', type: 'command', mode: 'observe', command: `echo '{"decision":"approve","reason":"would allow"}'` },
  { id: 'fmt', event: 'PreToolUse', matcher: 'Bash', type: 'command', command: 'exit 0' },
  { id: 'slow', event: 'PreToolUse', matcher: 'Bash', type: 'command', timeout: 0.2, command: 'sleep 5' },
];

const RM_PAYLOAD = JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'rm -rf /' }, cwd: '.' });

/** The files `init --host NAME` must have written. */
function wrote(...paths: string[]): DocRun['check'] {
  return async (project, run) => {
    for (const path of paths) expect(await exists(project, path), `${path} after:\n${run.output}`).toBe(true);
  };
}

const doctorAfterInit: DocRun = {
  setup: (project) => init(project),
  check: async (_project, run) => {
    expect(run.output).toContain('claude (Claude Code)');
    expect(run.output).toContain('✓ the bridge runs from ./.claude/settings.json (project, 12 events)');
  },
};

/** A table's columns are as wide as their widest cell, which the temp path of `$HOME` widens: compare cells, not padding. */
function columns(output: string): string {
  return output.replace(/ {2,}/g, '  ').replace(/-{2,}/g, '--');
}

export const RUNNERS: Record<string, DocRun> = {
  // README.md § Install: install, init, and what init prints.
  'install-init': { check: wrote('.hookwire.json', '.claude/settings.json') },
  // docs/config.md § Making one.
  init: { check: wrote('.hookwire.json', '.claude/settings.json') },
  // packages/hookwire/README.md § Install (the output is its § Usage block, run as 'hookwire-usage').
  'hookwire-readme-install': { check: wrote('.hookwire.json', '.claude/settings.json') },
  'hookwire-usage': {},
  // docs/config.md § When nothing is found: from src/ of a git project with no config; exit 2, check could not run.
  'check-no-config': {
    cwd: 'src',
    setup: async (project) => {
      await mkdir(join(project.app, 'src'), { recursive: true });
      await mkdir(join(project.app, '.git'));
    },
    exit: 2,
  },
  // docs/config.md § Which layers were loaded: a user config and the project's, found from a subfolder.
  'check-layers': {
    setup: async (project) => {
      await mkdir(join(project.app, 'src/deep'), { recursive: true });
      await writeIn(project, '.hookwire.json', { hooks: [{ id: 'guard', event: 'PreToolUse', matcher: 'Bash', type: 'command', command: 'true' }] });
      await mkdir(join(project.home, '.config/hookwire'), { recursive: true });
      await writeFile(join(project.home, '.config/hookwire/config.json'), `${JSON.stringify({ timeoutSec: 30 })}\n`);
    },
  },
  // README.md § Is my hook firing?, docs/hosts-setup.md § doctor.
  doctor: doctorAfterInit,
  'doctor-forms': {
    setup: async (project) => {
      await init(project);
      await writeIn(project, 'team.json', { hooks: [{ id: 'team-guard', event: 'PreToolUse', matcher: 'Bash', type: 'command', command: 'true' }] });
    },
    check: async (_project, run) => {
      expect(run.output).toContain('✓ the bridge runs from ./.claude/settings.json');
      const json = run.output.slice(run.output.indexOf('\n{'), run.output.lastIndexOf('\n}') + 2);
      expect(JSON.parse(json)).toMatchObject({ hosts: expect.any(Array) });
    },
  },
  // docs/doctor.md § pi, OpenClaw and a staged managed install: the pi section as init leaves it.
  'doctor-pi': { normalise: (text) => text.replace(/Node v\d+\.\d+\.\d+/g, 'Node vN').replace(/in \d+ ms/g, 'in N ms') },
  // The same § : Codex's requirements.toml staged by init --managed --root, read through HOOKWIRE_MANAGED_ROOT.
  'doctor-codex-managed': {
    exit: 1,
    check: async (_project, run) => {
      expect(run.output).toMatch(/✓ the managed hooks of \.\/staged\/etc\/codex\/requirements\.toml run the bridge on 10 events, with the organisation layer \S+ \(--org-config\)/);
      expect(run.output).toContain('! allow_managed_hooks_only is true in ./staged/etc/codex/requirements.toml: Codex skips the bridge in ./.codex/hooks.json; the managed one runs');
      expect(run.output).toMatch(/✗ \S+ \(org\) does not exist/);
    },
  },
  // docs/hosts-setup.md: one init per host.
  'init-copilot': { check: wrote('.hookwire.json', '.github/hooks/hookwire.json') },
  'init-opencode': {
    setup: (project) => linkPackage(project, '@hookwire/opencode', 'opencode-plugin'),
    check: wrote('.hookwire.json', '.opencode/plugin/hookwire.js'),
  },
  'init-cursor': { check: wrote('.hookwire.json', '.cursor/hooks.json') },
  'init-gemini': { check: wrote('.hookwire.json', '.gemini/settings.json') },
  'init-cline': { check: wrote('.hookwire.json', '.clinerules/hooks/PreToolUse', '.clinerules/hooks/UserPromptSubmit') },
  'init-crush': { check: wrote('.hookwire.json', '.crush.json') },
  'init-pi': { check: wrote('.hookwire.json', '.pi/extensions/hookwire.ts') },
  'init-letta': { check: wrote('.hookwire.json', '.letta/settings.json') },
  'init-openclaw': { check: wrote('.hookwire.json', '.openclaw/extensions/hookwire/index.js', '.openclaw/extensions/hookwire/openclaw.plugin.json') },
  // README.md and docs/observability.md: explain on a log the real `hookwire run --log` wrote.
  explain: {
    setup: async (project) => {
      await writeIn(project, '.hookwire.json', { hooks: EXPLAINED_HOOKS });
      const run = await hookwireIn(project, ['run', '--log', 'audit.jsonl'], RM_PAYLOAD);
      expect(run.code, run.output).toBe(0);
    },
  },
  // docs/rules.md: the recommended pack reading an evasive line; exit 1, a rule denies.
  'rules-line': { exit: 1, normalise: columns },
  // docs/policy-tests.md: the default folder, then folders and files named.
  'policy-tests': {
    setup: async (project) => {
      await writeIn(project, '.hookwire.json', { hooks: [{ id: 'guard-bash', event: 'PreToolUse', matcher: 'Bash', type: 'command', command: "echo 'rm -rf deletes recursively' >&2; exit 2" }] });
      const denies = { name: 'blocks rm -rf', event: 'PreToolUse', payload: { tool_name: 'Bash', tool_input: { command: 'rm -rf build' } }, expect: { decision: 'deny', decidedBy: 'guard-bash' } };
      const quiet = { name: 'a Read is nobody\'s business', event: 'PreToolUse', payload: { tool_name: 'Read', tool_input: { file_path: 'README.md' } }, expect: { decision: 'none' } };
      await writeIn(project, 'tests/guard.test.json', { cases: [denies] });
      await writeIn(project, 'more/one.test.json', quiet);
    },
    check: async (_project, run) => {
      // The first command runs tests/ (1 case), the second tests/ and more/one.test.json (2 cases).
      expect(run.output.match(/^ok \d+ - /gm)).toHaveLength(3);
      expect(run.output).not.toMatch(/^not ok/m);
    },
  },
  // packages/stdio-server/README.md: the sidecar's protocol through the package's own bin.
  'stdio-sidecar': {
    setup: async (project) => {
      await linkPackage(project, '@hookwire/stdio-server', 'stdio-server');
      // npm links the bin and makes its target executable; the checkout's lib/bin.js is not, so a wrapper stands for the link.
      await writeIn(project, 'node_modules/.bin/hookwire-stdio-server', '#!/bin/sh\nexec node "$(dirname "$0")/../@hookwire/stdio-server/lib/bin.js" "$@"\n');
      await chmod(join(project.app, 'node_modules/.bin/hookwire-stdio-server'), 0o755);
      await writeIn(project, 'hookwire.json', { hooks: [{ id: 'guard', event: 'PreToolUse', matcher: 'Bash', type: 'command', command: "echo 'no rm -rf' >&2; exit 2" }] });
    },
    normalise: (output) => output.replace(/"durationMs":[\d.]+/g, '"durationMs":N'),
  },
};
