import type { Diagnostic } from '@hookwire/contract';
import type { RunRecord } from '@hookwire/runtime';
import { escapeLine, escapeTerminal } from './terminal-text.js';

/** Pads cells into aligned columns. */
export function formatTable(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ').trimEnd();
  return `${[line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n')}\n`;
}

/** Diagnostics as a human reads them: one line each, errors first. */
export function formatDiagnostics(diagnostics: readonly Diagnostic[]): string {
  if (diagnostics.length === 0) return 'config OK: no problems found\n';
  const sorted = [...diagnostics].sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1));
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const lines = sorted.map((d) => `${d.severity.padEnd(7)} ${d.file ? `${d.file}#` : ''}${d.path || '/'}: ${d.message}`);
  return `${lines.join('\n')}\n${errors} error${errors === 1 ? '' : 's'}, ${diagnostics.length - errors} warning${diagnostics.length - errors === 1 ? '' : 's'}\n`;
}

/** A field as one terminal-safe line of at most `max` characters (an ellipsis where it was cut). */
export function clip(text: unknown, max = 60): string {
  const flat = escapeLine(text);
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** The runs of a dispatch as a readable table: which hook decided what, and why. */
export function formatRuns(runs: readonly RunRecord[]): string {
  if (runs.length === 0) return 'no hook matched\n';
  return formatTable(
    ['hook', 'kind', 'decision', 'ms', 'exit/status', 'note'],
    runs.map((run) => [
      escapeTerminal(run.hook),
      run.kind,
      escapeTerminal(run.mode === 'observe' ? `${run.outcome.decision ?? '-'} (observed)` : (run.outcome.decision ?? '-')),
      run.durationMs.toFixed(1),
      String(run.exitCode ?? run.status ?? '-'),
      clip(
        run.outcome.failure
          ? `${run.outcome.failure.class}: ${run.outcome.failure.message} (onError ${run.onError ?? 'warn'})`
          : (run.outcome.reason ?? run.outcome.warnings[0] ?? ''),
      ),
    ]),
  );
}
