import type { CanonicalEvent } from '../../events.js';
import type { PayloadRead } from '../dialect.js';
import { readEventName } from '../event-names.js';
import { isPatchText, PATCH_FIELD, readPatchCall, writePatch } from '../patch.js';
import { withTool } from '../tools.js';
import { ALIASES, EVENTS } from './events.js';

/**
 * Codex's payload is Claude Code's shape (plus `turn_id` and `model`): read as it is, except its
 * `apply_patch`, which becomes Claude Code's `Edit` or `Write` of the patch's first file with every
 * path and the patch kept (patch.ts).
 */
export function readPayload(raw: Record<string, unknown>, eventName?: string): PayloadRead | undefined {
  const named = readEventName({ events: EVENTS, aliases: ALIASES }, raw, eventName);
  if (named === undefined) return undefined;
  const payload = withTool(raw, (call) => {
    if (call.name !== 'apply_patch' || typeof call.input !== 'object' || call.input === null) return call;
    // The patch text, or an argv holding it (`["apply_patch", "*** Begin Patch ..."]`, older Codex shells).
    const given = (call.input as Record<string, unknown>)[PATCH_FIELD];
    const text = Array.isArray(given) ? given.find(isPatchText) : given;
    return (isPatchText(text) ? readPatchCall(text, raw.cwd) : undefined) ?? call;
  });
  return { ...named, payload };
}

/** Compact JSON with Claude Code's event names, as Codex sends it: no trailing newline; a file tool as `apply_patch` with its patch. */
export function render(event: CanonicalEvent, payload: Record<string, unknown>): string {
  const mapped = withTool(payload, (call) => {
    if (call.name !== 'Edit' && call.name !== 'Write') return call;
    const patch = writePatch(call);
    return patch === undefined ? call : { name: 'apply_patch', input: { [PATCH_FIELD]: patch } };
  });
  return JSON.stringify({ ...mapped, hook_event_name: EVENTS[event] ?? event });
}
