import { describe, expect, it } from 'vitest';
import { describeHttpStatus } from '../src/describe-failure.js';

describe('describeHttpStatus', () => {
  it.each([
    [500, '', 'HTTP 500 Internal Server Error from http://h/x'],
    [302, 'Found', 'HTTP 302 Found from http://h/x'],
    [418, 'Short and stout', 'HTTP 418 Short and stout from http://h/x'],
    [599, '', 'HTTP 599 from http://h/x'],
    [404, undefined, 'HTTP 404 Not Found from http://h/x'],
  ])('%i %j', (status, statusText, expected) => {
    expect(describeHttpStatus(status, statusText, 'http://h/x')).toBe(expected);
  });
});
