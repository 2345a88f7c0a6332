import type { CanonicalEvent } from '../../events.js';

/**
 * Crush's hook events, from its documented schema (`docs/hooks/README.md` and
 * `internal/hooks/hooks.go` of charmbracelet/crush, 2026-08-21): PreToolUse only, and only for the
 * top-level agent's tool calls. Crush reads event names case-insensitively and snake-cased
 * (`pre_tool_use`); its payload names the event in `event`.
 */
export const EVENTS: Readonly<Partial<Record<CanonicalEvent, string>>> = {
  'tool:before': 'PreToolUse',
};

export const ALIASES: Readonly<Record<string, CanonicalEvent>> = {};

/** Crush's spelling rule: an event name compared without case and underscores (`PRE_TOOL_USE` is `PreToolUse`). */
export function foldEventName(name: string): string {
  return name.replaceAll('_', '').toLowerCase();
}
