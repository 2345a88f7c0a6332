import type { DoctorReport, Finding } from './findings.js';

const MARK = { ok: '✓', problem: '✗', note: '!' } as const;

const HOST_TITLES: Record<string, string> = {
  claude: 'Claude Code',
  gemini: 'Gemini CLI',
  codex: 'Codex',
  copilot: 'Copilot CLI',
  cursor: 'Cursor',
  opencode: 'OpenCode',
};

function formatFinding(finding: Finding): string {
  const fix = finding.fix === undefined || finding.status === 'ok' ? '' : `\n      fix: ${finding.fix}`;
  return `  ${MARK[finding.status]} ${finding.message}${fix}\n`;
}

/** The report for people: one section per host, ✓ fine, ✗ a problem (with its fix), ! a note. */
export function formatDoctorReport(report: DoctorReport): string {
  const sections = [
    `hookwire doctor in ${report.projectDir}\n`,
    `\nconfig\n${report.config.findings.map(formatFinding).join('')}`,
    ...report.hosts.map((host) => `\n${host.host} (${HOST_TITLES[host.host] ?? host.host})\n${host.findings.map(formatFinding).join('')}`),
    report.findings.length === 0 ? '' : `\nhosts\n${report.findings.map(formatFinding).join('')}`,
    `\n${report.problems === 0 ? 'no problems' : `${report.problems} problem${report.problems === 1 ? '' : 's'}`}, ${report.notes} note${report.notes === 1 ? '' : 's'}\n`,
  ];
  return sections.join('');
}
