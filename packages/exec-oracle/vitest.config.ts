import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'exec-oracle', include: ['test/**/*.test.ts'] },
});
