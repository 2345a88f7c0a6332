import { typeName } from '@hookwire/contract';

/** A URL a request may be sent to, or why it may not. */
export type TargetUrl = { ok: true; url: URL; shown: string } | { ok: false; message: string };

/** The URL as messages show it: without a password. */
export function showUrl(url: URL): string {
  if (url.password === '') return url.href;
  const shown = new URL(url.href);
  shown.password = '***';
  return shown.href;
}

/** Checks that `value` is an absolute `http:` or `https:` URL. `what` names it in the message. */
export function parseTargetUrl(value: unknown, what: string): TargetUrl {
  if (typeof value !== 'string') {
    return { ok: false, message: `${what} must be a string, received ${typeName(value)}` };
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { ok: false, message: `${what} ${JSON.stringify(value)} is not an absolute URL (expected http://… or https://…)` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, message: `${what} ${JSON.stringify(showUrl(url))} must use http: or https:, received ${url.protocol}` };
  }
  return { ok: true, url, shown: showUrl(url) };
}
