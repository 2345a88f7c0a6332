import { chmodSync, mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { sha256Hex, type VerifiedBundle } from './format.js';

/**
 * Installs a verified bundle in the cache: its files under `revisions/<id>/` (with their modes),
 * the bundle itself as `revisions/<id>.bundle.json` and its revision in `revisions/<id>.json`
 * (`bundleRevisionOf`), then `current` switched to it in one rename, so
 * a bridge starting meanwhile loads the old revision or the new one, never half of one.
 */
export function installBundle(cache: string, verified: VerifiedBundle, bundleText: string): string {
  const id = sha256Hex(verified.manifest.revision).slice(0, 16);
  const dir = join(cache, 'revisions', id);
  const staging = join(cache, 'revisions', `.${id}.${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  for (const file of verified.manifest.files) {
    const target = join(staging, ...file.path.split('/'));
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, verified.files.get(file.path)!);
    chmodSync(target, file.mode === '0755' ? 0o755 : 0o644);
  }
  rmSync(dir, { recursive: true, force: true });
  renameSync(staging, dir);
  // Beside the tree, not in it (a bundle may hold a file of any name): the bundle as pulled, and what the bridge records of it.
  writeFileSync(`${dir}.bundle.json`, bundleText);
  writeFileSync(`${dir}.json`, `${JSON.stringify({ revision: verified.manifest.revision, keyid: verified.keyid, installed: new Date().toISOString() })}\n`);
  const link = join(cache, `.current.${process.pid}`);
  rmSync(link, { force: true });
  symlinkSync(join('revisions', id), link);
  renameSync(link, join(cache, 'current'));
  return dir;
}
