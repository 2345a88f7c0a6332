import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { sha256Hex, type VerifiedBundle } from './format.js';

export interface Installed {
  dir: string;
  /** False when this very manifest was already the active one: nothing was written. */
  changed: boolean;
}

/** The revision folder `current` points at, if any (`revisions/<id>`). */
function activeId(cache: string): string | undefined {
  try {
    return basename(readlinkSync(join(cache, 'current')));
  } catch {
    return undefined;
  }
}

/**
 * Writes a verified bundle's files, with their modes, into `dir` whole: into a staging folder
 * beside it first, renamed to `dir` once complete (a folder of that name is replaced).
 */
export function extractBundle(dir: string, verified: VerifiedBundle): void {
  const staging = join(dirname(dir), `.${basename(dir)}.${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  for (const file of verified.manifest.files) {
    const target = join(staging, ...file.path.split('/'));
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, verified.files.get(file.path)!);
    chmodSync(target, file.mode === '0755' ? 0o755 : 0o644);
  }
  rmSync(dir, { recursive: true, force: true });
  renameSync(staging, dir);
}

/** The id of a bundle's revision folder: the first 16 hex digits of the signed manifest's SHA-256 (one id, one set of files). */
export function revisionIdOf(manifestPayload: string): string {
  return sha256Hex(manifestPayload).slice(0, 16);
}

/**
 * Installs a verified bundle in the cache: its files under `revisions/<id>/` (with their modes;
 * `<id>` names the signed manifest, so one id is one set of files), the bundle itself as
 * `revisions/<id>.bundle.json` and its revision in `revisions/<id>.json` (`bundleRevisionOf`),
 * then `current` switched to it in one rename, so a bridge starting meanwhile loads the old
 * revision or the new one, never half of one. A folder once complete is never rewritten; of the
 * others only the one `current` pointed at before stays (a bridge may still be reading it).
 */
export function installBundle(cache: string, verified: VerifiedBundle, bundleText: string, manifestPayload: string): Installed {
  const revisions = join(cache, 'revisions');
  const id = revisionIdOf(manifestPayload);
  const dir = join(revisions, id);
  const previous = activeId(cache);
  if (previous === id && existsSync(`${dir}.json`)) return { dir, changed: false };
  if (!existsSync(`${dir}.json`)) {
    extractBundle(dir, verified);
    // Beside the tree, not in it (a bundle may hold a file of any name): the bundle as pulled, and what the bridge records of it.
    writeFileSync(`${dir}.bundle.json`, bundleText);
    // Written last: its presence says the folder is complete.
    writeFileSync(`${dir}.json`, `${JSON.stringify({ revision: verified.manifest.revision, keyid: verified.keyid, installed: new Date().toISOString() })}\n`);
  }
  const link = join(cache, `.current.${process.pid}`);
  rmSync(link, { force: true });
  symlinkSync(join('revisions', id), link);
  renameSync(link, join(cache, 'current'));
  for (const entry of readdirSync(revisions)) {
    const owner = entry.replace(/\.(bundle\.)?json$/, '');
    if (owner !== id && owner !== previous && !entry.startsWith('.')) rmSync(join(revisions, entry), { recursive: true, force: true });
  }
  return { dir, changed: true };
}

/** The ETag a URL answered with when its bundle was last installed (`<cache>/source.json`), to ask If-None-Match. */
export function storedEtag(cache: string, url: string): string | undefined {
  try {
    const source = JSON.parse(readFileSync(join(cache, 'source.json'), 'utf8')) as { url?: unknown; etag?: unknown };
    return source.url === url && typeof source.etag === 'string' && existsSync(join(cache, 'current')) ? source.etag : undefined;
  } catch {
    return undefined;
  }
}

export function storeEtag(cache: string, url: string, etag: string | null): void {
  if (etag === null) rmSync(join(cache, 'source.json'), { force: true });
  else writeFileSync(join(cache, 'source.json'), `${JSON.stringify({ url, etag })}\n`);
}
