import { DEFAULT_LAYOUT, stringifyJson } from './json-layout.js';

/**
 * Where the starter's `$schema` points, relative to the project: the unscoped `hookwire`
 * package's copy first, then the contract package's (present when `@hookwire/stdio-server` was
 * installed on its own). `init` writes the first that exists, else the first.
 */
export const SCHEMA_REFS = ['./node_modules/hookwire/schema/hookwire.schema.json', './node_modules/@hookwire/contract/schema/hookwire.schema.json'] as const;

export const STARTER_GUARD_ID = 'recommended';

/**
 * The text of the starter `.hookwire.json`: the `hookwire:recommended` rule pack, evaluated in
 * process (no second process per event), failing closed (`onError: "block"`: a pack that cannot be
 * loaded or a rule that cannot be evaluated denies rather than lets through). It runs on tool calls
 * before and after and on prompts, for every tool, whatever the host calls them. `auditLog: true`
 * records every decision in the default place (`~/.local/state/hookwire/audit.jsonl`), where
 * `hookwire ui`, `log` and `statusline` find them with no flag.
 */
export function renderStarterConfig(schemaRef: string): string {
  const config = {
    $schema: schemaRef,
    timeoutSec: 30,
    auditLog: true,
    hooks: [{ id: STARTER_GUARD_ID, type: 'rule', pack: 'hookwire:recommended', onError: 'block' }],
  };
  return stringifyJson(config, DEFAULT_LAYOUT);
}

/** The starter as init wrote it before `auditLog` (the rule pack alone), kept so that `init --uninstall` still recognises it. */
function renderPreAuditStarterConfig(schemaRef: string): string {
  const config = {
    $schema: schemaRef,
    timeoutSec: 30,
    hooks: [{ id: STARTER_GUARD_ID, type: 'rule', pack: 'hookwire:recommended', onError: 'block' }],
  };
  return stringifyJson(config, DEFAULT_LAYOUT);
}

/** Whether `text` is a starter some version of init wrote with this `$schema`: the current one, the one before `auditLog`, or (for `hosts`' shell tools) the rm -rf guard of before the rule pack. */
export function isStarterText(text: string, schemaRef: string, hosts: readonly { shellTool: string }[] = []): boolean {
  return renderStarterConfig(schemaRef) === text || renderPreAuditStarterConfig(schemaRef) === text || hosts.some((host) => renderLegacyStarterConfig(host, schemaRef) === text);
}

/**
 * The starter of hookwire before the rule pack (a one-line `node -e` guard denying rm -rf), kept so
 * that `init --uninstall` still recognises, and removes, a starter an older init wrote.
 */
const LEGACY_RM_RF_GUARD = [
  "let s='';",
  "process.stdin.on('data',(d)=>(s+=d)).on('end',()=>{",
  "const line=String(JSON.parse(s).tool_input?.command??'');",
  'for(const part of line.split(/&&|[|;&\\n]|\\x24\\(/)){',
  "const w=part.trim().split(/\\s+/);const i=w.indexOf('rm');if(i<0)continue;",
  "const flags=w.slice(i+1).filter((a)=>a.startsWith('-'));",
  "const short=flags.filter((a)=>!a.startsWith('--')).join('');",
  "const r=/[rR]/.test(short)||flags.includes('--recursive');",
  "const f=short.includes('f')||flags.includes('--force');",
  "if(r&&f){console.error('rm -rf deletes recursively without asking; remove the files by name, or ask the user');process.exit(2);}",
  '}});',
].join('');


/** The text an older init wrote as its starter, for a host whose shell tool is `shellTool`. */
export function renderLegacyStarterConfig(host: { shellTool: string }, schemaRef: string): string {
  const config = {
    $schema: schemaRef,
    timeoutSec: 30,
    hooks: [{ id: 'deny-rm-rf', event: 'tool:before', matcher: host.shellTool, type: 'command', command: `node -e "${LEGACY_RM_RF_GUARD}"`, timeout: 10 }],
  };
  return stringifyJson(config, DEFAULT_LAYOUT);
}
