import { STATUS_CODES } from 'node:http';

// How a failed post is put into words: the executors' messages quote these, so every HTTP handler
// words a status, a dead connection and a body the same way.

const MAX_LENGTH = 200;

/** The first line of a text, trimmed and cut to 200 characters (ending `...` when cut): what a message quotes of a body. */
export function clipFirstLine(text: string): string {
  const line = text.trim().split('\n', 1)[0]?.trim() ?? '';
  return line.length > MAX_LENGTH ? `${line.slice(0, MAX_LENGTH - 3)}...` : line;
}

/** Names a status and where it came from: `HTTP 500 Internal Server Error from <url>`; the reason phrase falls back to Node's table. */
export function describeHttpStatus(status: number, statusText: string | undefined, shown: string): string {
  const text = statusText || STATUS_CODES[status];
  return `HTTP ${status}${text ? ` ${text}` : ''} from ${shown}`;
}

/** Names what went wrong with a request that got no usable response: its error codes and message. */
export function describeRequestError(error: unknown): string {
  const codes: string[] = [];
  let message = '';
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const { code, message: text, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && !codes.includes(code)) codes.push(code);
    if (message === '' && typeof text === 'string') message = text;
    current = cause;
  }
  if (message === '' && typeof error !== 'object') message = String(error);
  if (message === '' && error instanceof AggregateError) message = error.errors.map((item: unknown) => (item instanceof Error ? item.message : String(item))).join('; ');
  if (codes.length === 0) return message || 'unknown error';
  const label = codes.join(' / ');
  return message === '' || message === label ? label : `${label} (${message})`;
}
