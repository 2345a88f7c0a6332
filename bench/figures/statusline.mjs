import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expandRows } from '../lib/builds.mjs';
import { toolPayload, writeConfig } from '../lib/fixtures.mjs';
import { runToClose } from '../lib/processes.mjs';

/** Records in the audit log the status line reads: its scan stops at 2,000 records or 1 MiB, whichever comes first. */
const LOG_RECORDS = 20_000;

/**
 * `hookwire statusline` (issue 25: Claude Code runs it on every redraw; under 50 ms): spawn → exit,
 * fed what Claude Code pipes to a status line, with a config of a command hook and the rule pack
 * and an audit log of 20,000 real records whose only denial is the oldest (the worst case: the
 * scan reads its whole budget), vs `node -e ""` (spawn → exit).
 */
export async function create(ctx) {
  const cwd = ctx.workDir;
  const config = writeConfig(cwd, 'statusline.json', { hooks: [{ id: 'guard', event: 'PreToolUse', matcher: 'Bash', type: 'command', command: 'cat >/dev/null' }, { type: 'rule', pack: 'hookwire:recommended' }] });
  const build = ctx.builds[0];
  // Two real records, written by `hookwire run --log`: one the rule pack denies, one it lets through.
  const seed = join(cwd, 'statusline-seed.jsonl');
  for (const command of ['rm -rf ~', 'git status']) {
    const payload = { ...toolPayload({ tool: 'Bash', cwd }), tool_input: { command } };
    const end = await runToClose(process.execPath, [build.bin, 'run', '--config', config, '--log', seed], { input: JSON.stringify(payload), cwd });
    if (end.code !== 0) throw new Error(`hookwire run --log exited with ${end.code}: ${end.stderr}`);
  }
  const [deny, allow] = readFileSync(seed, 'utf8').trim().split('\n');
  if (!deny.includes('"decision":"deny"') || allow.includes('"decision":"deny"')) throw new Error('bench statusline: the seed records are not one deny then one allow');
  const log = join(cwd, 'statusline-audit.jsonl');
  writeFileSync(log, `${deny}\n${`${allow}\n`.repeat(LOG_RECORDS - 1)}`);
  const input = JSON.stringify({ session_id: 'bench', cwd, workspace: { current_dir: cwd, project_dir: cwd }, model: { id: 'claude', display_name: 'Claude' } });
  // The flow after `hookwire init` (issue 25): no flag; the project's config has "auditLog": true and
  // the log is in the default place of a home of its own (the same records, this project's cwd).
  const project = join(cwd, 'statusline-project');
  mkdirSync(join(project, '.git'), { recursive: true });
  writeFileSync(join(project, '.hookwire.json'), JSON.stringify({ ...JSON.parse(readFileSync(config, 'utf8')), auditLog: true }));
  const home = join(cwd, 'statusline-home');
  mkdirSync(join(home, '.local', 'state', 'hookwire'), { recursive: true });
  writeFileSync(join(home, '.local', 'state', 'hookwire', 'audit.jsonl'), readFileSync(log, 'utf8').replaceAll(JSON.stringify(cwd), JSON.stringify(project)));
  const homeEnv = { ...process.env, HOME: home, XDG_STATE_HOME: '', XDG_CONFIG_HOME: join(home, '.config') };
  const projectInput = JSON.stringify({ session_id: 'bench', cwd: project, workspace: { current_dir: project, project_dir: project }, model: { id: 'claude', display_name: 'Claude' } });
  const defaultOf = (b) => async () => {
    const started = performance.now();
    const end = await runToClose(process.execPath, [b.bin, 'statusline'], { input: projectInput, cwd: project, env: homeEnv });
    const elapsed = performance.now() - started;
    if (end.code !== 0 || !end.stdout.startsWith('hookwire ON')) throw new Error(`hookwire statusline (${b.label}, auditLog) exited with ${end.code}: ${end.stdout}${end.stderr}`);
    return elapsed;
  };
  const statuslineOf = (b) => async () => {
    const started = performance.now();
    const end = await runToClose(process.execPath, [b.bin, 'statusline', '--config', config, '--log', log], { input, cwd });
    const elapsed = performance.now() - started;
    if (end.code !== 0 || !end.stdout.startsWith('hookwire ON')) throw new Error(`hookwire statusline (${b.label}) exited with ${end.code}: ${end.stdout}${end.stderr}`);
    return elapsed;
  };
  const floor = async () => {
    const started = performance.now();
    await runToClose(process.execPath, ['-e', ''], { input, cwd });
    return performance.now() - started;
  };
  for (const b of ctx.builds) await statuslineOf(b)();
  await defaultOf(ctx.builds[0])();
  const ops = ctx.ops(4);
  return {
    id: 'statusline',
    title: 'status line',
    description: `\`hookwire statusline --config --log\` fed Claude Code's status line JSON (a command hook and the rule pack; an audit log of ${LOG_RECORDS.toLocaleString('en')} records, the only denial the oldest), spawn → exit, vs \`node -e ""\` fed the same, and the same status line with no flag (the project's config has \`"auditLog": true\`, the log in the default place of a home of its own); ${ops} runs per side per round, alternating. Issue 25's figure is the absolute time: under 50 ms`,
    sides: [
      { name: 'floor', label: 'node -e ""', op: floor },
      ...ctx.builds.map((b) => ({ name: `hookwire${b.suffix}`, label: `hookwire statusline${b.tag}`, op: statuslineOf(b) })),
      { name: 'default', label: 'hookwire statusline, no flag (the config\'s auditLog)', op: defaultOf(ctx.builds[0]) },
    ],
    opsPerSample: ops,
    rows: [
      ...expandRows(ctx.builds, [{ label: 'status line (hookwire statusline, 20,000-record log)', floor: 'floor', subject: 'hookwire', target: 1.5 }], ['hookwire']),
      { label: 'status line, no flag: the config\'s auditLog in the default place (this project\'s records)', floor: 'floor', subject: 'default', main: false },
      { label: 'status line, absolute (issue 25: under 50 ms)', floor: () => 50, floorLabel: 'budget', subject: 'hookwire', target: 1, targetLabel: '≤ 50 ms', main: false },
    ],
  };
}
