import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'fold', include: ['test/**/*.test.ts'] },
});
