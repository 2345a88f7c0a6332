import {
  DIALECT_NAMES,
  deriveSubject,
  isDialectName,
  readPayloadIn,
  eventTraits,
  normalizePayload,
  renderPayload,
  resolveEvent,
  splitFileCalls,
  type CanonicalEvent,
  type Diagnostic,
  type DialectName,
  type HandlerResult,
  type AuditLogSetting,
  ConfigError,
  describeType,
  DispatchError,
  cutDepth,
  exceedsDepth,
  HookwireError,
  isRecord,
  MAX_PAYLOAD_DEPTH,
  PAYLOAD_DEPTH_MARKER,
  nowMs,
} from '@hookwire/contract';
import { fold, type FoldInput, type Outcome } from '@hookwire/fold';
import { loadConfigState, type ConfigSource, type ConfigState } from './config-state.js';
import type { LoadedHook } from './loaded-hook.js';
import { createExecutorTable } from './executor-table.js';
import { createJsonLogger, type Logger } from './logger.js';
import type { ProxyFunction } from './agent-proxy.js';
import { selectForDialects } from './select-for-dialects.js';
import { SelectionMemo } from './selection-memo.js';
import { resolveCwd } from './resolve-cwd.js';
import { runHook, type DispatchContext } from './run-hook.js';
import { createNoticeMemory } from './failure-notice.js';
import { diagnoseRunnable } from './runnable-check.js';
import { diagnoseHostEvents } from './host-events-check.js';
import type { RunRecord } from './run-record.js';
import type { LoadedRuleHook } from './rule-engine.js';
import { digestConfig } from './config-digest.js';
import { redactSecrets, secretsOfConfig } from './redact-secrets.js';
import { dispatchEndChannel, dispatchStartChannel, hookEndChannel, hookStartChannel, type DispatchEndMessage } from './lifecycle-channels.js';

// Counts observed dispatches, process-wide, so that subscribers can pair start and end messages.
let lastDispatchId = 0;

export interface RuntimeOptions {
  /** A config object (native or Claude Code settings shape), or several layered in order. */
  config?: unknown;
  /** A config file, or several layered in order (hooks concatenated, later scalar settings win). */
  configPath?: string | readonly string[];
  /** The folder `HOOKWIRE_CONFIG_DIR` names for configs given as objects; default the working directory. */
  configDir?: string;
  /**
   * The organisation's layer: config files loaded before every other layer, which no lower layer
   * can weaken (docs/config.md, "The organisation layer"); a lower layer with errors is then left
   * out, with a warning, instead of failing the load. Kept on reload.
   */
  orgConfigPath?: string | readonly string[];
  /** The organisation's layer as config objects (their `HOOKWIRE_CONFIG_DIR` is `configDir`); ignored when `orgConfigPath` is given. */
  orgConfig?: readonly unknown[];
  /** Runs `agent`/`subagent` hooks in-process instead of the config's `proxy.command`. */
  proxy?: ProxyFunction;
  /** Where warnings go; default JSON lines on stderr. */
  logger?: Logger;
  /** The base environment of handlers; default `process.env`. */
  env?: Record<string, string | undefined>;
  /**
   * The project's root: claude-dialect command hooks get it as `CLAUDE_PROJECT_DIR` when `env` does
   * not set it. Default: the working directory when the runtime is created. Never read from a
   * payload, whose `cwd` the model moves with `cd`.
   */
  projectDir?: string;
  /** Observe every hook: each runs and its run record says what it would have decided, but the outcome is that of no hooks (a dry run). */
  observe?: boolean;
  /**
   * The revision of the policy bundle the organisation layer came from: every dispatch's result
   * (`bundle`) and lifecycle messages name it, until `setOrgLayer` swaps in another.
   */
  bundleRevision?: string;
  /**
   * Reads config files (at start and on reload) with blocking calls: for a one-shot process such
   * as the bridge, which has nothing else to do meanwhile (~2 ms a run); default false.
   */
  blockingConfigReads?: boolean;
}

