import { describe, expect, it } from 'vitest';
import { parseTargetUrl, showUrl } from '../src/parse-target-url.js';

describe('parseTargetUrl', () => {
  it.each(['http://127.0.0.1:9000/check', 'https://hooks.example.com/a?b=c'])('accepts %s', (value) => {
    const parsed = parseTargetUrl(value, 'llm.baseUrl');
    expect(parsed).toMatchObject({ ok: true, shown: value });
  });

  it.each([
    ['', 'llm.baseUrl "" is not an absolute URL (expected http://… or https://…)'],
    ['example.com/hook', 'llm.baseUrl "example.com/hook" is not an absolute URL (expected http://… or https://…)'],
    ['file:///etc/passwd', 'llm.baseUrl "file:///etc/passwd" must use http: or https:, received file:'],
    [42, 'llm.baseUrl must be a string, received number'],
    [null, 'llm.baseUrl must be a string, received null'],
  ])('refuses %j', (value, message) => {
    expect(parseTargetUrl(value, 'llm.baseUrl')).toEqual({ ok: false, message });
  });
});

describe('showUrl', () => {
  it('hides a password', () => {
    expect(showUrl(new URL('http://user:hunter2@example.com/x'))).toBe('http://user:***@example.com/x');
    expect(showUrl(new URL('http://example.com/x'))).toBe('http://example.com/x');
  });
});
