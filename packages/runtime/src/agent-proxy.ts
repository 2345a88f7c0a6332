import {
  elapsedMs,
  execResult,
  readStdout,
  startDeadline,
  type ExecFlags,
  type CanonicalEvent,
  type ExecRequest,
  type ExecResult,
  type HandlerResult,
  type HookSpec,
  nowMs,
} from '@hookwire/contract';

/** What a host's proxy function is asked: run an agent-judged hook and answer like a handler. */
export interface ProxyCall {
  hook: HookSpec;
  canonical: CanonicalEvent;
  /** The event's name in the hook's dialect. */
  eventName: string;
  /** The payload rendered in the hook's dialect (what a proxy command receives on stdin). */
  input: string;
  cwd: string;
  timeoutMs: number;
  signal: AbortSignal;
}

/**
 * A host's in-process proxy for `agent`/`subagent` hooks. It answers like a handler's stdout: a
 * string, or an object (`{"ok": boolean, ...}` or the response contract's fields); nothing means no
 * opinion. A throw is an infrastructure failure.
 */
export type ProxyFunction = (call: ProxyCall) => unknown;

/** The environment a proxy command gets for an agent hook: the hook's own settings. */
export function proxyEnvironment(spec: HookSpec): Record<string, string> {
  const env: Record<string, string> = { HOOKWIRE_AGENT_TYPE: spec.type };
  if (spec.prompt !== undefined) env.HOOKWIRE_AGENT_PROMPT = spec.prompt;
  if (spec.name !== undefined) env.HOOKWIRE_AGENT_NAME = spec.name;
  if (spec.model !== undefined) env.HOOKWIRE_AGENT_MODEL = spec.model;
  return env;
}

function readProxyAnswer(answer: unknown, eventName: string): HandlerResult {
  if (answer === undefined || answer === null) return { warnings: [] };
  let text: string | undefined;
  try {
    text = typeof answer === 'string' ? answer : JSON.stringify(answer);
  } catch (error) {
    return { warnings: [], failure: { class: 'parse', message: `the proxy's answer cannot be read as JSON: ${error instanceof Error ? error.message : String(error)}` } };
  }
  return readStdout(text ?? '', eventName, false, true);
}


/** Runs a host's proxy function under the request's timeout and abort signal. */
export async function runProxyFunction(proxy: ProxyFunction, spec: HookSpec, request: ExecRequest): Promise<ExecResult> {
  const started = nowMs();
  const finish = (result: HandlerResult, flags?: ExecFlags) => execResult('proxy', result, elapsedMs(started), flags);
  if (request.signal?.aborted) return finish({ warnings: [], failure: { class: 'canceled', message: 'canceled before the proxy was called' } }, { canceled: true });
  const deadline = startDeadline(request.timeoutMs, request.signal);
  try {
    const call: ProxyCall = {
      hook: spec,
      canonical: request.canonical,
      eventName: request.eventName,
      input: request.input,
      cwd: request.cwd,
      timeoutMs: request.timeoutMs,
      signal: deadline.signal,
    };
    const answered = Promise.resolve()
      .then(() => proxy(call))
      .then(
        (answer) => ({ answer }),
        (error: unknown) => ({ error }),
      );
    const first = await Promise.race([answered, deadline.fired]);
    if (first === 'timeout' || first === 'canceled') {
      const timedOut = first === 'timeout';
      const message = timedOut ? `proxy timed out after ${request.timeoutMs} ms` : 'proxy canceled';
      return finish({ warnings: [], failure: { class: first, message } }, { timedOut, canceled: !timedOut });
    }
    if ('error' in first) {
      const message = first.error instanceof Error ? first.error.message : String(first.error);
      return finish({ warnings: [], failure: { class: 'spawn', message: `proxy function failed: ${message}` } }, { spawnFailed: true });
    }
    return finish(readProxyAnswer(first.answer, request.eventName));
  } finally {
    deadline.dispose();
  }
}
