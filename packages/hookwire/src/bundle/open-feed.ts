import type { Logger } from '@hookwire/runtime';
import type { BundleFeed } from '@hookwire/session';
import type { BundleFlags } from '../command.js';
import { createBundleFeed, DEFAULT_BUNDLE_POLL_SECONDS } from './feed.js';
import { readKey } from './run-bundle.js';

/** The feed `serve --bundle` and `listen --bundle` poll. A key that cannot be read or is not Ed25519 throws (exit 2: the command could not run). */
export function openBundleFeed(flags: BundleFlags, logger: Logger): BundleFeed {
  return createBundleFeed({ source: flags.source, key: readKey(flags.keyPath, 'public'), pollSeconds: flags.pollSeconds ?? DEFAULT_BUNDLE_POLL_SECONDS, logger });
}
