import { describe, expect, it } from 'vitest';
import { applyTuning, DEFAULT_PROTECTED_BRANCHES } from '../src/apply-tuning.js';
import type { Pack, Rule } from '../src/types.js';

function rule(id: string, level: string): Rule {
  return { id, category: 't', severity: 'low', mode: 'enforce', level, event: 'tool:before', when: 'true', decision: 'deny', reason: 'x' };
}

const pack: Pack = {
  name: 'p', version: '1.0.0', levels: ['recommended', 'strict'],
  rules: [rule('git-force-push', 'recommended'), rule('fs-rm-root-home', 'recommended'), rule('strict-only', 'strict')],
  paths: { secrets: ['**/*.secret'] },
};

describe('applyTuning', () => {
  it('takes the first level by default and the looser levels with a stricter one', () => {
    expect(applyTuning(pack).rules.map((r) => r.id)).toEqual(['git-force-push', 'fs-rm-root-home']);
    expect(applyTuning(pack, { level: 'strict' }).rules.map((r) => r.id)).toEqual(['git-force-push', 'fs-rm-root-home', 'strict-only']);
  });

  it('turns rules off, to observe, or on from a stricter level', () => {
    const tuned = applyTuning(pack, { rules: { 'git-force-push': 'observe', 'fs-rm-root-home': 'off', 'strict-only': 'enforce' } });
    expect(tuned.rules.map((r) => [r.id, r.mode])).toEqual([['git-force-push', 'observe'], ['strict-only', 'enforce']]);
    expect(tuned.diagnostics).toEqual([]);
    expect(pack.rules[0]!.mode).toBe('enforce');
  });

  it('reports unknown rule ids, levels, settings and options with a did-you-mean, changing nothing', () => {
    const tuned = applyTuning(pack, {
      level: 'stritc', rules: { 'git-force-psh': 'off', 'fs-rm-root-home': 'disabled' as never }, protectedBranch: [] } as never);
    expect(tuned.level).toBe('recommended');
    expect(tuned.rules.map((r) => [r.id, r.mode])).toEqual([['git-force-push', 'enforce'], ['fs-rm-root-home', 'enforce']]);
    expect(tuned.diagnostics.map((d) => [d.path, d.suggestion])).toEqual([
      ['options.protectedBranch', "did you mean 'protectedBranches'?"],
      ['options.level', "did you mean 'strict'?"],
      ['options.rules.git-force-psh', "did you mean 'git-force-push'?"],
      ['options.rules.fs-rm-root-home', undefined],
    ]);
  });

  it('adds the user paths to the pack paths and keeps protected branches', () => {
    const tuned = applyTuning(pack, { paths: { secrets: ['config/*.key'], extra: ['**/x'] }, protectedBranches: ['main', 'release/*'] });
    expect(tuned.settings).toEqual({ protectedBranches: ['main', 'release/*'], paths: { secrets: ['**/*.secret', 'config/*.key'], extra: ['**/x'] } });
    expect(applyTuning(pack).settings.protectedBranches).toEqual([...DEFAULT_PROTECTED_BRANCHES]);
  });
});
