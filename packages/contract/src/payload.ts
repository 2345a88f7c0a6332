import { isRecord } from './describe-value.js';
import type { CanonicalEvent } from './events.js';

/** A payload after normalisation: base fields present, everything the host gave kept. */
export type NormalizedPayload = Record<string, unknown> & {
  session_id: unknown;
  transcript_path: unknown;
  cwd: unknown;
  permission_mode: unknown;
};

/**
 * Fills what the host left out (`session_id` and `transcript_path` `""`, `cwd`, `permission_mode`
 * `"default"`, `stop_hook_active` `false` on stop events) and keeps what it gave, unknown fields
 * included. `hook_event_name` is written per hook at render time, in the hook's dialect.
 * Anything that is not a plain object normalises as an empty payload.
 */
export function normalizePayload(event: CanonicalEvent, payload: unknown, options: { cwd: string }): NormalizedPayload {
  const given = isRecord(payload) ? payload : {};
  const out: Record<string, unknown> = {
    session_id: given.session_id ?? '',
    transcript_path: given.transcript_path ?? '',
    cwd: given.cwd ?? options.cwd,
    hook_event_name: undefined,
    permission_mode: given.permission_mode ?? 'default',
  };
  for (const key of Object.keys(given)) {
    if (!Object.hasOwn(out, key)) Object.defineProperty(out, key, { value: given[key], enumerable: true, writable: true, configurable: true });
  }
  if ((event === 'turn:stop' || event === 'subagent:end') && out.stop_hook_active === undefined) out.stop_hook_active = false;
  return out as NormalizedPayload;
}
