// The machine a run measured on, for the report's header.
import os from 'node:os';

export function describeMachine() {
  const cpus = os.cpus();
  const model = (cpus[0]?.model ?? 'unknown CPU').replace(/\s+\d+-Core Processor$/i, '').replace(/\s+/g, ' ').trim();
  return {
    node: process.version,
    v8: process.versions.v8,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    cpuCount: cpus.length,
    cpuModel: model,
    memoryMiB: Math.round(os.totalmem() / 2 ** 20),
    loadAverageAtStart: os.loadavg().map((l) => Number(l.toFixed(2))),
  };
}
