import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { HandlerResult } from '../src/handler-result.js';
import { DEFAULT_ORACLE_DENY_REASON, parseOracleAnswer, readOracleObject, stripFence } from '../src/oracle.js';

interface OracleVector {
  rule: string;
  name: string;
  input: { content: unknown; eventName: string };
  expected: HandlerResult;
}

const vectors = JSON.parse(readFileSync(new URL('./vectors/oracle.json', import.meta.url), 'utf8')) as OracleVector[];

describe('oracle vectors', () => {
  it('has vectors', () => {
    expect(vectors.length).toBeGreaterThanOrEqual(30);
  });

  for (const vector of vectors) {
    it(`${vector.rule}: ${vector.name}`, () => {
      expect(parseOracleAnswer(vector.input.content, vector.input.eventName)).toStrictEqual(vector.expected);
    });
  }
});

describe('stripFence', () => {
  it.each([
    ['```json\n{"ok":true}\n```', '{"ok":true}'],
    ['```JSON\n{"ok":true}\n```', '{"ok":true}'],
    ['```\n{"ok":true}\n```', '{"ok":true}'],
    ['  ```json\n  {"ok":true}  \n```\n', '{"ok":true}'],
    ['```json\n{"ok":true}```', '{"ok":true}'],
    ['{"ok":true}', '{"ok":true}'],
    ['  {"ok":true}\n', '{"ok":true}'],
    ['```json {"ok":true}```', '```json {"ok":true}```'],
    ['text\n```json\n{"ok":true}\n```', 'text\n```json\n{"ok":true}\n```'],
    ['```json\n{"ok":true}\n```\nmore', '```json\n{"ok":true}\n```\nmore'],
    ['', ''],
  ])('%j -> %j', (input, expected) => {
    expect(stripFence(input)).toBe(expected);
  });
});

describe('readOracleObject', () => {
  it('reads an object that is already parsed, like parseOracleAnswer does', () => {
    expect(readOracleObject({ ok: false }, 'Stop')).toStrictEqual({ decision: 'deny', reason: DEFAULT_ORACLE_DENY_REASON, warnings: [] });
    expect(readOracleObject({ ok: true, systemMessage: 'm' }, 'Stop')).toStrictEqual({ decision: 'allow', systemMessage: ['m'], warnings: [] });
  });

  it('names its default reason', () => {
    expect(DEFAULT_ORACLE_DENY_REASON).toBe('denied by evaluation');
  });
});
