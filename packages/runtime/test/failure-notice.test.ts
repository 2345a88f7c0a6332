import { describe, expect, it } from 'vitest';
import { createNoticeMemory, describeFailureNotice } from '../src/failure-notice.js';

describe('describeFailureNotice', () => {
  it('names the hook, the class and the message, and says the action went ahead', () => {
    expect(describeFailureNotice('lint', { class: 'timeout', message: 'timed out after 1000 ms' })).toBe('hookwire: hook lint failed (timeout): timed out after 1000 ms; the action went ahead (onError "warn")');
  });

  it('cuts a long message at 400 characters', () => {
    expect(describeFailureNotice('x', { class: 'spawn', message: 'm'.repeat(1000) })).toBe(`hookwire: hook x failed (spawn): ${'m'.repeat(400)}...; the action went ahead (onError "warn")`);
  });
});

describe('createNoticeMemory', () => {
  it('tells once per session, hook and event kind', () => {
    const shouldNotice = createNoticeMemory();
    expect([
      shouldNotice('s1', 'lint', 'tool:before'),
      shouldNotice('s1', 'lint', 'tool:before'),
      shouldNotice('s1', 'lint', 'tool:after'),
      shouldNotice('s1', 'fmt', 'tool:before'),
      shouldNotice('s2', 'lint', 'tool:before'),
      // Keys cannot run into each other, whatever the characters.
      shouldNotice('s1\u0000lint', '', 'tool:before'),
    ]).toEqual([true, false, true, true, true, true]);
  });

  it('forgets everything after 10,000 triples, and may tell again', () => {
    const shouldNotice = createNoticeMemory();
    for (let i = 0; i < 10_000; i++) expect(shouldNotice(`s${i}`, 'h', 'e')).toBe(true);
    expect(shouldNotice('s0', 'h', 'e')).toBe(false);
    expect(shouldNotice('new', 'h', 'e')).toBe(true);
    expect(shouldNotice('s0', 'h', 'e')).toBe(true);
  });
});
