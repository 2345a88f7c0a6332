// Rows from samples (medians of paired per-round ratios) and the Markdown of bench/REPORT.md.
import { quote } from '@hookwire/test-utils';
import { formatRatio, formatValue, median, quantile } from './stats.mjs';

const valueOf = (ref, round) => (ref === undefined ? undefined : typeof ref === 'function' ? ref(round) : round[ref]);

/**
 * A row's figures over the rounds. `floor` and `subject` are side names or functions of one
 * round's samples (by side name); the ratio is the median of the per-round ratios subject / floor,
 * so each ratio pairs values measured side by side. `target` is met when the ratio is ≤ target
 * (≥ with `atLeast: true`, for rows where more is better).
 */
export function computeRow(figure, row) {
  const names = figure.sides.map((side) => side.name);
  const rounds = Math.min(...names.map((name) => figure.samples[name].length));
  const floors = [];
  const subjects = [];
  const ratios = [];
  const alsoRatios = [];
  for (let i = 0; i < rounds; i++) {
    const round = Object.fromEntries(names.map((name) => [name, figure.samples[name][i]]));
    const f = valueOf(row.floor, round);
    const s = valueOf(row.subject, round);
    const a = valueOf(row.also, round);
    subjects.push(s);
    if (f !== undefined) {
      floors.push(f);
      ratios.push(s / f);
    }
    if (a !== undefined) alsoRatios.push(s / a);
  }
  const hasFloor = row.floor !== undefined;
  const ratio = hasFloor ? median(ratios) : undefined;
  const target = row.target;
  return {
    label: row.label,
    unit: figure.unit ?? 'ms',
    rounds,
    floor: hasFloor ? median(floors) : undefined,
    subject: median(subjects),
    ratio,
    ratioMin: hasFloor ? Math.min(...ratios) : undefined,
    ratioMax: hasFloor ? Math.max(...ratios) : undefined,
    alsoRatio: row.also === undefined ? undefined : median(alsoRatios),
    floorLabel: row.floorLabel,
    subjectLabel: row.subjectLabel,
    target,
    atLeast: row.atLeast === true,
    targetLabel: row.targetLabel ?? (target === undefined ? undefined : `${row.atLeast ? '≥' : '≤'} ${target}×`),
    met: target === undefined || ratio === undefined ? undefined : row.atLeast ? ratio >= target : ratio <= target,
    main: row.main !== false,
    change: row.change,
    build: row.build,
    throughput: row.throughput === true,
  };
}

const table = (header, lines) => [`| ${header.join(' | ')} |`, `| ${header.map((h, i) => (i === 0 || /^(target|met\?|side|row|figure|derived)$/.test(h) ? '---' : '---:')).join(' | ')} |`, ...lines.map((cells) => `| ${cells.join(' | ')} |`)].join('\n');

function formatCell(value, row, withRate) {
  const text = formatValue(value, row.unit);
  if (!withRate || !row.throughput || row.unit !== 'ms' || !Number.isFinite(value)) return text;
  return `${text} (${Math.round(1000 / value).toLocaleString('en')}/s)`;
}

const targetCell = (row) => row.targetLabel ?? '—';
const metCell = (row) => (row.met === undefined ? 'report' : row.met ? 'yes' : '**no**');

/** The headline table: every main row of every figure against its floor. */
export function renderMainTable(results) {
  const lines = [];
  for (const figure of results.figures) {
    if (figure.skipped) {
      lines.push([`${figure.title} (\`${figure.id}\`): ${figure.skipped}`, '—', '—', '—', '—', 'skipped']);
      continue;
    }
    if (figure.error) {
      lines.push([`${figure.title} (\`${figure.id}\`): **failed** (${figure.error.split('\n')[0].slice(0, 200)})`, '—', '—', '—', '—', '—']);
      continue;
    }
    for (const row of figure.rows.filter((r) => r.main)) {
      lines.push([row.label, row.floor === undefined ? '—' : formatCell(row.floor, row, true), formatCell(row.subject, row, true), formatRatio(row.ratio), targetCell(row), metCell(row)]);
    }
  }
  return table(['figure', 'floor', 'hookwire', 'ratio', 'target', 'met?'], lines);
}

/** hookwire against the --compare build, paired per round. */
export function renderChangeTable(results) {
  const label = results.compare?.label ?? 'before';
  const lines = [];
  for (const figure of results.figures) for (const row of figure.rows.filter((r) => r.change)) lines.push([row.label, formatCell(row.floor, row), formatCell(row.subject, row), formatRatio(row.ratio)]);
  return table(['figure', label, 'hookwire', `hookwire / ${label}`], lines);
}

