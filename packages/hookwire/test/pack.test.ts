import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installOffline, installPacked, packWorkspace, runClean, type Exit, type Tarballs, tempDir } from '@hookwire/test-utils';

const run = promisify(execFile);
const REPO_DIR = fileURLToPath(new URL('../../..', import.meta.url));
const made: string[] = [];
let tarballs: Tarballs = {};

afterAll(async () => {
  await Promise.all(made.map((dir) => rm(dir, { recursive: true, force: true })));
});

beforeAll(async () => {
  const packDir = await tempDir('hookwire-pack-');
  made.push(packDir);
  tarballs = await packWorkspace(packDir);
}, 600_000);

async function installOnly(name: string): Promise<string> {
  const app = await installPacked(name, tarballs);
  made.push(app);
  return app;
}

function spawnIn(app: string, command: string, args: string[], stdin: string, env: NodeJS.ProcessEnv = {}): Promise<Exit> {
  return runClean(command, args, { cwd: app, userConfigHome: join(app, '.no-user-config'), env, stdin });
}

/** A PreToolUse payload as Claude Code writes it. */
function bashPayload(app: string, command: string): string {
  return `${JSON.stringify({ session_id: 's1', transcript_path: join(app, 't.jsonl'), cwd: app, permission_mode: 'default', hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command }, tool_use_id: 'toolu_1' })}\n`;
}

/**
 * Runs `hookwire init` (with `initArgs`) as a user would, then the PreToolUse command it wrote, through
 * `sh` as Claude Code runs it; `env` is laid over every command's environment.
 */
async function initAndDispatch(app: string, initArgs: string[] = ['init'], env: NodeJS.ProcessEnv = {}): Promise<void> {
  const init = await spawnIn(app, 'npx', ['--no-install', 'hookwire', ...initArgs], '', env);
  expect(init).toMatchObject({ code: 0, stderr: '' });
  expect(init.stdout).toMatch(/^ {2}created \.hookwire\.json: /m);
  expect(init.stdout).toMatch(/^ {2}created \.claude\/settings\.json: the bridge runs on PreToolUse, /m);
  expect(init.stdout).not.toContain('note:');

  const config = JSON.parse(await readFile(join(app, '.hookwire.json'), 'utf8')) as { $schema: string };
  expect(existsSync(join(app, config.$schema))).toBe(true);

  const settings = JSON.parse(await readFile(join(app, '.claude', 'settings.json'), 'utf8')) as { hooks: Record<string, { hooks: { command: string }[] }[]> };
  const command = settings.hooks.PreToolUse![0]!.hooks[0]!.command;
  expect(command).not.toMatch(/\bnpx\b/);
  const denied = await spawnIn(app, 'sh', ['-c', command], bashPayload(app, 'sudo bash -c "rm -rf /"'), { ...env, CLAUDE_PROJECT_DIR: app });
  expect(denied.code).toBe(0);
  expect(JSON.parse(denied.stdout)).toEqual({
    hookSpecificOutput: {
      hookEventName: 'PreToolUse',
      permissionDecision: 'deny',
      permissionDecisionReason: expect.stringMatching(/ \[hookwire rule fs-rm-root-home, matched: rm -rf \/ via sudo → bash -c[;\]]/),
    },
  });
  expect(denied.stderr).toBe('');
  const allowed = await spawnIn(app, 'sh', ['-c', command], bashPayload(app, 'ls -la'), { ...env, CLAUDE_PROJECT_DIR: app });
  expect(allowed).toEqual({ code: 0, stdout: '', stderr: '' });
}

describe('the packed packages', () => {
  it('each holds its build output, made by prepack', async () => {
    for (const [name, file] of Object.entries(tarballs)) {
      if (name === 'hookwire') continue;
      const { stdout } = await run('tar', ['tzf', file.slice('file:'.length)]);
      expect(stdout, name).toMatch(/^package\/lib\/index\.js$/m);
    }
    // The hookwire bin is the bundle (scripts/bundle-bin.mjs) with its code caches, shipped in the package: no package to resolve per event.
    // Its library entry is a bundle too (scripts/bundle-lib.mjs): no lib/ (tsc's output, which imports the @hookwire packages), no src/.
    const { stdout } = await run('tar', ['tzf', tarballs.hookwire!.slice('file:'.length)]);
    const files = stdout.split('\n').filter((file) => file !== '');
    expect(files).toEqual(expect.arrayContaining(['package/dist/hookwire.cjs', 'package/dist/cli.cjs', 'package/dist/http-post.cjs', 'package/dist/index.js', 'package/dist/index.d.ts', 'package/schema/hookwire.schema.json', 'package/scripts/hookwire-post.sh']));
    expect(stdout).toMatch(/^package\/dist\/cli\.[0-9a-f]{16}\.cache$/m);
    expect(files.filter((file) => !file.startsWith('package/dist/')).sort()).toEqual(['package/LICENSE', 'package/README.md', 'package/package.json', 'package/schema/hookwire.schema.json', 'package/scripts/hookwire-post.sh']);
    // The sidecar package is the library and its small bin: no bundle, no CLI.
    const sidecar = (await run('tar', ['-tzf', tarballs['@hookwire/stdio-server']!.slice('file:'.length)])).stdout.split('\n');
    expect(sidecar).toEqual(expect.arrayContaining(['package/lib/index.js', 'package/lib/bin.js', 'package/lib/listen.js']));
    expect(sidecar.filter((file) => file.startsWith('package/dist/') || /\/(cli|init[^/]*|serve|serve-[^/]*|http-server|run-bridge)\.js$/.test(file))).toEqual([]);
  });
});

