import { defineConfig } from 'vitest/config';

// The cluster suite (ADR 0059): real processes on real ports, so one file at a time, in order.
export default defineConfig({
  test: {
    include: ['scripts/cluster/**/*.cluster.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    pool: 'forks',
    maxWorkers: 1,
  },
});
