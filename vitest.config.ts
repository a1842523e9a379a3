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

/** The server's unit and integration tests: `apps/server`, the migrated database template made once per run. */
const server = {
  root: 'apps/server',
  environment: 'node' as const,
  globalSetup: ['src/test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};
const SERVER_FILES_WITH_MODULE_MOCKS = [
  'src/modules/second-factors/totp-routes.parallel.test.ts',
  'src/modules/billing/stripe/stripe-webhook-routes.security.test.ts',
];

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
          ...server,
          name: 'server',
          include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
          // The reliability suite is its own project, switched on by RELIABILITY=1.
          exclude: ['src/**/*.reliability.test.ts', ...SERVER_FILES_WITH_MODULE_MOCKS],
          // The files of a worker share one module graph: importing the server once per worker instead of
          // once per file halves the suite (9.8 → 5.1 min on 2 cores). Each file still builds its own app
          // and database; nothing a test relies on lives in a module's state.
          isolate: false,
        },
      },
      {
        // vi.mock replaces a module for its file only when the file has its own module graph.
        test: { ...server, name: 'server-module-mocks', include: SERVER_FILES_WITH_MODULE_MOCKS },
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
