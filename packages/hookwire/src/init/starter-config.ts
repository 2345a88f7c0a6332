import { DEFAULT_LAYOUT, stringifyJson } from './json-layout.js';

/**
 * Where the starter's `$schema` points, relative to the project: the unscoped `hookwire`
 * package's copy first, then the contract package's (present when `@hookwire/stdio-server` was
 * installed on its own). `init` writes the first that exists, else the first.
 */
export const SCHEMA_REFS = ['./node_modules/hookwire/schema/hookwire.schema.json', './node_modules/@hookwire/contract/schema/hookwire.schema.json'] as const;

/**
 * The starter guard, inline so that it needs no file: it reads the hook payload and exits 2 (deny,
 * the reason on stderr) when a simple command of the shell line is `rm` with both a recursive and a
 * force flag (`rm -rf`, `rm -fR`, `rm -r -f`, `rm --recursive --force`, after `sudo`, `&&`, `;`, `|`).
 */
const RM_RF_GUARD = [
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

export const STARTER_GUARD_ID = 'deny-rm-rf';

/** The text of the starter `.hookwire.json` for a host, with its `$schema`. */
export function renderStarterConfig(host: { shellTool: string }, schemaRef: string): string {
  const config = {
    $schema: schemaRef,
    timeoutSec: 30,
    hooks: [{ id: STARTER_GUARD_ID, event: 'tool:before', matcher: host.shellTool, type: 'command', command: `node -e "${RM_RF_GUARD}"`, timeout: 10 }],
  };
  return stringifyJson(config, DEFAULT_LAYOUT);
}
