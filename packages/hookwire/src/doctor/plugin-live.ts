import { dirname } from 'node:path';
import type { DialectName } from '@hookwire/contract';
import { note, ok, problem, type Finding } from './findings.js';
import { dangerousCommand, LIVE_SLOW_MS, LIVE_TIMEOUT_MS, renderShellEvent, runProcess } from './live-check.js';

/**
 * What the live check of an extension host runs in a child Node (the one running doctor): it loads
 * the plugin file as an ES module (whatever its extension and the nearest package.json say, as the
 * host's own loader reads it), calls it with a stand-in of the host's API that records each
 * `on(event, handler)`, then calls the tool-call handlers with each event given, as the host would,
 * and prints what they returned and what they wrote to stderr (where the plugin tells the user in
 * a headless run). Written here rather than taken from the host: doctor must not need the host
 * installed, nor the Node it needs (OpenClaw: 24). A load that fails is reported, not thrown.
 */
const HARNESS = String.raw`
import * as nodeModule from 'node:module';
import { pathToFileURL } from 'node:url';
const input = JSON.parse(process.argv[1]);
const out = (value) => { process.stdout.write(JSON.stringify(value), () => process.exit(0)); };
const url = pathToFileURL(input.file).href;
const first = (error) => String(error && error.message !== undefined ? error.message : error).split('\n')[0];
async function main() {
  if (typeof nodeModule.register !== 'function') return out({ loadError: 'this Node cannot register a module loader (node:module register, Node 20.6 or later)' });
  const format = url.endsWith('.ts') && process.features && process.features.typescript ? 'module-typescript' : 'module';
  nodeModule.register('data:text/javascript,' + encodeURIComponent('export async function load(u, c, next) { if (u === ' + JSON.stringify(url) + ') { const { readFile } = await import("node:fs/promises"); return { format: ' + JSON.stringify(format) + ', source: await readFile(new URL(u), "utf8"), shortCircuit: true }; } return next(u, c); }'));
  let plugin;
  try {
    plugin = (await import(url)).default;
  } catch (error) {
    return out({ loadError: first(error) });
  }
  const handlers = {};
  const api = new Proxy({}, { get: (_, key) => (key === 'on' ? (name, handler) => { (handlers[name] = handlers[name] || []).push(handler); } : key === 'rootDir' ? input.rootDir : key === 'then' ? undefined : () => undefined) });
  try {
    if (input.host === 'pi') {
      if (typeof plugin !== 'function') return out({ loadError: 'its default export is not a function (pi calls it with its API)' });
      await plugin(api);
    } else {
      if (typeof plugin !== 'object' || plugin === null || typeof plugin.register !== 'function') return out({ loadError: 'its default export has no register function (OpenClaw calls it with its API)' });
      await plugin.register(api);
    }
  } catch (error) {
    return out({ loadError: 'registering it threw: ' + first(error) });
  }
  const ctx = input.host === 'pi' ? { cwd: input.projectDir, hasUI: false, sessionManager: { getSessionId: () => 'hookwire-doctor' } } : { sessionId: 'hookwire-doctor', workspaceDir: input.projectDir };
  const said = [];
  process.stderr.write = (chunk, ...rest) => { said.push(String(chunk)); const done = rest.find((r) => typeof r === 'function'); if (done) done(); return true; };
  const results = [];
  for (const event of input.events) {
    const started = performance.now();
    const answers = [];
    try {
      for (const handler of handlers[input.handler] || []) answers.push((await handler(event, ctx)) ?? null);
    } catch (error) {
      results.push({ threw: first(error), said: said.splice(0).join(''), ms: performance.now() - started });
      continue;
    }
    results.push({ answers, said: said.splice(0).join(''), ms: performance.now() - started });
  }
  out({ events: Object.keys(handlers), results });
}
main().catch((error) => out({ loadError: first(error) }));
`;

/** One event's outcome, as the harness saw it. */
export interface HandlerResult {
  answers?: unknown[];
  threw?: string;
  said: string;
  ms: number;
}

/** What the harness printed: the events the plugin registers handlers for and each event's results, or why it could not be loaded. */
export interface PluginRun {
  loadError?: string;
  events?: string[];
  results?: HandlerResult[];
}

export interface PluginLiveTarget {
  host: 'pi' | 'openclaw';
  label: string;
  dialect: DialectName;
  file: string;
  /** The plugin folder the host gives the plugin (OpenClaw's `api.rootDir`). */
  rootDir: string;
  projectDir: string;
  env: Record<string, string | undefined>;
  /** The event the host calls before a tool runs (`tool_call`, `before_tool_call`). */
  toolEvent: string;
  /** The handler that refuses a prompt (`input`, `before_agent_run`); undefined when not checked. */
  promptEvent?: string;
  /** The file is one an older init wrote (its own finding says what it lacks). */
  legacy: boolean;
  hasRulePack: boolean;
  fix: string;
}

