import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { KeyObject } from 'node:crypto';
import type { Logger } from '@hookwire/runtime';
import {
  BUNDLE_CHECK_RESULTS,
  BUNDLE_FAILURE_REASONS,
  type ActivateBundle,
  type BundleCheckResult,
  type BundleFailureReason,
  type BundleFeed,
  type BundleStatus,
} from '@hookwire/session';
import { extractBundle, revisionIdOf } from './cache.js';
import { BundleDownloadError, displaySource, fetchBundle, isBundleUrl } from './fetch.js';
import { BundleRefused, parseBundle, verifyBundle } from './format.js';

/**
 * The default of `--bundle-poll`: 60 s, OPA's minimum. Each wait is drawn from 0.75–1.25 times the
 * interval, so replicas started together spread their polls instead of stampeding the server, and
 * a bundle published at any moment is active everywhere within 1.25 intervals (plus the download):
 * inside the two intervals a fleet is held to. A check that finds nothing new costs one
 * conditional GET answered 304 (or one stat of the file).
 */
export const DEFAULT_BUNDLE_POLL_SECONDS = 60;
/** The jitter of the poll: each wait is the interval times 1 ± this. */
export const BUNDLE_POLL_JITTER = 0.25;
/** A download is abandoned after the poll interval, at most this long (so checks never pile up). */
export const MAX_BUNDLE_FETCH_MS = 30_000;
/** The first check, which a server makes before it listens, waits at most this long: a hung bundle server must not keep it from starting (it starts not ready). */
export const FIRST_BUNDLE_FETCH_MS = 5_000;

export interface BundleFeedOptions {
  /** An http(s) URL or a file path. */
  source: string;
  /** The organisation's public key: a bundle must carry a valid signature by it. */
  key: KeyObject;
  pollSeconds: number;
  logger: Logger;
  /** Default: the poll interval, at most {@link MAX_BUNDLE_FETCH_MS}. */
  fetchTimeoutMs?: number;
  /** Default `Math.random` (tests pin the jitter). */
  random?: () => number;
  /** The folder this process's extraction folder is made in; default the system's temporary folder. */
  extractInto?: string;
}

/**
 * This process's extraction folder, `hookwire-bundle-<pid>-XXXXXX` in `parent` (mode 0700). Folders
 * of processes that are gone (killed before they could clean up) are removed first.
 */
function makeExtractionRoot(parent: string): string {
  mkdirSync(parent, { recursive: true, mode: 0o700 });
  for (const entry of readdirSync(parent)) {
    const pid = Number(/^hookwire-bundle-(\d+)-/.exec(entry)?.[1]);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    try {
      process.kill(pid, 0);
    } catch (error) {
      // Gone. (EPERM: alive, another user's.) A folder we may not remove (a shared /tmp) is left.
      if ((error as NodeJS.ErrnoException).code === 'ESRCH') {
        try {
          rmSync(join(parent, entry), { recursive: true, force: true });
        } catch {}
      }
    }
  }
  return mkdtempSync(join(parent, `hookwire-bundle-${process.pid}-`));
}

/** What identifies the source's content without reading it: the HTTP ETag, or the file's inode, size and times. */
type Identity = string;

/**
 * A bundle polled for a long-lived server (`serve`, `listen`): HTTP(S) with `If-None-Match` on the
 * ETag of the bundle in force (a 304 reads nothing), or a file whose inode, size, mtime and ctime
 * are compared each interval (a stat; an atomic rename or an edit in place both change them). A
 * bundle is activated only once downloaded whole, verified with the key and its config loaded;
 * anything less leaves the one in force, logs one line and counts a failure by reason. A refused
 * source is checked again (and refused again) every interval until it changes. Verified bundles
 * are extracted into a folder of this process's own (`hookwire-bundle-<pid>-*` in `extractInto`), one folder per
 * revision; the active one and the one before it are kept (dispatches begun on it may still run
 * its scripts), older ones removed, and all of them at `stop`.
 */
