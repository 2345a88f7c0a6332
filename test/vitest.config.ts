import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'system', include: ['**/*.test.ts'] },
});
