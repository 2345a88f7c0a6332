import type { Decision } from '@hookwire/fold';
import { describeValue, isRecord } from '../describe-value.js';
import { exceedsDepth, MAX_NESTING_DEPTH } from '../nesting-depth.js';

/** Reads typed fields of one JSON answer; a field of the wrong type is dropped with a warning. */
export interface FieldReader {
  readonly warnings: string[];
  string(where: Record<string, unknown>, key: string, label?: string): string | undefined;
  boolean(where: Record<string, unknown>, key: string, label?: string): boolean | undefined;
  choice(where: Record<string, unknown>, key: string, table: Readonly<Record<string, Decision>>, label?: string): Decision | undefined;
  /** A tool-input rewrite: an object no deeper than the nesting limit; recorded, never applied. */
  rewrite(where: Record<string, unknown>, key: string, label?: string): Record<string, unknown> | undefined;
}

export function createFieldReader(warnings: string[] = []): FieldReader {
  return {
    warnings,
    string(where, key, label = key) {
      const value = where[key];
      if (value === undefined) return undefined;
      if (typeof value === 'string') return value;
      warnings.push(`${label} must be a string, received ${describeValue(value)}; ignored`);
      return undefined;
    },
    boolean(where, key, label = key) {
      const value = where[key];
      if (value === undefined) return undefined;
      if (typeof value === 'boolean') return value;
      warnings.push(`${label} must be a boolean, received ${describeValue(value)}; ignored`);
      return undefined;
    },
    choice(where, key, table, label = key) {
      const value = where[key];
      if (value === undefined) return undefined;
      if (typeof value === 'string' && Object.hasOwn(table, value)) return table[value];
      const expected = Object.keys(table).map((name) => `"${name}"`).join(' or ');
      warnings.push(`${label} must be ${expected}, received ${describeValue(value)}; ignored`);
      return undefined;
    },
    rewrite(where, key, label = key) {
      const value = where[key];
      if (value === undefined) return undefined;
      if (isRecord(value) && exceedsDepth(value)) {
        warnings.push(`${label} is nested deeper than ${MAX_NESTING_DEPTH} levels; dropped`);
        return undefined;
      }
      if (isRecord(value)) {
        warnings.push(`${label} is recorded but not applied`);
        return value;
      }
      warnings.push(`${label} must be an object, received ${describeValue(value)}; ignored`);
      return undefined;
    },
  };
}