export interface DispatchOptions {
  /** The subject matchers apply to; derived from the payload when absent. */
  subject?: string;
  /** The working directory of handler processes; else the payload's `cwd`, else the runtime's own. */
  cwd?: string;
  /** Cancels the whole dispatch: every running handler's process tree is killed. */
  signal?: AbortSignal;
  /**
   * Makes the dispatch's cancel signal on demand instead of `signal`: called at most once, and only
   * when the dispatch selects a hook to run (or matches a long subject off the thread), so a host serving many dispatches that run nothing
   * need not make an `AbortController` for each (the sidecar does this). Ignored when `signal` is given.
   */
  makeSignal?: () => AbortSignal;
  /** Bounds the whole dispatch: hooks still running then are cut like timeouts (their onError applies). */
  budgetMs?: number;
  /** The host's tag for this dispatch (the stdio protocol's request id), passed on to lifecycle subscribers. */
  requestId?: unknown;
  /**
   * The W3C trace context the transport received with the request (`hookwire serve`'s
   * `traceparent` header), passed on to lifecycle subscribers: tracing continues it, before any
   * `traceparent` the payload carries.
   */
  traceparent?: string;
  /**
   * Answers hooks without running them: for a hook id it returns a result for, that result stands
   * in for the handler's (onError and mode still apply). `hookwire replay` uses it for the hooks it
   * is told not to run.
   */
  standIn?: (hookId: string) => HandlerResult | undefined;
  /**
   * The host's dialect: the event name is resolved in it, and the payload read from the host's
   * form into the canonical one (its tool names and fields). Without it the payload is taken as
   * canonical (Claude Code's form) and the event name may be any dialect's.
   */
  dialect?: DialectName;
  /**
   * What the host's answer cannot express of a result (the dialect's downgrades): asked only when
   * someone subscribes to the dispatch channels, so that the audit log records them.
   */
  downgradesOf?: (result: DispatchResult) => readonly string[] | undefined;
}

export interface DispatchResult {
  canonical: CanonicalEvent;
  outcome: Outcome;
  runs: RunRecord[];
  /** The revision of the bundle whose organisation layer was in force for the whole dispatch, when it came from one. */
  bundle?: string;
}

/** An organisation layer to swap in: its config files, and the revision of the bundle they came from. */
export interface OrgLayer {
  paths: readonly string[];
  bundle?: string;
}

export type ReloadResult = { ok: true; diagnostics: Diagnostic[] } | { ok: false; error: string; diagnostics: Diagnostic[] };

export interface Runtime {
  dispatch(event: string, payload: unknown, options?: DispatchOptions): Promise<DispatchResult>;
  /** Re-reads the config (or takes a new one); a config with errors is refused and the old one stays. Of overlapping reloads the newest wins: an older one answers with its result. */
  reload(config?: unknown): Promise<ReloadResult>;
  /**
   * Loads the config with `org` as the organisation layer (the lower layers re-read as `reload`
   * does) and swaps it in whole, or refuses it and keeps the config in force. Once swapped in,
   * `org` stays the organisation layer of later reloads, and every dispatch that starts from then
   * on names `org.bundle`; a dispatch already running finishes on the config and revision it began
   * with (one snapshot per dispatch).
   */
  setOrgLayer(org: OrgLayer): Promise<ReloadResult>;
  /** The diagnostics (warnings) of the config in force. */
  readonly diagnostics: readonly Diagnostic[];
  /** `sha256:<hex>` of the normalised config in force: the identity an audit record names. */
  readonly configDigest: string;
  /** The config's `auditLog` setting in force (the organisation layer's, when it sets one): where records go without `--log`. */
  readonly auditLog: AuditLogSetting | undefined;
  /** Releases pooled connections; dispatches must not be started afterwards. */
  close(): Promise<void>;
}

function sourceOf(options: RuntimeOptions, override?: unknown): ConfigSource {
  const source = lowerSourceOf(options, override);
  if (options.orgConfigPath !== undefined) return { ...source, org: { paths: typeof options.orgConfigPath === 'string' ? [options.orgConfigPath] : options.orgConfigPath } };
  if (options.orgConfig !== undefined && options.orgConfig.length > 0) return { ...source, org: { configs: options.orgConfig, configDir: options.configDir ?? process.cwd() } };
  return source;
}

function lowerSourceOf(options: RuntimeOptions, override?: unknown): ConfigSource {
  if (override !== undefined) return { kind: 'objects', configs: [override], configDir: options.configDir ?? process.cwd() };
  if (options.configPath !== undefined) {
    const paths = typeof options.configPath === 'string' ? [options.configPath] : options.configPath;
    return { kind: 'files', paths };
  }
  const configs = Array.isArray(options.config) && options.config.every((c) => typeof c === 'object' && c !== null && !Array.isArray(c)) && options.config.length > 0
    ? options.config
    : [options.config ?? { hooks: [] }];
  return { kind: 'objects', configs, configDir: options.configDir ?? process.cwd() };
}

