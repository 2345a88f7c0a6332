import { afterEach, describe, expect, it } from 'vitest';
import { killServes, post, startServe } from '../serve/serve-process.js';
import { cleanupSidecars, runHookwire, tempDir, writeConfig } from '../sidecar.js';
import { startOtlpReceiver, type ReceivedSpan } from '@hookwire/test-utils';

const receivers: { close(): Promise<void> }[] = [];

afterEach(async () => {
  await killServes();
  await cleanupSidecars();
  for (const receiver of receivers.splice(0)) await receiver.close();
});

const HOOKS = [
  { id: 'guard', event: 'PreToolUse', matcher: 'Bash', type: 'command', command: "echo 'no rm -rf' >&2; exit 2" },
  { id: 'shadow', event: 'PreToolUse', matcher: 'Bash', type: 'command', mode: 'observe', command: 'exit 0' },
  { id: 'slow', event: 'PreToolUse', matcher: 'Bash', type: 'command', timeout: 0.2, command: 'sleep 5' },
];
const PAYLOAD = { hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'rm -rf /' } };
const TRACE_ID = '0af7651916cd43dd8448eb211c80319c';
const PARENT_ID = 'b7ad6b7169203331';
const TRACEPARENT = `00-${TRACE_ID}-${PARENT_ID}-01`;

/** The environment that tells hookwire to export OTLP/HTTP JSON to `url`, without the test runner's own OTEL_* settings. */
function otelEnv(url: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) if (!name.startsWith('OTEL_') && name !== 'HOOKWIRE_BRIDGE_DEPTH') env[name] = value;
  return { ...env, OTEL_EXPORTER_OTLP_ENDPOINT: url, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', OTEL_SERVICE_NAME: 'hookwire-under-test', ...extra };
}

async function receiver() {
  const started = await startOtlpReceiver();
  receivers.push(started);
  return started;
}

/** The dispatch span of the given trace and its children, in start order. */
function dispatchOf(spans: ReceivedSpan[], traceId: string): { root: ReceivedSpan; children: ReceivedSpan[] } {
  const roots = spans.filter((span) => span.traceId === traceId && span.name === 'hookwire.dispatch tool:before');
  expect(roots).toHaveLength(1);
  const root = roots[0]!;
  return { root, children: spans.filter((span) => span.parentSpanId === root.spanId) };
}

/** What the issue asks every trace to show: the dispatch with event, subject and decision, a child per hook with its id, kind, decision, failure class and exit code. */
function expectTheDispatch(spans: ReceivedSpan[], traceId: string, parentSpanId: string): void {
  const { root, children } = dispatchOf(spans, traceId);
  expect(root.parentSpanId).toBe(parentSpanId);
  expect(root.resource['service.name']).toBe('hookwire-under-test');
  expect(root.attributes).toMatchObject({ 'hookwire.event': 'PreToolUse', 'hookwire.canonical': 'tool:before', 'hookwire.subject': 'Bash', 'hookwire.decision': 'deny', 'hookwire.hooks': ['guard', 'shadow', 'slow'] });
  const byHook = Object.fromEntries(children.map((span) => [span.attributes['hookwire.hook'], span]));
  expect(Object.keys(byHook).sort()).toEqual(['guard', 'shadow', 'slow']);
  for (const span of children) expect(span.traceId).toBe(traceId);
  expect(byHook.guard!.attributes).toMatchObject({ 'hookwire.kind': 'shell', 'hookwire.mode': 'enforce', 'hookwire.decision': 'deny', 'hookwire.exit_code': 2, 'hookwire.subject': 'Bash' });
  expect(byHook.guard!.attributes).not.toHaveProperty('hookwire.failure');
  expect(byHook.shadow!.attributes).toMatchObject({ 'hookwire.kind': 'shell', 'hookwire.mode': 'observe', 'hookwire.decision': 'none', 'hookwire.exit_code': 0 });
  expect(byHook.slow!.attributes).toMatchObject({ 'hookwire.kind': 'shell', 'hookwire.decision': 'none', 'hookwire.failure': 'timeout' });
  expect(byHook.slow!.status?.code).toBe(2);
}

