import { isReservedHeader } from '@hookwire/http-post';
import { expandHeaders, type ExpandedHeaders } from './expand-headers.js';

/**
 * The headers of one webhook POST: `Content-Type: application/json`, then the hook's own headers
 * expanded (a hook may set its own `Content-Type`); framing and connection headers, which the HTTP
 * client owns, are dropped with a warning.
 */
export function buildWebhookHeaders(
  headers: unknown,
  allowedEnvVars: unknown,
  env: Readonly<Record<string, string | undefined>>,
): ExpandedHeaders {
  const expanded = expandHeaders(headers, allowedEnvVars, env);
  const built: Record<string, string> = { 'content-type': 'application/json' };
  for (const [name, value] of Object.entries(expanded.headers)) {
    const key = name.toLowerCase();
    if (isReservedHeader(key)) {
      expanded.warnings.push(`header "${name}" is set by the HTTP client; the configured value is not sent`);
      continue;
    }
    built[key] = value;
  }
  return { headers: built, warnings: expanded.warnings };
}