/** The canonical event and payload of a dispatch: read by the host's dialect when one is given, else taken as canonical. */
function readEvent(event: string, payload: Record<string, unknown> | undefined, dialect: DialectName | undefined): { canonical: CanonicalEvent; dialect: DialectName; given: Record<string, unknown> | undefined } {
  if (dialect === undefined) {
    const resolved = resolveEvent(event);
    if (!resolved) throw new DispatchError('HOOKWIRE_UNKNOWN_EVENT', `unknown event ${JSON.stringify(event)}: expected a canonical name (tool:before, ...) or a Claude Code name (PreToolUse, ...)`);
    return { canonical: resolved.canonical, dialect: resolved.dialect, given: payload };
  }
  if (!isDialectName(dialect)) throw new DispatchError('HOOKWIRE_UNKNOWN_EVENT', `unknown dialect ${JSON.stringify(dialect)}: expected one of ${DIALECT_NAMES.join(', ')}`);
  const read = readPayloadIn(dialect, payload ?? {}, event);
  if (read === undefined) throw new DispatchError('HOOKWIRE_UNKNOWN_EVENT', `unknown event ${JSON.stringify(event)} in the ${dialect} dialect`);
  return { canonical: read.event, dialect, given: read.payload };
}

/** The per-file payloads of a tool payload read from a patch of several files (contract splitFileCalls); undefined for any other payload. */
function splitFilePayloads(payload: Record<string, unknown> | undefined): Record<string, unknown>[] | undefined {
  if (payload === undefined || typeof payload.tool_name !== 'string') return undefined;
  const calls = splitFileCalls({ name: payload.tool_name, input: payload.tool_input }, payload.cwd);
  return calls?.map((call) => ({ ...payload, tool_name: call.name, tool_input: call.input }));
}

/**
 * The runs of a dispatch of several file calls: hook by hook in configuration order, each hook once
 * per call that selects it, except where it would be shown a payload it was already shown (a codex
 * hook sees the whole patch, the same for every file: it runs once).
 */
function planFileJobs(parts: readonly { hooks: readonly LoadedHook[]; ctx: DispatchContext }[]): { hook: LoadedHook; ctx: DispatchContext }[] {
  const hooks = [...new Set(parts.flatMap((part) => part.hooks))].sort((a, b) => a.order - b.order);
  const jobs: { hook: LoadedHook; ctx: DispatchContext }[] = [];
  for (const hook of hooks) {
    const shown = new Set<string>();
    for (const part of parts) {
      if (!part.hooks.includes(hook)) continue;
      const text = part.ctx.render(hook.spec.dialect);
      if (shown.has(text)) continue;
      shown.add(text);
      jobs.push({ hook, ctx: part.ctx });
    }
  }
  return jobs;
}

/** The votes of a hook's runs on several file calls, each answer a hook gave once: the same context or reason for two files is said once. */
function distinctVotes(runs: readonly { hook: LoadedHook; vote: FoldInput }[]): FoldInput[] {
  const said = new Set<string>();
  const votes: FoldInput[] = [];
  for (const { hook, vote } of runs) {
    const key = `${hook.order}\u0000${JSON.stringify(vote)}`;
    if (said.has(key)) continue;
    said.add(key);
    votes.push(vote);
  }
  return votes;
}

function errorSummary(diagnostics: readonly Diagnostic[]): string {
  const errors = diagnostics.filter((d) => d.severity === 'error');
  const first = errors[0];
  const where = first ? `${first.path || '/'}: ${first.message}` : 'unknown problem';
  return `config has ${errors.length} error${errors.length === 1 ? '' : 's'}; first: ${where}`;
}

/**
 * Creates a runtime on a config: `dispatch` runs the hooks an event selects, in configuration
 * order, and folds their answers; `reload` swaps configs atomically. Rejects with
 * a `ConfigError` of code `HOOKWIRE_CONFIG_INVALID` (its `diagnostics` say why) when the first config has errors.
 */