describe('the hookwire tarball of `pnpm pack:hookwire`, installed alone with the network off', () => {
  it('declares no dependency, installs offline from an empty cache, sets a project up with init and denies rm -rf through the command it wrote', { timeout: 300_000 }, async () => {
    const out = await tempDir('hookwire-pack-one-');
    made.push(out);
    // The README's one command, as a user types it in a clone; its only stdout line is the tarball's path.
    const { version } = JSON.parse(await readFile(join(REPO_DIR, 'packages/hookwire/package.json'), 'utf8')) as { version: string };
    const packed = await run('npx', ['-y', 'pnpm@12.4.2', '--silent', 'run', 'pack:hookwire', out], { cwd: REPO_DIR, timeout: 240_000 });
    const tarball = join(out, `hookwire-${version}.tgz`);
    expect(packed.stdout).toBe(`${tarball}\n`);
    expect(await readdir(out)).toEqual([`hookwire-${version}.tgz`]);

    const { app, cache } = await installOffline(tarball);
    made.push(app);
    // One package installed: hookwire, from the tarball, with no dependency of any kind.
    expect((await readdir(join(app, 'node_modules'))).filter((entry) => !entry.startsWith('.'))).toEqual(['hookwire']);
    const manifest = JSON.parse(await readFile(join(app, 'node_modules/hookwire/package.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest).toMatchObject({ name: 'hookwire', version, main: './dist/index.js', types: './dist/index.d.ts', bin: { hookwire: './dist/hookwire.cjs' } });
    for (const field of ['dependencies', 'optionalDependencies', 'peerDependencies', 'bundleDependencies', 'bundledDependencies']) expect(manifest[field], field).toBeUndefined();
    expect(JSON.parse(await readFile(join(app, 'package.json'), 'utf8'))).toEqual({ name: 'app', private: true, devDependencies: { hookwire: `file:${relative(app, tarball)}` } });

    // npx, too, stays offline and on that empty cache.
    const offline = { npm_config_offline: 'true', npm_config_cache: cache };
    await initAndDispatch(app, ['init', '--host', 'claude'], offline);
    // The second bin, for command-only hosts: installed executable; with no serve to reach it blocks (exit 2) and says so.
    const post = await spawnIn(app, join(app, 'node_modules', '.bin', 'hookwire-post'), ['claude'], bashPayload(app, 'ls'), { HOOKWIRE_SERVE_URL: 'http://127.0.0.1:9' });
    expect(post).toMatchObject({ code: 2, stdout: '' });
    expect(post.stderr).toMatch(/hookwire-post: hookwire serve unreachable or too slow at http:\/\/127\.0\.0\.1:9\/hooks\/claude \(curl exit 7\)\n$/);

    // The library entry (the bundle dist/index.js): import and require find the config init wrote, and its types check standalone.
    const library = `const { locateConfig, VERSION, HOST_NAMES } = await import('hookwire'); const required = require('hookwire');
      process.stdout.write(JSON.stringify({ located: locateConfig({ cwd: process.cwd(), env: {} }), version: VERSION, claude: HOST_NAMES.includes('claude'), same: required.locateConfig === locateConfig }));`;
    const loaded = await spawnIn(app, process.execPath, ['-e', `(async () => { ${library} })()`], '', offline);
    expect(loaded).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(loaded.stdout)).toEqual({ located: [join(app, '.hookwire.json')], version, claude: true, same: true });
    await writeFile(
      join(app, 'check.mts'),
      "import { locateConfig, HOSTS, HOST_NAMES, main, type HostName, type HostProfile } from 'hookwire';\nconst paths: string[] = locateConfig({ cwd: '.', env: {} });\nconst host: HostName = HOST_NAMES[0]!;\nconst profile: HostProfile = HOSTS[host];\nconst exit: Promise<number> = main(['--version']);\nvoid paths; void profile; void exit;\n",
    );
    const tsc = join(REPO_DIR, 'node_modules/typescript/bin/tsc');
    const types = await spawnIn(app, process.execPath, [tsc, '--noEmit', '--strict', '--module', 'nodenext', '--target', 'es2022', '--typeRoots', join(REPO_DIR, 'node_modules/@types'), '--types', 'node', 'check.mts'], '');
    expect(types).toEqual({ code: 0, stdout: '', stderr: '' });
  });
});

describe('the packed @hookwire/opencode, which depends on hookwire', () => {
  it('loads the config through the bundled hookwire library and denies a bash call', { timeout: 300_000 }, async () => {
    const app = await installOnly('@hookwire/opencode');
    expect(JSON.parse(await readFile(join(app, 'node_modules/hookwire/package.json'), 'utf8'))).not.toHaveProperty('dependencies');
    await writeFile(join(app, '.hookwire.json'), JSON.stringify({ hooks: [{ id: 'deny', event: 'PreToolUse', matcher: 'Bash', type: 'command', command: `grep -q 'rm -rf' && { echo "NO RM" >&2; exit 2; } || exit 0` }] }));
    const plugin = `import { HookwirePlugin } from '@hookwire/opencode';
      const hooks = await HookwirePlugin({ client: { app: { log: async ({ body }) => process.stderr.write(body.message + '\\n') } }, directory: process.cwd() });
      const denied = await hooks['tool.execute.before']({ tool: 'bash', sessionID: 's', callID: 'c1' }, { args: { command: 'rm -rf /' } }).then(() => 'allowed', (error) => error.message);
      const allowed = await hooks['tool.execute.before']({ tool: 'bash', sessionID: 's', callID: 'c2' }, { args: { command: 'ls' } }).then(() => 'allowed', (error) => error.message);
      process.stdout.write(JSON.stringify({ denied, allowed }));`;
    const ran = await spawnIn(app, process.execPath, ['--input-type=module', '-e', plugin], '');
    // The plugin's log: the config it found, through hookwire's locateConfig.
    expect(ran).toMatchObject({ code: 0, stderr: `guarding this session with ${join(app, '.hookwire.json')}\n` });
    expect(JSON.parse(ran.stdout)).toEqual({ denied: 'NO RM', allowed: 'allowed' });
  });
});

describe('the packed @hookwire/stdio-server, installed alone', () => {
  it('serves the sidecar and nothing else: no CLI, no HTTP server in its tree', { timeout: 300_000 }, async () => {
    const app = await installOnly('@hookwire/stdio-server');
    await writeFile(
      join(app, 'hookwire.json'),
      JSON.stringify({ hooks: [{ id: 'guard', event: 'PreToolUse', matcher: 'Bash', type: 'command', command: "echo 'no rm -rf' >&2; exit 2" }] }),
    );
    const lines = [
      { op: 'ping' },
      { op: 'dispatch', event: 'PreToolUse', payload: { tool_name: 'Bash', tool_input: { command: 'rm -rf /' } } },
      { op: 'bye' },
    ]
      .map((line) => `${JSON.stringify(line)}\n`)
      .join('');
    const bin = join(app, 'node_modules', '.bin', 'hookwire-stdio-server');
    for (const args of [['listen', '--config', 'hookwire.json'], ['--config', 'hookwire.json']]) {
      const sidecar = await spawnIn(app, bin, args, lines);
      expect(sidecar.code).toBe(0);
      const [pong, answer, bye] = sidecar.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(pong).toEqual({ ok: true, pong: true, version: expect.any(String), protocol: 1 });
      expect(answer).toMatchObject({ ok: true, canonical: 'tool:before', outcome: { decision: 'deny', reason: 'no rm -rf' }, runs: [{ hook: 'guard', exitCode: 2 }] });
      expect(bye).toEqual({ ok: true });
      expect(sidecar.stderr).toBe('');
    }
    // The seed's command line, the library entry started directly.
    const seed = await spawnIn(app, process.execPath, [join(app, 'node_modules/@hookwire/stdio-server/lib/index.js'), 'listen', '--config', 'hookwire.json'], lines);
    expect(seed).toMatchObject({ code: 0, stderr: '' });
    expect(seed.stdout.trimEnd().split('\n')).toHaveLength(3);

    // Nothing else: another command is a usage error naming this package's one job.
    const init = await spawnIn(app, bin, ['init'], '');
    expect(init.code).toBe(2);
    expect(init.stderr).toMatch(/^hookwire-stdio-server: unexpected argument "init" \(this package serves listen only; the hookwire package has the other commands\)/);
    expect(existsSync(join(app, 'node_modules', '.bin', 'hookwire'))).toBe(false);
    // npm installs flat: every package of the tree is a folder of node_modules.
    for (const absent of ['@hookwire/http-server', 'hookwire', 'jsonc-parser']) expect(existsSync(join(app, 'node_modules', absent)), absent).toBe(false);
    expect(existsSync(join(app, 'node_modules', '@hookwire', 'session'))).toBe(true);
  });
});
