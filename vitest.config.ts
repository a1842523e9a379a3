import { defineConfig } from 'vitest/config';

/** `npm run test:reliability` (RELIABILITY=1): minutes of fuzzing, processes killed, faults injected. */
const reliability = {
  test: {
    name: 'reliability',
    root: 'apps/server',
    include: ['src/**/*.reliability.test.ts'],
    environment: 'node' as const,
    globalSetup: ['src/test/global-setup.ts'],
    // One file at a time: each one starts servers, kills them or fails their database on purpose.
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
};

// One runner for the whole workspace: `npm run test:unit`. Each project keeps its tests next to the code.
export default defineConfig({
  test: {
    projects: [
      {
        // The repository's own tools (the import-rules checker).
        test: { name: 'scripts', root: 'scripts', include: ['**/*.test.mjs'], environment: 'node' },
      },
      {
        test: {
          name: 'shared',
          root: 'packages/shared',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
          // The reliability suite is its own project, switched on by RELIABILITY=1.
          exclude: ['src/**/*.reliability.test.ts'],
          environment: 'node',
          globalSetup: ['src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'client',
          root: 'packages/client',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          // Its tests run the real server, which needs the server's migrated database template.
          globalSetup: ['../../apps/server/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'apps/web/vitest.config.ts',
      ...(process.env.RELIABILITY === '1' ? [reliability] : []),
    ],
  },
});
