import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { closeTestServers, startTestServer } from '@hookwire/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { answer, project, removeProjects } from '../bridge-project.js';
import { killServes, startServe } from './serve-process.js';

const PACKAGE = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { bin: Record<string, string>; files: string[] };
/** The script as the package ships it: its `hookwire-post` bin. */
const POST_HOOK = fileURLToPath(new URL(`../../${PACKAGE.bin['hookwire-post']}`, import.meta.url));

afterEach(async () => {
  await killServes();
  await closeTestServers();
  await removeProjects();
});

/** Runs a hook command as a command-only host does: `sh -c COMMAND`, the payload on stdin. */
function runHookCommand(commandLine: string, stdin: string, env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn('/bin/sh', ['-c', commandLine], { env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  child.stdin.end(stdin);
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

/** A port nothing listens on (bound, then closed). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const payload = `${JSON.stringify({ session_id: 's', cwd: '/tmp', hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'rm -rf /' } })}\n`;
const DENY = '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no rm -rf"}}\n';

// These tests run the real curl, as a host's hook command would. A machine without it (a slim
// container image) cannot run them: say so instead of failing on exit 127.
const CURL = spawnSync('curl', ['--version'], { encoding: 'utf8' });
const HAS_CURL = CURL.status === 0;
if (!HAS_CURL) console.warn(`command-hosts.test.ts: skipped: no curl on PATH (${CURL.error?.message ?? `curl --version exited ${CURL.status}`}); docs/serve.md's curl hook is untested here`);

describe.skipIf(!HAS_CURL)('command-only hosts: curl posting stdin to hookwire serve', () => {
  it('the one-line curl hook prints serve\'s answer; plain curl fails open when serve is down, the || guard fails closed', async () => {
    const { config } = await project({ hooks: [answer('PreToolUse', 2, '', 'no rm -rf', { matcher: 'Bash' })] });
    const server = await startServe(['--config', config]);
    const oneLine = (url: string) => `curl -fsS --max-time 30 -H 'content-type: application/json' --data-binary @- ${url}/hooks/claude || { echo "hookwire serve unreachable" >&2; exit 2; }`;
    expect(await runHookCommand(oneLine(server.url), payload, {})).toEqual({ code: 0, stdout: DENY, stderr: '' });
    const down = `http://127.0.0.1:${await closedPort()}`;
    const open = await runHookCommand(`curl -sS --data-binary @- ${down}/hooks/claude`, payload, {});
    // curl's own exit 7 (could not connect): a non-blocking error for the host, the action proceeds.
    expect(open).toMatchObject({ code: 7, stdout: '' });
    expect(open.stderr).toMatch(/Failed to connect|Couldn't connect/);
    const closed = await runHookCommand(oneLine(down), payload, {});
    expect(closed).toMatchObject({ code: 2, stdout: '' });
    expect(closed.stderr).toMatch(/hookwire serve unreachable\n$/);
  });

  it('the package ships hookwire-post as a bin, and lists it in `files`', () => {
    expect(PACKAGE.bin['hookwire-post']).toBe('./scripts/hookwire-post.sh');
    expect(PACKAGE.files).toContain('scripts/hookwire-post.sh');
    expect(readFileSync(POST_HOOK, 'utf8')).toMatch(/^#!\/bin\/sh\n/);
  });

  it('hookwire-post: a 200 answer is printed as it is, deny or nothing to say, with the bearer token', async () => {
    const { config } = await project({ hooks: [answer('PreToolUse', 2, '', 'no rm -rf', { matcher: 'Bash' })] });
    const token = 'command-host-token-55';
    const server = await startServe(['--config', config, '--token-env', 'HW_TOKEN'], { ...process.env, HW_TOKEN: token });
    const env = { HOOKWIRE_SERVE_URL: server.url, HOOKWIRE_TOKEN: token };
    expect(await runHookCommand(POST_HOOK, payload, env)).toEqual({ code: 0, stdout: DENY, stderr: '' });
    expect(await runHookCommand(`sh ${POST_HOOK} claude`, payload, env)).toEqual({ code: 0, stdout: DENY, stderr: '' });
    const quiet = `${JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Read', tool_input: {} })}\n`;
    expect(await runHookCommand(POST_HOOK, quiet, env)).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('hookwire-post: a request serve refuses (4xx) blocks with the server\'s reason on stderr, HOOKWIRE_FAIL_OPEN or not', async () => {
    const { config } = await project({ hooks: [answer('PreToolUse', 2, '', 'no rm -rf', { matcher: 'Bash' })] });
    const server = await startServe(['--config', config, '--token-env', 'HW_TOKEN'], { ...process.env, HW_TOKEN: 'right' });
    const url = `${server.url}/hooks/claude`;
    for (const failOpen of [{}, { HOOKWIRE_FAIL_OPEN: '1' }] as Record<string, string>[]) {
      const bad = await runHookCommand(POST_HOOK, '{"hook_event_name": ', { HOOKWIRE_SERVE_URL: server.url, HOOKWIRE_TOKEN: 'right', ...failOpen });
      expect(bad).toMatchObject({ code: 2, stdout: '' });
      expect(bad.stderr).toMatch(new RegExp(`^hookwire-post: hookwire serve refused the request to ${url} \\(HTTP 400\\): \\{"ok":false,"error":"[^"]*JSON[^"]*"\\}\n$`));
      const wrongToken = await runHookCommand(POST_HOOK, payload, { HOOKWIRE_SERVE_URL: server.url, HOOKWIRE_TOKEN: 'wrong', ...failOpen });
      expect(wrongToken).toEqual({ code: 2, stdout: '', stderr: `hookwire-post: hookwire serve refused the request to ${url} (HTTP 401): {"ok":false,"error":"missing or wrong bearer token (Authorization: Bearer <token>)"}\n` });
    }
    const noDialect = await runHookCommand(`${POST_HOOK} klaude`, payload, { HOOKWIRE_SERVE_URL: server.url, HOOKWIRE_TOKEN: 'right' });
    expect(noDialect).toMatchObject({ code: 2, stdout: '' });
    expect(noDialect.stderr).toContain('(HTTP 404): {"ok":false,"error":"no hook dialect \\"klaude\\" here');
  });

  it('hookwire-post: serve down or failing (5xx) blocks with a message; HOOKWIRE_FAIL_OPEN=1 makes it a non-blocking exit 1', async () => {
    const down = `http://127.0.0.1:${await closedPort()}`;
    const closed = await runHookCommand(POST_HOOK, payload, { HOOKWIRE_SERVE_URL: down });
    expect(closed).toMatchObject({ code: 2, stdout: '' });
    expect(closed.stderr).toMatch(/^curl: \(7\) .*\n/);
    expect(closed.stderr).toMatch(new RegExp(`hookwire-post: hookwire serve unreachable or too slow at ${down}/hooks/claude \\(curl exit 7\\)\n$`));
    expect(await runHookCommand(POST_HOOK, payload, { HOOKWIRE_SERVE_URL: down, HOOKWIRE_FAIL_OPEN: '1' })).toMatchObject({ code: 1, stdout: '' });
    const failing = await startTestServer((_request, response) => {
      response.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1' });
      response.end('{"ok":false,"error":"hookwire serve is shutting down"}');
    });
    const base = `http://127.0.0.1:${failing.port}`;
    const draining = `hookwire-post: hookwire serve failed at ${base}/hooks/claude (HTTP 503): {"ok":false,"error":"hookwire serve is shutting down"}\n`;
    expect(await runHookCommand(POST_HOOK, payload, { HOOKWIRE_SERVE_URL: base })).toEqual({ code: 2, stdout: '', stderr: draining });
    expect(await runHookCommand(POST_HOOK, payload, { HOOKWIRE_SERVE_URL: base, HOOKWIRE_FAIL_OPEN: '1' })).toEqual({ code: 1, stdout: '', stderr: draining });
  });
});
