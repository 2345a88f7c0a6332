import { describe, expect, it } from 'vitest';
import { displaySource, isBundleUrl } from '../../src/bundle/fetch.js';

describe('displaySource: a bundle source as logs and /healthz show it', () => {
  it.each([
    ['https://policy.example.com/policy.bundle.json', 'https://policy.example.com/policy.bundle.json'],
    // A presigned URL's query is a credential; so are user and password.
    ['https://bucket.s3.amazonaws.com/p.json?X-Amz-Signature=abc&X-Amz-Credential=k', 'https://bucket.s3.amazonaws.com/p.json?…'],
    ['https://user:secret@policy.example.com:8443/b.json#frag', 'https://policy.example.com:8443/b.json'],
    ['HTTP://127.0.0.1:8080/b.json?token=t', 'http://127.0.0.1:8080/b.json?…'],
    ['/etc/hookwire/policy.bundle.json', '/etc/hookwire/policy.bundle.json'],
    ['relative/b.json', 'relative/b.json'],
  ])('%s → %s', (source, shown) => {
    expect(displaySource(source)).toBe(shown);
  });

  it('tells URLs from paths by their http(s) scheme only', () => {
    expect([isBundleUrl('https://x/b'), isBundleUrl('HTTP://x/b'), isBundleUrl('file:///b'), isBundleUrl('/b'), isBundleUrl('ftp://x/b')]).toEqual([true, true, false, false, false]);
  });
});
