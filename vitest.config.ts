import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 20_000,
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts'],
      reporter: ['text-summary'],
      // Issue 2: the reference runtime is the executable contract; untested lines there are unverified contract.
      thresholds: { lines: 95, branches: 90 },
    },
  },
});
