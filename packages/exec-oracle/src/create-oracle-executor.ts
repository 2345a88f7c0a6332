import type { ExecFlags, ExecRequest, ExecResult, Executor, Failure, HandlerResult } from '@hookwire/contract';
import { collectSecrets, elapsedMs, execResult, OptionError, type OptionErrorCode, redactSecrets, redactText, nowMs } from '@hookwire/contract';
import { clipFirstLine, describeHttpStatus, describeRequestError, postAndRead } from '@hookwire/http-post';
import { Agent, type Dispatcher } from 'undici';
import { buildJudgeMessages } from './build-oracle-messages.js';
import { createFenceToken } from './fence-payload.js';
import type { OracleHook } from './oracle-hook.js';
import { prepareChatRequest } from './prepare-chat-request.js';
import { readCompletion } from './read-completion.js';

/** Options of {@link createOracleExecutor}. */
export interface OracleExecutorOptions {
  /** The undici dispatcher to send through; default a keep-alive `Agent` owned (and closed) by the executor. */
  dispatcher?: Dispatcher;
  /** The most response body bytes read; a longer body is a `parse` failure. Default 1 MiB. */
  maxBodyBytes?: number;
}

/** Stable `code` of the error {@link createOracleExecutor} throws for invalid options. */
export const ORACLE_EXECUTOR_INVALID_OPTIONS = 'HOOKWIRE_EXEC_ORACLE_INVALID_OPTIONS' satisfies OptionErrorCode;

const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

function failed(failure: Failure, warnings: string[] = []): HandlerResult {
  return { warnings, failure };
}

/** The error text of a non-2xx body: OpenAI's `error.message`, else its first line. */
function describeErrorBody(text: string): string {
  let detail: string | undefined;
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown };
    const error = body?.error;
    if (typeof error === 'string') detail = error;
    else if (typeof error?.message === 'string') detail = error.message;
    else if (typeof body?.message === 'string') detail = body.message;
  } catch {
    detail = undefined;
  }
  return clipFirstLine(detail ?? text);
}

/**
 * Creates the LLM-judge executor: `run` asks an OpenAI-compatible `{baseUrl}/chat/completions`
 * about one event, with the payload fenced by a random per-request marker, and reads
 * `choices[0].message.content` as an oracle answer. No `llm`, a bad `baseUrl` or a missing API key
 * is an `unconfigured` failure; non-2xx is `http`; an unusable answer is `parse`. The API key is
 * never part of the result. `run` never rejects.
 */
export function createOracleExecutor(options: OracleExecutorOptions = {}): Executor<OracleHook> {
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  if (!Number.isSafeInteger(maxBodyBytes) || maxBodyBytes < 0) {
    throw new OptionError(ORACLE_EXECUTOR_INVALID_OPTIONS, `maxBodyBytes must be a non-negative integer, received ${String(maxBodyBytes)}`);
  }
  const owned = options.dispatcher === undefined ? new Agent() : undefined;
  const dispatcher: Dispatcher = options.dispatcher ?? (owned as Agent);
  let closing: Promise<void> | undefined;

  async function ask(hook: OracleHook, request: ExecRequest, finish: (result: HandlerResult, flags?: ExecFlags) => ExecResult): Promise<ExecResult> {
    if (request.signal?.aborted) {
      return finish(failed({ class: 'canceled', message: 'canceled before the request was sent' }), { canceled: true });
    }
    if (closing !== undefined) return finish(failed({ class: 'http', message: 'the oracle executor is closed' }));
    const plan = prepareChatRequest(hook, request.env ?? process.env);
    if (!plan.ok) return finish(failed({ class: 'unconfigured', message: plan.message }));
    const { warnings, apiKey } = plan;
    // Everything sent that must not come back: redacted from the body before anything reads or clips it.
    const secrets = [...new Set([...collectSecrets([apiKey, ...Object.values(plan.secretHeaders)]), ...(apiKey ? [apiKey] : [])])].sort((a, b) => b.length - a.length);
    const payload = typeof request.input === 'string' ? request.input.trim() : '';
    const body = JSON.stringify({ model: plan.model, temperature: 0, messages: buildJudgeMessages(plan.prompt, payload, createFenceToken()) });

    const sent = await postAndRead({ dispatcher, target: plan, headers: plan.headers, body, timeoutMs: request.timeoutMs, signal: request.signal, maxBodyBytes });
    if (!sent.ok) return finish(redactSecrets(failed(sent.failure, warnings), secrets), { timedOut: sent.timedOut, canceled: sent.canceled, ...(sent.status !== undefined && { status: sent.status }) });
    const { status } = sent;
    if (status < 200 || status > 299) {
      const detail = describeErrorBody(redactText(sent.body, secrets, sent.truncated));
      const message = `${describeHttpStatus(status, sent.statusText, plan.shown)}${detail ? `: ${detail}` : ''}`;
      return finish(redactSecrets(failed({ class: 'http', message }, warnings), secrets), { status });
    }
    if (sent.truncated) {
      const message = `the LLM response body exceeds ${maxBodyBytes} bytes; it was not read`;
      return finish(failed({ class: 'parse', message }, warnings), { status, outputTruncated: true });
    }
    const result = readCompletion(redactText(sent.body, secrets), String(request.eventName), secrets);
    result.warnings.unshift(...warnings);
    return finish(redactSecrets(result, secrets), { status });
  }

  return {
    kind: 'oracle',
    async run(hook, request) {
      const started = nowMs();
      const finish = (result: HandlerResult, flags: ExecFlags = {}): ExecResult => execResult('oracle', result, elapsedMs(started), flags);
      try {
        return await ask(hook, request, finish);
      } catch (error) {
        return finish(failed({ class: 'http', message: `oracle run failed: ${describeRequestError(error)}` }));
      }
    },
    close() {
      closing ??= owned === undefined ? Promise.resolve() : owned.close().catch(() => undefined);
      return closing;
    },
  };
}
