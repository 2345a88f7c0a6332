import { mergeConfigs, SETTINGS_KEYS, type ConfigSettings, type Diagnostic, type HookSpec, type HookwireConfig } from '@hookwire/contract';
import { DEFAULT_TIMEOUT_SEC } from './timeouts.js';

/**
 * An organisation hook as it runs, whatever the layers below say: its timeout, onError and mode
 * made explicit from the organisation layer alone (the hook's own, else the organisation's
 * setting, else the default), so that no lower setting reaches it.
 */
function seal(hook: HookSpec, org: ConfigSettings): HookSpec {
  return {
    ...hook,
    timeout: hook.timeout ?? org.timeoutSec ?? DEFAULT_TIMEOUT_SEC[hook.type],
    onError: hook.onError ?? org.onError ?? 'warn',
    mode: hook.mode ?? org.mode ?? 'enforce',
  };
}

/** The setting a hook type needs from its config, for the settings an organisation hook depends on. */
const NEEDED_BY: Partial<Record<keyof ConfigSettings, readonly HookSpec['type'][]>> = {
  llm: ['prompt'],
  proxy: ['agent', 'subagent'],
};

/**
 * Merges the organisation's layers with the layers below them (docs/config.md, "The organisation
 * layer"). Without an organisation layer this is `mergeConfigs`. With one:
 *
 * - its hooks come first, sealed (`seal`): their ids are taken first (a lower hook of the same id
 *   gets a suffix, never replaces one), and their matcher, fields, timeout, onError and mode are
 *   the organisation's;
 * - a setting it sets is the setting (lower layers set only what it leaves unset), and `llm` or
 *   `proxy` come from it alone when one of its hooks needs them (a prompt hook, an agent hook):
 *   a lower layer cannot point the organisation's judge elsewhere;
 * - lower layers add hooks, which can only add votes (the fold is deny > ask > allow).
 */
export function mergeLayers(org: readonly HookwireConfig[], lower: readonly HookwireConfig[]): { config: HookwireConfig; diagnostics: Diagnostic[] } {
  if (org.length === 0) return { config: mergeConfigs(lower), diagnostics: [] };
  const orgConfig = mergeConfigs(org);
  const sealed: HookwireConfig = { ...orgConfig, hooks: orgConfig.hooks.map((hook) => seal(hook, orgConfig)) };
  const merged = mergeConfigs([sealed, ...lower]);
  const diagnostics: Diagnostic[] = [];
  const settings: ConfigSettings = {};
  for (const key of SETTINGS_KEYS) {
    const own = orgConfig[key];
    const needed = NEEDED_BY[key]?.some((type) => orgConfig.hooks.some((hook) => hook.type === type)) === true;
    const below = lower.findLast((config) => config[key] !== undefined)?.[key];
    let value = own ?? merged[key];
    if (own === undefined && needed && below !== undefined) {
      value = undefined;
      diagnostics.push({ severity: 'warning', path: `/${key}`, message: `${key} of a lower layer is not used: the organisation layer has hooks that need ${key} and sets none, and a lower layer may not choose it for them` });
    }
    if (value !== undefined) Object.assign(settings, { [key]: value });
  }
  return { config: { ...settings, hooks: merged.hooks }, diagnostics };
}
