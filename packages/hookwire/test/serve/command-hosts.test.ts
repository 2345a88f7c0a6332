import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { answer, project, removeProjects } from '../bridge-project.js';
import { killServes, startServe } from './serve-process.js';

const POST_HOOK = fileURLToPath(new URL('../../../../examples/serve/hookwire-post.sh', import.meta.url));

afterEach(async () => {
  await killServes();
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

  it('examples/serve/hookwire-post.sh: answers through serve with the bearer token; exit 2 when down or refused, 1 with HOOKWIRE_FAIL_OPEN', async () => {
    const { config } = await project({ hooks: [answer('PreToolUse', 2, '', 'no rm -rf', { matcher: 'Bash' })] });
    const token = 'command-host-token-55';
    const server = await startServe(['--config', config, '--token-env', 'HW_TOKEN'], { ...process.env, HW_TOKEN: token });
    const hook = `sh ${POST_HOOK} claude`;
    expect(await runHookCommand(hook, payload, { HOOKWIRE_SERVE_URL: server.url, HOOKWIRE_TOKEN: token })).toEqual({ code: 0, stdout: DENY, stderr: '' });
    const unauthorized = await runHookCommand(hook, payload, { HOOKWIRE_SERVE_URL: server.url, HOOKWIRE_TOKEN: 'wrong' });
    expect(unauthorized).toMatchObject({ code: 2, stdout: '' });
    expect(unauthorized.stderr).toMatch(/401[\s\S]*hookwire serve unreachable or failing at http:\/\/127\.0\.0\.1:\d+\/hooks\/claude \(curl exit 22\)/);
    const down = `http://127.0.0.1:${await closedPort()}`;
    expect(await runHookCommand(hook, payload, { HOOKWIRE_SERVE_URL: down })).toMatchObject({ code: 2, stdout: '', stderr: expect.stringMatching(/\(curl exit 7\)\n$/) });
    expect(await runHookCommand(hook, payload, { HOOKWIRE_SERVE_URL: down, HOOKWIRE_FAIL_OPEN: '1' })).toMatchObject({ code: 1, stdout: '' });
    const quiet = `${JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Read', tool_input: {} })}\n`;
    expect(await runHookCommand(hook, quiet, { HOOKWIRE_SERVE_URL: server.url, HOOKWIRE_TOKEN: token })).toEqual({ code: 0, stdout: '', stderr: '' });
  });
});
