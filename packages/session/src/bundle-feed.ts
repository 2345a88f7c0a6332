import { ConfigError } from '@hookwire/contract';
import type { Runtime } from '@hookwire/runtime';

/**
 * A long-lived server's organisation layer, fed from a signed policy bundle that is polled
 * (`hookwire serve|listen --bundle URL|PATH --bundle-key PUBLIC.pem`, docs/fleet.md). The feed
 * (hookwire's `createBundleFeed`) downloads, verifies and extracts; this file is the shape the
 * transports read its state in, and how a runtime is started and kept on it.
 */

/** Why a check did not activate a bundle: it could not be had (`download`, `timeout`), was refused (`verify`), could not be extracted (`install`) or its config did not load (`load`). */
export type BundleFailureReason = 'download' | 'timeout' | 'verify' | 'install' | 'load';
export const BUNDLE_FAILURE_REASONS: readonly BundleFailureReason[] = ['download', 'timeout', 'verify', 'install', 'load'];
/** What one check ended with: a new bundle active, nothing new (HTTP 304, the file unchanged, the same manifest), or a failure. */
export type BundleCheckResult = 'activated' | 'unchanged' | 'failed';
export const BUNDLE_CHECK_RESULTS: readonly BundleCheckResult[] = ['activated', 'unchanged', 'failed'];

export interface BundleStatus {
  /** The URL (its query left out: it may hold a credential) or the path polled. */
  source: string;
  pollSeconds: number;
  /** The bundle in force; absent until one has been verified and loaded. */
  active?: { revision: string; keyid: string; activatedAt: string };
  /** The last check, and why it failed when it did. */
  lastCheck?: { at: string; result: BundleCheckResult; reason?: BundleFailureReason; error?: string };
  /** When a check last ended with a good bundle in force (activated or unchanged). */
  lastSuccessAt?: string;
  activations: number;
  checks: Record<BundleCheckResult, number>;
  failures: Record<BundleFailureReason, number>;
}

/** A verified bundle's config files, extracted, and its revision: the organisation layer to load. */
export interface BundleLayer {
  paths: string[];
  revision: string;
}

/** Loads a layer; `ok: false` (its config has errors) leaves the bundle in force as it was. */
export type ActivateBundle = (layer: BundleLayer) => Promise<{ ok: true } | { ok: false; error: string }>;

export interface BundleFeed {
  /** One check now; never throws (a failure is in `status()` and logged). */
  check(activate: ActivateBundle): Promise<void>;
  /** Checks again every poll interval (with jitter) until `stop`. */
  poll(activate: ActivateBundle): void;
  /** A copy of the feed's state (for `/healthz` and `/metrics`). */
  status(): BundleStatus;
  /** Whether a verified bundle is active (cheap: asked on every dispatch). */
  isActive(): boolean;
  /** Stops polling and removes the extracted revisions. */
  stop(): Promise<void>;
}

/** Why dispatches are not served yet, or undefined once a verified bundle is active. */
export function bundleNotReady(feed: BundleFeed | undefined): string | undefined {
  if (feed === undefined || feed.isActive()) return undefined;
  const last = feed.status().lastCheck;
  return `no verified policy bundle is active yet${last?.error === undefined ? '' : ` (the last check failed: ${last.error})`}`;
}

/**
 * Starts a runtime on the feed's first bundle: `make(layer)` is the runtime with the bundle as its
 * organisation layer; when the first check fails, `make(undefined)` the runtime without one (the
 * caller answers "not ready" until a bundle is active). Then polls, swapping each new bundle in
 * with `setOrgLayer` (refused whole when its config does not load: the one in force stays).
 */
export async function startOnBundle(feed: BundleFeed, make: (layer: BundleLayer | undefined) => Promise<Runtime>): Promise<Runtime> {
  let runtime: Runtime | undefined;
  await feed.check(async (layer) => {
    try {
      runtime = await make(layer);
      return { ok: true };
    } catch (error) {
      if (error instanceof ConfigError && error.code === 'HOOKWIRE_CONFIG_INVALID') return { ok: false, error: error.message };
      throw error;
    }
  });
  const started = runtime ?? (await make(undefined));
  feed.poll(async (layer) => {
    const result = await started.setOrgLayer({ paths: layer.paths, bundle: layer.revision });
    return result.ok ? { ok: true } : { ok: false, error: result.error };
  });
  return started;
}
