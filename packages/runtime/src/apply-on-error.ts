import type { HandlerResult, HookSpec, HookwireConfig, OnError } from '@hookwire/contract';
import type { FoldInput } from '@hookwire/fold';

/**
 * Applies the onError policy (hook value, else config value, else `warn`) to an infrastructure
 * failure: `warn` and `ignore` contribute nothing to the fold, `block` contributes a deny whose
 * reason names the hook and the failure. Results without a failure pass through unchanged, and so
 * does a cancellation by the host, which ends the dispatch instead.
 */
export function applyOnError(
  spec: HookSpec,
  result: HandlerResult,
  config: HookwireConfig,
  hostCanceled: boolean,
): { outcome: HandlerResult; vote: FoldInput; onError?: OnError } {
  const failure = result.failure;
  if (!failure) return { outcome: result, vote: result };
  if (hostCanceled && failure.class === 'canceled') return { outcome: result, vote: {} };
  const onError = onErrorOf(spec, config);
  if (onError !== 'block') return { outcome: result, vote: {}, onError };
  const reason = `hook ${spec.id} failed (${failure.class}): ${failure.message}`;
  const { warnings, ...rest } = result;
  return { outcome: { ...rest, decision: 'deny', reason, warnings }, vote: { decision: 'deny', reason }, onError };
}

/** A hook's onError policy: its own, else the config's, else `warn`. */
export function onErrorOf(spec: HookSpec, config: HookwireConfig): OnError {
  return spec.onError ?? config.onError ?? 'warn';
}