export function createBundleFeed(options: BundleFeedOptions): BundleFeed {
  const { logger, key } = options;
  const source = isBundleUrl(options.source) ? options.source : resolve(options.source);
  const shown = displaySource(source);
  const fetchTimeoutMs = options.fetchTimeoutMs ?? Math.min(MAX_BUNDLE_FETCH_MS, Math.max(1_000, options.pollSeconds * 1_000));
  const random = options.random ?? Math.random;
  const root = makeExtractionRoot(options.extractInto ?? tmpdir());
  const stopping = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  /** The identity of the source when the bundle in force was read from it (not of a refused one: that is read again). */
  let knownIdentity: Identity | undefined;
  let activeId: string | undefined;
  let previousId: string | undefined;

  const status: BundleStatus = {
    source: shown,
    pollSeconds: options.pollSeconds,
    activations: 0,
    checks: Object.fromEntries(BUNDLE_CHECK_RESULTS.map((result) => [result, 0])) as Record<BundleCheckResult, number>,
    failures: Object.fromEntries(BUNDLE_FAILURE_REASONS.map((reason) => [reason, 0])) as Record<BundleFailureReason, number>,
  };

  async function read(): Promise<{ text: string; identity: Identity | undefined } | 'unchanged'> {
    if (isBundleUrl(source)) {
      const timeoutMs = status.lastCheck === undefined ? Math.min(fetchTimeoutMs, FIRST_BUNDLE_FETCH_MS) : fetchTimeoutMs;
      const got = await fetchBundle(source, { timeoutMs, signal: stopping.signal, ...(knownIdentity === undefined ? {} : { etag: knownIdentity }) });
      return got === 'unchanged' ? got : { text: got.text, identity: got.etag ?? undefined };
    }
    try {
      const before = await stat(source);
      const identity = `${before.ino}:${before.size}:${before.mtimeMs}:${before.ctimeMs}`;
      if (identity === knownIdentity) return 'unchanged';
      return { text: await readFile(source, 'utf8'), identity };
    } catch (error) {
      throw new BundleDownloadError('download', `cannot read ${source}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    }
  }

  function record(result: BundleCheckResult, at: string, failure?: { reason: BundleFailureReason; error: string }): void {
    status.checks[result]++;
    status.lastCheck = { at, result, ...(failure === undefined ? {} : failure) };
    if (failure !== undefined) {
      status.failures[failure.reason]++;
      logger.error('policy bundle not activated; the one in force stays', {
        bundle: { source: shown, reason: failure.reason, error: failure.error, active: status.active?.revision ?? null },
      });
    } else if (status.active !== undefined) {
      status.lastSuccessAt = at;
    }
  }

  /** Removes every extracted revision but the active one and the one before it. */
  function prune(): void {
    for (const entry of readdirSync(root)) {
      if (entry !== activeId && entry !== previousId) rmSync(join(root, entry), { recursive: true, force: true });
    }
  }

  async function attempt(activate: ActivateBundle): Promise<void> {
    const at = new Date().toISOString();
    let got: Awaited<ReturnType<typeof read>>;
    try {
      got = await read();
    } catch (error) {
      if (!(error instanceof BundleDownloadError)) throw error;
      if (stopped) return;
      return record('failed', at, { reason: error.reason, error: error.message });
    }
    if (got === 'unchanged') return record('unchanged', at);
    let verified;
    let id: string;
    try {
      const bundle = parseBundle(got.text);
      verified = verifyBundle(bundle, key);
      id = revisionIdOf(bundle.envelope.payload);
    } catch (error) {
      if (!(error instanceof BundleRefused)) throw error;
      return record('failed', at, { reason: 'verify', error: `${shown} is refused: ${error.message}` });
    }
    if (id === activeId) {
      // The same signed manifest served again (a new ETag, the file touched): nothing to swap.
      knownIdentity = got.identity;
      return record('unchanged', at);
    }
    const dir = join(root, id);
    try {
      extractBundle(dir, verified);
    } catch (error) {
      return record('failed', at, { reason: 'install', error: `cannot extract ${shown} into ${dir}: ${(error as Error).message}` });
    }
    const revision = verified.manifest.revision;
    const loaded = await activate({ paths: [join(dir, ...verified.manifest.config.split('/'))], revision });
    if (!loaded.ok) {
      rmSync(dir, { recursive: true, force: true });
      return record('failed', at, { reason: 'load', error: `revision ${revision} from ${shown} does not load: ${loaded.error}` });
    }
    const previous = status.active?.revision;
    previousId = activeId;
    activeId = id;
    knownIdentity = got.identity;
    status.active = { revision, keyid: verified.keyid, activatedAt: new Date().toISOString() };
    status.activations++;
    prune();
    logger.warn('policy bundle activated', { bundle: { source: shown, revision, keyid: verified.keyid, previous: previous ?? null } });
    record('activated', at);
  }

  function check(activate: ActivateBundle): Promise<void> {
    // One check at a time: a poll that comes due while one runs waits for it rather than racing it.
    running ??= attempt(activate).finally(() => {
      running = undefined;
    });
    return running;
  }

  function schedule(activate: ActivateBundle): void {
    if (stopped) return;
    const waitMs = options.pollSeconds * 1_000 * (1 - BUNDLE_POLL_JITTER + 2 * BUNDLE_POLL_JITTER * random());
    timer = setTimeout(() => {
      timer = undefined;
      void check(activate).then(
        () => schedule(activate),
        (error: unknown) => {
          logger.error('policy bundle check failed unexpectedly', { bundle: { source: shown, error: error instanceof Error ? error.message : String(error) } });
          schedule(activate);
        },
      );
    }, waitMs);
    timer.unref();
  }

  return {
    check,
    poll: schedule,
    status: () => structuredClone(status),
    isActive: () => activeId !== undefined,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      stopping.abort();
      await running?.catch(() => {});
      rmSync(root, { recursive: true, force: true });
    },
  };
}
