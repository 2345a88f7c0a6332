import { describeValue } from '@hookwire/contract';
import { isInitBridgeCommand, isManagedBridgeCommand, isUserBridgeCommand, renderBridgeCommand, type HostProfile } from '../hosts.js';

type Json = Record<string, unknown>;

/** What adding or removing the bridge did to a host settings object (a fresh copy; the input is not touched). */
export interface SettingsEdit {
  settings: Json;
  /** Events whose entries changed. */
  changed: string[];
  /** Events left as they were because something there already runs a hookwire bridge. */
  alreadyBridged: string[];
  /** Events (among `changed`) whose hook from an earlier init was rewritten in place: it named another project folder, or an older form. */
  refreshed: string[];
}

/** Any command hook that runs `hookwire run`, however it was written (`npx hookwire run`, a path to the bin, ...). */
const RUNS_A_BRIDGE = /(^|[\s/"'])hookwire["']?\s+run(\s|$)/;

function isPlainObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A command handler's command line, in the host's field (`command`; Copilot CLI: `bash`); Cursor's `type` may be left out. */
function readCommand(hook: unknown, field = 'command'): string | undefined {
  if (!isPlainObject(hook) || typeof hook[field] !== 'string') return undefined;
  return hook.type === 'command' || (hook.type === undefined && field === 'command') ? (hook[field] as string) : undefined;
}

/** Whether a hook is one `hookwire init` writes: the host's bridge program running `run` (whatever flags follow). */
export function isInitBridgeHook(hook: unknown, host: HostProfile): boolean {
  const command = readCommand(hook, host.commandField);
  return command !== undefined && isInitBridgeCommand(command, host);
}

/** The handlers of one event's list: each entry's `hooks` (grouped layout), or the entries themselves (flat). */
function listHandlers(groups: unknown[], host?: HostProfile): unknown[] {
  if (host?.layout === 'flat') return groups;
  return groups.flatMap((group) => (isPlainObject(group) && Array.isArray(group.hooks) ? group.hooks : []));
}

/** A bridge run through npx: a registry lookup wherever the bin is not installed, and npx's cost on every event. */
const RUNS_THROUGH_NPX = /(^|[\s;&|(])npx\s/;

/** Whether a command runs a hookwire bridge: `hookwire run` however the program is written, or a user-level or managed init's (the bin by its path). */
function runsABridge(command: string): boolean {
  return RUNS_A_BRIDGE.test(command) || isUserBridgeCommand(command) || isManagedBridgeCommand(command);
}

function listBridgeCommands(groups: unknown[], host?: HostProfile): string[] {
  return listHandlers(groups, host)
    .map((hook) => readCommand(hook, host?.commandField))
    .filter((command): command is string => command !== undefined && runsABridge(command));
}

/** The events of a settings object where some command hook runs a hookwire bridge (however written) that passes `test`. */
export function listBridgedEvents(settings: Json, host?: HostProfile, test: (command: string) => boolean = () => true): string[] {
  const hooks = isPlainObject(settings.hooks) ? settings.hooks : {};
  return Object.entries(hooks).filter(([, groups]) => Array.isArray(groups) && listBridgeCommands(groups, host).some(test)).map(([event]) => event);
}

/** The events of a settings object whose bridge runs through `npx` (the form README once showed). */
export function listNpxBridges(settings: Json, host?: HostProfile): string[] {
  return listBridgedEvents(settings, host, (command) => RUNS_THROUGH_NPX.test(command));
}

function readHooks(settings: Json, file: string): Json | undefined {
  const hooks = settings.hooks;
  if (hooks === undefined) return undefined;
  if (!isPlainObject(hooks)) throw new Error(`${file}: "hooks" must be an object of event names, received ${describeValue(hooks)}`);
  for (const [event, groups] of Object.entries(hooks)) {
    if (!Array.isArray(groups)) throw new Error(`${file}: "hooks.${event}" must be an array, received ${describeValue(groups)}`);
  }
  return hooks;
}

/** The entry `init` adds for one event: one command hook running the bridge (the handler itself in a flat layout, else under `*` where the event takes a matcher). */
function makeBridgeEntry(host: HostProfile, event: string, matcher: boolean, projectDir: string | undefined): Json {
  const hook = { type: 'command', [host.commandField ?? 'command']: renderBridgeCommand(host, event, projectDir), [host.timeoutField ?? 'timeout']: host.timeout };
  if (host.layout === 'flat') return hook;
  return matcher ? { matcher: '*', hooks: [hook] } : { hooks: [hook] };
}

/**
 * Adds one bridge entry per event the host table lists, after the user's own entries; an event
 * where some hook already runs `hookwire run` is left alone. Every other key keeps its place.
 */
export function addBridge(input: Json, host: HostProfile, file: string, projectDir?: string): SettingsEdit {
  const settings = structuredClone(input);
  const hooks = readHooks(settings, file) ?? {};
  const changed: string[] = [];
  const alreadyBridged: string[] = [];
  const refreshed: string[] = [];
  for (const { name, matcher } of host.events) {
    const groups = (hooks[name] as unknown[] | undefined) ?? [];
    if (refreshInitHooks(groups, host, renderBridgeCommand(host, name, projectDir))) {
      refreshed.push(name);
      changed.push(name);
      continue;
    }
    if (listBridgeCommands(groups, host).length > 0) {
      alreadyBridged.push(name);
      continue;
    }
    hooks[name] = [...groups, makeBridgeEntry(host, name, matcher, projectDir)];
    changed.push(name);
  }
  if (changed.length > 0) settings.hooks = hooks;
  return { settings, changed, alreadyBridged, refreshed };
}

/** Rewrites, in place, each hook of an earlier init whose command is not `fresh` (a pinned project that moved, an older form); whether any was. */
function refreshInitHooks(groups: unknown[], host: HostProfile, fresh: string): boolean {
  let any = false;
  for (const hook of listHandlers(groups, host)) {
    if (!isInitBridgeHook(hook, host) || readCommand(hook, host.commandField) === fresh) continue;
    (hook as Json)[host.commandField ?? 'command'] = fresh;
    any = true;
  }
  return any;
}

/**
 * Removes every hook `init` writes (`isInitBridgeHook`), then the entries, event lists and the
 * `hooks` object that removing it left empty. The user's own hooks, in the same entries too, stay.
 * (In a flat layout the handlers are the entries.)
 */
export function removeBridge(input: Json, host: HostProfile, file: string): SettingsEdit {
  const settings = structuredClone(input);
  const hooks = readHooks(settings, file);
  const changed: string[] = [];
  if (hooks === undefined) return { settings, changed, alreadyBridged: [], refreshed: [] };
  for (const [event, groups] of Object.entries(hooks) as [string, unknown[]][]) {
    let removed = false;
    const kept = host.layout === 'flat' ? groups.filter((hook) => !isInitBridgeHook(hook, host)) : groups.flatMap((group) => {
      if (!isPlainObject(group) || !Array.isArray(group.hooks) || !group.hooks.some((hook) => isInitBridgeHook(hook, host))) return [group];
      removed = true;
      const rest = group.hooks.filter((hook) => !isInitBridgeHook(hook, host));
      return rest.length === 0 ? [] : [{ ...group, hooks: rest }];
    });
    if (host.layout === 'flat') removed = kept.length < groups.length;
    if (!removed) continue;
    changed.push(event);
    if (kept.length === 0) delete hooks[event];
    else hooks[event] = kept;
  }
  if (changed.length > 0 && Object.keys(hooks).length === 0) delete settings.hooks;
  return { settings, changed, alreadyBridged: [], refreshed: [] };
}