/** Loads the plugin in a child Node and feeds its tool-call handlers `commands` as shell calls; the run, or why it gave nothing readable. */
export async function runPlugin(target: PluginLiveTarget, commands: readonly string[]): Promise<{ run?: PluginRun; failure?: string }> {
  const events = commands.map((command) => JSON.parse(renderShellEvent(target.dialect, command, target.projectDir)) as unknown);
  const input = JSON.stringify({ file: target.file, host: target.host, rootDir: target.rootDir, projectDir: target.projectDir, handler: target.toolEvent, events });
  const run = await runProcess(process.execPath, ['--input-type=module', '-e', HARNESS, input], '', { cwd: target.projectDir, env: target.env });
  if (run.timedOut) return { failure: `gave no answer within ${LIVE_TIMEOUT_MS / 1000} s` };
  try {
    return { run: JSON.parse(run.stdout) as PluginRun };
  } catch {
    return { failure: `could not be loaded under Node ${process.version}: ${run.stderr.trim().split('\n')[0] ?? `exit ${run.code}`}` };
  }
}

/** A handler's answer read as the host reads it: `{block: true, reason}` (pi) or `{block: true, blockReason}` (OpenClaw) refuses the call. */
export function readPluginAnswer(result: HandlerResult): { denied: boolean; reason?: string; problem?: string } {
  if (result.threw !== undefined) return { denied: false, problem: `its handler threw: ${result.threw}` };
  const block = (result.answers ?? []).find((answer): answer is Record<string, unknown> => typeof answer === 'object' && answer !== null && (answer as Record<string, unknown>).block === true);
  if (block === undefined) return { denied: false };
  const reason = [block.reason, block.blockReason].find((value): value is string => typeof value === 'string');
  return { denied: true, ...(reason === undefined ? {} : { reason }) };
}

/** The live check of an extension host: its plugin loaded as the host loads it, fed a harmless shell call (and, with a rule pack, a dangerous one). */
export async function checkPluginLive(target: PluginLiveTarget): Promise<Finding[]> {
  const commands = target.hasRulePack ? ['ls', dangerousCommand()] : ['ls'];
  const { run, failure } = await runPlugin(target, commands);
  const where = `${target.file}, loaded in Node ${process.version} as ${target.label} loads it,`;
  if (failure !== undefined) return [problem('live', `${where} ${failure}`, target.fix, target.file)];
  if (run!.loadError !== undefined) {
    return [note('live', `doctor could not load ${target.file} under Node ${process.version}: ${run!.loadError}; no live check`, `run hookwire doctor under the Node ${target.label} runs on${target.host === 'openclaw' ? ' (24.16 or later)' : ''}, or compare the file with what ${target.fix.replace(/^run /, '')} writes`, target.file)];
  }
  const found: Finding[] = [];
  const events = run!.events ?? [];
  if (target.promptEvent !== undefined && !target.legacy && !events.includes(target.promptEvent)) {
    found.push(problem('prompt', `${target.file} registers no ${target.promptEvent} handler: a UserPromptSubmit deny does not refuse the prompt in ${target.label}`, target.fix, target.file));
  }
  if (!events.includes(target.toolEvent)) {
    found.push(problem('live', `${target.file} registers no ${target.toolEvent} handler: no tool call is checked in ${target.label}`, target.fix, target.file));
    return found;
  }
  const [harmless, dangerous] = run!.results ?? [];
  const answer = readPluginAnswer(harmless!);
  const ms = Math.round(harmless!.ms);
  const said = harmless!.said.trim();
  if (answer.problem !== undefined) found.push(problem('live', `the ${target.toolEvent} handler of ${target.file}, fed a harmless \`ls\` call, failed: ${answer.problem}`, target.fix, target.file));
  else if (answer.denied) found.push(problem('live', `the plugin denied a harmless \`ls\` call${answer.reason === undefined ? '' : `: ${answer.reason}`}: every tool call would be denied`, 'fix what the reason says (hookwire check lists config problems; a bridge that cannot run is not installed in the project)', target.file));
  else if (said !== '') found.push(problem('live', `the plugin answered a harmless \`ls\` call with a notice to the user: ${said.split('\n')[0]}`, 'fix what the notice says (hookwire check lists config problems)', target.file));
  else found.push(ok('live', `${where} answered a harmless \`ls\` call in ${ms} ms: allowed`, target.file));
  if (harmless!.ms > LIVE_SLOW_MS) found.push(note('live', `a harmless call took ${ms} ms; every tool call waits that long`, 'see which hook is slow with --log and hookwire explain'));
  if (dangerous !== undefined) {
    const read = readPluginAnswer(dangerous);
    found.push(
      read.denied
        ? ok('live-deny', 'a dangerous-looking shell call (recursive delete of /) was denied', target.file)
        : problem('live-deny', `a dangerous-looking shell call (recursive delete of /) was not denied${read.problem === undefined ? '' : `: ${read.problem}`}`, 'check the rule pack hook (hookwire rules, hookwire check): is it in enforce mode, on tool:before?', target.file),
    );
  }
  return found;
}

/** The plugin folder of a plugin file (what OpenClaw passes as `api.rootDir`). */
export const pluginRootDir = (file: string): string => dirname(file);
