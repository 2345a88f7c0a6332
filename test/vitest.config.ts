import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'system', include: ['**/*.test.ts'], exclude: ['hosts/**', '**/node_modules/**'], testTimeout: 60_000, hookTimeout: 60_000 },
});