export async function createRuntime(options: RuntimeOptions = {}): Promise<Runtime> {
  const logger = options.logger ?? createJsonLogger();
  const executors = createExecutorTable();
  const loadOptions = { blocking: options.blockingConfigReads === true };
  const projectDir = options.projectDir ?? process.cwd();
  const shouldNotice = createNoticeMemory();
  const loaded = await loadConfigState(sourceOf(options), loadOptions);
  if (!loaded.ok) {
    throw new ConfigError('HOOKWIRE_CONFIG_INVALID', errorSummary(loaded.diagnostics), loaded.diagnostics);
  }
  // The state and its selection memo are swapped together: a reload starts with an empty memo.
  // The revision rides with the state, so that a dispatch's one snapshot names the bundle that made it.
  let current: { state: ConfigState; memo: SelectionMemo; bundle: string | undefined } = { state: loaded.state, memo: new SelectionMemo(), bundle: options.bundleRevision };
  /** The organisation layer `setOrgLayer` swapped in, which later reloads keep. */
  let orgLayer: OrgLayer | undefined;
  const sourceNow = (config?: unknown): ConfigSource => {
    const source = sourceOf(options, config);
    return orgLayer === undefined ? source : { ...source, org: { paths: orgLayer.paths } };
  };
  let closed = false;

  /**
   * Unobserved, a dispatch is `runDispatch` itself: no wrapper, no extra promise. Observed (someone
   * subscribes to the dispatch channels), the wrapper publishes the end message around it.
   */
  function dispatch(event: string, payload: unknown, dispatchOptions: DispatchOptions = {}): Promise<DispatchResult> {
    if (!dispatchStartChannel.hasSubscribers && !dispatchEndChannel.hasSubscribers) return runDispatch(event, payload, dispatchOptions, undefined);
    return runObserved(event, payload, dispatchOptions);
  }

  /** The config's secrets of each observed dispatch, from its start message: its end is redacted of the same. */
  const secretsByMessage = new WeakMap<DispatchEndMessage, readonly string[]>();

  async function runObserved(event: string, payload: unknown, dispatchOptions: DispatchOptions): Promise<DispatchResult> {
    const message = { runtime, dispatchId: ++lastDispatchId } as DispatchEndMessage;
    const started = nowMs();
    try {
      const result = await runDispatch(event, payload, dispatchOptions, message);
      // What subscribers see (the audit log, a serve's viewers) is redacted of every secret of the
      // config, as the payload is: a hook's reason may quote the tool input that holds one (a rule's
      // "matched: ..."), and each run was redacted only of its own hook's secrets. The host's answer is not.
      const secrets = secretsByMessage.get(message) ?? [];
      message.outcome = redactSecrets(result.outcome, secrets);
      message.runs = redactSecrets(result.runs, secrets);
      const downgrades = dispatchOptions.downgradesOf?.(result);
      if (downgrades !== undefined && downgrades.length > 0) message.downgrades = [...downgrades];
      return result;
    } catch (error) {
      message.error = { code: error instanceof HookwireError ? error.code : 'HOOKWIRE_INTERNAL', message: error instanceof Error ? error.message : String(error) };
      throw error;
    } finally {
      message.durationMs = Math.round((nowMs() - started) * 1000) / 1000;
      // Only dispatches that got as far as a start message end with one: a refused request (unknown event, bad payload) has neither.
      if (message.canonical !== undefined && dispatchEndChannel.hasSubscribers) dispatchEndChannel.publish(message);
    }
  }

  /** Fills in what a dispatch's lifecycle messages say, once its hooks are selected, and publishes the start. */
  function startMessage(message: DispatchEndMessage, fields: { event: string; resolved: { canonical: CanonicalEvent; dialect: DialectName }; subject: string | undefined; given: Record<string, unknown> | undefined; dispatchOptions: DispatchOptions; snapshot: ConfigState; bundle: string | undefined; selected: readonly LoadedHook[] }): void {
    const { dispatchOptions, given, snapshot } = fields;
    const secrets = secretsOfConfig(snapshot.config, options.env ?? process.env);
    secretsByMessage.set(message, secrets);
    Object.assign(message, {
      ...(dispatchOptions.requestId === undefined ? {} : { requestId: dispatchOptions.requestId }),
      ...(dispatchOptions.traceparent === undefined ? {} : { traceparent: dispatchOptions.traceparent }),
      event: fields.event,
      canonical: fields.resolved.canonical,
      dialect: fields.resolved.dialect,
      ...(fields.subject === undefined ? {} : { subject: fields.subject }),
      cwd: resolveCwd(dispatchOptions.cwd, given?.cwd, []),
      payload: given === undefined ? undefined : redactSecrets(given, secrets),
      configDigest: digestConfig(snapshot.config),
      ...(fields.bundle === undefined ? {} : { bundle: fields.bundle }),
      hooks: fields.selected.map((hook) => hook.spec.id),
      observeAll: options.observe === true,
    });
    if (dispatchStartChannel.hasSubscribers) dispatchStartChannel.publish(message);
  }

  async function runDispatch(event: string, payload: unknown, dispatchOptions: DispatchOptions, message: DispatchEndMessage | undefined): Promise<DispatchResult> {
    if (closed) throw new DispatchError('HOOKWIRE_CLOSED', 'the runtime is closed');
    if (payload !== undefined && !isRecord(payload)) {
      throw new DispatchError('HOOKWIRE_BAD_PAYLOAD', `payload must be a JSON object, received ${describeType(payload)}`);
    }
    const { canonical, dialect, given } = readEvent(event, payload, dispatchOptions.dialect);
    if (dispatchOptions.signal?.aborted) throw new DispatchError('HOOKWIRE_CANCELED', 'dispatch canceled');
    const traits = eventTraits(canonical);
    const { state: snapshot, memo, bundle } = current;
    const hasSubject = traits.subject !== 'none';
    // A patch touching several files is one call per file (contract splitFileCalls): each hook runs
    // once per call it selects and per distinct payload it is shown, and the answers fold as one.
    const calls = traits.subject === 'tool' ? splitFilePayloads(given) : undefined;
    const subject = hasSubject ? (dispatchOptions.subject ?? deriveSubject(canonical, given)) : undefined;
    const eventHooks = snapshot.byEvent.get(canonical);
    // makeSignal is called at most once, and only once something may need the signal.
    let made: { signal: AbortSignal | undefined } | undefined;
    const resolveSignal = (): AbortSignal | undefined => (made ??= { signal: dispatchOptions.signal ?? dispatchOptions.makeSignal?.() }).signal;
    const isTool = traits.subject === 'tool';
    const parts: { payload: Record<string, unknown> | undefined; hooks: readonly LoadedHook[] }[] = [];
    for (const payload of calls ?? [given]) {
      const partSubject = calls === undefined ? subject : deriveSubject(canonical, payload);
      parts.push({ payload, hooks: await selectForDialects(eventHooks, { hasSubject, subject: partSubject, isTool, toolInput: payload?.tool_input, memo, signal: resolveSignal }) });
    }
    const selected = parts.length === 1 ? parts[0]!.hooks : [...new Set(parts.flatMap((part) => part.hooks))].sort((a, b) => a.order - b.order);
    if (message !== undefined) startMessage(message, { event, resolved: { canonical, dialect }, subject, given, dispatchOptions, snapshot, bundle, selected });
    if (selected.length === 0) return bundle === undefined ? { canonical, outcome: fold([], { blockable: traits.blockable }), runs: [] } : { canonical, outcome: fold([], { blockable: traits.blockable }), runs: [], bundle };
    const signal = resolveSignal();
    if (signal?.aborted) throw new DispatchError('HOOKWIRE_CANCELED', 'dispatch canceled');

    const warnings: string[] = [];
    // Checked only once a hook will run: the no-match path never walks the payload. A payload too
    // deep to show whole is never refused (that would let nothing block): see payloadCut in run-hook.ts.
    const tooDeep = exceedsDepth(given, MAX_PAYLOAD_DEPTH);
    if (tooDeep) warnings.push(`the payload nests arrays or objects deeper than ${MAX_PAYLOAD_DEPTH} levels: hooks were shown it with each over-deep part replaced by ${JSON.stringify(PAYLOAD_DEPTH_MARKER)}`);
    const showOf = (payload: Record<string, unknown> | undefined) => (tooDeep ? (cutDepth(payload, MAX_PAYLOAD_DEPTH, PAYLOAD_DEPTH_MARKER) as Record<string, unknown>) : payload);
    const cwd = resolveCwd(dispatchOptions.cwd, showOf(given)?.cwd, warnings);
    const base = {
      canonical,
      config: snapshot.config,
      cwd,
      warnings,
      payloadCut: tooDeep ? `the payload nests arrays or objects deeper than ${MAX_PAYLOAD_DEPTH} levels and cannot be shown to hooks whole` : undefined,
      projectDir,
      noticeFailure: (hookId: string) => shouldNotice(typeof given?.session_id === 'string' ? given.session_id : '', hookId, canonical),
      signal,
      deadline: dispatchOptions.budgetMs === undefined ? undefined : Date.now() + dispatchOptions.budgetMs,
      env: options.env,
      executors,
      proxy: options.proxy,
      logger,
      observeAll: options.observe === true,
      standIn: dispatchOptions.standIn,
      trace: hookStartChannel.hasSubscribers || hookEndChannel.hasSubscribers ? { runtime, dispatchId: message?.dispatchId ?? ++lastDispatchId, subject } : undefined,
    };
    const contextOf = (payload: Record<string, unknown> | undefined): DispatchContext => {
      const normalized = normalizePayload(canonical, showOf(payload), { cwd });
      const renders = new Map<DialectName, string>();
      return {
        ...base,
        render(dialect) {
          let text = renders.get(dialect);
          if (text === undefined) {
            text = renderPayload(dialect, canonical, normalized);
            renders.set(dialect, text);
          }
          return text;
        },
      };
    };
    const jobs = parts.length === 1 ? selected.map((hook) => ({ hook, ctx: contextOf(parts[0]!.payload) })) : planFileJobs(parts.map((part) => ({ hooks: part.hooks, ctx: contextOf(part.payload) })));
    const ran = snapshot.config.parallel
      ? await Promise.all(jobs.map((job) => runHook(job.hook, job.ctx)))
      : await runInOrder(jobs);
    if (signal?.aborted) throw new DispatchError('HOOKWIRE_CANCELED', 'dispatch canceled');
    const votes: FoldInput[] = parts.length === 1 ? ran.map((r) => r.vote) : distinctVotes(jobs.map((job, index) => ({ hook: job.hook, vote: ran[index]!.vote })));
    const result: DispatchResult = { canonical, outcome: fold(votes, { blockable: traits.blockable }), runs: ran.map((r) => r.record) };
    if (bundle !== undefined) result.bundle = bundle;
    return result;
  }

  async function runInOrder(jobs: readonly { hook: LoadedHook; ctx: DispatchContext }[]) {
    const ran: Awaited<ReturnType<typeof runHook>>[] = [];
    for (const { hook, ctx } of jobs) {
      if (ctx.signal?.aborted) break;
      ran.push(await runHook(hook, ctx));
    }
    return ran;
  }

  // Reloads may overlap (a SIGHUP and a POST, two quick POSTs): the newest request wins, whichever
  // read ends first. A read overtaken by a newer reload is dropped, and its request answers with
  // the newest reload's result (what is in force once it ends).
  let reloadGeneration = 0;
  let newestReload: Promise<ReloadResult> | undefined;

  function reload(config?: unknown): Promise<ReloadResult> {
    const generation = ++reloadGeneration;
    const attempt = loadConfigState(sourceNow(config), loadOptions).then((next): ReloadResult | Promise<ReloadResult> => {
      if (generation !== reloadGeneration) return newestReload!;
      if (!next.ok) return { ok: false, error: errorSummary(next.diagnostics), diagnostics: next.diagnostics };
      current = { state: next.state, memo: new SelectionMemo(), bundle: orgLayer === undefined ? current.bundle : orgLayer.bundle };
      return { ok: true, diagnostics: [...next.state.diagnostics] };
    });
    newestReload = attempt;
    return attempt;
  }

  // An organisation layer swaps in as a reload does (the newest wins); a reload that overtook it
  // read the old organisation layer, so once the new one is accepted it is read again with it.
  function setOrgLayer(org: OrgLayer): Promise<ReloadResult> {
    const generation = ++reloadGeneration;
    const layer: OrgLayer = { paths: [...org.paths], ...(org.bundle === undefined ? {} : { bundle: org.bundle }) };
    const attempt = loadConfigState({ ...sourceOf(options), org: { paths: layer.paths } }, loadOptions).then((next): ReloadResult | Promise<ReloadResult> => {
      if (!next.ok) return generation === reloadGeneration ? { ok: false, error: errorSummary(next.diagnostics), diagnostics: next.diagnostics } : newestReload!;
      orgLayer = layer;
      if (generation !== reloadGeneration) return reload();
      current = { state: next.state, memo: new SelectionMemo(), bundle: layer.bundle };
      return { ok: true, diagnostics: [...next.state.diagnostics] };
    });
    newestReload = attempt;
    return attempt;
  }

  const runtime: Runtime = {
    dispatch,
    reload,
    setOrgLayer,
    get diagnostics() {
      return current.state.diagnostics;
    },
    get configDigest() {
      return digestConfig(current.state.config);
    },
    get auditLog() {
      return current.state.config.auditLog;
    },
    async close() {
      closed = true;
      await executors.close();
    },
  };
  return runtime;
}

