import { execFileSync, spawn } from 'node:child_process';
import { chmod, mkdir, symlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { tempDir } from '@hookwire/test-utils';
import { REPO } from './blocks.js';

/** The built CLI as the package ships it (its `bin`). */
export const HOOKWIRE_BIN = join(REPO, 'packages/hookwire/dist/hookwire.cjs');

/**
 * A fresh npm project as a reader of the docs has one: `$HOME` is `<tmp>/home/me`, the project
 * `<tmp>/home/me/app`, so output read with the `<tmp>` prefix taken off shows the docs' own
 * `/home/me/app`. `hookwire` is installed as npm would install it, by links to this checkout's
 * build: `node_modules/hookwire` and `node_modules/.bin/hookwire`, which `npx hookwire` resolves.
 */
export interface DocProject {
  /** The temp root: taken off every path in the output. */
  root: string;
  home: string;
  app: string;
  env: NodeJS.ProcessEnv;
}

let realNpm: string | undefined;

/**
 * `npm install` of packages the project has linked already is a no-op: the docs' install line
 * stands for the registry, which does not hold this checkout's build. Anything else goes to the
 * real npm; a package not linked is an error, so a doc that installs something new cannot pass by accident.
 */
function npmShim(npm: string): string {
  return `#!/bin/sh
if [ "$1" = install ] || [ "$1" = i ]; then
  shift
  for name in "$@"; do
    case "$name" in -*) continue;; esac
    if [ ! -e "node_modules/$name" ]; then echo "doc test: npm install $name: not linked into this project (test/docs/project.ts)" >&2; exit 1; fi
  done
  exit 0
fi
exec '${npm}' "$@"
`;
}

/** Links a workspace package into the project's node_modules under its npm name. */
export async function linkPackage(project: DocProject, name: string, folder: string): Promise<void> {
  const at = join(project.app, 'node_modules', name);
  await mkdir(dirname(at), { recursive: true });
  await symlink(join(REPO, 'packages', folder), at);
}

export async function docProject(): Promise<DocProject> {
  const root = await tempDir('hookwire-docs-');
  const home = join(root, 'home/me');
  const app = join(home, 'app');
  await mkdir(join(app, 'node_modules/.bin'), { recursive: true });
  await writeFile(join(app, 'package.json'), `${JSON.stringify({ name: 'app', version: '1.0.0', private: true }, null, 2)}\n`);
  await symlink(join(REPO, 'packages/hookwire'), join(app, 'node_modules/hookwire'));
  await symlink('../hookwire/dist/hookwire.cjs', join(app, 'node_modules/.bin/hookwire'));
  const shims = join(root, 'shims');
  await mkdir(shims);
  realNpm ??= execFileSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' }).trim();
  await writeFile(join(shims, 'npm'), npmShim(realNpm));
  await chmod(join(shims, 'npm'), 0o755);
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, PATH: `${shims}:${process.env.PATH ?? ''}`, npm_config_update_notifier: 'false', npm_config_yes: 'false', NO_COLOR: '1' };
  for (const name of ['HOOKWIRE_BRIDGE_DEPTH', 'HOOKWIRE_CONFIG', 'CLAUDE_PROJECT_DIR', 'XDG_CONFIG_HOME', 'FORCE_COLOR', 'OTEL_EXPORTER_OTLP_ENDPOINT', 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', 'OTEL_EXPORTER_OTLP_LOGS_ENDPOINT']) delete env[name];
  return { root, home, app, env };
}

export interface ScriptRun {
  code: number | null;
  /** stdout and stderr as the reader's terminal shows them (one stream), the temp root taken off every path. */
  output: string;
}

/** Runs a script with `sh -e` in the project (or `cwd` in it), stdout and stderr together, stdin empty. */
export function runScript(project: DocProject, script: string, cwd = '.', timeoutMs = 60_000): Promise<ScriptRun> {
  return new Promise((resolve) => {
    const child = spawn('sh', ['-e', '-c', `exec 2>&1\n${script}`], { cwd: join(project.app, cwd), env: project.env, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output: output.replaceAll(project.root, '') });
    });
  });
}

/** Runs the project's `hookwire ARGS` (a setup step, not a doc's line), stdin given. */
export function hookwireIn(project: DocProject, args: string[], stdin = ''): Promise<ScriptRun> {
  return new Promise((resolve) => {
    const child = spawn(join(project.app, 'node_modules/.bin/hookwire'), args, { cwd: project.app, env: project.env, stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stdin.end(stdin);
    child.on('close', (code) => resolve({ code, output: output.replaceAll(project.root, '') }));
  });
}

export async function writeIn(project: DocProject, path: string, content: unknown): Promise<void> {
  await mkdir(dirname(join(project.app, path)), { recursive: true });
  await writeFile(join(project.app, path), typeof content === 'string' ? content : `${JSON.stringify(content, null, 2)}\n`);
}
