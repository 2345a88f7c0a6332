import { UNSAFE } from './terminal-text.js';

/**
 * The page of `hookwire ui`: plain HTML, CSS and a script, served as they are (no build step, no
 * framework: a timeline table, a filter form and a detail panel are what the DOM already does
 * well). The script puts text from the log into the page only through `textContent`, never as
 * markup, and the server's Content-Security-Policy allows no inline script: a payload cannot
 * script the page. Control, bidirectional and invisible characters are shown as `\uXXXX` (the set
 * terminal-text.ts escapes for the terminal): a tool name cannot reorder or hide what a row says.
 */
export const UI_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>hookwire — what your agents tried</title>
<link rel="stylesheet" href="/app.css">
</head>
<body>
<header>
  <h1>hookwire</h1>
  <span id="source"></span>
  <span id="count"></span>
  <span id="status" data-state="connecting">connecting…</span>
  <button type="button" id="overview-toggle">Overview</button>
  <button type="button" id="replay-toggle">Replay against a config…</button>
</header>
<form id="filters" autocomplete="off">
  <label>decision <select name="decision">
    <option value="">any</option><option>deny</option><option>ask</option><option>allow</option><option>none</option><option>error</option><option>bridge-failure</option>
  </select></label>
  <label>host <input name="host" placeholder="claude, gemini, …" size="10"></label>
  <label>session <input name="session" placeholder="session id" size="14"></label>
  <label>hook or rule <input name="hook" placeholder="guard, no-rm-rf, …" size="14"></label>
  <label>text <input name="text" type="search" placeholder="rm -rf, .env, …" size="18"></label>
</form>
<section id="overview" hidden>
  <h3>Decisions per hour (UTC)</h3>
  <svg id="chart-hours" role="img" aria-label="decisions per hour" width="960" height="140"></svg>
  <p class="legend"><span data-decision="deny">deny</span> <span data-decision="ask">ask</span> <span data-decision="allow">allow</span> <span data-decision="none">none</span> <span data-decision="error">error / bridge failure</span></p>
  <div class="overview-tables">
    <table id="overview-hooks"><caption>Hooks</caption><thead><tr><th>hook</th><th>runs</th><th>decided</th><th>failures</th><th>p50 ms</th><th>p95 ms</th><th>p99 ms</th><th>max ms</th></tr></thead><tbody></tbody></table>
    <table id="overview-rules"><caption>Rules that matched</caption><thead><tr><th>rule</th><th>decided</th></tr></thead><tbody></tbody></table>
  </div>
</section>
<section id="replay" hidden>
  <p>Re-run the decisions the timeline shows (the newest 500 that match the filters) against another config, and see which would change.
  <strong>Their hooks run for real</strong>, as with <code>hookwire replay</code>.</p>
  <div class="replay-inputs">
    <label>config file <input id="replay-config" placeholder="/absolute/path/to/hookwire.json" size="44"></label>
    <label>or a draft config (JSON) <textarea id="replay-draft" rows="5" cols="70" spellcheck="false"></textarea></label>
    <button type="button" id="replay-run">Replay</button>
  </div>
  <p id="replay-summary"></p>
  <table id="replay-changes"><thead><tr><th>line</th><th>event</th><th>tool</th><th>recorded</th><th>replayed</th><th>hooks that made the difference</th></tr></thead><tbody></tbody></table>
</section>
<main>
  <section id="timeline-pane">
    <table id="timeline">
      <thead><tr><th>time (UTC)</th><th>line</th><th>host</th><th>event</th><th>tool</th><th>decision</th><th>decided by</th><th>reason</th></tr></thead>
      <tbody></tbody>
    </table>
    <p id="empty" hidden>No decision matches.</p>
  </section>
  <aside id="detail" hidden>
    <button type="button" id="close" aria-label="close">×</button>
    <h2 id="detail-title"></h2>
    <dl id="detail-facts"></dl>
    <h3>Hooks that ran</h3>
    <table id="detail-runs"><thead><tr><th></th><th>hook</th><th>kind</th><th>verdict</th><th>ms</th><th>exit/status</th><th>why</th></tr></thead><tbody></tbody></table>
    <div id="detail-rules"></div>
    <h3>Payload <small>(as recorded: secrets redacted)</small></h3>
    <pre id="detail-payload"></pre>
  </aside>
