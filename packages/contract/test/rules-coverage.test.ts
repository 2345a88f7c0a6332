import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

interface Rule {
  id: string;
  section: string;
  rule: string;
  /** The package whose own tests show this rule, for sentences no pure function of contract or fold can show. */
  owner?: string;
}

interface Vector {
  rule: string;
  name: string;
  input: unknown;
  expected: unknown;
}

const here = (path: string) => new URL(path, import.meta.url);
const readJson = <T>(path: URL): T => JSON.parse(readFileSync(path, 'utf8')) as T;

const rules = readJson<Rule[]>(here('./vectors/rules.json'));
const files = {
  response: here('./vectors/response.json'),
  oracle: here('./vectors/oracle.json'),
  fold: here('../../fold/test/vectors/fold.json'),
  config: here('./vectors/config.json'),
};
const vectors: { file: string; vector: Vector }[] = [];
for (const [file, url] of Object.entries(files)) {
  if (file === 'config' && !existsSync(url)) continue;
  for (const vector of readJson<Vector[]>(url)) vectors.push({ file, vector });
}

/** Config rules belong to the config vectors' author; their ids are accepted without a rules.json entry. */
const isConfigRule = (id: string) => id.startsWith('config.');

describe('rule coverage', () => {
  it('lists §6 and §7 rules only, each once, each described', () => {
    const ids = rules.map((rule) => rule.id);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    for (const rule of rules) {
      expect(rule.id).toMatch(/^(response|oracle|fold)\.[a-z0-9.-]+$/);
      expect(rule.rule.trim()).not.toBe('');
      expect(rule.section).toMatch(/^§[5-7]/);
    }
  });

  it('every vector is well-formed and names a rule in rules.json', () => {
    const known = new Set(rules.map((rule) => rule.id));
    const unknown = vectors
      .filter(({ vector }) => !known.has(vector.rule) && !isConfigRule(vector.rule))
      .map(({ file, vector }) => `${file}: ${vector.rule} (${vector.name})`);
    expect(unknown, 'vectors whose rule id is not in rules.json').toEqual([]);
    for (const { file, vector } of vectors) {
      expect(typeof vector.rule, `${file}: a vector without a rule id`).toBe('string');
      if (file === 'config') continue;
      expect(Object.keys(vector).sort(), `${file}: ${vector.rule}`).toEqual(['expected', 'input', 'name', 'rule']);
      expect(typeof vector.name === 'string' && vector.name !== '', `${file}: ${vector.rule}`).toBe(true);
    }
  });

  it('every rule of rules.json has a vector, unless another package owns it', () => {
    const covered = new Set(vectors.map(({ vector }) => vector.rule));
    const uncovered = rules.filter((rule) => rule.owner === undefined && !covered.has(rule.id)).map((rule) => rule.id);
    expect(uncovered, 'rules without a vector').toEqual([]);
  });

  it('rules owned elsewhere name a real package and have no vector here', () => {
    const covered = new Set(vectors.map(({ vector }) => vector.rule));
    for (const rule of rules.filter((candidate) => candidate.owner !== undefined)) {
      expect(existsSync(here(`../../${rule.owner}/package.json`)), `${rule.id}: owner ${rule.owner}`).toBe(true);
      expect(covered.has(rule.id), `${rule.id} is owned by ${rule.owner}`).toBe(false);
    }
  });

  it('vector names are unique within a rule', () => {
    const seen = new Set<string>();
    const repeated: string[] = [];
    for (const { file, vector } of vectors) {
      const key = `${file}\u0000${vector.rule}\u0000${vector.name}`;
      if (seen.has(key)) repeated.push(`${file}: ${vector.rule}: ${vector.name}`);
      seen.add(key);
    }
    expect(repeated).toEqual([]);
  });

  it('has at least 80 response, oracle and fold vectors', () => {
    expect(vectors.filter(({ file }) => file !== 'config').length).toBeGreaterThanOrEqual(80);
  });
});
