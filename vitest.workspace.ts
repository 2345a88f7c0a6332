import { defineConfig } from 'vitest/config';

// vitest 4 reads no workspace file by itself: this is the config file the test command names.
// Projects do not inherit test options from here; each project's config sets its own timeouts.
export default defineConfig({
  test: {
    projects: ['packages/*', 'test', 'test/hosts'],
  },
});
