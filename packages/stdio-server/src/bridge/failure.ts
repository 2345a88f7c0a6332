import { eventTraits, type CanonicalEvent } from '@hookwire/contract';

/** What a bridge that cannot work answers: no stdout, an exit code and the reason on stderr. */
export interface BridgeFailure {
  exitCode: 1 | 2;
  stderr: string;
}

/**
 * Renders a failure of the bridge itself (bad config, unreadable payload, crash). Exit 1 is a
 * non-blocking error for Claude Code; with `onError: "block"` the bridge exits 2, which blocks,
 * on the events hookwire can block and when the event is unknown because the payload could not
 * be read (fail closed); on PostToolUse, SessionStart and SubagentStart it stays 1.
 */
export function renderBridgeFailure(event: CanonicalEvent | undefined, message: string, onError: 'warn' | 'block'): BridgeFailure {
  const blocks = onError === 'block' && (event === undefined || eventTraits(event).blockable);
  return { exitCode: blocks ? 2 : 1, stderr: `hookwire run: ${message.endsWith('\n') ? message : `${message}\n`}` };
}
