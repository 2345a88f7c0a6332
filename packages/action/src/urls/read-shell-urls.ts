import { listOperands } from '../files/list-operands.js';
import { skipOptions } from '../shell/skip-options.js';
import type { SimpleCommand, UrlAccess } from '../types.js';

const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;
const BARE_HOST = /^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}(:\d+)?(\/\S*)?$/i;
/** `user@host:path` as scp, rsync and git write it. */
const SCP_LIKE = /^(?:[^@/:\s]+@)?(\[[^\]]+\]|[^/:\s]+):/;

/** The host of a URL, lower-cased; '' if it has none. */
export function readHost(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^\[|\]$/g, '');
  } catch {
    return '';
  }
}

function toUrl(url: string, source: string): UrlAccess {
  return { url, host: readHost(url), source };
}

function fromScpLike(operand: string, source: string): UrlAccess | undefined {
  if (SCHEME.test(operand)) return toUrl(operand, source);
  const match = SCP_LIKE.exec(operand);
  if (match === null || /^\w:\\/.test(operand)) return undefined;
  const host = match[1]!.replace(/^\[|\]$/g, '').toLowerCase();
  return { url: operand, host, source };
}

function readHttpClient(args: readonly string[], source: string): UrlAccess[] {
  const urls: UrlAccess[] = [];
  for (const arg of args) {
    if (SCHEME.test(arg)) urls.push(toUrl(arg, source));
    else if (BARE_HOST.test(arg)) urls.push({ url: arg, host: readHost(`http://${arg}`), source });
  }
  return urls;
}

const GIT_URL_SUBCOMMANDS = new Set(['clone', 'fetch', 'pull', 'push', 'ls-remote', 'remote', 'submodule']);

function readGit(args: readonly string[]): UrlAccess[] {
  const index = skipOptions(args, 0, { shortWithValue: 'Cc', longWithValue: ['git-dir', 'work-tree', 'namespace', 'config-env'] });
  if (!GIT_URL_SUBCOMMANDS.has(args[index] ?? '')) return [];
  const urls: UrlAccess[] = [];
  for (const operand of listOperands(args.slice(index + 1), { shortWithValue: 'boju', longWithValue: ['branch', 'origin', 'depth', 'reference', 'upload-pack', 'template', 'separate-git-dir', 'config'] })) {
    const url = fromScpLike(operand, 'shell:git');
    if (url !== undefined && url.host !== '') urls.push(url);
  }
  return urls;
}

const NETCAT = new Set(['nc', 'ncat', 'netcat', 'telnet', 'socat']);

/** The URLs and hosts the commands of a shell model reach. */
export function readShellUrls(commands: readonly SimpleCommand[]): UrlAccess[] {
  const urls: UrlAccess[] = [];
  for (const { program, args } of commands) {
    const source = `shell:${program}`;
    if (['curl', 'wget', 'http', 'https', 'xh', 'aria2c', 'httpie'].includes(program)) {
      urls.push(...readHttpClient(args, source));
    } else if (program === 'git') {
      urls.push(...readGit(args));
    } else if (program === 'scp' || program === 'rsync' || program === 'sftp') {
      for (const operand of listOperands(args, { shortWithValue: 'cFiJloPSeT' })) {
        const url = fromScpLike(operand, source);
        if (url !== undefined) urls.push(url);
      }
      if (program === 'sftp') {
        const host = listOperands(args, { shortWithValue: 'cFiJloPSBDR' })[0];
        if (host !== undefined && !SCP_LIKE.test(host)) urls.push({ url: `sftp://${host}`, host: host.replace(/^.*@/, '').toLowerCase(), source });
      }
    } else if (program === 'ssh') {
      const host = args[skipOptions(args, 0, { shortWithValue: 'bcDEeFIiJLlmOopQRSWw' })];
      if (host !== undefined) urls.push({ url: `ssh://${host}`, host: host.replace(/^.*@/, '').toLowerCase(), source });
    } else if (NETCAT.has(program) && !args.some((arg) => /^-[a-zA-Z]*l/.test(arg))) {
      const operands = listOperands(args, { shortWithValue: 'pswiIOqxXe' });
      const host = operands[0];
      if (host !== undefined) urls.push({ url: `tcp://${host}${operands[1] === undefined ? '' : `:${operands[1]}`}`, host: host.toLowerCase(), source });
    }
  }
  return urls;
}
