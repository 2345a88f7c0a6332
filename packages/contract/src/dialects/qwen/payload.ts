import type { CanonicalEvent } from '../../events.js';
import type { PayloadRead } from '../dialect.js';
import { readEventName } from '../event-names.js';
import { toCanonicalTool, toHostTool, withTool } from '../tools.js';
import { ALIASES, EVENTS } from './events.js';
import { TOOLS } from './tools.js';

const NAMES = { events: EVENTS, aliases: ALIASES };

/** Reads Qwen Code's payload: Claude Code's names and fields, with its runtime tool ids mapped to Claude Code's tools. */
export function readPayload(raw: Record<string, unknown>, eventName?: string): PayloadRead | undefined {
  const named = readEventName(NAMES, raw, eventName);
  return named === undefined ? undefined : { ...named, payload: withTool(raw, (call) => toCanonicalTool(TOOLS, call)) };
}

/** Compact JSON as Qwen Code sends it: Claude Code's event names, its own tool ids, an ISO timestamp, no trailing newline. */
export function render(event: CanonicalEvent, payload: Record<string, unknown>, now: Date = new Date()): string {
  const mapped = withTool(payload, (call) => toHostTool(TOOLS, call));
  return JSON.stringify({ ...mapped, hook_event_name: EVENTS[event] ?? event, timestamp: typeof mapped.timestamp === 'string' ? mapped.timestamp : now.toISOString() });
}
