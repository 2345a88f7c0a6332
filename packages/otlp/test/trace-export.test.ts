import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createRuntime, silentLogger, type Logger } from '@hookwire/runtime';
import { removeTempDirs, startOtlpReceiver, tempDir } from '@hookwire/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { startTraceExport, wantsTraceExport } from '../src/index.js';

afterEach(removeTempDirs);

describe('wantsTraceExport', () => {
  const cases: [string, Record<string, string>, boolean][] = [
    ['nothing set', {}, false],
    ['an OTLP endpoint', { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' }, true],
    ['a traces endpoint', { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://127.0.0.1:4318/v1/traces' }, true],
    ['a blank endpoint', { OTEL_EXPORTER_OTLP_ENDPOINT: '  ' }, false],
    ['the otlp exporter named', { OTEL_TRACES_EXPORTER: 'console, OTLP' }, true],
    ['exporter none wins over an endpoint', { OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://x' }, false],
    ['the SDK disabled wins over an endpoint', { OTEL_SDK_DISABLED: ' TRUE ', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://x' }, false],
    ['another exporter only', { OTEL_TRACES_EXPORTER: 'console' }, false],
  ];
  it.each(cases)('%s', (_name, env, expected) => {
    expect(wantsTraceExport(env)).toBe(expected);
  });
});

describe('startTraceExport', () => {
  it('loads nothing and returns nothing when the environment does not ask', async () => {
    expect(await startTraceExport({ env: {}, logger: silentLogger, flushTimeoutMs: 100, serviceVersion: '9.9.9' })).toBeUndefined();
  });

  it("exports a dispatch's spans over OTLP/HTTP JSON to a real receiver, with the service version given", async () => {
    const receiver = await startOtlpReceiver();
    try {
      const dir = await tempDir('hookwire-otlp-');
      const configPath = join(dir, 'hookwire.json');
      await writeFile(configPath, JSON.stringify({ hooks: [{ id: 'guard', event: 'PreToolUse', matcher: 'Bash', type: 'command', command: 'exit 2' }] }));
      const warnings: string[] = [];
      const logger: Logger = { ...silentLogger, warn: (message: string) => void warnings.push(message) };
      const runtime = await createRuntime({ configPath, logger: silentLogger });
      // The exporter reads its endpoint from the process's environment, as the OpenTelemetry SDK does.
      const env = { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' };
      Object.assign(process.env, env);
      const stop = await startTraceExport({
        env,
        logger,
        runtime,
        flushTimeoutMs: 5_000,
        serviceVersion: '9.9.9',
      });
      expect(stop).toBeTypeOf('function');
      await runtime.dispatch('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'rm -rf /' } });
      await stop!();
      await runtime.close();
      const spans = receiver.spans();
      const root = spans.find((span) => span.name === 'hookwire.dispatch tool:before');
      expect(root?.resource).toMatchObject({ 'service.name': 'hookwire', 'service.version': '9.9.9' });
      expect(root?.attributes).toMatchObject({ 'hookwire.decision': 'deny', 'hookwire.hooks': ['guard'] });
      expect(spans.filter((span) => span.parentSpanId === root?.spanId).map((span) => span.attributes['hookwire.hook'])).toEqual(['guard']);
      expect(warnings).toEqual([]);
    } finally {
      delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
      delete process.env.OTEL_EXPORTER_OTLP_PROTOCOL;
      await receiver.close();
    }
  });
});
