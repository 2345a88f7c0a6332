import type { Failure } from '@hookwire/contract';

/** How much of a failure's message the user is shown (the whole message stays in the run record and the log). */
const MAX_NOTICE_MESSAGE = 400;

/** How many (session, hook, event) notices a runtime remembers before it forgets them all and may tell again. */
const MAX_REMEMBERED_NOTICES = 10_000;

/**
 * The user-facing line for a hook that failed under onError `warn`: it reaches the user through the
 * host's message field (Claude Code's `systemMessage`), as the fold carries it.
 */
export function describeFailureNotice(hookId: string, failure: Failure): string {
  const message = failure.message.length <= MAX_NOTICE_MESSAGE ? failure.message : `${failure.message.slice(0, MAX_NOTICE_MESSAGE)}...`;
  return `hookwire: hook ${hookId} failed (${failure.class}): ${message}; the action went ahead (onError "warn")`;
}

/**
 * Decides which failures the user is told about: once per session, hook and event kind in a
 * long-lived runtime (a sidecar), so a broken hook does not repeat itself on every tool call. A
 * one-shot bridge makes one runtime per event, so it tells on every event where the hook fails.
 */
export function createNoticeMemory(): (session: string, hookId: string, event: string) => boolean {
  const told = new Set<string>();
  return (session, hookId, event) => {
    const key = JSON.stringify([session, hookId, event]);
    if (told.has(key)) return false;
    if (told.size >= MAX_REMEMBERED_NOTICES) told.clear();
    told.add(key);
    return true;
  };
}
