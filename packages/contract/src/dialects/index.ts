import type { Outcome } from '@hookwire/fold';
import { CANONICAL_EVENT_NAMES, type CanonicalEvent } from '../events.js';
import type { HandlerResult } from '../handler-answer.js';
import type { Capabilities } from './capabilities.js';
import { dialect as claude } from './claude/index.js';
import { dialect as cline } from './cline/index.js';
import { dialect as codex } from './codex/index.js';
import { dialect as copilot } from './copilot/index.js';
import { dialect as crush } from './crush/index.js';
import { dialect as cursor } from './cursor/index.js';
import type { AnswerInput, BridgeResponse, Dialect, PayloadRead, RenderOutcomeOptions } from './dialect.js';
import { namesOf, resolveName } from './event-names.js';
import { dialect as gemini } from './gemini/index.js';
import { dialect as letta } from './letta/index.js';
import { dialect as native } from './native/index.js';
import { dialect as openclaw } from './openclaw/index.js';
import { isPatchText, PATCH_FIELD } from './patch.js';
import { dialect as pi } from './pi/index.js';
import { dialect as qwen } from './qwen/index.js';
import { hostToolName, toCanonicalTool, toHostTool, type ToolCall } from './tools.js';

/** Every dialect hookwire speaks, by name. Adding a dialect is one folder and one entry here. */
export const DIALECTS = { claude, native, gemini, codex, copilot, cursor, qwen, crush, cline, pi, letta, openclaw } as const satisfies Record<string, Dialect>;

/** The dialects hookwire speaks; a hook declares one (default `claude`). */
export type DialectName = keyof typeof DIALECTS;

export const DIALECT_NAMES = Object.keys(DIALECTS) as readonly DialectName[];

export function isDialectName(name: unknown): name is DialectName {
  return typeof name === 'string' && Object.hasOwn(DIALECTS, name);
}

function dialectOf(name: DialectName): Dialect {
  return DIALECTS[name];
}

const BY_NAME = new Map<string, { canonical: CanonicalEvent; dialect: DialectName }>();
// First names only: a dialect's further names (Cursor's beforeShellExecution: a tool event for one
// tool kind) are read in that dialect's own payloads and configs, never as a bare config event.
for (const name of DIALECT_NAMES) {
  for (const canonical of CANONICAL_EVENT_NAMES) {
    const eventName = dialectOf(name).events[canonical];
    if (eventName !== undefined && !BY_NAME.has(eventName)) BY_NAME.set(eventName, { canonical, dialect: name });
  }
}

/**
 * Maps an event name in any dialect (or a canonical name, which is the native dialect's) to its
 * canonical event and the first dialect, in {@link DIALECT_NAMES} order, that has it (each
 * dialect's first name of an event; its further names resolve only with {@link resolveEventIn}). For config
 * keys, where a name means one event whichever dialect spells it; a host's payload is read with
 * {@link resolveEventIn}, in the host's own dialect.
 */
export function resolveEvent(name: unknown): { canonical: CanonicalEvent; dialect: DialectName } | undefined {
  return typeof name === 'string' ? BY_NAME.get(name) : undefined;
}

/** The canonical event a name stands for in one dialect; undefined when that dialect has no such name. */
export function resolveEventIn(dialect: DialectName, name: unknown): CanonicalEvent | undefined {
  return resolveName(dialectOf(dialect), name);
}

/** The name of a canonical event in a dialect: its first name there, or the canonical name when the dialect lacks the event. */
export function eventNameIn(dialect: DialectName, event: CanonicalEvent): string {
  return dialectOf(dialect).events[event] ?? event;
}

/** Every name of a canonical event in a dialect, first name first; empty when the dialect lacks it. */
export function eventNamesIn(dialect: DialectName, event: CanonicalEvent): string[] {
  return namesOf(dialectOf(dialect), event);
}

/** Whether a dialect's host has the event at all. */
export function hasEvent(dialect: DialectName, event: CanonicalEvent): boolean {
  return dialectOf(dialect).events[event] !== undefined;
}

/**
 * The dialects whose hosts lack an event (a hook on it never fires under them), for `hookwire
 * check`'s warnings; a host that hooks only a few events by design (`fewEvents`: Crush) is left out.
 */
export function dialectsLacking(event: CanonicalEvent): DialectName[] {
  return DIALECT_NAMES.filter((name) => !hasEvent(name, event) && (dialectOf(name) as Dialect).fewEvents !== true);
}

/** What a host can do with an answer on an event; undefined when it lacks the event. */
export function capabilitiesOf(dialect: DialectName, event: CanonicalEvent): Capabilities | undefined {
  return dialectOf(dialect).capabilities[event];
}

/** Reads a host's payload in its dialect into the canonical event and payload; undefined for an event the dialect does not map. Never throws. */
export function readPayloadIn(dialect: DialectName, raw: Record<string, unknown>, eventName?: string): PayloadRead | undefined {
  try {
    return dialectOf(dialect).readPayload(raw, eventName);
  } catch {
    return undefined;
  }
}

/** Renders a normalised payload for a hook of the given dialect, in that dialect's names and newline convention. */
export function renderPayload(dialect: DialectName, event: CanonicalEvent, payload: Record<string, unknown>, now?: Date): string {
  return dialectOf(dialect).render(event, payload, now);
}

/** Reads a hook's answer as its dialect means it. */
export function readAnswerIn(dialect: DialectName, input: AnswerInput): HandlerResult {
  return dialectOf(dialect).readAnswer(input);
}

/** Writes a folded outcome back in a host's hook response form (exit code and stdout, and what was downgraded), for a one-shot bridge and `serve`. */
export function renderOutcome(
  dialect: DialectName,
  event: CanonicalEvent,
  outcome: Outcome,
  options: RenderOutcomeOptions = { passAllow: false },
): BridgeResponse {
  return dialectOf(dialect).renderOutcome(event, outcome, options);
}

/** A canonical tool call in a dialect's names and input shapes (unknown tools pass through). */
export function toolCallIn(dialect: DialectName, call: ToolCall): ToolCall {
  return toHostTool(dialectOf(dialect).tools, call);
}

/** A dialect's tool call in canonical names and input shapes (unknown tools pass through). */
export function canonicalToolCall(dialect: DialectName, call: ToolCall): ToolCall {
  return toCanonicalTool(dialectOf(dialect).tools, call);
}

/** A canonical tool name in a dialect: what that dialect's matchers are tested against. */
export function toolNameIn(dialect: DialectName, name: string): string {
  return hostToolName(dialectOf(dialect).tools, name);
}

/**
 * Every name a dialect's matchers may give a canonical tool call, its own name first: Codex's
 * matchers let `apply_patch` answer to `Edit` and `Write` as well, so a codex hook's `Edit` matches
 * a file edit; and a call read from a patch still answers to `apply_patch` in every dialect, as it
 * did when hookwire passed Codex's patch tool through under its own name.
 */
export function toolNamesIn(dialect: DialectName, call: ToolCall): string[] {
  const first = toolNameIn(dialect, call.name);
  if (call.name !== 'Edit' && call.name !== 'Write') return [first];
  const names = [first];
  if (dialect === 'codex' && first !== call.name) names.push(call.name);
  const input = call.input;
  if (typeof input === 'object' && input !== null && isPatchText((input as Record<string, unknown>)[PATCH_FIELD]) && !names.includes('apply_patch')) names.push('apply_patch');
  return names;
}

export type { AnswerInput, BridgeResponse, Capabilities, Dialect, PayloadRead, RenderOutcomeOptions, ToolCall };
