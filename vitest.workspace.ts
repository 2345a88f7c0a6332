import { defineConfig } from 'vitest/config';

// vitest 4 reads no workspace file by itself: this is the config file the test command names.
export default defineConfig({
  test: {
    projects: ['packages/*', 'test'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
