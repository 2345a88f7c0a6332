import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'exec-oracle', include: ['test/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 30_000 },
});
