import { createHash, createPublicKey, sign as signBytes, verify as verifyBytes, type KeyObject } from 'node:crypto';
import { isRecord } from '@hookwire/contract';

/**
 * A hookwire policy bundle (docs/fleet.md): one JSON file holding a DSSE envelope
 * (https://github.com/secure-systems-lab/dsse) whose payload is the manifest — the revision and
 * every file's path, SHA-256, size and mode — and the files themselves, base64. The signature is
 * Ed25519 (node:crypto) over DSSE's pre-authentication encoding of the manifest's exact bytes, so
 * nothing is canonicalised and any DSSE verifier can check the envelope alone.
 */
export const BUNDLE_VERSION = 1;
export const MANIFEST_TYPE = 'application/vnd.hookwire.bundle-manifest+json';
/** The config a bundle carries, at the root of its files: the organisation's layer. */
export const BUNDLE_CONFIG = '.hookwire.json';

export interface ManifestFile {
  path: string;
  sha256: string;
  size: number;
  /** `0755` for an executable (a hook script), else `0644`. */
  mode: '0755' | '0644';
}

export interface Manifest {
  revision: string;
  config: string;
  files: ManifestFile[];
}

export interface Signature {
  keyid: string;
  sig: string;
}

export interface Bundle {
  hookwireBundle: typeof BUNDLE_VERSION;
  envelope: { payloadType: string; payload: string; signatures: Signature[] };
  files: Record<string, string>;
}

/** A bundle refused: the message says precisely why (exit 1 of `bundle verify`). */
export class BundleRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BundleRefused';
  }
}

