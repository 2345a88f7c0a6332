import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'mock-llm', include: ['test/**/*.test.ts'] },
});