/**
 * The rule hooks of a config, each once with the events it runs on (a pack without an event runs on
 * several), or the config's errors.
 */
export async function loadRuleHooks(configPath: string | readonly string[]): Promise<{ ok: true; hooks: LoadedRuleHook[] } | { ok: false; diagnostics: Diagnostic[] }> {
  const loaded = await loadConfigState({ kind: 'files', paths: typeof configPath === 'string' ? [configPath] : configPath });
  if (!loaded.ok) return { ok: false, diagnostics: loaded.diagnostics };
  const byPointer = new Map<string, LoadedRuleHook>();
  const hooks = [...loaded.state.byEvent.values()].flatMap((entry) => entry.all).sort((a, b) => a.order - b.order);
  for (const hook of hooks) {
    if (hook.spec.type !== 'rule') continue;
    const key = `${hook.file ?? ''}#${hook.spec.pointer}`;
    const seen = byPointer.get(key);
    if (seen !== undefined) seen.events.push(hook.spec.event);
    else byPointer.set(key, { spec: hook.spec, configDir: hook.configDir, ...(hook.file === undefined ? {} : { file: hook.file }), events: [hook.spec.event] });
  }
  return { ok: true, hooks: [...byPointer.values()] };
}

/**
 * Reads and validates config files (layered in order) without starting anything: their diagnostics,
 * then what would fail when the hooks run (see runnable-check.ts), looked up with `env`'s PATH, then
 * the events some hosts never fire (host-events-check.ts).
 */
