import { SETTINGS_KEYS } from './settings.js';
import type { ConfigSettings, HookSpec, HookwireConfig } from './schema.js';

// `id`, else `id@<k>` (k: the 1-based position of its config), else `id@<k>.2`, `id@<k>.3`, ...
function uniqueId(id: string, configNumber: number, taken: ReadonlySet<string>): string {
  if (!taken.has(id)) return id;
  const base = `${id}@${configNumber}`;
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}.${n}`)) n++;
  return `${base}.${n}`;
}

/**
 * Merges configs in order: hooks are concatenated, and a later config's timeoutSec, onError,
 * parallel, llm and proxy replace an earlier one's. A hook id already taken by an earlier hook gets
 * the suffix `@<k>`, k being the 1-based position of its config in the list.
 */
export function mergeConfigs(configs: readonly HookwireConfig[]): HookwireConfig {
  const settings: ConfigSettings = {};
  for (const key of SETTINGS_KEYS) {
    const value = configs.findLast((config) => config[key] !== undefined)?.[key];
    if (value !== undefined) Object.assign(settings, { [key]: value });
  }
  const hooks: HookSpec[] = [];
  const taken = new Set<string>();
  configs.forEach((config, index) => {
    // One rule hook of the file on several events (a pack without an event) keeps one id: the
    // same id on the same pointer of the same file, on another event.
    const given = new Map<string, { id: string; events: Set<string> }>();
    for (const hook of config.hooks) {
      const key = `${hook.source ?? ''}\0${hook.pointer}\0${hook.id}`;
      const same = hook.type === 'rule' ? given.get(key) : undefined;
      const id = same !== undefined && !same.events.has(hook.event) ? same.id : uniqueId(hook.id, index + 1, taken);
      taken.add(id);
      if (same !== undefined && same.id === id) same.events.add(hook.event);
      else given.set(key, { id, events: new Set([hook.event]) });
      hooks.push(id === hook.id ? hook : { ...hook, id });
    }
  });
  return { ...settings, hooks };
}
