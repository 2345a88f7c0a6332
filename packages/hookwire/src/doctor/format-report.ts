import type { DoctorReport, Finding } from './findings.js';

const MARK = { ok: '✓', problem: '✗', note: '!' } as const;

// Written out, not read from hosts.ts: importing the host table here (a lazily loaded module) makes
// the bundler split the dialects out of cli.cjs into a chunk every run loads (scripts/bundle-bin.mjs).
const HOST_TITLES: Record<string, string> = {
  claude: 'Claude Code',
  gemini: 'Gemini CLI',
  codex: 'Codex',
  copilot: 'Copilot CLI',
  cursor: 'Cursor',
  crush: 'Crush',
  letta: 'Letta Code',
  qwen: 'Qwen Code',
  opencode: 'OpenCode',
  pi: 'pi',
  openclaw: 'OpenClaw',
};
/** Paths in the project as `./…`, in the home folder as `~/…`: for reading only (the JSON keeps them whole). */
function shortenPaths(text: string, projectDir: string, home: string | undefined): string {
  const short = text.replaceAll(`${projectDir}/`, './');
  return home === undefined || home === '/' || home === '' ? short : short.replaceAll(`${home}/`, '~/');
}

function formatFinding(finding: Finding, shorten: (text: string) => string): string {
  const fix = finding.fix === undefined || finding.status === 'ok' ? '' : `\n      fix: ${shorten(finding.fix)}`;
  return `  ${MARK[finding.status]} ${shorten(finding.message)}${fix}\n`;
}

/** The report for people: one section per host, ✓ fine, ✗ a problem (with its fix), ! a note; paths shortened (`home`: the folder shown as `~`). */
export function formatDoctorReport(report: DoctorReport, home?: string): string {
  const shorten = (text: string) => shortenPaths(text, report.projectDir, home);
  const formatAll = (findings: readonly Finding[]) => findings.map((finding) => formatFinding(finding, shorten)).join('');
  const sections = [
    `hookwire doctor in ${report.projectDir}\n`,
    `\nconfig\n${formatAll(report.config.findings)}`,
    ...report.hosts.map((host) => `\n${titleOf(host.host)}\n${formatAll(host.findings)}`),
    report.findings.length === 0 ? '' : `\nhosts\n${formatAll(report.findings)}`,
    `\n${report.problems === 0 ? 'no problems' : `${report.problems} problem${report.problems === 1 ? '' : 's'}`}, ${report.notes} note${report.notes === 1 ? '' : 's'}\n`,
  ];
  return sections.join('');
}

/** A host's section heading: its dialect name, then its product name where that says more (`claude (Claude Code)`; pi is just `pi`). */
function titleOf(host: string): string {
  const title = HOST_TITLES[host] ?? host;
  return title.toLowerCase() === host.toLowerCase() ? host : `${host} (${title})`;
}
