/** The most UTF-8 bytes of a working directory handlers are started in (Linux's `PATH_MAX`). */
export const MAX_CWD_BYTES = 4096;

/** Why `path` cannot be a working directory whatever the file system holds, or undefined when it might be one. */
function describeCwdProblem(path: string): string | undefined {
  if (path.includes('\0')) return 'it contains a NUL byte';
  const bytes = Buffer.byteLength(path, 'utf8');
  if (bytes > MAX_CWD_BYTES) return `it is ${bytes} bytes, over the ${MAX_CWD_BYTES}-byte limit of a path`;
  return undefined;
}

/**
 * The working directory of one dispatch's handlers: the request's `cwd`, else the payload's, else
 * the runtime's own. A candidate that cannot be a path at all (a NUL byte, over
 * {@link MAX_CWD_BYTES}) is replaced by the runtime's own working directory and a warning says so,
 * so that payload content never keeps a hook from starting. A path that merely does not exist is
 * kept: the handler then fails to start, an infrastructure failure its `onError` governs.
 */
export function resolveCwd(requested: string | undefined, payloadCwd: unknown, warnings: string[]): string {
  const [candidate, source] = requested !== undefined ? [requested, "the request's cwd"] : typeof payloadCwd === 'string' ? [payloadCwd, "the payload's cwd"] : [undefined, ''];
  if (candidate === undefined) return process.cwd();
  const problem = describeCwdProblem(candidate);
  if (problem === undefined) return candidate;
  const own = process.cwd();
  warnings.push(`${source} cannot be a working directory (${problem}); handlers run in hookwire's own working directory ${own}`);
  return own;
}
