import type { HookSpec, HookwireConfig } from '@hookwire/contract';

/** Kind defaults in seconds (ARCHITECTURE §5). */
export const DEFAULT_TIMEOUT_SEC = {
  command: 600,
  http: 600,
  prompt: 30,
  agent: 60,
  subagent: 60,
  // Rules run in-process and synchronously, bounded by the rule engine's own limits (sizes, nesting), not by a timer.
  rule: 10,
} as const satisfies Record<HookSpec['type'], number>;

/** The hook's `timeout` > the config's `timeoutSec` > the kind default; in milliseconds. */
export function resolveTimeoutMs(spec: HookSpec, config: HookwireConfig): number {
  const seconds = spec.timeout ?? config.timeoutSec ?? DEFAULT_TIMEOUT_SEC[spec.type];
  return Math.max(1, Math.round(seconds * 1000));
}
