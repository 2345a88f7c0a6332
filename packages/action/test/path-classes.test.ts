import { describe, expect, it } from 'vitest';
import { compilePathClasses } from '../src/path-classes.js';
import { DEFAULT_PATH_CLASSES } from '../src/index.js';

describe('compilePathClasses', () => {
  const classify = compilePathClasses('/home/u');

  it('excludes the example forms of .env', () => {
    for (const name of ['.env.example', '.env.sample', '.env.template', '.env.dist']) expect(classify(`/p/${name}`, false)).toStrictEqual([]);
    for (const name of ['.env', '.env.local', '.env.production']) expect(classify(`/p/${name}`, false)).toStrictEqual(['secrets']);
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

  it('compiles once per home and extra globs', () => {
    expect(compilePathClasses('/home/u')).toBe(classify);
    expect(compilePathClasses('/home/v')).not.toBe(classify);
  });

  it('exports the default classes the brief names', () => {
    expect(Object.keys(DEFAULT_PATH_CLASSES)).toStrictEqual(['secrets', 'ssh', 'cloud', 'tokens', 'private', 'guard', 'system']);
  });
});
