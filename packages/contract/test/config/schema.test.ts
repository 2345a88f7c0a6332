import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIG_EVENT_NAMES, HOOK_TYPES, renderConfigJsonSchema } from '../../src/config/schema.js';

const committed = readFileSync(new URL('../../schema/hookwire.schema.json', import.meta.url), 'utf8');

interface JsonSchema {
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: string[];
  const?: string;
  additionalProperties?: unknown;
  type?: string;
}

describe('schema/hookwire.schema.json', () => {
  it('is what the zod schema generates', () => {
    expect(
      committed,
      'schema/hookwire.schema.json is out of date: run `npx tsc -b packages/contract && node packages/contract/scripts/generate-schema.mjs`',
    ).toBe(renderConfigJsonSchema());
  });

  const schema = JSON.parse(committed) as JsonSchema;
  const [native, claude] = schema.anyOf ?? [];

  it('describes the native shape strictly, one branch per hook type', () => {
    expect(native?.additionalProperties).toBe(false);
    expect(native?.required).toStrictEqual(['hooks']);
    const branches = native?.properties?.hooks?.items?.oneOf ?? [];
    expect(branches.map((branch) => branch.properties?.type?.const)).toStrictEqual([...HOOK_TYPES]);
    for (const branch of branches) {
      expect(branch.additionalProperties).toBe(false);
      expect(branch.properties?.event?.enum).toStrictEqual([...CONFIG_EVENT_NAMES]);
    }
    expect(branches.map((branch) => branch.required)).toStrictEqual([
      ['event', 'type', 'command'],
      ['event', 'type', 'url'],
      ['event', 'type', 'prompt'],
      ['event', 'type', 'prompt'],
      ['event', 'type'],
      // A rule hook naming a pack may leave the event out (it runs on tool:before, tool:after and prompt:submit).
      ['type'],
    ]);
  });

  it("accepts Claude Code's settings shape loosely", () => {
    expect(claude?.additionalProperties).toStrictEqual({});
    expect(claude?.properties?.hooks?.type).toBe('object');
    expect(claude?.required).toStrictEqual(['hooks']);
  });
});
