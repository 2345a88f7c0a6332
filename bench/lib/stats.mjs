// Order statistics and the number formats of the report.

/** The q-quantile (0…1) of `values` by linear interpolation; NaN when empty. */
export function quantile(values, q) {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (at - lo);
}

export const median = (values) => quantile(values, 0.5);

/** Three significant digits, thousands separated: 1,013 / 85.4 / 9.73. */
export function formatNumber(n) {
  if (!Number.isFinite(n)) return '—';
  const abs = Math.abs(n);
  if (abs >= 100) return Math.round(n).toLocaleString('en');
  if (abs >= 10) return n.toFixed(1);
  return n.toFixed(2);
}

/** A duration given in milliseconds, in the unit that keeps it readable: 214 ms, 85.4 µs, 162 ns, 1.25 s. */
export function formatMs(ms) {
  if (!Number.isFinite(ms)) return '—';
  const abs = Math.abs(ms);
  if (abs >= 10_000) return `${formatNumber(ms / 1000)} s`;
  if (abs >= 1) return `${formatNumber(ms)} ms`;
  if (abs >= 0.001) return `${formatNumber(ms * 1000)} µs`;
  return `${formatNumber(ms * 1e6)} ns`;
}

/** A value in a figure's unit ('ms', the default, or 'ns/op'). */
export function formatValue(value, unit = 'ms') {
  if (!Number.isFinite(value)) return '—';
  if (unit === 'ms') return formatMs(value);
  if (unit === 'ns/op') return `${Math.round(value).toLocaleString('en')} ns`;
  return `${formatNumber(value)} ${unit}`;
}

export const formatRatio = (r) => (Number.isFinite(r) ? `${r.toFixed(2)}×` : '—');
