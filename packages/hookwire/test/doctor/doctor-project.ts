import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { runClean, tempDir, type Exit } from '@hookwire/test-utils';
import { HOOKWIRE } from '../sidecar.js';

// A temp project for \`hookwire doctor\` runs: the real built executable, installed as the project's
// node_modules/.bin/hookwire, HOME and the managed-settings root ($HOOKWIRE_MANAGED_ROOT) pointed at
// temp folders, and each host set up by the real \`hookwire init\`.

export interface Finding {
  status: 'ok' | 'problem' | 'note';
  check: string;
  message: string;
  fix?: string;
  file?: string;
}

export interface Report {
  version: number;
  projectDir: string;
  ok: boolean;
  problems: number;
  notes: number;
  config: { layers: { file: string; from: string }[]; findings: Finding[] };
  hosts: { host: string; files: string[]; wired: { file: string; level: string; events: string[] }[]; missingEvents: string[]; findings: Finding[] }[];
  findings: Finding[];
}

export interface Project {
  root: string;
  project: string;
  home: string;
  managed: string;
  run(args: string[], env?: NodeJS.ProcessEnv): Promise<Exit>;
  doctor(env?: NodeJS.ProcessEnv): Promise<{ exit: Exit; report: Report }>;
  write(path: string, value: unknown): Promise<void>;
  read(path: string): Promise<unknown>;
}

/** A project with this checkout's built bin as its installed node_modules/.bin/hookwire, a fresh HOME, an empty managed root; `init --host` each of `hosts`. */
export async function makeProject(hosts: string[]): Promise<Project> {
  const root = await tempDir('hookwire-doctor-');
  const project = join(root, 'project');
  const home = join(root, 'home');
  const managed = join(root, 'managed');
  await mkdir(join(project, 'node_modules', '.bin'), { recursive: true });
  await mkdir(home);
  await mkdir(managed);
  const shim = join(project, 'node_modules', '.bin', 'hookwire');
  await writeFile(shim, `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(HOOKWIRE)} "$@"\n`);
  await chmod(shim, 0o755);
  // Whatever the machine running the tests has set for a host is blanked: doctor reads an empty string as unset.
  const blank = ['CODEX_HOME', 'COPILOT_HOME', 'CLAUDE_CONFIG_DIR', 'COPILOT_ALLOW_ALL', 'GEMINI_CLI_TRUST_WORKSPACE', 'GEMINI_RESTRICTED_MODE', 'GEMINI_CLI_TRUSTED_FOLDERS_PATH', 'GEMINI_CLI_SYSTEM_SETTINGS_PATH', 'GEMINI_PROJECT_DIR', 'CURSOR_PROJECT_DIR', 'COPILOT_PROJECT_DIR', 'PI_CODING_AGENT_DIR', 'OPENCLAW_STATE_DIR', 'OPENCLAW_CONFIG_PATH'];
  const baseEnv = { ...Object.fromEntries(blank.map((name) => [name, ''])), HOME: home, HOOKWIRE_MANAGED_ROOT: managed };
  const run = (args: string[], env: NodeJS.ProcessEnv = {}) => runClean(process.execPath, [HOOKWIRE, ...args], { cwd: project, userConfigHome: join(home, '.config'), env: { ...baseEnv, ...env } });
  const at = (path: string) => (path.startsWith('~/') ? join(home, path.slice(2)) : path.startsWith('/') ? join(managed, path) : join(project, path));
  for (const host of hosts) {
    const init = await run(['init', '--host', host]);
    if (init.code !== 0) throw new Error(`hookwire init --host ${host} failed (${init.code}): ${init.stderr}`);
  }
  return {
    root,
    project,
    home,
    managed,
    run,
    async doctor(env = {}) {
      const exit = await run(['doctor', '--json'], env);
      if (exit.code !== 0 && exit.code !== 1) throw new Error(`hookwire doctor could not run (${exit.code}): ${exit.stderr}`);
      return { exit, report: JSON.parse(exit.stdout) as Report };
    },
    async write(path, value) {
      await mkdir(dirname(at(path)), { recursive: true });
      await writeFile(at(path), typeof value === 'string' ? value : `${JSON.stringify(value, null, 2)}\n`);
    },
    async read(path) {
      return JSON.parse(await readFile(at(path), 'utf8'));
    },
  };
}

export function hostOf(report: Report, host: string) {
  const found = report.hosts.find((h) => h.host === host);
  if (found === undefined) throw new Error(`doctor reported no ${host} section: ${report.hosts.map((h) => h.host).join(', ')}`);
  return found;
}

export function problemsOf(report: Report): Finding[] {
  return [...report.config.findings, ...report.hosts.flatMap((h) => h.findings), ...report.findings].filter((f) => f.status === 'problem');
}
