import type { CanonicalEvent } from '../../events.js';
import type { PayloadRead } from '../dialect.js';
import { copyRecord, setOwn } from '../own-keys.js';
import { toCanonicalTool, toHostTool, withTool } from '../tools.js';
import { EVENTS, foldEventName } from './events.js';
import { TOOLS } from './tools.js';

/** The fields of Crush's payload, in its order (`hooks.Payload`). */
const FIRST = ['event', 'session_id', 'cwd', 'tool_name', 'tool_input'];

/** The canonical event a Crush event name stands for, however it is cased or snake-cased. */
function resolveCrushEvent(name: unknown): { event: CanonicalEvent; eventName: string } | undefined {
  if (typeof name !== 'string') return undefined;
  for (const [event, crushName] of Object.entries(EVENTS) as [CanonicalEvent, string][]) {
    if (foldEventName(crushName) === foldEventName(name)) return { event, eventName: crushName };
  }
  return undefined;
}

/** Reads Crush's payload (`{event, session_id, cwd, tool_name, tool_input}`): its tool names mapped to Claude Code's, `event` read as the event and dropped. */
export function readPayload(raw: Record<string, unknown>, eventName?: string): PayloadRead | undefined {
  const named = resolveCrushEvent(typeof raw.event === 'string' ? raw.event : eventName);
  if (named === undefined) return undefined;
  const payload = copyRecord(raw);
  delete payload.event;
  return { ...named, payload: withTool(payload, (call) => toCanonicalTool(TOOLS, call)) };
}

/** Compact JSON as Crush sends it: `event` first (there is no `hook_event_name`), its tool names, no trailing newline. */
export function render(event: CanonicalEvent, payload: Record<string, unknown>): string {
  const given = copyRecord(withTool(payload, (call) => toHostTool(TOOLS, call)));
  delete given.hook_event_name;
  given.event = EVENTS[event] ?? event;
  const out: Record<string, unknown> = {};
  for (const key of FIRST) if (Object.hasOwn(given, key)) setOwn(out, key, given[key]);
  for (const key of Object.keys(given)) if (!FIRST.includes(key)) setOwn(out, key, given[key]);
  return JSON.stringify(out);
}
