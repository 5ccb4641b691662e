import { defineConfig } from 'vitest/config';

// The cluster suite (ADR 0059): real processes on real ports, so one file at a time, in order.
export default defineConfig({
  test: {
    include: ['scripts/cluster/**/*.cluster.ts'],
    // Needs the signed-out page cache (ADR 0056), merged from another branch: remove this line then.
    exclude: ['scripts/cluster/page-cache.cluster.ts', '**/node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    pool: 'forks',
    maxWorkers: 1,
  },
});
