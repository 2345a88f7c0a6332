#!/usr/bin/env node
// The programs some tests drive that npm cannot install: they come from the machine's Debian
// packages. `pnpm test` runs this first: whatever is missing is installed with apt-get when we are
// root (a fresh CI machine), else it prints the one command to run and the tests that need it fail
// saying the same. Nothing is installed when everything is there, so a second run costs one stat
// per program.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Debian package → the executable the tests run (an absolute path: the tests use that path). */
const PACKAGES = {
  chromium: '/usr/bin/chromium', // packages/hookwire/test/ui.test.ts, through playwright-core
  haproxy: '/usr/sbin/haproxy', // test/fleet/replicas.test.ts and bench/figures/replicas.mjs: the load balancer in front of serve
  prometheus: '/usr/bin/prometheus', // test/fleet/replicas.test.ts: scrapes every serve replica's /metrics
};

const missing = Object.entries(PACKAGES).filter(([, executable]) => !existsSync(executable)).map(([name]) => name);
if (missing.length === 0) process.exit(0);

const command = `apt-get update && apt-get install -y --no-install-recommends ${missing.join(' ')}`;
if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) {
  process.stderr.write(`system-deps: missing ${missing.join(', ')} (some tests drive it); install with: sudo sh -c '${command}'\n`);
  process.exit(0);
}
process.stderr.write(`system-deps: installing ${missing.join(', ')} from the Debian packages: ${command}\n`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
execFileSync('apt-get', ['update'], { stdio: ['ignore', 2, 2], env });
execFileSync('apt-get', ['install', '-y', '--no-install-recommends', ...missing], { stdio: ['ignore', 2, 2], env });
