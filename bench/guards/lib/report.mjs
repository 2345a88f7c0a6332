// The table on stdout and the figures section of bench/guards/REPORT.md.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tallyGuard } from './tally.mjs';


const pct = (x) => (Number.isNaN(x) ? '–' : `${(x * 100).toFixed(1)}%`);

function formatTime(guard, times) {
  if (Number.isNaN(times.median)) return '–';
  if (guard.kind === 'in-process') return `${(times.median * 1000).toFixed(0)} µs (p95 ${(times.p95 * 1000).toFixed(0)} µs)`;
  return `${times.median.toFixed(1)} ms (p95 ${times.p95.toFixed(1)} ms)`;
}

/** Markdown for the figures: the summary table, then per category. */
export function renderFigures({ rows, skipped, corpus, meta }) {
  const lines = [];
  const dangerous = corpus.filter((a) => a.label === 'dangerous').length;
  const everyday = corpus.length - dangerous;
  lines.push(`Corpus: ${corpus.length} actions (${dangerous} dangerous, ${everyday} everyday) from ${meta.files.join(', ')}.`);
  lines.push(`Run: ${meta.date}, Node ${process.version}, ${meta.machine}, ${meta.jobs} process(es) at a time.`);
  const floor = meta.nodeStartMs;
  lines.push(`Floor of a process row in the same conditions: a bare \`node -e 0\` takes ${floor.median.toFixed(1)} ms (p95 ${floor.p95.toFixed(1)} ms).`, '');
  lines.push('| guard | detection (deny or ask on dangerous) | false positives (deny or ask on everyday) | deny / ask / allow / error | time per action |');
  lines.push('| --- | --- | --- | --- | --- |');
  for (const { guard, tally } of rows) {
    const d = tally.decisions;
    lines.push(
      `| ${guard.label} | ${pct(tally.detection)} (${tally.dangerous.flagged}/${tally.dangerous.n}) | ` +
        `${pct(tally.falsePositiveRate)} (${tally.everyday.flagged}/${tally.everyday.n}) | ` +
        `${d.deny} / ${d.ask} / ${d.allow} / ${d.error} | ${formatTime(guard, tally.times)} |`,
    );
  }
  for (const { guard, why } of skipped) lines.push(`| ${guard.label} | skipped: ${why} | | | |`);
  const files = [...new Set(corpus.map((a) => a.file))];
  if (rows.length > 0 && files.length > 1) {
    lines.push('', 'Per corpus file: detection / false positives.', '');
    lines.push(`| file | n | ${rows.map((r) => r.guard.name).join(' | ')} |`);
    lines.push(`| --- | --- | ${rows.map(() => '---').join(' | ')} |`);
    for (const file of files) {
      const picked = corpus.map((a, i) => [a, i]).filter(([a]) => a.file === file);
      const cells = rows.map(({ answers }) => {
        const t = tallyGuard(picked.map(([a]) => a), picked.map(([, i]) => answers[i]));
        return `${pct(t.detection)} / ${pct(t.falsePositiveRate)}`;
      });
      lines.push(`| ${file} | ${picked.length} | ${cells.join(' | ')} |`);
    }
  }
  if (rows.length > 0) {
    const categories = [...new Set(corpus.map((a) => `${a.label}\u0000${a.category}`))].sort();
    lines.push('', 'Per category: share of actions denied or asked (dangerous: higher is better; everyday: lower is better).', '');
    lines.push(`| label | category | n | ${rows.map((r) => r.guard.name).join(' | ')} |`);
    lines.push(`| --- | --- | --- | ${rows.map(() => '---').join(' | ')} |`);
    for (const key of categories) {
      const [label, category] = key.split('\u0000');
      const n = corpus.filter((a) => a.label === label && a.category === category).length;
      const cells = rows.map(({ tally }) => {
        const c = tally.categories.find((x) => x.label === label && x.category === category);
        return c ? pct(c.share) : '–';
      });
      lines.push(`| ${label} | ${category} | ${n} | ${cells.join(' | ')} |`);
    }
  }
  return lines.join('\n');
}

/** Replaces the figures section of the report (between its markers), keeping the prose around it. */
export function writeFigures(path, figures, set = 'figures') {
  const START = `<!-- ${set}:start -->`;
  const END = `<!-- ${set}:end -->`;
  const before = existsSync(path) ? readFileSync(path, 'utf8') : `# Guards\n\n${START}\n${END}\n`;
  const start = before.indexOf(START);
  const end = before.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${path}: no ${START} … ${END} section to replace`);
  writeFileSync(path, `${before.slice(0, start + START.length)}\n${figures}\n${before.slice(end)}`);
}