</main>
<script src="/app.js"></script>
</body>
</html>
`;

export const UI_STYLE = `
:root { color-scheme: light dark; --deny: #c62828; --ask: #b26a00; --allow: #2e7d32; --muted: #888; font: 14px/1.4 system-ui, sans-serif; }
body { margin: 0; }
header { display: flex; gap: 1em; align-items: baseline; padding: .5em 1em; border-bottom: 1px solid #8884; }
header h1 { font-size: 1.1em; margin: 0; }
#source, #count { color: var(--muted); }
#status[data-state="live"] { color: var(--allow); }
#status[data-state="connecting"], #status[data-state="reconnecting"], #status[data-state="reading"] { color: var(--ask); }
form { display: flex; flex-wrap: wrap; gap: .75em; padding: .5em 1em; border-bottom: 1px solid #8884; }
main { display: flex; align-items: flex-start; }
#timeline-pane { flex: 1; overflow: auto; max-height: calc(100vh - 6em); }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: .2em .5em; border-bottom: 1px solid #8882; vertical-align: top; white-space: nowrap; }
#timeline td.reason { white-space: normal; max-width: 40em; overflow-wrap: anywhere; }
#timeline tbody tr { cursor: pointer; }
#timeline tbody tr:hover, #timeline tbody tr[aria-selected="true"] { background: #8882; }
td.decision[data-decision="deny"], dd[data-decision="deny"] { color: var(--deny); font-weight: 600; }
td.decision[data-decision="ask"], dd[data-decision="ask"] { color: var(--ask); font-weight: 600; }
td.decision[data-decision="allow"], dd[data-decision="allow"] { color: var(--allow); }
td.decision[data-decision="error"], td.decision[data-decision="bridge-failure"] { color: var(--deny); font-style: italic; }
#detail { width: 45%; min-width: 28em; max-height: calc(100vh - 6em); overflow: auto; padding: 0 1em 1em; border-left: 1px solid #8884; position: relative; }
#close { position: absolute; right: .5em; top: .5em; }
#detail dl { display: grid; grid-template-columns: max-content 1fr; gap: .2em 1em; }
#detail dt { color: var(--muted); }
#detail dd { margin: 0; overflow-wrap: anywhere; }
#detail-runs td:last-child { white-space: normal; overflow-wrap: anywhere; }
#replay, #overview { padding: .5em 1em; border-bottom: 1px solid #8884; }
#overview h3 { margin: .2em 0; font-size: 1em; }
.overview-tables { display: flex; gap: 2em; flex-wrap: wrap; align-items: flex-start; }
.overview-tables table { width: auto; }
caption { text-align: left; font-weight: 600; }
rect[data-decision="deny"], .legend [data-decision="deny"]::before { fill: var(--deny); background: var(--deny); }
rect[data-decision="ask"], .legend [data-decision="ask"]::before { fill: var(--ask); background: var(--ask); }
rect[data-decision="allow"], .legend [data-decision="allow"]::before { fill: var(--allow); background: var(--allow); }
rect[data-decision="none"], .legend [data-decision="none"]::before { fill: #999; background: #999; }
rect[data-decision="error"], .legend [data-decision="error"]::before { fill: #6a1b9a; background: #6a1b9a; }
.legend span::before { content: ""; display: inline-block; width: .8em; height: .8em; margin: 0 .3em 0 .8em; }
#chart-hours text { font-size: 10px; fill: currentColor; }
.replay-inputs { display: flex; flex-wrap: wrap; gap: 1em; align-items: flex-end; }
.replay-inputs label { display: flex; flex-direction: column; }
textarea { font: 12px/1.3 ui-monospace, monospace; }
#replay-changes tbody tr { cursor: pointer; }
#replay-changes td { white-space: normal; }
pre { background: #8881; padding: .5em; overflow: auto; white-space: pre-wrap; overflow-wrap: anywhere; }
`;

export const UI_SCRIPT = `'use strict';
const UNSAFE = new RegExp(${JSON.stringify(UNSAFE.source)}, 'gu');
const NAMED = { '\\n': '\\\\n', '\\r': '\\\\r', '\\t': '\\\\t' };
/** Text as the page shows it: every control and bidi/invisible format character visible as an escape. */
function visible(text) {
  return String(text).replace(UNSAFE, (c) => NAMED[c] || '\\\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));
}
const token = new URLSearchParams(location.search).get('token') || '';
const form = document.getElementById('filters');
const tbody = document.querySelector('#timeline tbody');
const statusEl = document.getElementById('status');
const countEl = document.getElementById('count');
const LIMIT = 500;
let source;
let shownMax = 0;
let total = 0;
let matched = 0;
let selected;
let reading = false;
/** What the server says is wrong with its source (a serve it cannot reach), or null. */
let problem = null;

/** Live, unless the server's source is down: then that is what the status says. */
function showLive() {
  if (problem) setStatus('reconnecting', problem);
  else setStatus('live', 'live');
}

function setStatus(state, text) {
  statusEl.dataset.state = state;
  statusEl.textContent = text;
}

function query() {
  const params = new URLSearchParams();
  params.set('token', token);
  for (const [key, value] of new FormData(form)) if (String(value).trim() !== '') params.set(key, String(value).trim());
  return params.toString();
}

function timeOf(ts) {
  return String(ts).replace('T', ' ').replace(/\\.\\d+Z$/, 'Z');
}

function decisionText(entry) {
  return entry.decision + (entry.downgradedFrom ? ' (was ' + entry.downgradedFrom + ')' : '') + (entry.observe ? ' (observe)' : '');
}

function cell(tr, text, className) {
  const td = document.createElement('td');
  td.textContent = text == null ? '' : visible(text);
  if (className) td.className = className;
  tr.append(td);
  return td;
}

function row(entry) {
  const tr = document.createElement('tr');
  tr.dataset.line = String(entry.line);
  tr.tabIndex = 0;
  cell(tr, timeOf(entry.ts));
  cell(tr, '#' + entry.line);
  cell(tr, entry.dialect);
  cell(tr, entry.event);
  cell(tr, entry.subject);
  cell(tr, decisionText(entry), 'decision').dataset.decision = entry.decision;
  cell(tr, entry.by);
  cell(tr, entry.reason, 'reason');
  tr.addEventListener('click', () => show(entry.line));
  tr.addEventListener('keydown', (event) => { if (event.key === 'Enter') show(entry.line); });
  if (selected === entry.line) tr.setAttribute('aria-selected', 'true');
  return tr;
}

function showCount() {
  countEl.textContent = matched === total ? total + ' decisions' : matched + ' of ' + total + ' decisions match';
  document.getElementById('empty').hidden = tbody.childElementCount > 0;
}

function addLive(data) {
  const entry = data.entry;
  if (entry.line <= shownMax) return;
  shownMax = entry.line;
  tbody.prepend(row(entry));
  while (tbody.childElementCount > LIMIT) tbody.lastElementChild.remove();
  total = data.total;
  matched++;
  showCount();
  refreshOverviewSoon();
}

async function load() {
  if (source) source.close();
  setStatus('connecting', 'connecting…');
  shownMax = 0;
  // The stream first, so that nothing appended while the list loads is missed; what it sends meanwhile waits.
  const early = [];
  let loaded = false;
  source = new EventSource('/api/events?' + query());
  source.addEventListener('entry', (event) => {
    const data = JSON.parse(event.data);
    if (loaded) addLive(data);
    else early.push(data);
  });
  source.addEventListener('reset', () => load());
  // Live once the list is loaded and the log read, and the stream is open: whichever comes last says so.
  source.addEventListener('hello', () => { if (loaded && !reading) showLive(); });
  source.addEventListener('source', (event) => {
    problem = JSON.parse(event.data).problem || null;
    if (loaded && !reading) showLive();
  });
  source.onerror = () => setStatus('reconnecting', 'reconnecting…');
  const response = await fetch('/api/entries?' + query());
  const data = await response.json();
  if (!response.ok) {
    setStatus('error', data.error || 'error ' + response.status);
    return;
  }
  document.getElementById('source').textContent = visible(data.log);
  reading = data.reading === true;
  problem = data.problem || null;
  if (reading) setStatus('reading', 'reading the log… (' + data.total + ' decisions so far)');
  else if (source.readyState === EventSource.OPEN) showLive();
  total = data.total;
  matched = data.matched;
  tbody.replaceChildren(...data.entries.map(row));
  shownMax = data.entries.length > 0 ? data.entries[0].line : 0;
  loaded = true;
  for (const data of early) addLive(data);
  showCount();
  loadOverview();
}

function fact(list, name, value, decision) {
  if (value == null || value === '') return;
  const dt = document.createElement('dt');
  dt.textContent = name;
  const dd = document.createElement('dd');
  dd.textContent = visible(value);
  if (decision) dd.dataset.decision = decision;
  list.append(dt, dd);
}

async function show(line) {
  selected = line;
  for (const tr of tbody.querySelectorAll('tr[aria-selected]')) tr.removeAttribute('aria-selected');
  const tr = tbody.querySelector('tr[data-line="' + line + '"]');
  if (tr) tr.setAttribute('aria-selected', 'true');
  const response = await fetch('/api/entry/' + line + '?' + query());
  const data = await response.json();
  const panel = document.getElementById('detail');
  panel.hidden = false;
  const title = document.getElementById('detail-title');
  const facts = document.getElementById('detail-facts');
  const runs = document.querySelector('#detail-runs tbody');
  const rules = document.getElementById('detail-rules');
  const payload = document.getElementById('detail-payload');
  facts.replaceChildren();
  runs.replaceChildren();
  rules.replaceChildren();
  if (!response.ok) {
    title.textContent = data.error || 'error ' + response.status;
    payload.textContent = '';
    return;
  }
  const { entry, record, explanation } = data;
  title.textContent = visible('#' + entry.line + ' ' + (entry.event || '') + ' ' + (entry.subject || '') + ' — ' + decisionText(entry));
  fact(facts, 'time', timeOf(entry.ts));
  fact(facts, 'host', entry.dialect);
  fact(facts, 'session', entry.session);
  fact(facts, 'decision', decisionText(entry), entry.decision);
  fact(facts, 'decided by', explanation && explanation.decidedBy ? (explanation.decidedBy.length ? explanation.decidedBy.join(', ') : 'no hook') : entry.by);
  fact(facts, 'reason', entry.reason);
  if (record) {
    fact(facts, 'continue', record.outcome ? String(record.outcome.continue) : undefined);
    fact(facts, 'downgrades', record.downgrades ? record.downgrades.join('; ') : undefined);
    fact(facts, 'mode', record.mode);
    fact(facts, 'config', record.config);
    fact(facts, 'took', record.durationMs + ' ms');
    fact(facts, 'cwd', record.cwd);
    const verdicts = new Map((explanation && explanation.runs ? explanation.runs : []).map((run) => [run.hook, run]));
    for (const run of record.runs) {
      const explained = verdicts.get(run.hook) || {};
      const tr = document.createElement('tr');
      cell(tr, explained.decided ? '*' : '');
      cell(tr, run.hook);
      cell(tr, run.kind + (run.mode === 'observe' ? ' (observe)' : ''));
      cell(tr, explained.verdict);
      cell(tr, typeof run.durationMs === 'number' ? run.durationMs.toFixed(1) : '');
      cell(tr, run.exitCode != null ? run.exitCode : run.status != null ? run.status : '');
      cell(tr, explained.why);
      runs.append(tr);
      for (const match of explained.rules || []) {
        const p = document.createElement('p');
        p.className = 'rule';
        p.textContent = visible(run.hook + ' › ' + match.rule + ': ' + match.decision + (match.mode === 'observe' ? ' (observe: not counted)' : '') + ' on ' + JSON.stringify(match.matched) + (match.via ? ' via ' + match.via.join(' → ') : ''));
        rules.append(p);
      }
    }
    // JSON.stringify escapes controls but not bidi marks; the newlines of pretty-printing are ours.
    payload.textContent = record.payload === undefined ? 'left out (--log-omit-payloads)' : JSON.stringify(record.payload, null, 2).split('\\n').map(visible).join('\\n');
  } else {
    payload.textContent = '';
  }
}

function verdict(decision) {
  return decision.decision + (decision.continue ? '' : ' (stop)') + (decision.reason ? ': ' + decision.reason : '');
}

async function replay() {
  const summary = document.getElementById('replay-summary');
  const changes = document.querySelector('#replay-changes tbody');
  const config = document.getElementById('replay-config').value.trim();
  const draft = document.getElementById('replay-draft').value;
  changes.replaceChildren();
  summary.textContent = 'replaying…';
  const response = await fetch('/api/replay?' + query(), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(draft.trim() !== '' ? { draft } : { config }) });
  const data = await response.json();
  if (!response.ok) {
    summary.textContent = (data.error || 'error ' + response.status) + (data.diagnostics ? ' — ' + data.diagnostics.map((d) => (d.path || '/') + ': ' + d.message).join('; ') : '');
    return;
  }
  const notes = [data.changed.length + ' changed', data.unchanged + ' unchanged'];
  if (data.failed.length > 0) notes.push(data.failed.length + ' not replayed');
  if (data.skipped.length > 0) notes.push(data.skipped.length + ' skipped');
  summary.textContent = 'replayed ' + data.replayed + ' of ' + data.records + ' against ' + data.config + ': ' + notes.join(', ');
  for (const change of data.changed) {
    const tr = document.createElement('tr');
    tr.dataset.line = String(change.line);
    cell(tr, '#' + change.line);
    cell(tr, change.event);
    cell(tr, change.subject);
    cell(tr, verdict(change.before), 'decision').dataset.decision = change.before.decision;
    cell(tr, verdict(change.after), 'decision').dataset.decision = change.after.decision;
    cell(tr, change.hooks.map((hook) => hook.hook + ': ' + hook.before + ' → ' + hook.after).join('; '));
    tr.addEventListener('click', () => show(change.line));
    changes.append(tr);
  }
}

const SVG = 'http://www.w3.org/2000/svg';
const STACK = ['deny', 'ask', 'allow', 'none', 'error'];

function svg(name, attributes) {
  const element = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
  return element;
}

function counted(record) {
  return Object.entries(record).sort((a, b) => b[1] - a[1]).map(([key, n]) => key + ' ' + n).join(' · ');
}

// Stacked bars, one per hour: a few rectangles, drawn with the DOM (a chart library would have to
// ship inside the executable and be served beside the page; this is 30 lines).
function drawHours(hours) {
  const chart = document.getElementById('chart-hours');
  chart.replaceChildren();
  const width = 960, height = 140, bottom = 18;
  const max = Math.max(1, ...hours.map((h) => Object.values(h.counts).reduce((a, b) => a + b, 0)));
  const step = hours.length > 0 ? Math.min(60, width / hours.length) : 0;
  hours.forEach((hour, index) => {
    const group = svg('g', { 'data-hour': hour.hour });
    const title = svg('title', {});
    title.textContent = hour.hour + ':00Z — ' + counted(hour.counts);
    group.append(title);
    let y = height - bottom;
    for (const decision of STACK) {
      const n = decision === 'error' ? (hour.counts.error || 0) + (hour.counts['bridge-failure'] || 0) : hour.counts[decision] || 0;
      if (n === 0) continue;
      const h = ((height - bottom - 4) * n) / max;
      y -= h;
      group.append(svg('rect', { x: index * step + 2, y, width: Math.max(1, step - 4), height: h, 'data-decision': decision, 'data-count': n }));
    }
    if (index % Math.ceil(hours.length / 8) === 0) {
      const label = svg('text', { x: index * step + 2, y: height - 4 });
      label.textContent = hour.hour.slice(5).replace('T', ' ') + 'h';
      group.append(label);
    }
    chart.append(group);
  });
}

async function loadOverview() {
  if (document.getElementById('overview').hidden) return;
  const response = await fetch('/api/overview?' + query());
  if (!response.ok) return;
  const data = await response.json();
  drawHours(data.hours);
  const hooks = document.querySelector('#overview-hooks tbody');
  hooks.replaceChildren(...data.hooks.map((hook) => {
    const tr = document.createElement('tr');
    tr.dataset.hook = hook.hook;
    for (const value of [hook.hook, hook.runs, counted(hook.decisions), counted(hook.failures), hook.p50.toFixed(1), hook.p95.toFixed(1), hook.p99.toFixed(1), hook.max.toFixed(1)]) cell(tr, value);
    return tr;
  }));
  const rules = document.querySelector('#overview-rules tbody');
  rules.replaceChildren(...data.rules.map((rule) => {
    const tr = document.createElement('tr');
    cell(tr, rule.rule);
    cell(tr, counted(rule.decisions));
    return tr;
  }));
}

let overviewTimer;
function refreshOverviewSoon() {
  clearTimeout(overviewTimer);
  overviewTimer = setTimeout(loadOverview, 500);
}

document.getElementById('overview-toggle').addEventListener('click', () => {
  const section = document.getElementById('overview');
  section.hidden = !section.hidden;
  loadOverview();
});
document.getElementById('replay-toggle').addEventListener('click', () => {
  const section = document.getElementById('replay');
  section.hidden = !section.hidden;
});
document.getElementById('replay-run').addEventListener('click', () => replay());
document.getElementById('close').addEventListener('click', () => {
  document.getElementById('detail').hidden = true;
  selected = undefined;
  for (const tr of tbody.querySelectorAll('tr[aria-selected]')) tr.removeAttribute('aria-selected');
});
let typing;
form.addEventListener('input', () => {
  clearTimeout(typing);
  typing = setTimeout(load, 200);
});
form.addEventListener('submit', (event) => event.preventDefault());
load();
`;