export function sha256Hex(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** DSSE's pre-authentication encoding: `DSSEv1 <len(type)> <type> <len(body)> <body>`. */
export function preAuthEncoding(payloadType: string, body: Buffer): Buffer {
  const type = Buffer.from(payloadType, 'utf8');
  return Buffer.concat([Buffer.from(`DSSEv1 ${type.length} `), type, Buffer.from(` ${body.length} `), body]);
}

/** A key's id: `sha256:` and the hex SHA-256 of its public key (SPKI, DER), the same for the private key and its public half. */
export function keyIdOf(key: KeyObject): string {
  const publicKey = key.type === 'private' ? createPublicKey(key) : key;
  return `sha256:${sha256Hex(publicKey.export({ type: 'spki', format: 'der' }))}`;
}

/** A path a bundle may hold: relative, `/`-separated, no `.`/`..`/empty segment, no backslash or NUL. */
export function isSafeBundlePath(path: string): boolean {
  if (path === '' || path.startsWith('/') || path.includes('\\') || path.includes('\0') || /^[A-Za-z]:/.test(path)) return false;
  return path.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

/** The revision derived from the content: `sha256:` of every file's path, mode and digest, in path order. */
export function contentRevision(files: readonly Omit<ManifestFile, 'size'>[]): string {
  return `sha256:${sha256Hex(files.map((file) => `${file.path}\0${file.mode}\0${file.sha256}\n`).join(''))}`;
}

/** Reads a bundle file's text into its shape; a refusal names what is wrong. Checks no signature and no digest. */
export function parseBundle(text: string): Bundle {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new BundleRefused(`not a bundle: not valid JSON (${(error as Error).message})`);
  }
  if (!isRecord(value)) throw new BundleRefused('not a bundle: expected a JSON object');
  if (value.hookwireBundle !== BUNDLE_VERSION) {
    throw new BundleRefused(`not a bundle of a version this hookwire reads: hookwireBundle is ${JSON.stringify(value.hookwireBundle)}, expected ${BUNDLE_VERSION}`);
  }
  const envelope = value.envelope;
  if (!isRecord(envelope) || typeof envelope.payload !== 'string' || typeof envelope.payloadType !== 'string' || !Array.isArray(envelope.signatures)) {
    throw new BundleRefused('not a bundle: envelope must be a DSSE envelope { payloadType, payload, signatures }');
  }
  if (envelope.payloadType !== MANIFEST_TYPE) throw new BundleRefused(`envelope.payloadType is ${JSON.stringify(envelope.payloadType)}, expected ${MANIFEST_TYPE}`);
  const signatures: Signature[] = envelope.signatures.map((entry, index) => {
    if (!isRecord(entry) || typeof entry.sig !== 'string') throw new BundleRefused(`envelope.signatures[${index}] has no sig`);
    if (typeof entry.keyid !== 'string' || entry.keyid === '') {
      throw new BundleRefused(`envelope.signatures[${index}] names no keyid: refused (every signature must name the key it was made with)`);
    }
    return { keyid: entry.keyid, sig: entry.sig };
  });
  if (!isRecord(value.files) || !Object.values(value.files).every((content) => typeof content === 'string')) {
    throw new BundleRefused('not a bundle: files must be an object of path → base64 content');
  }
  return {
    hookwireBundle: BUNDLE_VERSION,
    envelope: { payloadType: envelope.payloadType, payload: envelope.payload, signatures },
    files: value.files as Record<string, string>,
  };
}

/** The manifest of a bundle, read from the envelope's payload and checked for shape (not for the files). */
export function readManifest(bundle: Bundle): Manifest {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(bundle.envelope.payload, 'base64').toString('utf8'));
  } catch (error) {
    throw new BundleRefused(`the manifest (envelope.payload) is not valid JSON: ${(error as Error).message}`);
  }
  if (!isRecord(value) || typeof value.revision !== 'string' || value.revision === '' || typeof value.config !== 'string' || !Array.isArray(value.files)) {
    throw new BundleRefused('the manifest must be { revision, config, files: [{ path, sha256, size, mode }] }');
  }
  const seen = new Set<string>();
  const files = value.files.map((entry, index): ManifestFile => {
    if (!isRecord(entry) || typeof entry.path !== 'string' || typeof entry.sha256 !== 'string' || typeof entry.size !== 'number' || (entry.mode !== '0755' && entry.mode !== '0644')) {
      throw new BundleRefused(`manifest files[${index}] must be { path, sha256, size, mode: "0755" | "0644" }`);
    }
    if (!isSafeBundlePath(entry.path)) throw new BundleRefused(`manifest files[${index}] has an unsafe path ${JSON.stringify(entry.path)} (absolute, or with "..", "." or an empty segment)`);
    if (seen.has(entry.path)) throw new BundleRefused(`manifest lists ${JSON.stringify(entry.path)} twice`);
    seen.add(entry.path);
    return { path: entry.path, sha256: entry.sha256, size: entry.size, mode: entry.mode };
  });
  if (value.config !== BUNDLE_CONFIG) throw new BundleRefused(`the manifest's config is ${JSON.stringify(value.config)}; a version ${BUNDLE_VERSION} bundle's config is ${BUNDLE_CONFIG} at its root`);
  if (!seen.has(value.config)) throw new BundleRefused(`the manifest's config ${JSON.stringify(value.config)} is not one of its files`);
  return { revision: value.revision, config: value.config, files };
}

/** Checks that the bundle holds exactly the manifest's files, each with its digest and size; returns each file's bytes. */
export function checkFiles(bundle: Bundle, manifest: Manifest): Map<string, Buffer> {
  const contents = new Map<string, Buffer>();
  const listed = new Set(manifest.files.map((file) => file.path));
  for (const path of Object.keys(bundle.files)) {
    if (!listed.has(path)) throw new BundleRefused(`extra file ${JSON.stringify(path)}: the bundle holds it but the signed manifest does not list it`);
  }
  for (const file of manifest.files) {
    const encoded = bundle.files[file.path];
    if (encoded === undefined) throw new BundleRefused(`missing file ${JSON.stringify(file.path)}: the signed manifest lists it but the bundle does not hold it`);
    const bytes = Buffer.from(encoded, 'base64');
    if (bytes.toString('base64') !== encoded) throw new BundleRefused(`file ${JSON.stringify(file.path)} is not canonical base64`);
    if (bytes.length !== file.size || sha256Hex(bytes) !== file.sha256) {
      throw new BundleRefused(`modified file ${JSON.stringify(file.path)}: its SHA-256 is ${sha256Hex(bytes)}, the signed manifest says ${file.sha256}`);
    }
    contents.set(file.path, bytes);
  }
  return contents;
}

