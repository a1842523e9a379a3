import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const serverUrl = process.env.COTACEP_SERVER_URL ?? 'http://localhost:3000';

// `npm run dev`: Vite on 5173 proxies the APIs to the server running in watch mode.
export default defineConfig({
  plugins: [react()],
  define: { __APP_VERSION__: JSON.stringify(process.env.npm_package_version ?? '0.0.0') },
  server: {
    port: 5173,
    proxy: {
      '/api': serverUrl,
      '/quotes': serverUrl,
      '/cep': serverUrl,
      '/healthz': serverUrl,
      '/readyz': serverUrl,
      '/.well-known': serverUrl,
    },
  },
  build: { outDir: 'dist', sourcemap: true },
});
