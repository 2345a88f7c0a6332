import { STATUS_CODES } from 'node:http';

/** Names a status and where it came from: `HTTP 500 Internal Server Error from <url>`; the reason phrase falls back to Node's table. */
export function describeHttpStatus(status: number, statusText: string | undefined, shown: string): string {
  const text = statusText || STATUS_CODES[status];
  return `HTTP ${status}${text ? ` ${text}` : ''} from ${shown}`;
}