/** The bundle's text, as written to a file. */
export function serializeBundle(bundle: Bundle): string {
  return `${JSON.stringify(bundle, null, 1)}\n`;
}

/** Makes an unsigned bundle of files (path → bytes, executable or not). */
export function makeBundle(files: readonly { path: string; bytes: Buffer; executable: boolean }[], revision: string | undefined): { bundle: Bundle; manifest: Manifest } {
  const sorted = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const entries: ManifestFile[] = sorted.map((file) => ({ path: file.path, sha256: sha256Hex(file.bytes), size: file.bytes.length, mode: file.executable ? '0755' : '0644' }));
  const manifest: Manifest = { revision: revision ?? contentRevision(entries), config: BUNDLE_CONFIG, files: entries };
  const bundle: Bundle = {
    hookwireBundle: BUNDLE_VERSION,
    envelope: { payloadType: MANIFEST_TYPE, payload: Buffer.from(JSON.stringify(manifest), 'utf8').toString('base64'), signatures: [] },
    files: Object.fromEntries(sorted.map((file) => [file.path, file.bytes.toString('base64')])),
  };
  return { bundle, manifest };
}

/** Signs the bundle's manifest with an Ed25519 private key; a signature of the same key is replaced, others kept (key rotation). */
export function signBundle(bundle: Bundle, privateKey: KeyObject): Bundle {
  checkFiles(bundle, readManifest(bundle));
  const keyid = keyIdOf(privateKey);
  const body = Buffer.from(bundle.envelope.payload, 'base64');
  const sig = signBytes(null, preAuthEncoding(bundle.envelope.payloadType, body), privateKey).toString('base64');
  const signatures = [...bundle.envelope.signatures.filter((entry) => entry.keyid !== keyid), { keyid, sig }];
  return { ...bundle, envelope: { ...bundle.envelope, signatures } };
}

export interface VerifiedBundle {
  manifest: Manifest;
  files: Map<string, Buffer>;
  keyid: string;
}

/**
 * Verifies a bundle against one public key: the envelope must carry a signature naming this key's
 * id, that signature must verify over the manifest's exact bytes, and the bundle must hold exactly
 * the manifest's files with their digests. A signature's keyid is never trusted to pick a key (the
 * key is the caller's), and a signature without one, or only by other keys, is refused
 * (OPA's GHSA-g2pf-6v5v-qcc8: a missing key id must not skip verification).
 */
export function verifyBundle(bundle: Bundle, publicKey: KeyObject): VerifiedBundle {
  const keyid = keyIdOf(publicKey);
  const { signatures } = bundle.envelope;
  if (signatures.length === 0) throw new BundleRefused('the bundle is not signed (envelope.signatures is empty): sign it with "hookwire bundle sign"');
  const mine = signatures.filter((entry) => entry.keyid === keyid);
  if (mine.length === 0) {
    throw new BundleRefused(`no signature by the given key ${keyid}: the bundle is signed by unknown key id(s) ${signatures.map((entry) => entry.keyid).join(', ')}`);
  }
  const body = Buffer.from(bundle.envelope.payload, 'base64');
  if (body.toString('base64') !== bundle.envelope.payload) throw new BundleRefused('envelope.payload is not canonical base64');
  const message = preAuthEncoding(bundle.envelope.payloadType, body);
  if (!mine.every((entry) => verifyBytes(null, message, publicKey, Buffer.from(entry.sig, 'base64')))) {
    throw new BundleRefused(`the signature by ${keyid} does not verify: the manifest was changed after signing, or the signature is not this key's`);
  }
  const manifest = readManifest(bundle);
  return { manifest, files: checkFiles(bundle, manifest), keyid };
}
