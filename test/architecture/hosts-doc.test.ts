import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as contract from '../../packages/contract/lib/index.js';
// @ts-expect-error: a plain ES module script without type declarations.
import { PAGE, renderHostMatrix, withMatrix } from '../../scripts/hosts-matrix.mjs';

describe('docs/hosts.md', () => {
  it('has the host × capability matrix the dialect tables give (run `pnpm build && node scripts/hosts-matrix.mjs` when it drifts)', () => {
    const page = readFileSync(PAGE as string, 'utf8');
    expect(page).toBe((withMatrix as (page: string, matrix: string) => string)(page, (renderHostMatrix as (c: unknown) => string)(contract)));
  });
});