function renderFigure(figure) {
  const out = [`### ${figure.title} (\`${figure.id}\`)`, ''];
  if (figure.description) out.push(figure.description, '');
  if (figure.skipped) out.push(`**Skipped:** ${figure.skipped}`, '');
  if (figure.error) out.push(`**Failed:** \`${figure.error.split('\n')[0]}\``, '');
  if (figure.partialError) out.push(`**Stopped early:** \`${figure.partialError.split('\n')[0]}\` (the rounds before it count)`, '');
  const unit = figure.unit ?? 'ms';
  const sides = figure.sides
    .filter((side) => figure.samples[side.name]?.length > 0)
    .map((side) => {
      const values = figure.samples[side.name];
      return [side.label, formatValue(median(values), unit), `${formatValue(quantile(values, 0.25), unit)} – ${formatValue(quantile(values, 0.75), unit)}`, String(values.length)];
    });
  if (sides.length > 0) out.push(table(['side', 'median', 'p25 – p75 over rounds', 'rounds'], sides), '');
  const paired = figure.rows.filter((row) => row.floor !== undefined);
  if (paired.length > 0) {
    const also = paired.some((row) => row.alsoRatio !== undefined);
    const header = ['row', 'floor', 'subject', 'ratio (median of rounds)', 'min – max', 'target', 'met?', ...(also ? [`vs ${figure.alsoLabel ?? 'also'}`] : [])];
    const lines = paired.map((row) => {
      const label = row.change ? `${row.label} (hookwire / ${row.change})` : row.label;
      return [label, formatCell(row.floor, row), formatCell(row.subject, row), formatRatio(row.ratio), `${formatRatio(row.ratioMin)} – ${formatRatio(row.ratioMax)}`, targetCell(row), metCell(row), ...(also ? [formatRatio(row.alsoRatio)] : [])];
    });
    out.push(table(header, lines), '');
  }
  const derived = figure.rows.filter((row) => row.floor === undefined);
  if (derived.length > 0) out.push(table(['derived', 'median of rounds'], derived.map((row) => [row.label, formatCell(row.subject, row)])), '');
  return out.join('\n');
}

/** The whole of bench/REPORT.md. */
export function renderReport(results) {
  const { machine, options } = results;
  const load = (l) => l.join(' / ');
  const out = ['# hookwire benchmark report', ''];
  const show = (arg) => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : quote(arg));
  out.push(`Generated by \`node bench/run.mjs${results.argv.length ? ` ${results.argv.map(show).join(' ')}` : ''}\` on ${results.startedAt} (${(results.durationMs / 1000).toFixed(0)} s). Raw samples: \`bench/results/latest.json\`. How to read and reproduce: \`docs/performance.md\`.`, '');
  if (options.rounds < 10 || options.quick) out.push(`**Quick run (${options.rounds} round${options.rounds === 1 ? '' : 's'}${options.quick ? ', --quick' : ''}): a smoke test of the bench, not a measurement.**`, '');
  if (results.note) out.push(`Note: ${results.note}`, '');
  const checkout = results.checkout;
  const modified = checkout.modifiedFiles ? ` with ${checkout.modifiedFiles} modified file${checkout.modifiedFiles === 1 ? '' : 's'}` : '';
  let measured = `Measured: ${checkout.dir ? `\`${checkout.dir}\`` : 'this checkout'} at commit ${checkout.commit}${modified}`;
  if (results.compare) measured += `; compared with \`${results.compare.dir}\`${results.compare.commit ? ` at commit ${results.compare.commit}` : ''} (“${results.compare.label}”): rows “hookwire / ${results.compare.label}” are paired ratios, below 1× means hookwire is now faster`;
  out.push(`${measured}.`, '');
  out.push(`Machine: Node ${machine.node} (V8 ${machine.v8}), ${machine.os}, ${machine.cpuCount} × ${machine.cpuModel}, ${machine.memoryMiB} MiB; load average at start ${load(machine.loadAverageAtStart)}, at end ${load(results.loadAverageAtEnd)}.`, '');
  out.push(
    `Method: ${options.rounds} interleaved round${options.rounds === 1 ? '' : 's'} after one warm-up pass. In each round every figure samples all its sides back to back: figures built of fast operations (round trip, pipeline, in-process) take one batch per side, floor first in even rounds and last in odd ones; figures built of process spawns take turns operation by operation (floor, hookwire, floor, hookwire…, the order rotating), so machine noise hits every side alike. A value is the median of the rounds' samples (each sample the mean of its batch or of its operations); a ratio is the median of the per-round ratios hookwire / floor (paired, so it can differ from the quotient of the two medians). Operations per sample scaled by ${options.scale}.`,
    '',
  );
  out.push(renderMainTable(results), '');
  if (results.compare) out.push(`## Against ${results.compare.label}`, '', `Paired per round, interleaved with everything else; below 1× hookwire is faster than \`${results.compare.dir}\`.`, '', renderChangeTable(results), '');
  out.push('## Details', '');
  for (const figure of results.figures) out.push(renderFigure(figure));
  return `${out.join('\n').trimEnd()}\n`;
}