export async function checkConfig(
  configPath: string | readonly string[],
  env: Readonly<Record<string, string | undefined>> = process.env,
  orgConfigPath: readonly string[] = [],
): Promise<Diagnostic[]> {
  const loaded = await loadConfigState({ kind: 'files', paths: typeof configPath === 'string' ? [configPath] : configPath, ...(orgConfigPath.length > 0 ? { org: { paths: orgConfigPath } } : {}) });
  if (!loaded.ok) return loaded.diagnostics;
  return [...loaded.state.diagnostics, ...(await diagnoseRunnable(loaded.state, env)), ...diagnoseHostEvents(loaded.state)];
}

/** What a config is, read without starting anything: its identity and its hooks, or why it cannot run. */
export type ConfigDescription =
  | { ok: true; digest: string; hooks: number; observed: number; diagnostics: readonly Diagnostic[]; auditLog?: AuditLogSetting }
  | { ok: false; diagnostics: Diagnostic[] };

/**
 * Reads and validates config files (layered in order) as a runtime would, on this thread, and
 * says what it would run: the digest an audit record names (`sha256:<hex>`), how many hooks (by
 * id: a rule pack on several events is one), how many of them in observe mode. For `hookwire statusline`, which answers on every redraw: no
 * PATH lookups (checkConfig's), no executor.
 */
export async function describeConfig(configPath: string | readonly string[], orgConfigPath: readonly string[] = []): Promise<ConfigDescription> {
  const source = { kind: 'files' as const, paths: typeof configPath === 'string' ? [configPath] : configPath };
  const loaded = await loadConfigState(orgConfigPath.length > 0 ? { ...source, org: { paths: orgConfigPath } } : source, { blocking: true });
  if (!loaded.ok) return { ok: false, diagnostics: loaded.diagnostics };
  const { config } = loaded.state;
  // A hook on several events (a rule pack) is one hook: counted by id.
  const ids = new Set(config.hooks.map((hook) => hook.id));
  const observed = new Set(config.hooks.filter((hook) => (hook.mode ?? config.mode) === 'observe').map((hook) => hook.id));
  return { ok: true, digest: digestConfig(config), hooks: ids.size, observed: observed.size, diagnostics: loaded.state.diagnostics, ...(config.auditLog === undefined ? {} : { auditLog: config.auditLog }) };
}