describe('hookwire serve exports OTLP when the OTEL_* environment says so', () => {
  it('continues the traceparent header on /hooks/claude and on /v1/dispatch: a dispatch span with a child per hook', async () => {
    const otlp = await receiver();
    const dir = await tempDir();
    const config = await writeConfig(dir, { hooks: HOOKS });
    const server = await startServe(['--config', config], otelEnv(otlp.url));
    const hooks = await post(`${server.url}/hooks/claude`, { ...PAYLOAD, cwd: dir }, { traceparent: TRACEPARENT });
    expect(hooks.status).toBe(200);
    const otherTrace = '4bf92f3577b34da6a3ce929d0e0e4736';
    const otherParent = '00f067aa0ba902b7';
    const dispatched = await post(`${server.url}/v1/dispatch`, { event: 'PreToolUse', payload: { ...PAYLOAD, cwd: dir } }, { traceparent: `00-${otherTrace}-${otherParent}-01` });
    expect(dispatched.status).toBe(200);
    expect(await server.stop()).toEqual({ code: 0, signal: null });
    expect(otlp.requests.every((request) => request.contentType === 'application/json')).toBe(true);
    const spans = otlp.spans();
    expectTheDispatch(spans, TRACE_ID, PARENT_ID);
    expectTheDispatch(spans, otherTrace, otherParent);
  });

  it('continues a traceparent the payload carries when no header does; a malformed header falls back to it', async () => {
    const otlp = await receiver();
    const dir = await tempDir();
    const config = await writeConfig(dir, { hooks: HOOKS });
    const server = await startServe(['--config', config], otelEnv(otlp.url));
    expect((await post(`${server.url}/v1/dispatch`, { event: 'PreToolUse', payload: { ...PAYLOAD, cwd: dir, traceparent: TRACEPARENT } })).status).toBe(200);
    const fromPayload = '5bf92f3577b34da6a3ce929d0e0e4736';
    const header = { traceparent: '00-not-a-trace-context-01' };
    expect((await post(`${server.url}/hooks/claude`, { ...PAYLOAD, cwd: dir, traceparent: `00-${fromPayload}-${PARENT_ID}-01` }, header)).status).toBe(200);
    await server.stop();
    expectTheDispatch(otlp.spans(), TRACE_ID, PARENT_ID);
    expectTheDispatch(otlp.spans(), fromPayload, PARENT_ID);
  });

  it('exports OTLP/HTTP protobuf by default (the specification default protocol), to the traces endpoint given', async () => {
    const otlp = await receiver();
    const dir = await tempDir();
    const config = await writeConfig(dir, { hooks: HOOKS });
    const env = otelEnv('unused', { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${otlp.url}/v1/traces` });
    delete env.OTEL_EXPORTER_OTLP_ENDPOINT;
    delete env.OTEL_EXPORTER_OTLP_PROTOCOL;
    const server = await startServe(['--config', config], env);
    expect((await post(`${server.url}/hooks/claude`, { ...PAYLOAD, cwd: dir }, { traceparent: TRACEPARENT })).status).toBe(200);
    await server.stop();
    expect(otlp.requests.length).toBeGreaterThan(0);
    expect(otlp.requests.map((request) => request.contentType)).toEqual(otlp.requests.map(() => 'application/x-protobuf'));
    // The trace id travels as its 16 raw bytes in the protobuf body, and the hook ids as strings.
    const body = Buffer.concat(otlp.requests.map((request) => request.body));
    expect(body.includes(Buffer.from(TRACE_ID, 'hex'))).toBe(true);
    expect(body.includes(Buffer.from(PARENT_ID, 'hex'))).toBe(true);
    for (const text of ['hookwire.dispatch tool:before', 'hookwire.hook guard', 'hookwire.hook shadow', 'hookwire.hook slow', 'hookwire-under-test']) expect(body.includes(Buffer.from(text)), text).toBe(true);
  });
});

describe('hookwire run exports OTLP when the OTEL_* environment says so', () => {
  it('exports the dispatch of one event, continuing the payload traceparent', async () => {
    const otlp = await receiver();
    const dir = await tempDir();
    const config = await writeConfig(dir, { hooks: HOOKS });
    const ran = await runHookwire(['run', '--config', config], { input: JSON.stringify({ ...PAYLOAD, cwd: dir, traceparent: TRACEPARENT }), env: otelEnv(otlp.url) });
    expect(ran.code).toBe(0);
    // The slow hook's timeout is logged; nothing about the export is.
    expect(ran.stderr).toMatch(/hook slow failed \(timeout\)/);
    expect(ran.stderr).not.toMatch(/OpenTelemetry|trace export/);
    expect(JSON.parse(ran.stdout)).toMatchObject({ hookSpecificOutput: { permissionDecision: 'deny' } });
    expectTheDispatch(otlp.spans(), TRACE_ID, PARENT_ID);
  });

  it('exports nothing without an endpoint, or under OTEL_TRACES_EXPORTER=none or OTEL_SDK_DISABLED=true, and answers the same', async () => {
    const otlp = await receiver();
    const dir = await tempDir();
    const config = await writeConfig(dir, { hooks: HOOKS });
    const input = JSON.stringify({ ...PAYLOAD, cwd: dir, traceparent: TRACEPARENT });
    const unset = otelEnv(otlp.url);
    delete unset.OTEL_EXPORTER_OTLP_ENDPOINT;
    const answers = [];
    // Decision logs are the other signal (otlp-logs.test.ts): switched off the same way, by their own variable.
    for (const env of [unset, otelEnv(otlp.url, { OTEL_TRACES_EXPORTER: 'none', OTEL_LOGS_EXPORTER: 'none' }), otelEnv(otlp.url, { OTEL_SDK_DISABLED: 'true' })]) {
      const ran = await runHookwire(['run', '--config', config], { input, env });
      expect(ran.code).toBe(0);
      expect(ran.stderr).not.toMatch(/OpenTelemetry|trace export/);
      answers.push(ran.stdout);
    }
    expect(new Set(answers).size).toBe(1);
    expect(otlp.requests).toEqual([]);
  });
});
