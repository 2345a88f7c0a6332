import type { ExecFlags, ExecRequest, ExecResult, Executor, Failure, HandlerResult } from '@hookwire/contract';
import { collectSecrets, elapsedMs, execResult, OptionError, type OptionErrorCode, readStdout, redactSecrets, redactText } from '@hookwire/contract';
import { clipFirstLine, describeHttpStatus, describeRequestError, parseTargetUrl, postAndRead } from '@hookwire/http-post';
import { Agent, type Dispatcher } from 'undici';
import { buildWebhookHeaders } from './build-http-headers.js';
import type { HttpHook } from './http-hook.js';

/** Options of {@link createHttpExecutor}. */
export interface HttpExecutorOptions {
  /** The most response body bytes read; a longer body is cut and the run is marked `outputTruncated`. Default 1 MiB. */
  maxBodyBytes?: number;
  /** The undici dispatcher to send through; default a keep-alive `Agent` owned (and closed) by the executor. */
  dispatcher?: Dispatcher;
}

/** Stable `code` of the error {@link createHttpExecutor} throws for invalid options. */
export const HTTP_EXECUTOR_INVALID_OPTIONS = 'HOOKWIRE_EXEC_HTTP_INVALID_OPTIONS' satisfies OptionErrorCode;
const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
const ERROR_SNIPPET_BYTES = 4096;

/** The values of the allowed variables that are set: what header expansion can have sent. */
function readAllowedValues(allowedEnvVars: unknown, env: Readonly<Record<string, string | undefined>>): (string | undefined)[] {
  if (!Array.isArray(allowedEnvVars)) return [];
  return allowedEnvVars.map((name: unknown) => (typeof name === 'string' && Object.hasOwn(env, name) ? env[name] : undefined));
}

function failed(failure: Failure, warnings: string[] = []): HandlerResult {
  return { warnings, failure };
}

/**
 * Creates the webhook executor: `run` POSTs the payload (without its trailing newline) as
 * `application/json` and reads a 2xx body like a command's exit-0 stdout. Non-2xx statuses
 * (redirects included: they are not followed), connection errors and bad URLs are `http` failures;
 * the timeout covers connect, headers and body. `run` never rejects.
 */
export function createHttpExecutor(options: HttpExecutorOptions = {}): Executor<HttpHook> {
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  if (!Number.isSafeInteger(maxBodyBytes) || maxBodyBytes < 0) {
    throw new OptionError(HTTP_EXECUTOR_INVALID_OPTIONS, `maxBodyBytes must be a non-negative integer, received ${String(maxBodyBytes)}`);
  }
  const owned = options.dispatcher === undefined ? new Agent() : undefined;
  const dispatcher: Dispatcher = options.dispatcher ?? (owned as Agent);
  let closing: Promise<void> | undefined;

  async function post(hook: HttpHook, request: ExecRequest, finish: (result: HandlerResult, flags?: ExecFlags) => ExecResult): Promise<ExecResult> {
    if (request.signal?.aborted) {
      return finish(failed({ class: 'canceled', message: 'canceled before the request was sent' }), { canceled: true });
    }
    if (closing !== undefined) return finish(failed({ class: 'http', message: 'the http executor is closed' }));
    const target = parseTargetUrl(hook?.url, 'webhook url');
    if (!target.ok) return finish(failed({ class: 'http', message: target.message }));
    const { headers, warnings } = buildWebhookHeaders(hook.headers, hook.allowedEnvVars, request.env ?? process.env);
    const input = typeof request.input === 'string' ? request.input : '';
    const body = input.endsWith('\n') ? input.slice(0, -1) : input;

    // The values of allowedEnvVars went into headers: redacted from what comes back before anything reads or clips it.
    const secrets = collectSecrets(readAllowedValues(hook.allowedEnvVars, request.env ?? process.env));
    const sent = await postAndRead({ dispatcher, target, headers, body, timeoutMs: request.timeoutMs, signal: request.signal, maxBodyBytes, maxErrorBodyBytes: ERROR_SNIPPET_BYTES });
    if (!sent.ok) return finish(redactSecrets(failed(sent.failure, warnings), secrets), { timedOut: sent.timedOut, canceled: sent.canceled, ...(sent.status !== undefined && { status: sent.status }) });
    const { status } = sent;
    const text = redactText(sent.body, secrets, sent.truncated);
    if (status < 200 || status > 299) {
      const snippet = clipFirstLine(text);
      const location = sent.headers.location === undefined ? '' : redactText(String(sent.headers.location), secrets);
      const redirect = status >= 300 && status < 400 ? `; redirects are not followed${location ? ` (Location: ${location})` : ''}` : '';
      const message = `${describeHttpStatus(status, sent.statusText, target.shown)}${redirect}${snippet ? `: ${snippet}` : ''}`;
      return finish(failed({ class: 'http', message }, warnings), { status });
    }
    const result = readStdout(text, String(request.eventName), sent.truncated, false, request.dialect);
    if (sent.truncated) result.warnings.unshift(`the response body exceeded ${maxBodyBytes} bytes; only the first ${maxBodyBytes} were read`);
    result.warnings.unshift(...warnings);
    return finish(result, { status, outputTruncated: sent.truncated });
  }

  return {
    kind: 'webhook',
    async run(hook, request) {
      const started = performance.now();
      const finish = (result: HandlerResult, flags: ExecFlags = {}): ExecResult => execResult('webhook', result, elapsedMs(started), flags);
      try {
        return await post(hook, request, finish);
      } catch (error) {
        return finish(failed({ class: 'http', message: `webhook run failed: ${describeRequestError(error)}` }));
      }
    },
    close() {
      closing ??= owned === undefined ? Promise.resolve() : owned.close().catch(() => undefined);
      return closing;
    },
  };
}
