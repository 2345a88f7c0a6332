import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'rules', include: ['test/**/*.test.ts'], setupFiles: ['./test/provide-cel.ts'], testTimeout: 30_000, hookTimeout: 30_000 },
});
