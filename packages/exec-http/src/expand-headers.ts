import { typeName } from '@hookwire/contract';

const REFERENCE = /\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))/g;
const UNSAFE = /[\r\n\0]/g;

/** A hook's headers after variable expansion, and what was dropped on the way. */
export interface ExpandedHeaders {
  headers: Record<string, string>;
  warnings: string[];
}

/**
 * Fills `$NAME` and `${NAME}` in one header value. Only names in `allowed` take their value from
 * `env` (CR, LF and NUL removed); any other name, and an allowed name that is unset, becomes `""`.
 * A `$` not followed by a name or a closed `{name}` stays as written (`$$`, `$1`, `${UNCLOSED`).
 */
export function expandHeaderValue(value: string, allowed: ReadonlySet<string>, env: Readonly<Record<string, string | undefined>>): string {
  if (!value.includes('$')) return value;
  return value.replace(REFERENCE, (_match, braced: string | undefined, bare: string | undefined) => {
    const name = (braced ?? bare) as string;
    if (!allowed.has(name)) return '';
    const found = Object.hasOwn(env, name) ? env[name] : undefined;
    return typeof found === 'string' ? found.replace(UNSAFE, '') : '';
  });
}

/** Expands every value of a hook's `headers`; a value that is not a string is dropped with a warning. */
export function expandHeaders(
  headers: unknown,
  allowedEnvVars: unknown,
  env: Readonly<Record<string, string | undefined>>,
): ExpandedHeaders {
  const expanded: ExpandedHeaders = { headers: {}, warnings: [] };
  if (headers === undefined || headers === null) return expanded;
  if (typeof headers !== 'object' || Array.isArray(headers)) {
    expanded.warnings.push(`headers must be an object of strings, received ${typeName(headers)}; no header sent`);
    return expanded;
  }
  const allowed = new Set(Array.isArray(allowedEnvVars) ? allowedEnvVars.filter((name): name is string => typeof name === 'string') : []);
  for (const [name, value] of Object.entries(headers as Record<string, unknown>)) {
    if (typeof value !== 'string') {
      expanded.warnings.push(`header "${name}" must be a string, received ${typeName(value)}; not sent`);
      continue;
    }
    expanded.headers[name] = expandHeaderValue(value, allowed, env);
  }
  return expanded;
}
