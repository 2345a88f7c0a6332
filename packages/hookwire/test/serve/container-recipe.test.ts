import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { removeTempDirs, tempDir } from '@hookwire/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { killServes, post, refusedServe, request, startServe } from './serve-process.js';

const DOCKERFILE = fileURLToPath(new URL('../../../../examples/serve/Dockerfile', import.meta.url));
/** What `npm install hookwire` puts on PATH as `hookwire`: the hookwire package's declared bin. */
const HOOKWIRE_PACKAGE = fileURLToPath(new URL('../../../hookwire/', import.meta.url));
const PACKAGE_BIN = join(HOOKWIRE_PACKAGE, (JSON.parse(readFileSync(join(HOOKWIRE_PACKAGE, 'package.json'), 'utf8')) as { bin: { hookwire: string } }).bin.hookwire);

afterEach(async () => {
  await killServes();
  await removeTempDirs();
});

/** The Dockerfile's instructions, continuation lines joined; exec-form arguments parsed as the JSON arrays they are. */
function readDockerfile(): { instruction: string; args: string }[] {
  return readFileSync(DOCKERFILE, 'utf8')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.trimStart().startsWith('#'))
    .map((line) => {
      const match = /^\s*([A-Z]+)\s+(.*)$/.exec(line);
      if (!match) throw new Error(`not a Dockerfile instruction: ${line}`);
      return { instruction: match[1]!, args: match[2]! };
    });
}

function execForm(args: string): string[] {
  const parsed = JSON.parse(args) as unknown;
  if (!Array.isArray(parsed) || !parsed.every((arg) => typeof arg === 'string')) throw new Error(`not an exec-form array: ${args}`);
  return parsed;
}

function runNode(args: string[]): Promise<number | null> {
  const child = spawn(process.execPath, args, { stdio: 'ignore' });
  return new Promise((resolve) => child.on('exit', resolve));
}

// The image is never built here (no Docker engine): what is tested is that its command line is one
// the real executable accepts and serves with, and that its health check reads that server.
describe('examples/serve/Dockerfile (the container recipe; the image itself is untested)', () => {
  it('its CMD starts hookwire serve as the image would, healthy on /healthz and requiring the token elsewhere; refused without the token', async () => {
    const instructions = readDockerfile();
    const only = (name: string) => {
      const found = instructions.filter((i) => i.instruction === name);
      expect(found, name).toHaveLength(1);
      return found[0]!.args;
    };
    expect(only('FROM')).toMatch(/^node:20-slim$/);
    expect(only('USER')).not.toBe('root');
    const cmd = execForm(only('CMD'));
    expect(cmd.slice(0, 2)).toEqual(['hookwire', 'serve']);
    const flag = (name: string) => cmd[cmd.indexOf(name) + 1];
    expect(flag('--host')).toBe('0.0.0.0');
    expect(only('EXPOSE')).toBe(flag('--port'));
    const tokenVar = flag('--token-env')!;
    expect(tokenVar).toMatch(/^[A-Z_]+$/);
    // The image's WORKDIR holds the COPYed hookwire.json: here, a temporary folder does.
    expect(only('COPY')).toMatch(new RegExp(`\\s${flag('--config')}\\s`));
    const workdir = await tempDir('hookwire-container-');
    await writeFile(join(workdir, flag('--config')!), JSON.stringify({ hooks: [{ event: 'PreToolUse', matcher: 'Bash', type: 'command', command: `cat >/dev/null; echo '{"decision":"block","reason":"from the container config"}'` }] }));
    // The same argv, but port 0 for a free port (a test cannot count on 8787 being free).
    const args = cmd.slice(2).map((arg, i, all) => (all[i - 1] === '--port' ? '0' : arg));
    const token = 'container-recipe-token-42';
    const server = await startServe(args, { PATH: process.env.PATH, [tokenVar]: token }, { cwd: workdir, bin: PACKAGE_BIN });
    const port = new URL(server.url).port;
    expect(server.url).toBe(`http://0.0.0.0:${port}`);
    const local = `http://127.0.0.1:${port}`;
    expect((await request(`${local}/healthz`)).json()).toMatchObject({ ok: true });
    // The HEALTHCHECK's own command, pointed at this port.
    const healthcheck = execForm(only('HEALTHCHECK').replace(/^(--[a-z-]+=\S+\s+)*CMD\s+/, ''));
    expect(healthcheck[0]).toBe('node');
    const probe = healthcheck.slice(1).map((arg) => arg.replace(`127.0.0.1:${flag('--port')}`, `127.0.0.1:${port}`));
    expect(await runNode(probe)).toBe(0);
    const payload = { session_id: 's', cwd: workdir, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'ls' } };
    expect((await post(`${local}/hooks/claude`, payload)).status).toBe(401);
    const answered = await post(`${local}/hooks/claude`, payload, { authorization: `Bearer ${token}` });
    expect(answered.status).toBe(200);
    expect(JSON.parse(answered.text)).toMatchObject({ hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: 'from the container config' } });
    expect(await server.stop()).toEqual({ code: 0, signal: null });
    // Once the server is gone, the health check says so.
    expect(await runNode(probe)).toBe(1);
    // Started without the token (`docker run` without -e), the CMD refuses to listen on 0.0.0.0.
    const refused = await refusedServe(args, { PATH: process.env.PATH }, { cwd: workdir, bin: PACKAGE_BIN });
    expect(refused.code).not.toBe(0);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toMatch(new RegExp(tokenVar));
  });
});
