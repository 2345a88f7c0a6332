import { createHash } from 'node:crypto';
import type { HookwireConfig } from '@hookwire/contract';

const digests = new WeakMap<HookwireConfig, string>();

// Where a hook was read from is not part of the policy: the same config moved elsewhere digests alike.
function withoutLocation(key: string, value: unknown): unknown {
  return key === 'source' ? undefined : value;
}

/**
 * `sha256:<hex>` of the normalised config in force: the merged config as the runtime runs it
 * (settings, then hooks with their ids, events, matchers and fields, in run order), without the
 * files the hooks came from. Computed once per config, the first time something asks.
 */
export function digestConfig(config: HookwireConfig): string {
  let digest = digests.get(config);
  if (digest === undefined) {
    digest = `sha256:${createHash('sha256').update(JSON.stringify(config, withoutLocation)).digest('hex')}`;
    digests.set(config, digest);
  }
  return digest;
}
