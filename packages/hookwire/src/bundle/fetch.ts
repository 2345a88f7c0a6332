/** A bundle larger than this is not read (a policy is a few small text files; this bounds what a wrong URL can make a server hold). */
export const MAX_BUNDLE_BYTES = 64 * 1024 * 1024;

/** A bundle that could not be had: `timeout` when the server did not answer in time, else `download`. */
export class BundleDownloadError extends Error {
  constructor(
    readonly reason: 'download' | 'timeout',
    message: string,
  ) {
    super(message);
    this.name = 'BundleDownloadError';
  }
}

export function isBundleUrl(source: string): boolean {
  return /^https?:\/\//i.test(source);
}

/** A URL as it may be shown in a log or a status: without credentials, its query and fragment elided (a presigned URL's query is a credential). */
export function displaySource(source: string): string {
  if (!isBundleUrl(source)) return source;
  try {
    const url = new URL(source);
    return `${url.protocol}//${url.host}${url.pathname}${url.search === '' ? '' : '?…'}`;
  } catch {
    return source;
  }
}

/**
 * GETs a bundle over HTTP(S): its text and ETag, or `unchanged` when the server answers 304 to
 * `etag` (If-None-Match). The whole exchange, body included, is bounded by `timeoutMs`; `signal`
 * aborts it. Anything but a 200 (or that 304) is a {@link BundleDownloadError}.
 */
export async function fetchBundle(url: string, options: { etag?: string; timeoutMs: number; signal?: AbortSignal }): Promise<{ text: string; etag: string | null } | 'unchanged'> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal === undefined ? timeout : AbortSignal.any([timeout, options.signal]);
  const shown = displaySource(url);
  const failed = (error: unknown): never => {
    if (timeout.aborted) throw new BundleDownloadError('timeout', `cannot download ${shown}: no complete answer within ${options.timeoutMs / 1000} s`);
    const cause = (error as Error).cause instanceof Error ? ((error as Error).cause as Error).message : (error as Error).message;
    throw new BundleDownloadError('download', `cannot download ${shown}: ${cause}`);
  };
  let response: Response;
  try {
    response = await fetch(url, { signal, ...(options.etag === undefined ? {} : { headers: { 'if-none-match': options.etag } }) });
  } catch (error) {
    return failed(error);
  }
  if (response.status === 304 && options.etag !== undefined) {
    await response.body?.cancel();
    return 'unchanged';
  }
  if (response.status !== 200) {
    await response.body?.cancel().catch(() => {});
    throw new BundleDownloadError('download', `cannot download ${shown}: HTTP ${response.status}`);
  }
  const declared = Number(response.headers.get('content-length'));
  if (declared > MAX_BUNDLE_BYTES) {
    await response.body?.cancel().catch(() => {});
    throw new BundleDownloadError('download', `cannot download ${shown}: ${declared} bytes is more than a bundle may have (${MAX_BUNDLE_BYTES})`);
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    return failed(error);
  }
  if (Buffer.byteLength(text) > MAX_BUNDLE_BYTES) throw new BundleDownloadError('download', `cannot download ${shown}: more than a bundle may have (${MAX_BUNDLE_BYTES} bytes)`);
  return { text, etag: response.headers.get('etag') };
}
