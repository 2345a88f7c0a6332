import { describe, expect, it } from 'vitest';
import { parseTargetUrl, showUrl } from '../src/parse-target-url.js';

describe('parseTargetUrl', () => {
  it.each(['http://127.0.0.1:9000/check', 'https://hooks.example.com/a?b=c'])('accepts %s', (value) => {
    const parsed = parseTargetUrl(value, 'webhook url');
    expect(parsed).toMatchObject({ ok: true, shown: value });
  });

  it.each([
    ['', 'webhook url "" is not an absolute URL (expected http://… or https://…)'],
    ['example.com/hook', 'webhook url "example.com/hook" is not an absolute URL (expected http://… or https://…)'],
    ['file:///etc/passwd', 'webhook url "file:///etc/passwd" must use http: or https:, received file:'],
    [42, 'webhook url must be a string, received number'],
    [null, 'webhook url must be a string, received null'],
  ])('refuses %j', (value, message) => {
    expect(parseTargetUrl(value, 'webhook url')).toEqual({ ok: false, message });
  });
});

describe('showUrl', () => {
  it('hides a password', () => {
    expect(showUrl(new URL('http://user:hunter2@example.com/x'))).toBe('http://user:***@example.com/x');
    expect(showUrl(new URL('http://example.com/x'))).toBe('http://example.com/x');
  });
});
