import { DIALECTS, DIALECT_NAMES, capabilitiesOf, dialectsLacking, type CanonicalEvent, type Diagnostic } from '@hookwire/contract';
import type { ConfigState } from './config-state.js';

/** The hosts that have an event but cannot enforce a deny there, where Claude Code can: a guard there protects nothing under them. */
function hostsThatCannotBlock(event: CanonicalEvent): string[] {
  if (capabilitiesOf('claude', event)?.block !== true) return [];
  return DIALECT_NAMES.filter((name) => name !== 'claude' && name !== 'native' && capabilitiesOf(name, event)?.block === false).map((name) => DIALECTS[name].host);
}

function listHosts(hosts: readonly string[]): string {
  return `${hosts.join(', ')}: ${hosts.length === 1 ? 'that host' : 'those hosts'}`;
}

/**
 * A warning per event whose hooks some hosts never fire, because those hosts lack the event
 * (Gemini CLI has no subagent events, ...), and per event whose deny some hosts cannot enforce
 * though Claude Code does (compaction): naming the hosts, at the event's first hook.
 * `hookwire check` reports them; they refuse nothing. docs/hosts.md lists every other difference.
 */
export function diagnoseHostEvents(state: ConfigState): Diagnostic[] {
  const found: Diagnostic[] = [];
  for (const [event, entry] of state.byEvent) {
    const first = [...entry.all].sort((a, b) => a.order - b.order)[0];
    if (first === undefined) continue;
    const at = { path: first.spec.pointer ?? '', ...(first.file === undefined ? {} : { file: first.file }) };
    const lacking = dialectsLacking(event).map((name) => DIALECTS[name].host);
    if (lacking.length > 0) found.push({ severity: 'warning', ...at, message: `the hooks on ${event} never fire under ${listHosts(lacking)} ${lacking.length === 1 ? 'has' : 'have'} no such event` } as Diagnostic);
    const unblocking = hostsThatCannotBlock(event);
    if (unblocking.length > 0) found.push({ severity: 'warning', ...at, message: `a deny from the hooks on ${event} is not enforced under ${listHosts(unblocking)} cannot block it (Claude Code can); it is recorded as a downgrade, and shown to the user where the host shows hook messages` } as Diagnostic);
  }
  return found;
}
