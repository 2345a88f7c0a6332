import { describe, expect, it } from 'vitest';
import { DiagnosticSchema } from '../../src/config/diagnostic-schema.js';
import { appendPointer, formatDiagnostic, hasErrors, toJsonPointer } from '../../src/config/diagnostics.js';

describe('toJsonPointer', () => {
  it.each([
    [[], ''],
    [['hooks'], '/hooks'],
    [['hooks', 0, 'timeout'], '/hooks/0/timeout'],
    [['a/b'], '/a~1b'],
    [['m~n'], '/m~0n'],
    [['~1'], '/~01'],
    [['/~'], '/~1~0'],
    [[''], '/'],
    [['hooks', 'Pre/Tool~Use', 0], '/hooks/Pre~1Tool~0Use/0'],
  ] as const)('%j is %j', (segments, pointer) => {
    expect(toJsonPointer(segments)).toBe(pointer);
  });

  it('appends one escaped segment', () => {
    expect(appendPointer('/hooks', 'a/b~c')).toBe('/hooks/a~1b~0c');
    expect(appendPointer('', 3)).toBe('/3');
  });
});


describe('formatDiagnostic', () => {
  const diagnostic = { severity: 'error', path: '/hooks/0/timeout', message: 'timeout must be a positive number of seconds, received -1' } as const;

  it('names the file and the pointer as a URI fragment', () => {
    expect(formatDiagnostic(diagnostic, 'hookwire.json')).toBe(
      'hookwire.json#/hooks/0/timeout: error: timeout must be a positive number of seconds, received -1',
    );
    expect(formatDiagnostic(diagnostic)).toBe('#/hooks/0/timeout: error: timeout must be a positive number of seconds, received -1');
  });

  it('writes a problem of the whole file without a fragment', () => {
    expect(formatDiagnostic({ severity: 'warning', path: '', message: 'm' }, 'a.json')).toBe('a.json: warning: m');
    expect(formatDiagnostic({ severity: 'warning', path: '', message: 'm' })).toBe('config: warning: m');
  });
});

describe('hasErrors and DiagnosticSchema', () => {
  it('finds an error among warnings', () => {
    expect(hasErrors([])).toBe(false);
    expect(hasErrors([{ severity: 'warning', path: '', message: 'w' }])).toBe(false);
    expect(hasErrors([{ severity: 'warning', path: '', message: 'w' }, { severity: 'error', path: '/hooks', message: 'e' }])).toBe(true);
  });

  it('accepts diagnostics and refuses other severities', () => {
    expect(DiagnosticSchema.safeParse({ severity: 'error', path: '/hooks', message: 'e' }).success).toBe(true);
    expect(DiagnosticSchema.safeParse({ severity: 'info', path: '/hooks', message: 'e' }).success).toBe(false);
  });
});
