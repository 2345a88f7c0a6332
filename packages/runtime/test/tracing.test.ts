import { trace } from '@opentelemetry/api';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { enableTracing } from '../src/index.js';
import { cleanup, runtimeOf, say } from './helpers.js';

const exporter = new InMemorySpanExporter();
const stops: (() => void)[] = [];

beforeAll(() => {
  trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }));
});
afterEach(async () => {
  for (const stop of stops.splice(0)) stop();
  exporter.reset();
  await cleanup();
});
afterAll(() => trace.disable());

describe('enableTracing', () => {
  it('makes a span per dispatch with a child per hook, carrying event, subject, hook, kind, decision, failure and exit code', async () => {
    const runtime = await runtimeOf({
      hooks: [
        { id: 'guard', event: 'PreToolUse', type: 'command', command: say({ decision: 'block', reason: 'no' }) },
        { id: 'shadow', event: 'PreToolUse', type: 'command', mode: 'observe', command: 'exit 2' },
        { id: 'slow', event: 'PreToolUse', type: 'command', timeout: 0.2, command: 'sleep 5' },
      ],
    });
    stops.push(await enableTracing({ runtime }));
    await runtime.dispatch('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'ls' } });
    const spans = exporter.getFinishedSpans();
    const root = spans.find((span) => span.name === 'hookwire.dispatch tool:before')!;
    expect(root.attributes).toMatchObject({ 'hookwire.event': 'PreToolUse', 'hookwire.subject': 'Bash', 'hookwire.decision': 'deny', 'hookwire.hooks': ['guard', 'shadow', 'slow'] });
    const children = spans.filter((span) => span.parentSpanContext?.spanId === root.spanContext().spanId);
    expect(children.map((span) => [span.name, span.attributes['hookwire.kind'], span.attributes['hookwire.mode'], span.attributes['hookwire.decision']])).toEqual([
      ['hookwire.hook guard', 'shell', 'enforce', 'deny'],
      ['hookwire.hook shadow', 'shell', 'observe', 'deny'],
      ['hookwire.hook slow', 'shell', 'enforce', 'none'],
    ]);
    expect(children[0]!.attributes['hookwire.exit_code']).toBe(0);
    expect(children[1]!.attributes['hookwire.exit_code']).toBe(2);
    expect(children[2]!.attributes['hookwire.failure']).toBe('timeout');
    expect(children.every((span) => span.spanContext().traceId === root.spanContext().traceId)).toBe(true);
  });

  it('continues the trace a payload\'s traceparent names, and ignores a malformed one', async () => {
    const runtime = await runtimeOf({ hooks: [] });
    stops.push(await enableTracing({ runtime }));
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    await runtime.dispatch('Stop', { traceparent: `00-${traceId}-00f067aa0ba902b7-01` });
    await runtime.dispatch('Stop', { traceparent: '00-zz-00f067aa0ba902b7-01' });
    const [continued, fresh] = exporter.getFinishedSpans();
    expect(continued!.spanContext().traceId).toBe(traceId);
    expect(continued!.parentSpanContext?.spanId).toBe('00f067aa0ba902b7');
    expect(fresh!.spanContext().traceId).not.toBe(traceId);
    expect(fresh!.parentSpanContext).toBeUndefined();
  });

  it('stops tracing when its stop function is called, and traces only its runtime', async () => {
    const runtime = await runtimeOf({ hooks: [] });
    const other = await runtimeOf({ hooks: [] });
    const stop = await enableTracing({ runtime });
    await other.dispatch('Stop', {});
    expect(exporter.getFinishedSpans()).toHaveLength(0);
    await runtime.dispatch('Stop', {});
    expect(exporter.getFinishedSpans()).toHaveLength(1);
    stop();
    await runtime.dispatch('Stop', {});
    expect(exporter.getFinishedSpans()).toHaveLength(1);
  });
});
