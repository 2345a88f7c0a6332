import { execFile, spawn } from 'node:child_process';
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { removeTempDirs, tempDir as makeTempDir } from '@hookwire/test-utils';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const packagesDir = fileURLToPath(new URL('../..', import.meta.url));
afterAll(removeTempDirs);

/** Packs a workspace package as pnpm publishes it (workspace:* becomes the real version). */
async function pack(name: string, into: string): Promise<string> {
  const before = new Set(await readdir(into));
  await run('npx', ['-y', 'pnpm@12.4.2', 'pack', '--pack-destination', into], { cwd: join(packagesDir, name), timeout: 60_000 });
  const made = (await readdir(into)).filter((file) => !before.has(file) && file.endsWith('.tgz'));
  expect(made).toHaveLength(1);
  return join(into, made[0]!);
}

describe('the packed @hookwire/stdio-server', () => {
  it('installs with its dependencies in an empty directory and serves the sidecar', { timeout: 240_000 }, async () => {
    const packDir = await makeTempDir('hookwire-stdio-pack-');
    const names = ['fold', 'contract', 'http-post', 'exec-shell', 'exec-http', 'exec-oracle', 'runtime', 'stdio-server'];
    const tarballs: Record<string, string> = {};
    for (const name of names) tarballs[`@hookwire/${name}`] = `file:${await pack(name, packDir)}`;
    // The bin is the bundle (scripts/bundle-bin.mjs) with its code cache; the library stays in lib/.
    const listing = (await run('tar', ['-tzf', tarballs['@hookwire/stdio-server']!.slice('file:'.length)])).stdout.split('\n');
    expect(listing).toEqual(expect.arrayContaining(['package/dist/hookwire.cjs', 'package/dist/cli.cjs', 'package/dist/http-post.cjs', 'package/lib/index.js', 'package/lib/bin.js']));
    expect(listing.filter((file) => /^package\/dist\/cli\.[0-9a-f]{16}\.cache$/.test(file))).toHaveLength(1);

    // The @hookwire packages come from their tarballs (they are not on a registry here); the
    // third-party dependencies they declare come from the npm registry, as for any user.
    const app = await makeTempDir('hookwire-stdio-app-');
    await writeFile(
      join(app, 'package.json'),
      JSON.stringify({ name: 'app', private: true, dependencies: { '@hookwire/stdio-server': tarballs['@hookwire/stdio-server'] }, overrides: tarballs }),
    );
    await run('npm', ['install', '--no-audit', '--no-fund'], { cwd: app, timeout: 180_000 });
    await writeFile(
      join(app, 'hookwire.json'),
      JSON.stringify({ hooks: [{ id: 'guard', event: 'PreToolUse', matcher: 'Bash', type: 'command', command: "echo 'no rm -rf' >&2; exit 2" }] }),
    );

    const child = spawn(join(app, 'node_modules', '.bin', 'hookwire'), ['listen', '--config', 'hookwire.json'], { cwd: app, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    child.stdin.end(
      [
        { op: 'ping' },
        { op: 'dispatch', event: 'PreToolUse', payload: { tool_name: 'Bash', tool_input: { command: 'rm -rf /' } } },
        { op: 'bye' },
      ]
        .map((line) => `${JSON.stringify(line)}\n`)
        .join(''),
    );
    expect(await exited).toBe(0);
    const [pong, answer, bye] = stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(pong).toEqual({ ok: true, pong: true, version: expect.any(String), protocol: 1 });
    expect(answer).toMatchObject({ ok: true, canonical: 'tool:before', outcome: { decision: 'deny', reason: 'no rm -rf' }, runs: [{ hook: 'guard', exitCode: 2 }] });
    expect(bye).toEqual({ ok: true });
    expect(stderr).toBe('');
  });
});
