import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { buildBundle } from './build.js';
import { installBundle, storedEtag, storeEtag } from './cache.js';
import { locateBundleCache } from '../config-location.js';
import { fetchBundle, isBundleUrl } from './fetch.js';
import { BundleRefused, parseBundle, serializeBundle, signBundle, verifyBundle } from './format.js';

/** How long `pull` waits for a bundle server's whole answer. */
const PULL_TIMEOUT_MS = 30_000;

export type BundleVerb =
  | { verb: 'build'; dir: string; out: string; revision?: string }
  | { verb: 'sign'; file: string; key: string }
  | { verb: 'verify'; file: string; key: string }
  | { verb: 'pull'; source: string; key: string; cache?: string };

/** An Ed25519 key from a PEM file; anything else could not be used, so the command could not run (exit 2). */
export function readKey(path: string, kind: 'public' | 'private'): KeyObject {
  let pem: string;
  try {
    pem = readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(`cannot read the key ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, { cause: error });
  }
  let key: KeyObject;
  try {
    key = kind === 'private' ? createPrivateKey(pem) : createPublicKey(pem);
  } catch (error) {
    throw new Error(`${path} is not a ${kind} key in PEM form: ${(error as Error).message}`, { cause: error });
  }
  if (key.asymmetricKeyType !== 'ed25519') throw new Error(`${path} is a ${key.asymmetricKeyType ?? 'non-asymmetric'} key; bundles are signed with Ed25519 (openssl genpkey -algorithm ed25519)`);
  return key;
}

function readText(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, { cause: error });
  }
}

/** Writes a file whole or not at all (a temporary file renamed over it). */
function writeAtomically(path: string, text: string): void {
  mkdirSync(dirname(resolve(path)), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, path);
}

/**
 * A bundle from a URL (http, https) or a file: its text and ETag, `unchanged` when the server
 * answers 304 to the ETag of the bundle installed from it, or why it could not be had.
 */
async function download(source: string, etag: string | undefined): Promise<{ text: string; etag: string | null } | 'unchanged'> {
  if (!isBundleUrl(source)) return { text: readText(source), etag: null };
  return fetchBundle(source, { timeoutMs: PULL_TIMEOUT_MS, ...(etag === undefined ? {} : { etag }) });
}

/** Runs one verb of `hookwire bundle`; returns the exit code (0 done/valid, 1 refused, 2 thrown: could not run). */
export async function runBundleVerb(verb: BundleVerb, out: { write(text: string): unknown } = process.stdout, err: { write(text: string): unknown } = process.stderr): Promise<number> {
  const label = `hookwire bundle ${verb.verb}`;
  try {
    switch (verb.verb) {
      case 'build': {
        const built = buildBundle(verb.dir, verb.revision);
        writeAtomically(verb.out, serializeBundle(built.bundle));
        out.write(`${verb.out}: revision ${built.manifest.revision}, ${built.manifest.files.length} file(s): ${built.manifest.files.map((file) => file.path).join(', ')}; unsigned (hookwire bundle sign ${verb.out} --key PRIVATE.pem)\n`);
        for (const line of built.notPacked) err.write(`${label}: not packed: ${line}\n`);
        return 0;
      }
      case 'sign': {
        const key = readKey(verb.key, 'private');
        const signed = signBundle(parseBundle(readText(verb.file)), key);
        writeAtomically(verb.file, serializeBundle(signed));
        out.write(`${verb.file}: signed by ${signed.envelope.signatures.at(-1)!.keyid}\n`);
        return 0;
      }
      case 'verify': {
        const key = readKey(verb.key, 'public');
        const verified = verifyBundle(parseBundle(readText(verb.file)), key);
        out.write(`${verb.file}: valid: revision ${verified.manifest.revision}, ${verified.manifest.files.length} file(s), signed by ${verified.keyid}\n`);
        return 0;
      }
      case 'pull': {
        const key = readKey(verb.key, 'public');
        const cache = verb.cache ?? locateBundleCache(process.env);
        const got = await download(verb.source, storedEtag(cache, verb.source));
        if (got === 'unchanged') {
          out.write(`${verb.source}: not modified since the last pull (ETag); the cached bundle stays\n`);
          return 0;
        }
        const bundle = parseBundle(got.text);
        const verified = verifyBundle(bundle, key);
        mkdirSync(cache, { recursive: true });
        const installed = installBundle(cache, verified, got.text, bundle.envelope.payload);
        storeEtag(cache, verb.source, got.etag);
        out.write(
          installed.changed
            ? `${verb.source}: valid: revision ${verified.manifest.revision} is the organisation layer now (${installed.dir})\n`
            : `${verb.source}: valid: revision ${verified.manifest.revision} is already the organisation layer\n`,
        );
        return 0;
      }
    }
  } catch (error) {
    if (!(error instanceof BundleRefused)) throw error;
    const what = verb.verb === 'build' ? verb.dir : verb.verb === 'pull' ? verb.source : verb.file;
    err.write(`${label}: ${what} is refused: ${error.message}${verb.verb === 'pull' ? '; the cached bundle stays as it was' : ''}\n`);
    return 1;
  }
}
