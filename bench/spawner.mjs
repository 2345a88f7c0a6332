#!/usr/bin/env node
// The floor of the shell figures, and execa's cost: a small Node process (like the sidecar, so that
// fork() copies a similar address space) that runs `sh -c <command>` with a given stdin in one of
// several ways, `count` times one after the other, and answers the mean milliseconds per run,
// timed inside this process, and the CPU time (user + system) this process spent per run: fork and
// exec are charged to the parent, so the CPU time shows what each way of spawning costs without
// the wait for the child or the noise of other processes. Requests are JSON lines: {"variant":"spawn","input":"default","count":20}.
// Started by the bench: node bench/spawner.mjs --cwd DIR --command CMD --input name=FILE ...
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    cwd: { type: 'string' },
    command: { type: 'string' },
    shell: { type: 'string', default: '/bin/sh' },
    input: { type: 'string', multiple: true, default: [] },
    packages: { type: 'string' },
  },
});
const cwd = values.cwd ?? process.cwd();
const command = values.command ?? 'cat >/dev/null';
const SHELL = values.shell;
const ARGS = ['-c', command];
const inputs = Object.fromEntries(
  values.input.map((spec) => {
    const eq = spec.indexOf('=');
    return [spec.slice(0, eq), readFileSync(spec.slice(eq + 1), 'utf8')];
  }),
);
const packages = values.packages;
// execa is a root devDependency (exec-shell spawns with node:child_process): resolve it from the checkout's root.
const requireFromShell = createRequire(join(packages, '..', 'package.json'));
const { execa } = await import(pathToFileURL(requireFromShell.resolve('execa')).href);
const { createShellExecutor } = await import(pathToFileURL(join(packages, 'exec-shell/lib/index.js')).href);
const executor = createShellExecutor();
const hookEnv = { ...process.env, HOOKWIRE_EVENT: 'tool:before', HOOKWIRE_CONFIG_DIR: cwd, CLAUDE_PROJECT_DIR: cwd };

function bareSpawn(input, detached) {
  return new Promise((resolve, reject) => {
    const child = spawn(SHELL, ARGS, { cwd, detached, stdio: ['pipe', 'pipe', 'pipe'] });
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`exit ${code}`))));
    child.stdout.resume();
    child.stderr.resume();
    child.stdin.on('error', () => {});
    child.stdin.end(input);
  });
}

function drain(subprocess) {
  subprocess.stdout?.resume();
  subprocess.stderr?.resume();
  return subprocess;
}

async function settle(subprocess) {
  const result = await subprocess;
  if (result.exitCode !== 0) throw new Error(`exit ${result.exitCode}`);
}

/** Each variant changes one thing from the bare execa call unless its name says otherwise. */
const VARIANTS = {
  spawn: (input) => bareSpawn(input, false),
  'spawn-detached': (input) => bareSpawn(input, true),
  execa: (input) => settle(execa(SHELL, ARGS, { input, cwd })),
  'execa-buffer-false': (input) => settle(drain(execa(SHELL, ARGS, { input, cwd, buffer: false }))),
  'execa-strip-false': (input) => settle(execa(SHELL, ARGS, { input, cwd, stripFinalNewline: false })),
  'execa-encoding-buffer': (input) => settle(execa(SHELL, ARGS, { input, cwd, encoding: 'buffer' })),
  'execa-detached': (input) => settle(execa(SHELL, ARGS, { input, cwd, detached: true })),
  'execa-cleanup-false': (input) => settle(execa(SHELL, ARGS, { input, cwd, cleanup: false })),
  'execa-reject-false': (input) => settle(execa(SHELL, ARGS, { input, cwd, reject: false })),
  'execa-env': (input) => settle(execa(SHELL, ARGS, { input, cwd, env: hookEnv, extendEnv: false })),
  'execa-stdin-by-hand': (input) => {
    const subprocess = execa(SHELL, ARGS, { cwd });
    subprocess.stdin.end(input);
    return settle(subprocess);
  },
  'execa-shell-true': (input) => settle(execa(command, { shell: true, input, cwd })),
  'execa-as-exec-shell': (input) =>
    settle(drain(execa(command, { shell: true, cwd, env: hookEnv, extendEnv: false, detached: true, input, buffer: false, reject: false }))),
  'exec-shell': async (input) => {
    const request = { canonical: 'tool:before', dialect: 'claude', eventName: 'PreToolUse', input, cwd, timeoutMs: 60_000, configDir: cwd };
    const result = await executor.run({ command }, request);
    if (result.exitCode !== 0 || result.result.failure) throw new Error(`exec-shell: ${JSON.stringify(result.result)}`);
  },
};

async function serve(line) {
  const { variant, input = 'default', count = 1 } = JSON.parse(line);
  const run = VARIANTS[variant];
  if (!run) throw new Error(`unknown variant ${variant}`);
  const text = inputs[input];
  if (text === undefined) throw new Error(`unknown input ${input}`);
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < count; i++) await run(text);
  const ms = (performance.now() - started) / count;
  const used = process.cpuUsage(cpu);
  return { ms, cpuMs: (used.user + used.system) / 1000 / count };
}

let queue = Promise.resolve();
let pending = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (text) => {
  pending += text;
  let nl;
  while ((nl = pending.indexOf('\n')) !== -1) {
    const line = pending.slice(0, nl);
    pending = pending.slice(nl + 1);
    if (line.trim() === '') continue;
    queue = queue.then(() =>
      serve(line).then(
        (answer) => process.stdout.write(`${JSON.stringify(answer)}\n`),
        (error) => process.stdout.write(`${JSON.stringify({ error: error.message })}\n`),
      ),
    );
  }
});
