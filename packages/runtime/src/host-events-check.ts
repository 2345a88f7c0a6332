import { DIALECTS, dialectsLacking, type Diagnostic } from '@hookwire/contract';
import type { ConfigState } from './config-state.js';

/**
 * A warning per event whose hooks some hosts never fire, because those hosts lack the event
 * (Gemini CLI has no subagent events, ...): naming the hosts, at the event's first hook.
 * `hookwire check` reports them; they refuse nothing.
 */
export function diagnoseHostEvents(state: ConfigState): Diagnostic[] {
  const found: Diagnostic[] = [];
  for (const [event, entry] of state.byEvent) {
    const hosts = dialectsLacking(event).map((name) => DIALECTS[name].host);
    const first = [...entry.all].sort((a, b) => a.order - b.order)[0];
    if (hosts.length === 0 || first === undefined) continue;
    found.push({
      severity: 'warning',
      path: first.spec.pointer ?? '',
      message: `the hooks on ${event} never fire under ${hosts.join(', ')}: ${hosts.length === 1 ? 'that host has' : 'those hosts have'} no such event`,
      ...(first.file === undefined ? {} : { file: first.file }),
    } as Diagnostic);
  }
  return found;
}
