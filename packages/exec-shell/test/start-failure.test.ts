import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeStartFailure } from '../src/start-failure.js';

const NODE_ENTRY_MISSING = `node:internal/modules/cjs/loader:1210
  throw err;
  ^

Error: Cannot find module '/w/missing.js'
    at Module._resolveFilename (node:internal/modules/cjs/loader:1207:15) {
  code: 'MODULE_NOT_FOUND',
  requireStack: []
}

Node.js v20.20.2
`;

describe('describeStartFailure', () => {
  it.each([
    ['dash: command not found', 127, 'sh: 1: no-such-guard: not found\n', 'could not start: exit 127: sh: 1: no-such-guard: not found'],
    ['bash: command not found', 127, 'bash: line 1: foo: command not found\n', 'could not start: exit 127: bash: line 1: foo: command not found'],
    ['bash missing.sh', 127, 'bash: /w/missing.sh: No such file or directory\n', 'could not start: exit 127: bash: /w/missing.sh: No such file or directory'],
    ['env: missing interpreter', 127, "/usr/bin/env: 'nope': No such file or directory\n", "could not start: exit 127: /usr/bin/env: 'nope': No such file or directory"],
    ['not executable', 126, 'sh: 1: /w/x.sh: Permission denied\n', 'could not start: exit 126: sh: 1: /w/x.sh: Permission denied'],
    ['a directory (bash)', 126, 'bash: /w: Is a directory\n', 'could not start: exit 126: bash: /w: Is a directory'],
    ['a binary for another machine', 126, 'bash: /w/x: cannot execute binary file: Exec format error\n', 'could not start: exit 126: bash: /w/x: cannot execute binary file: Exec format error'],
    ['node: entry script missing', 1, NODE_ENTRY_MISSING, "could not start: exit 1: Error: Cannot find module '/w/missing.js'"],
    ['node: a dependency missing (the script started)', 1, NODE_ENTRY_MISSING.replace('requireStack: []', "requireStack: [ '/w/guard.js' ]"), undefined],
    ['exit 127, silent', 127, '', undefined],
    ['exit 127, other words', 127, 'policy: rejected\n', undefined],
    ['exit 1 saying "not found"', 1, 'file not found\n', undefined],
    ['python3 missing.py exits 2: a block, never reread', 2, "python3: can't open file '/w/missing.py': [Errno 2] No such file or directory\n", undefined],
    ['exit 0 saying "not found"', 0, 'x: not found\n', undefined],
  ])('%s', (_name, code, stderr, expected) => {
    expect(describeStartFailure(code, stderr)).toBe(expected);
  });

  it('quotes at most 300 characters of the line', () => {
    const message = describeStartFailure(127, `sh: 1: ${'x'.repeat(1000)}: not found`)!;
    expect(message).toBe(`could not start: exit 127: sh: 1: ${'x'.repeat(300 - 'sh: 1: '.length)}...`);
  });

  it('property: no exit code but 1, 126 and 127 is ever read as "could not start", whatever stderr says', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 255 }).filter((code) => ![1, 126, 127].includes(code)), fc.string(), (code, stderr) => {
        expect(describeStartFailure(code, `${stderr}\nsh: 1: x: not found\nPermission denied\n${NODE_ENTRY_MISSING}`)).toBeUndefined();
      }),
    );
  });

  it('property: never throws and answers fast on any stderr', () => {
    fc.assert(
      fc.property(fc.constantFrom(1, 126, 127), fc.string({ unit: 'binary', maxLength: 2000 }), (code, stderr) => {
        const message = describeStartFailure(code, stderr);
        if (message !== undefined) expect(message.startsWith(`could not start: exit ${code}: `)).toBe(true);
      }),
    );
  });
});
