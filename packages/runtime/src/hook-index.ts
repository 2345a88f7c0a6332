import { compileMatcher, type CanonicalEvent, type DialectName } from '@hookwire/contract';
import type { LoadedHook } from './loaded-hook.js';
import type { SelectionMemo } from './selection-memo.js';
import { matchOffThread } from './match-off-thread.js';

/**
 * The hooks of one event, indexed so that selecting them costs the same however many hooks name
 * other subjects: exact-name matchers are looked up, only match-all and regex matchers are tested.
 */
export interface EventHooks {
  /** Every hook of the event, in configuration order (events without a subject run them all). */
  readonly all: readonly LoadedHook[];
  readonly byName: ReadonlyMap<string, readonly LoadedHook[]>;
  /** Hooks whose matcher must be tested: match-all and regular expressions. */
  readonly tested: readonly LoadedHook[];
  /** The dialects of the event's hooks, in order of first appearance: each tests its matchers against the tool name in its own vocabulary. */
  readonly dialects: readonly DialectName[];
}

/** How many subjects' selections an event remembers; past that the memory starts over. */
const SELECTION_CACHE_SIZE = 512;

/**
 * The longest subject whose selection is remembered; longer subjects are selected afresh each
 * time. With {@link SELECTION_CACHE_SIZE}, an event's memory holds at most 512 × 256 UTF-16 code
 * units of keys (256 KiB) whatever subjects a host sends.
 */
export const MAX_REMEMBERED_SUBJECT_LENGTH = 256;

export type HookIndex = ReadonlyMap<CanonicalEvent, EventHooks>;

/** Indexes hooks by event and, for exact-name matchers, by name; matchers are compiled once here. */
export function indexHooks(hooks: readonly Omit<LoadedHook, 'order' | 'matches'>[]): HookIndex {
  const index = new Map<CanonicalEvent, { all: LoadedHook[]; byName: Map<string, LoadedHook[]>; tested: LoadedHook[]; dialects: DialectName[] }>();
  hooks.forEach((hook, order) => {
    const compiled = compileMatcher(hook.spec.matcher);
    // The parser refused bad regular expressions; a matcher that still fails to compile matches nothing.
    const loaded: LoadedHook = {
      ...hook,
      order,
      matches: compiled.ok ? compiled.test : () => false,
      ...(compiled.ok && compiled.kind === 'regex' ? { regex: compiled.regex } : {}),
    };
    let entry = index.get(hook.spec.event);
    if (!entry) {
      entry = { all: [], byName: new Map(), tested: [], dialects: [] };
      index.set(hook.spec.event, entry);
    }
    entry.all.push(loaded);
    if (!entry.dialects.includes(hook.spec.dialect)) entry.dialects.push(hook.spec.dialect);
    if (compiled.ok && compiled.kind === 'names') {
      for (const name of new Set(compiled.names)) {
        const list = entry.byName.get(name);
        if (list) list.push(loaded);
        else entry.byName.set(name, [loaded]);
      }
    } else if (compiled.ok) {
      entry.tested.push(loaded);
    }
  });
  return index;
}

const NONE: readonly LoadedHook[] = [];

/** The hooks an event and subject select, in configuration order; `memo` remembers selections (a host names few tools). */
export function selectHooks(hooks: EventHooks | undefined, hasSubject: boolean, subject: string | undefined, memo: SelectionMemo): readonly LoadedHook[] {
  if (!hooks) return NONE;
  if (!hasSubject) return hooks.all;
  if (subject === undefined || subject.length > MAX_REMEMBERED_SUBJECT_LENGTH) return select(hooks, subject);
  const remembered = memo.of(hooks);
  let selected = remembered.get(subject);
  if (selected === undefined) {
    selected = select(hooks, subject);
    if (remembered.size >= SELECTION_CACHE_SIZE) remembered.clear();
    remembered.set(subject, selected);
  }
  return selected;
}

/**
 * Subject characters times regex matchers above which matching leaves the thread: the linear-time
 * engine needs about 0.5 µs a character, so inline matching stays under about 8 ms a dispatch.
 */
export const INLINE_MATCH_CHARS = 16_384;

/** Whether selecting hooks for this subject must match off the thread (a long subject against regex matchers). */
export function needsOffThreadMatch(hooks: EventHooks | undefined, hasSubject: boolean, subject: string | undefined): hooks is EventHooks {
  if (!hooks || !hasSubject || subject === undefined || subject.length <= INLINE_MATCH_CHARS) return false;
  let regexes = 0;
  for (const hook of hooks.tested) if (hook.regex !== undefined) regexes += 1;
  return regexes > 0 && subject.length * regexes > INLINE_MATCH_CHARS;
}

/**
 * The hooks an event and a long subject select, with the regular expressions run on a worker
 * thread, so that the sidecar keeps answering (and handling signals) meanwhile. Aborting the
 * signal terminates the worker. Not memoised: long subjects stay out of the selection memo.
 */
export async function selectHooksOffThread(hooks: EventHooks, subject: string, signal: AbortSignal | undefined): Promise<readonly LoadedHook[]> {
  const regexHooks = hooks.tested.filter((hook) => hook.regex !== undefined);
  const results = await matchOffThread(regexHooks.map((hook) => hook.regex!), subject, signal);
  const matched = new Set(regexHooks.filter((_, index) => results[index] === true));
  return select(hooks, subject, (hook) => (hook.regex === undefined ? hook.matches(subject) : matched.has(hook)));
}

function select(hooks: EventHooks, subject: string | undefined, matches: (hook: LoadedHook) => boolean = (hook) => hook.matches(subject)): readonly LoadedHook[] {
  const named = subject === undefined ? NONE : (hooks.byName.get(subject) ?? NONE);
  const tested = hooks.tested.length === 0 ? NONE : hooks.tested.filter(matches);
  if (tested.length === 0) return named;
  if (named.length === 0) return tested;
  return [...named, ...tested].sort((a, b) => a.order - b.order);
}
