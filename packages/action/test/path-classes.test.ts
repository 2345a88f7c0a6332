import { describe, expect, it } from 'vitest';
import { compilePathClasses } from '../src/path-classes.js';
import { DEFAULT_PATH_CLASSES } from '../src/index.js';

describe('compilePathClasses', () => {
  const classify = compilePathClasses('/home/u');

  it('excludes the example forms of .env', () => {
    for (const name of ['.env.example', '.env.sample', '.env.template', '.env.dist']) expect(classify(`/p/${name}`, false)).toStrictEqual([]);
    for (const name of ['.env', '.env.local', '.env.production']) expect(classify(`/p/${name}`, false)).toStrictEqual(['secrets']);
  });

  it('knows key stores, client secrets, service-account keys, password files and private keyrings, not public PEM keys', () => {
    for (const path of ['/p/release.jks', '/p/app.pfx', '/p/keystore.p12', '/p/my.keystore', '/p/client_secret_123.apps.json',
      '/p/service-account-key.json', '/p/service_account_prod.json', '/home/u/.pgpass', '/home/u/.my.cnf', '/srv/.htpasswd',
      '/home/u/.gnupg/secring.gpg', '/home/u/.gnupg/private-keys-v1.d/AB12.key', '/p/server.pem']) {
      expect(classify(path, false), path).toStrictEqual(['secrets']);
    }
    for (const path of ['/p/org.pub.pem', '/p/public.pem', '/p/signing-public.pem', '/home/u/.gnupg/trustdb.gpg', '/home/u/.gnupg/pubring.kbx',
      '/p/service.json', '/p/keystore.md', '/p/my.cnf.example']) {
      expect(classify(path, false), path).toStrictEqual([]);
    }
    expect(classify('/home/u/.boto', false)).toStrictEqual(['cloud']);
    expect(classify('/home/u/.s3cfg', false)).toStrictEqual(['cloud']);
    expect(classify('/home/u/.vault-token', false)).toStrictEqual(['tokens']);
  });

  it('keeps the harmless devices out of system', () => {
    for (const device of ['/dev/null', '/dev/stdout', '/dev/stderr', '/dev/tty']) expect(classify(device, false)).toStrictEqual([]);
    expect(classify('/dev/sda', false)).toStrictEqual(['system']);
  });

  it('gives an ancestor the classes below it only for a recursive operation', () => {
    expect(classify('/home/u', false)).toStrictEqual([]);
    expect(classify('/home/u', true)).toStrictEqual(['ssh', 'cloud', 'tokens', 'private', 'guard']);
    expect(classify('/home', true)).toStrictEqual(['ssh', 'cloud', 'tokens', 'private', 'guard']);
    expect(classify('/home/other', true)).toStrictEqual([]);
  });

  it("reads a user's extra globs: relative at any depth, ~ as the home, a new class by its name", () => {
    const extra = compilePathClasses('/home/u', { secrets: ['config/prod.key'], vault: ['~/vault/**', '/srv/keys/*.pem'] });
    expect(extra('/p/config/prod.key', false)).toStrictEqual(['secrets']);
    expect(extra('/p/a/b/config/prod.key', false)).toStrictEqual(['secrets']);
    expect(extra('/p/config/dev.key', false)).toStrictEqual(['secrets']);
    expect(extra('/p/config/prod.txt', false)).toStrictEqual([]);
    expect(extra('/home/u/vault/x', false)).toStrictEqual(['vault']);
    expect(extra('/srv/keys/a.pem', false)).toStrictEqual(['secrets', 'vault']);
    // An unknown home: ~ globs match at any depth.
    expect(compilePathClasses('', {})('/anywhere/.ssh/id_ed25519', false)).toStrictEqual(['ssh']);
  });

  it('compiles once per home and extra globs', () => {
    expect(compilePathClasses('/home/u')).toBe(classify);
    expect(compilePathClasses('/home/v')).not.toBe(classify);
  });

  it('exports the default classes the brief names', () => {
    expect(Object.keys(DEFAULT_PATH_CLASSES)).toStrictEqual(['secrets', 'ssh', 'cloud', 'tokens', 'private', 'guard', 'system']);
  });
});
