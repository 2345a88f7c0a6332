import type { ExecRequest } from '@hookwire/contract';

/**
 * The most UTF-8 bytes of one value hookwire itself puts into a handler's environment. Linux
 * refuses to start a process with any `NAME=value` string over 128 KiB (`E2BIG`), and a whole
 * environment over `ARG_MAX`; a value over this bound, or holding a NUL byte (which no environment
 * can carry), is left out with a warning instead of making the handler fail to start.
 */
export const MAX_ENV_VALUE_BYTES = 32 * 1024;

/**
 * The environment of a handler process: the request's base environment (default `process.env`),
 * the hook's extra variables, `HOOKWIRE_EVENT` (the canonical event), `HOOKWIRE_CONFIG_DIR` (when the
 * request names the config folder) and, for claude-dialect hooks, `CLAUDE_PROJECT_DIR`: kept when
 * already set, else the request's `projectDir`, else this process's working directory — never the
 * payload's `cwd`, which the model moves with `cd`. Every variable added to the base is checked: one
 * that cannot be an environment value (see {@link MAX_ENV_VALUE_BYTES}) is left out and `warnings`
 * says so.
 */
export function buildEnvironment(
  request: Pick<ExecRequest, 'canonical' | 'dialect' | 'env' | 'configDir' | 'projectDir'>,
  extra?: Readonly<Record<string, string>>,
  warnings: string[] = [],
): Record<string, string> {
  const base = request.env ?? process.env;
  const env: Record<string, string> = {};
  for (const key of Object.keys(base)) {
    const value = base[key];
    if (value !== undefined) env[key] = value;
  }
  const add = (name: string, value: string, what = name): boolean => {
    const problem = describeEnvProblem(name, value);
    if (problem === undefined) {
      env[name] = value;
      return true;
    }
    warnings.push(`${what} is not passed to the handler: ${problem}`);
    return false;
  };
  for (const [name, value] of Object.entries(extra ?? {})) add(name, value);
  add('HOOKWIRE_EVENT', request.canonical);
  if (request.configDir !== undefined) add('HOOKWIRE_CONFIG_DIR', request.configDir);
  if (request.dialect === 'claude' && env.CLAUDE_PROJECT_DIR === undefined) {
    add('CLAUDE_PROJECT_DIR', request.projectDir ?? process.cwd(), 'the project directory (CLAUDE_PROJECT_DIR)');
  }
  return env;
}

/** Why `name=value` cannot be put into a process environment, or undefined when it can. */
export function describeEnvProblem(name: string, value: string): string | undefined {
  if (name === '' || name.includes('=') || name.includes('\0')) return `the name ${JSON.stringify(name.slice(0, 40))} is not a valid variable name`;
  if (value.includes('\0')) return 'the value contains a NUL byte';
  const bytes = Buffer.byteLength(value, 'utf8');
  if (bytes > MAX_ENV_VALUE_BYTES) return `the value is ${bytes} bytes, over the ${MAX_ENV_VALUE_BYTES}-byte limit`;
  return undefined;
}
