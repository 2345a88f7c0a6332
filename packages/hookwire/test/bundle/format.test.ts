import { generateKeyPairSync, sign } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BundleRefused, isSafeBundlePath, keyIdOf, MANIFEST_TYPE, makeBundle, parseBundle, preAuthEncoding, readManifest, serializeBundle, signBundle, verifyBundle, type Bundle } from '../../src/bundle/format.js';

const keys = generateKeyPairSync('ed25519');
const other = generateKeyPairSync('ed25519');

const FILES = [
  { path: '.hookwire.json', bytes: Buffer.from('{"hooks":[{"id":"guard","event":"tool:before","type":"command","command":"sh $HOOKWIRE_CONFIG_DIR/hooks/guard.sh"}]}'), executable: false },
  { path: 'hooks/guard.sh', bytes: Buffer.from('#!/bin/sh\necho no >&2\nexit 2\n'), executable: true },
  { path: 'packs/team.json', bytes: Buffer.from('{"name":"team","version":"1","levels":["on"],"rules":[]}'), executable: false },
];

function signed(): Bundle {
  return signBundle(makeBundle(FILES, 'r1').bundle, keys.privateKey);
}

function refusal(bundle: Bundle, key = keys.publicKey): string {
  try {
    verifyBundle(parseBundle(serializeBundle(bundle)), key);
  } catch (error) {
    expect(error).toBeInstanceOf(BundleRefused);
    return (error as Error).message;
  }
  throw new Error('verified, expected a refusal');
}

describe('verifyBundle', () => {
  it('accepts a bundle signed by the given key: the revision and every file', () => {
    const verified = verifyBundle(parseBundle(serializeBundle(signed())), keys.publicKey);
    expect(verified.manifest.revision).toBe('r1');
    expect([...verified.files.keys()]).toEqual(['.hookwire.json', 'hooks/guard.sh', 'packs/team.json']);
    expect(verified.manifest.files.map((file) => file.mode)).toEqual(['0644', '0755', '0644']);
  });

  it('signs DSSE: the signature is over the pre-authentication encoding of the manifest bytes', () => {
    expect(preAuthEncoding('t', Buffer.from('hello')).toString()).toBe('DSSEv1 1 t 5 hello');
  });

  it('refuses each way a bundle can fail, saying which', () => {
    const base = signed();
    const sig = base.envelope.signatures[0]!;
    const cases: [string, Bundle, RegExp][] = [
      ['unsigned', makeBundle(FILES, 'r1').bundle, /not signed/],
      ['signed by another key', signBundle(makeBundle(FILES, 'r1').bundle, other.privateKey), /no signature by the given key sha256:[0-9a-f]{64}: the bundle is signed by unknown key id\(s\) sha256:/],
      ['the right key id on another key\'s signature', { ...base, envelope: { ...base.envelope, signatures: [{ keyid: sig.keyid, sig: signBundle(base, other.privateKey).envelope.signatures[1]!.sig }] } }, /does not verify/],
      ['an extra file', { ...base, files: { ...base.files, 'extra.sh': Buffer.from('x').toString('base64') } }, /extra file "extra\.sh"/],
      ['a missing file', { ...base, files: Object.fromEntries(Object.entries(base.files).filter(([path]) => path !== 'hooks/guard.sh')) }, /missing file "hooks\/guard\.sh"/],
      ['a modified file', { ...base, files: { ...base.files, 'hooks/guard.sh': Buffer.from('#!/bin/sh\nexit 0\n').toString('base64') } }, /modified file "hooks\/guard\.sh"/],
      ['a changed manifest', { ...base, envelope: { ...base.envelope, payload: Buffer.from(Buffer.from(base.envelope.payload, 'base64').toString().replace('"r1"', '"r2"')).toString('base64') } }, /does not verify/],
    ];
    for (const [what, bundle, message] of cases) expect(refusal(bundle), what).toMatch(message);
  });

  it('refuses a signature without a key id instead of trying the key anyway (GHSA-g2pf-6v5v-qcc8)', () => {
    const text = serializeBundle(signed()).replace(/"keyid": "[^"]*",?/, '');
    expect(() => parseBundle(text)).toThrow(/signatures\[0\] names no keyid/);
  });

  it('refuses a signed manifest whose paths would leave the folder they are extracted to', () => {
    for (const path of ['../x', '/etc/x', 'a/../../x', 'a//b', './a', 'C:/x', 'a\\b']) expect(isSafeBundlePath(path), path).toBe(false);
    const evil = makeBundle([{ path: '.hookwire.json', bytes: Buffer.from('{}'), executable: false }], 'r');
    const manifest = readManifest(evil.bundle);
    const payload = Buffer.from(JSON.stringify({ ...manifest, files: [...manifest.files, { path: '../escape', sha256: 'x', size: 0, mode: '0644' }] })).toString('base64');
    // Signed by hand: signBundle itself refuses to sign such a manifest.
    const sig = sign(null, preAuthEncoding(MANIFEST_TYPE, Buffer.from(payload, 'base64')), keys.privateKey).toString('base64');
    const bundle = { ...evil.bundle, envelope: { ...evil.bundle.envelope, payload, signatures: [{ keyid: keyIdOf(keys.publicKey), sig }] } };
    expect(refusal(bundle)).toMatch(/unsafe path "\.\.\/escape"/);
    expect(() => signBundle(bundle, keys.privateKey)).toThrow(/unsafe path/);
  });

  it('property: any single-byte change to any file or to the manifest is refused', () => {
    const base = signed();
    const targets = [...Object.keys(base.files), '(manifest)'];
    fc.assert(
      fc.property(fc.constantFrom(...targets), fc.nat(), fc.integer({ min: 1, max: 255 }), (target, at, delta) => {
        const bytes = Buffer.from(target === '(manifest)' ? base.envelope.payload : base.files[target]!, 'base64');
        const index = at % bytes.length;
        bytes[index] = (bytes[index]! + delta) % 256;
        const changed: Bundle =
          target === '(manifest)'
            ? { ...base, envelope: { ...base.envelope, payload: bytes.toString('base64') } }
            : { ...base, files: { ...base.files, [target]: bytes.toString('base64') } };
        expect(refusal(changed)).toMatch(target === '(manifest)' ? /does not verify/ : /modified file/);
      }),
      { numRuns: 300 },
    );
  });
});
