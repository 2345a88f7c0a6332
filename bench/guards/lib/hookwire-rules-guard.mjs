// hookwire's rule pack, in process: buildAction (@hookwire/action) then evaluate (@hookwire/rules),
// as the rules brief pins them. The row is skipped, with the reason, while either package is not
// built (lib/index.js missing) or does not export what the brief names.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { REPO_DIR } from '../../lib/paths.mjs';

const ACTION_LIB = join(REPO_DIR, 'packages/action/lib/index.js');
const RULES_LIB = join(REPO_DIR, 'packages/rules/lib/index.js');
const PACK = 'hookwire:recommended';

/** Loads both packages, or says why not. */
export async function loadHookwireRules() {
  for (const [name, path] of [['@hookwire/action', ACTION_LIB], ['@hookwire/rules', RULES_LIB]]) {
    if (!existsSync(path)) return { ok: false, why: `${name} is not built (${path} missing): run pnpm build` };
  }
  const action = await import(pathToFileURL(ACTION_LIB).href);
  const rules = await import(pathToFileURL(RULES_LIB).href);
  const missing = [
    ...['buildAction'].filter((n) => typeof action[n] !== 'function').map((n) => `@hookwire/action.${n}`),
    ...['loadPack', 'evaluate'].filter((n) => typeof rules[n] !== 'function').map((n) => `@hookwire/rules.${n}`),
  ];
  if (missing.length > 0) return { ok: false, why: `not exported yet: ${missing.join(', ')}` };
  return { ok: true, action, rules };
}

/**
 * The pack at one level, compiled: `resolvePackOptions({ pack, level }, { from })` as the rules
 * package exports it ({ pack, diagnostics, actionOptions }). Tuning diagnostics are an error here:
 * the scorer asks for nothing but a level, so any diagnostic means the level was not applied.
 */
async function loadLevel(rules, level, sandbox) {
  if (typeof rules.resolvePackOptions !== 'function') throw new Error('@hookwire/rules exports no resolvePackOptions');
  const result = await rules.resolvePackOptions({ pack: PACK, level }, { from: sandbox.project });
  if (result.diagnostics.length > 0) {
    throw new Error(result.diagnostics.map((d) => `${d.path}: ${d.message}`).join('; '));
  }
  if (result.pack.rules.length === 0 && result.pack.broken.length === 0) throw new Error('the pack has no rules yet');
  return result;
}

/** A guard row for one level of hookwire:recommended ('recommended' or 'strict'). */
export function createHookwireRulesGuard(level, sandbox, loaded) {
  let compiled;
  let why = loaded.ok ? undefined : loaded.why;
  return {
    name: `hookwire-${level}`,
    label: `hookwire ${PACK} (${level}), in process`,
    kind: 'in-process',
    async prepare() {
      if (why) return;
      try {
        compiled = await loadLevel(loaded.rules, level, sandbox);
      } catch (error) {
        why = `could not load ${PACK} at level ${level}: ${error.message}`;
      }
    },
    available: () => (why ? { ok: false, why } : { ok: true }),
    async decide(action) {
      const start = performance.now();
      const model = loaded.action.buildAction(
        { toolName: action.tool, toolInput: action.input, cwd: sandbox.project, projectDir: sandbox.project },
        { home: sandbox.home, ...compiled.actionOptions },
      );
      // The sandbox's home, as the runtime passes the host's (rule-engine.ts): rules resolve ~ with it.
      const result = loaded.rules.evaluate(compiled.pack, model, { event: 'tool:before', home: sandbox.home });
      const ms = performance.now() - start;
      return { ...foldMatches(result), ms };
    },
  };
}

/**
 * What the runtime would answer from the matches: observe-mode matches have no vote; deny beats
 * ask; a rule that failed to evaluate is reported as 'error' unless an enforced match decided.
 */
export function foldMatches({ matches = [], errors = [] }) {
  const voting = matches.filter((m) => m.mode !== 'observe');
  const first = (decision) => voting.find((m) => m.decision === decision);
  const hit = first('deny') ?? first('ask');
  if (hit) return { decision: hit.decision, reason: `${hit.ruleId}: ${hit.evidence?.text ?? ''}`.slice(0, 300) };
  if (errors.length > 0) return { decision: 'error', reason: JSON.stringify(errors[0]).slice(0, 300) };
  const observed = matches.filter((m) => m.mode === 'observe').map((m) => m.ruleId);
  return { decision: 'allow', reason: observed.length ? `observe only: ${observed.join(', ')}` : '' };
}
