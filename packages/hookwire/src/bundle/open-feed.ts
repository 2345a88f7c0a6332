import { accessSync, constants, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Logger } from '@hookwire/runtime';
import type { BundleFeed } from '@hookwire/session';
import type { BundleFlags } from '../command.js';
import { locateBundleCache } from '../config-location.js';
import { createBundleFeed, DEFAULT_BUNDLE_POLL_SECONDS } from './feed.js';
import { readKey } from './run-bundle.js';

/**
 * Where a long-lived server extracts its bundles: the user's cache folder (`~/.cache/hookwire/polled`,
 * `$XDG_CACHE_HOME` respected), which no temporary-file cleaner empties under a server running for
 * weeks; the system's temporary folder when the cache cannot be written (a read-only home in a container).
 */
function extractionParent(): string {
  const parent = join(dirname(locateBundleCache(process.env)), 'polled');
  try {
    mkdirSync(parent, { recursive: true, mode: 0o700 });
    accessSync(parent, constants.W_OK);
    return parent;
  } catch {
    return tmpdir();
  }
}

/** The feed `serve --bundle` and `listen --bundle` poll. A key that cannot be read or is not Ed25519 throws (exit 2: the command could not run). */
export function openBundleFeed(flags: BundleFlags, logger: Logger): BundleFeed {
  return createBundleFeed({
    source: flags.source,
    key: readKey(flags.keyPath, 'public'),
    pollSeconds: flags.pollSeconds ?? DEFAULT_BUNDLE_POLL_SECONDS,
    logger,
    extractInto: extractionParent(),
  });
}
