// The long-lived children of the figures: the hookwire sidecar, the floor echo, and the spawner.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FLOOR_ECHO, HOOKWIRE_BIN, REPO_DIR, SPAWNER } from './paths.mjs';
import { startLineClient } from './processes.mjs';
import { SHELL } from './fixtures.mjs';

const PING = '{"op":"ping"}\n';

/** `hookwire listen --config CONFIG` of a build, answering its first ping before it is returned. */
export async function startSidecar(name, config, { cwd, bin = HOOKWIRE_BIN }) {
  const client = startLineClient(name, process.execPath, [bin, 'listen', '--config', config], { cwd });
  const [pong] = await client.exchange([PING]);
  if (pong?.ok !== true) throw new Error(`${name}: ping answered ${JSON.stringify(pong)}`);
  return client;
}

/** bench/floor-echo.mjs, warmed by one line. */
export async function startFloorEcho(name, { cwd }) {
  const client = startLineClient(name, process.execPath, [FLOOR_ECHO], { cwd });
  await client.exchange([PING]);
  return client;
}

/** Sends one dispatch line and checks its answer: ok, and `runs` clean runs (no failure). */
export async function checkDispatch(client, line, runs) {
  const [answer] = await client.exchange([line]);
  const got = Array.isArray(answer?.runs) ? answer.runs : undefined;
  const clean = got?.every((run) => !run.outcome?.failure && !run.failure);
  if (answer?.ok !== true || got.length !== runs || !clean) throw new Error(`${client.name}: expected ok with ${runs} clean run(s), got ${JSON.stringify(answer).slice(0, 2000)}`);
  return answer;
}

/**
 * bench/spawner.mjs running `command` with the named stdin `inputs` (written to files in `cwd`).
 * `run(variant, input, count)` resolves the mean wall-clock ms per run, `measure` also the CPU ms.
 */
export async function startSpawner(name, { cwd, command, inputs }) {
  const args = [SPAWNER, '--cwd', cwd, '--command', command, '--shell', SHELL, '--packages', join(REPO_DIR, 'packages')];
  for (const [key, text] of Object.entries(inputs)) {
    const file = join(cwd, `spawner-input-${key}.txt`);
    writeFileSync(file, text);
    args.push('--input', `${key}=${file}`);
  }
  const client = startLineClient(name, process.execPath, args, { cwd });
  const measure = async (variant, input = 'default', count = 1) => {
    const [answer] = await client.exchange([`${JSON.stringify({ variant, input, count })}\n`]);
    if (answer.error !== undefined) throw new Error(`${name} ${variant}: ${answer.error}`);
    return answer;
  };
  return {
    measure,
    run: async (variant, input, count) => (await measure(variant, input, count)).ms,
    close: () => client.close(),
  };
}
