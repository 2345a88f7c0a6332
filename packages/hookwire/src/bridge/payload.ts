import type { Readable } from 'node:stream';
import type { DialectName } from '@hookwire/contract';
import { readHostPayload, type HostPayload } from '@hookwire/session';

/** A payload read by the bridge: the object, and its event when it is one hookwire knows in the host's dialect. */
export type BridgePayload = ({ ok: true } & HostPayload) | { ok: false; message: string };

/**
 * Parses one hook payload as the host sends it (a JSON object; white space around it is
 * ignored). `event` is set only when `hook_event_name` is the host dialect's name of an event
 * hookwire knows; other events (Claude Code's Notification, PreCompact, ...) and a missing name
 * leave it undefined.
 */
export function parseBridgePayload(text: string, dialect: DialectName = 'claude', eventName?: string): BridgePayload {
  if (text.trim() === '') return { ok: false, message: 'no hook payload on stdin (it was empty)' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `the hook payload on stdin is not valid JSON: ${(error as Error).message}` };
  }
  const read = readHostPayload(value, dialect, eventName);
  if (!read.ok) return { ok: false, message: `the hook payload on stdin must be a JSON object, received ${read.received}` };
  return { ok: true, ...read.host };
}

/**
 * Reads stdin until it ends, or until a line ends a complete JSON document (so a host that keeps
 * stdin open after the payload is still answered). With `withinMs`, a payload still incomplete
 * then is an error: the budget bounds reading stdin too.
 */
export async function readBridgeInput(input: AsyncIterable<Buffer | string>, withinMs?: number): Promise<string> {
  const reading = readUntilComplete(input);
  if (withinMs === undefined) return reading;
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`it was not complete within the budget of ${withinMs / 1000} s`)), withinMs);
  });
  try {
    return await Promise.race([reading, expired]);
  } finally {
    clearTimeout(timer);
  }
}

/** Whether `text`, read so far, ends a complete JSON document at a line end: then no more is read. */
function isComplete(text: string): boolean {
  return text.endsWith('\n') && text.trimEnd().endsWith('}') && parsesAsJson(text);
}

async function readUntilComplete(input: AsyncIterable<Buffer | string>): Promise<string> {
  if (isReadableStream(input)) return readStreamUntilComplete(input);
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of input) {
    text += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    if (isComplete(text)) return text;
  }
  return text + decoder.decode();
}

type ReadableStream = AsyncIterable<Buffer | string> & Pick<Readable, 'on' | 'off' | 'destroy'>;

function isReadableStream(input: AsyncIterable<Buffer | string>): input is ReadableStream {
  return typeof (input as Partial<Readable>).on === 'function' && typeof (input as Partial<Readable>).destroy === 'function';
}

/**
 * `readUntilComplete` on a stream (process.stdin) through its events: the same text, the stream
 * destroyed once the document is complete as the async iterator would, without building one
 * (~2 ms of every one-shot bridge, docs/performance.md). A stream that closes before its end is an
 * error, as it is to the iterator.
 */
function readStreamUntilComplete(stream: ReadableStream): Promise<string> {
  return new Promise((resolve, reject) => {
    const decoder = new TextDecoder();
    let text = '';
    const settle = (finish: () => void) => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
      stream.off('close', onClose);
      finish();
    };
    const onData = (chunk: Buffer | string) => {
      text += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
      if (!isComplete(text)) return;
      settle(() => resolve(text));
      stream.destroy();
    };
    const onEnd = () => settle(() => resolve(text + decoder.decode()));
    const onError = (error: Error) => settle(() => reject(error));
    const onClose = () => settle(() => reject(Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' })));
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', onError);
    stream.on('close', onClose);
  });
}

function parsesAsJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * What can still be told of a payload that could not be parsed (cut short, mangled): the event it
 * names and its `stop_hook_active`, read from the raw text. Claude Code writes `hook_event_name`
 * near the start of the object, so a payload cut at a size limit still names its event.
 */
export function sniffBridgePayload(text: string): { eventName: string | undefined; stopHookActive: boolean | undefined } {
  const name = /"hook_event_name"\s*:\s*"([A-Za-z:_-]{1,64})"/.exec(text)?.[1];
  const active = /"stop_hook_active"\s*:\s*(true|false)\b/.exec(text)?.[1];
  return { eventName: name, stopHookActive: active === undefined ? undefined : active === 'true' };
}
