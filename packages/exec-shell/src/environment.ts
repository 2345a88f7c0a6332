import type { ExecRequest } from '@hookwire/contract';

/**
 * The environment of a handler process: the request's base environment (default `process.env`),
 * the hook's extra variables, `HOOKWIRE_EVENT` (the canonical event), `HOOKWIRE_CONFIG_DIR` (when the
 * request names the config folder) and, for claude-dialect hooks, `CLAUDE_PROJECT_DIR`: kept when
 * already set, else the payload's `cwd`, else the request's `cwd`.
 */
export function buildEnvironment(
  request: Pick<ExecRequest, 'canonical' | 'dialect' | 'input' | 'cwd' | 'env' | 'configDir' | 'payloadCwd'>,
  extra?: Readonly<Record<string, string>>,
): Record<string, string> {
  const base = request.env ?? process.env;
  const env: Record<string, string> = {};
  for (const key of Object.keys(base)) {
    const value = base[key];
    if (value !== undefined) env[key] = value;
  }
  if (extra !== undefined) Object.assign(env, extra);
  env.HOOKWIRE_EVENT = request.canonical;
  if (request.configDir !== undefined) env.HOOKWIRE_CONFIG_DIR = request.configDir;
  if (request.dialect === 'claude' && env.CLAUDE_PROJECT_DIR === undefined) {
    env.CLAUDE_PROJECT_DIR = (request.payloadCwd || undefined) ?? readPayloadCwd(request.input) ?? request.cwd;
  }
  return env;
}

/** The `cwd` field of a JSON payload; undefined when the payload is not an object with a non-empty string `cwd`. */
export function readPayloadCwd(input: string): string | undefined {
  try {
    const payload: unknown = JSON.parse(input);
    if (typeof payload !== 'object' || payload === null) return undefined;
    const cwd = (payload as { cwd?: unknown }).cwd;
    return typeof cwd === 'string' && cwd !== '' ? cwd : undefined;
  } catch {
    return undefined;
  }
}
