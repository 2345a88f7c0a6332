import { defineProject } from 'vitest/config';

// Each test here runs the real Claude Code for a few seconds: one file at a time, generous timeouts.
export default defineProject({
  test: {
    name: 'hosts',
    include: ['**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
