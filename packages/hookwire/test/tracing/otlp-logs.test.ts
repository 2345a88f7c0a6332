import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { killServes, post, startServe } from '../serve/serve-process.js';
import { cleanupSidecars, runHookwire, tempDir, writeConfig } from '../sidecar.js';
import { closeTestServers, reply, startOtlpReceiver, startTestServer } from '@hookwire/test-utils';

// Issue 24.5: every decision record leaves the machine as an OpenTelemetry log over OTLP, from the
// same record the --log file gets (secrets redacted before either), when the OTEL_* environment asks.

const receivers: { close(): Promise<void> }[] = [];

afterEach(async () => {
  await killServes();
  await cleanupSidecars();
  for (const receiver of receivers.splice(0)) await receiver.close();
  await closeTestServers();
});

async function receiver() {
  const started = await startOtlpReceiver();
  receivers.push(started);
  return started;
}

function otelEnv(url: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) if (!name.startsWith('OTEL_') && !name.startsWith('HOOKWIRE_')) env[name] = value;
  return { ...env, OTEL_EXPORTER_OTLP_ENDPOINT: url, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', ...extra };
}

const SECRET = `s3cr3t-${randomBytes(12).toString('hex')}`;

/** A webhook guard whose server echoes the token it was sent in its reason (a secret hookwire must redact), and a hook that allows. */
async function guardedConfig(dir: string): Promise<string> {
  const webhook = await startTestServer((request, response) => {
    reply(response, 200, JSON.stringify({ decision: 'block', reason: `denied, token ${String(request.headers.authorization).replace(/^Bearer /, '')}` }));
  });
  return writeConfig(dir, {
    hooks: [
      { id: 'guard', event: 'PreToolUse', matcher: 'Bash', type: 'http', url: webhook.url, headers: { Authorization: 'Bearer $HW_SECRET' }, allowedEnvVars: ['HW_SECRET'] },
      { id: 'fine', event: 'PreToolUse', matcher: 'Read', type: 'command', command: 'exit 0' },
    ],
  });
}

function payload(dir: string, tool: string, input: Record<string, unknown>) {
  return { hook_event_name: 'PreToolUse', session_id: 's', cwd: dir, tool_name: tool, tool_input: input };
}

describe('decision records as OTLP logs', () => {
  it('the one-shot bridge exports its decision: who decided, why, redacted, the payload only when asked, the same record as --log', async () => {
    const otlp = await receiver();
    const dir = await tempDir();
    const config = await guardedConfig(dir);
    const log = join(dir, 'audit.jsonl');
    const input = JSON.stringify(payload(dir, 'Bash', { command: `curl -H "x: ${SECRET}" https://example.com` }));
    const denied = await runHookwire(['run', '--config', config, '--log', log], { input, cwd: dir, env: otelEnv(otlp.url, { HW_SECRET: SECRET }) });
    expect(denied.code).toBe(0);
    expect(JSON.parse(denied.stdout)).toMatchObject({ hookSpecificOutput: { permissionDecision: 'deny' } });
    const records = otlp.logs();
    expect(records).toHaveLength(1);
    const record = records[0]!;
    expect(record).toMatchObject({ eventName: 'hookwire.decision', severityText: 'WARN' });
    expect(record.resource['service.name']).toBe('hookwire');
    expect(record.attributes).toMatchObject({
      'hookwire.event': 'PreToolUse',
      'hookwire.canonical_event': 'tool:before',
      'hookwire.dialect': 'claude',
      'hookwire.decision': 'deny',
      'hookwire.decided_by': ['guard'],
      'hookwire.hooks': ['guard'],
      'hookwire.subject': 'Bash',
    });
    const body = record.body as Record<string, unknown>;
    expect(body).not.toHaveProperty('payload');
    // The body is the audit line, less the payload it leaves out by default (and the file's own chain, if any).
    const line = JSON.parse((await readFile(log, 'utf8')).trim()) as Record<string, unknown>;
    expect(body.runs).toEqual(line.runs);
    expect(body.outcome).toEqual(line.outcome);
    expect(JSON.stringify(body)).toContain('[redacted]');
    for (const request of otlp.requests) expect(request.body.toString('utf8')).not.toContain(SECRET);

    const withPayloads = await receiver();
    await runHookwire(['run', '--config', config], { input, cwd: dir, env: otelEnv(withPayloads.url, { HW_SECRET: SECRET, HOOKWIRE_OTLP_LOG_PAYLOADS: 'true' }) });
    const [full] = withPayloads.logs();
    expect((full!.body as { payload: { tool_input: { command: string } } }).payload.tool_input.command).toBe('curl -H "x: [redacted]" https://example.com');
    for (const request of withPayloads.requests) expect(request.body.toString('utf8')).not.toContain(SECRET);
  });

  it('serve exports one record per dispatch; OTEL_LOGS_EXPORTER=none keeps the traces and drops the logs', async () => {
    const otlp = await receiver();
    const dir = await tempDir();
    const config = await guardedConfig(dir);
    const server = await startServe(['--config', config], otelEnv(otlp.url, { HW_SECRET: SECRET }));
    expect((await post(`${server.url}/hooks/claude`, payload(dir, 'Bash', { command: 'ls' }))).status).toBe(200);
    expect((await post(`${server.url}/hooks/claude`, payload(dir, 'Read', { file_path: join(dir, 'a') }))).status).toBe(200);
    expect(await server.stop()).toEqual({ code: 0, signal: null });
    const records = otlp.logs();
    expect(records.map((r) => [r.attributes['hookwire.subject'], r.attributes['hookwire.decision'], r.severityText])).toEqual([
      ['Bash', 'deny', 'WARN'],
      ['Read', 'none', 'INFO'],
    ]);

    const tracesOnly = await receiver();
    const quiet = await startServe(['--config', config], otelEnv(tracesOnly.url, { HW_SECRET: SECRET, OTEL_LOGS_EXPORTER: 'none' }));
    expect((await post(`${quiet.url}/hooks/claude`, payload(dir, 'Bash', { command: 'ls' }))).status).toBe(200);
    await quiet.stop();
    expect(tracesOnly.logs()).toEqual([]);
    expect(tracesOnly.spans().length).toBeGreaterThan(0);
  });
});
