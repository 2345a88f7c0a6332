import type { CanonicalEvent } from '../../events.js';
import { can, type Capabilities } from '../capabilities.js';

/**
 * What Cursor does with a hook's answer (dialects.md §4.4, from its documented schema: Cursor does
 * not run here). `ask` is enforced only on beforeShellExecution and beforeMCPExecution (see
 * {@link ASK_EVENTS}); context reaches the model on postToolUse and sessionStart only.
 */
export const CAPABILITIES: Readonly<Partial<Record<CanonicalEvent, Capabilities>>> = {
  'tool:before': can('block', 'grant', 'rewrite', 'userMessage'),
  'tool:after': can('feedback', 'context'),
  'prompt:submit': can('block', 'userMessage'),
  'session:start': can('context'),
  'turn:stop': can('block'),
  'subagent:start': can('userMessage'),
  'subagent:end': can('block'),
  'session:end': can(),
  'tool:error': can(),
  'compact:before': can('userMessage'),
};

/** The tool events on which Cursor enforces `permission: "ask"`. */
export const ASK_EVENTS: ReadonlySet<string> = new Set(['beforeShellExecution', 'beforeMCPExecution']);

/** Cursor's observe-only tool events: they take no answer. */
export const SILENT_EVENTS: ReadonlySet<string> = new Set(['afterShellExecution', 'afterMCPExecution', 'afterFileEdit']);

/** The capabilities of one Cursor event, by its own name (its tool-kind events differ from the canonical row). */
export function capabilitiesFor(event: CanonicalEvent, eventName: string | undefined): Capabilities | undefined {
  const row = CAPABILITIES[event];
  if (row === undefined || eventName === undefined) return row;
  if (SILENT_EVENTS.has(eventName)) return can();
  if (ASK_EVENTS.has(eventName)) return { ...row, ask: true };
  if (eventName === 'beforeReadFile') return can('block', 'grant', 'userMessage');
  return row;
}
