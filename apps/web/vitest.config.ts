import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { shellTexts } from './shell-texts-plugin.ts';

export default defineProject({
  plugins: [react(), shellTexts()],
  define: { __APP_VERSION__: JSON.stringify('test') },
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    // An origin nothing listens on, so screen tests never reach a developer's running server.
    environmentOptions: { happyDOM: { url: 'http://127.0.0.1:9/' } },
    setupFiles: ['src/test/setup.ts'],
    // The screen tests' portal servers start from one migrated database (startPortalServer).
    globalSetup: ['../server/src/test/pglite-template-setup.ts'],
    // Screen tests drive the real portal server (argon2 hashing, several round trips): 5 s is too tight on 2 cores.
    testTimeout: 20_000,
  },
});
