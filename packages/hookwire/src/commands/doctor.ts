import type { Command } from '../command.js';

/** `hookwire doctor`: is hookwire wired into each host found here, and does it answer. Its code is loaded only when it runs. */
export const doctorCommand: Command = {
  name: 'doctor',
  usage: 'hookwire doctor [--json] [--config FILE ...]',
  summary:
    "check every host found in the project and your home: is the bridge wired (which files, which events), is anything turning it off, which config layers load, do the hooks' programs exist, is anything registered twice, and does each host's own command answer a test event; exit 1 on any problem",
  options: {
    json: { type: 'boolean' },
    config: { type: 'string', multiple: true },
  },
  async run(values) {
    const { runDoctor } = await import('../doctor/run-doctor.js');
    const { formatDoctorReport } = await import('../doctor/format-report.js');
    const report = await runDoctor(values.config === undefined ? {} : { explicitConfig: values.config as string[] });
    process.stdout.write(values.json === true ? `${JSON.stringify(report, null, 2)}\n` : formatDoctorReport(report, process.getBuiltinModule('node:os').homedir()));
    return report.ok ? 0 : 1;
  },
};
