import { describe, expect, it } from 'vitest';
import { readPatchFiles } from '../../src/files/read-patch-files.js';

describe('readPatchFiles', () => {
  it('reads every file of an envelope, CRLF and indentation included', () => {
    const patch = ['*** Begin Patch', '*** Add File: a.txt', '+x', '  *** Update File: dir/b.ts\r', '*** Move to: dir/c.ts', '@@', '-1', '+2', '*** Delete File: d.md', '*** End Patch'].join('\n');
    expect(readPatchFiles(patch)).toStrictEqual([
      { path: 'a.txt', op: 'write' },
      { path: 'dir/b.ts', op: 'write' },
      { path: 'dir/b.ts', op: 'delete' },
      { path: 'dir/c.ts', op: 'write' },
      { path: 'd.md', op: 'delete' },
    ]);
  });

  it('ignores lines of the hunks that only look like headers', () => {
    expect(readPatchFiles('*** Begin Patch\n*** Update File: a\n+*** Delete File: b\n*** End Patch')).toStrictEqual([{ path: 'a', op: 'write' }]);
  });
});
