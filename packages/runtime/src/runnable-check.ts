// `fs.promises` read where used: `node:fs/promises` costs every one-shot bridge ~1 ms to load, and only `hookwire check` runs this.
import { constants, promises as fs } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';
import { findCommandTarget, type Diagnostic } from '@hookwire/contract';
import type { ConfigState } from './config-state.js';
import type { LoadedHook } from './loaded-hook.js';

// Words a shell runs without looking anything up on PATH.
const SHELL_BUILTINS = new Set([
  '.', ':', '[', '[[', 'alias', 'break', 'builtin', 'case', 'cd', 'command', 'continue', 'declare', 'echo', 'eval', 'exec',
  'exit', 'export', 'false', 'for', 'function', 'if', 'kill', 'let', 'local', 'printf', 'pwd', 'read', 'readonly', 'return',
  'select', 'set', 'shift', 'source', 'test', 'time', 'times', 'trap', 'true', 'type', 'ulimit', 'umask', 'unset', 'until',
  'wait', 'while',
]);

const CONFIG_DIR_REFERENCE = /\$\{HOOKWIRE_CONFIG_DIR\}|\$HOOKWIRE_CONFIG_DIR(?![A-Za-z0-9_])/g;

function diagnose(hook: LoadedHook, path: string, message: string): Diagnostic {
  return { severity: 'error', path, message, ...(hook.file === undefined ? {} : { file: hook.file }) } as Diagnostic;
}

async function isExecutableFile(path: string): Promise<boolean> {
  try {
    if (!(await fs.stat(path)).isFile()) return false;
    await fs.access(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await fs.stat(path);
    return true;
  } catch {
    return false;
  }
}

// The word with $HOOKWIRE_CONFIG_DIR filled in, or undefined when it names another variable (unknown before the hook runs).
function expand(word: string, configDir: string): string | undefined {
  const expanded = word.replace(CONFIG_DIR_REFERENCE, configDir);
  return expanded.includes('$') || expanded.startsWith('~') ? undefined : expanded;
}

async function findOnPath(program: string, pathVariable: string | undefined): Promise<boolean> {
  for (const folder of (pathVariable ?? '').split(delimiter)) {
    if (folder !== '' && (await isExecutableFile(join(folder, program)))) return true;
  }
  return false;
}

async function diagnoseCommand(hook: LoadedHook, command: string, env: Readonly<Record<string, string | undefined>>): Promise<Diagnostic[]> {
  const target = findCommandTarget(command);
  if (target === undefined) return [];
  const pointer = `${hook.spec.pointer ?? ''}/command`;
  const program = expand(target.program, hook.configDir);
  const found: Diagnostic[] = [];
  if (program !== undefined && !SHELL_BUILTINS.has(program)) {
    if (isAbsolute(program)) {
      if (!(await isExecutableFile(program))) {
        const why = (await exists(program)) ? 'is not an executable file' : 'does not exist';
        found.push(diagnose(hook, pointer, `command runs ${JSON.stringify(program)}, which ${why}; the hook would fail every time it runs`));
      }
    } else if (!program.includes('/') && !(await findOnPath(program, env.PATH))) {
      found.push(diagnose(hook, pointer, `command runs ${JSON.stringify(program)}, which is not found on PATH (as hookwire check sees it); the hook would fail every time it runs`));
    }
  }
  const script = target.script === undefined ? undefined : expand(target.script, hook.configDir);
  if (script !== undefined && isAbsolute(script) && !(await exists(script))) {
    found.push(diagnose(hook, pointer, `command runs the script ${JSON.stringify(script)}, which does not exist; the hook would fail every time it runs`));
  }
  return found;
}

/** A rule hook's pack loaded and compiled as the runtime will: CEL errors with their position and a did-you-mean, unknown rule ids, levels and path classes. */
async function diagnoseRules(hook: LoadedHook): Promise<Diagnostic[]> {
  const { compileRuleHook, diagnosticPointer } = await import('./rule-engine.js');
  const { diagnostics } = await compileRuleHook(hook.spec, hook.configDir);
  return diagnostics.map((d) => {
    const where = d.line !== undefined && d.column !== undefined ? ` (line ${d.line}, column ${d.column})` : d.offset !== undefined ? ` (at offset ${d.offset})` : '';
    const hint = d.suggestion !== undefined && !d.message.includes(d.suggestion) ? `; did you mean ${JSON.stringify(d.suggestion)}?` : '';
    // An inline rule's pointer says all; a pack's diagnostic names the rule or option it is about.
    const about = hook.spec.rule?.when !== undefined || d.path.startsWith('options.') ? '' : `${d.path}: `;
    const message = d.message.replace(/^when: /, '');
    return diagnose(hook, diagnosticPointer(hook.spec, d), `${about}${message}${where}${hint}`);
  });
}

/**
 * What a config that loads would still fail at when its hooks run: a `prompt` hook without `llm`,
 * an `agent` or `subagent` hook without `proxy`, a command whose program is not on PATH or whose
 * program or script under `$HOOKWIRE_CONFIG_DIR` (or at an absolute path) does not exist. These
 * look at the merged config and the file system, so they live here and not in the pure contract;
 * `hookwire check` reports them, loading a config does not refuse them (they fail by `onError`).
 */
export async function diagnoseRunnable(state: ConfigState, env: Readonly<Record<string, string | undefined>>): Promise<Diagnostic[]> {
  const hooks = [...state.byEvent.values()].flatMap((entry) => entry.all).sort((a, b) => a.order - b.order);
  // A rule hook naming a pack without an event is one hook on several events: check it once.
  const checkedRules = new Set<string>();
  const found: Diagnostic[][] = await Promise.all(
    hooks.map(async (hook) => {
      const { spec } = hook;
      if (spec.type === 'rule') {
        const key = `${hook.file ?? ''}#${spec.pointer}`;
        if (checkedRules.has(key)) return [];
        checkedRules.add(key);
        return diagnoseRules(hook);
      }
      const pointer = spec.pointer ?? '';
      if (spec.type === 'prompt' && state.config.llm === undefined) {
        return [diagnose(hook, pointer, 'a prompt hook needs an LLM endpoint, and no config file sets "llm": {"baseUrl": "...", "model": "..."}; it would fail every time it runs')];
      }
      if ((spec.type === 'agent' || spec.type === 'subagent') && state.config.proxy === undefined) {
        return [diagnose(hook, pointer, `${spec.type === 'agent' ? 'an agent' : 'a subagent'} hook needs a proxy, and no config file sets "proxy": {"command": "..."}; it would fail every time it runs`)];
      }
      if (spec.type === 'command' && spec.command !== undefined) return diagnoseCommand(hook, spec.command, env);
      return [];
    }),
  );
  return found.flat();
}
