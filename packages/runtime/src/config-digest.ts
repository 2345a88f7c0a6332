import type { HookwireConfig } from '@hookwire/contract';

const digests = new WeakMap<HookwireConfig, string>();

// Where a hook was read from is not part of the policy: the same config moved elsewhere digests alike.
// Nor is where its decisions are recorded (`auditLog`, a setting of the config itself, not of a hook).
function withoutLocation(this: unknown, key: string, value: unknown): unknown {
  if (key === 'auditLog' && this !== null && typeof this === 'object' && 'hooks' in this) return undefined;
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
    // `node:crypto` loaded here, not imported: a one-shot bridge that asks no digest never pays for it (~1 ms).
    digest = `sha256:${process.getBuiltinModule('node:crypto').createHash('sha256').update(JSON.stringify(config, withoutLocation)).digest('hex')}`;
    digests.set(config, digest);
  }
  return digest;
}
