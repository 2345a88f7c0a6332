import { describe, expect, it } from 'vitest';
import { parseTargetUrl, showUrl } from '../src/parse-target-url.js';

describe.each(['webhook url', 'llm.baseUrl'])('parseTargetUrl, naming the URL %j', (what) => {
  it.each(['http://127.0.0.1:9000/check', 'https://hooks.example.com/a?b=c'])('accepts %s', (value) => {
    const parsed = parseTargetUrl(value, what);
    expect(parsed).toMatchObject({ ok: true, shown: value });
  });

  it.each([
    ['', `${what} "" is not an absolute URL (expected http://… or https://…)`],
    ['example.com/hook', `${what} "example.com/hook" is not an absolute URL (expected http://… or https://…)`],
    ['file:///etc/passwd', `${what} "file:///etc/passwd" must use http: or https:, received file:`],
    [42, `${what} must be a string, received number`],
    [null, `${what} must be a string, received null`],
  ])('refuses %j', (value, message) => {
    expect(parseTargetUrl(value, what)).toEqual({ ok: false, message });
  });
});

describe('showUrl', () => {
  it('hides a password', () => {
    expect(showUrl(new URL('http://user:hunter2@example.com/x'))).toBe('http://user:***@example.com/x');
    expect(showUrl(new URL('http://example.com/x'))).toBe('http://example.com/x');
  });
});
