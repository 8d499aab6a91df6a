import { fileURLToPath } from 'node:url';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vite';
import { hookplayData, moduleSideEffects } from './build/hookplay-data.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * `HOOKPLAY_SERVER=http://127.0.0.1:4477 npm run dev`: the dev server forwards /api (HTTP and WebSocket) to
 * a running `hookplay serve`. Its Origin check expects its own origin, so the proxy presents that one.
 * Open the dev page with the printed `?token=...`.
 */
const target = process.env.HOOKPLAY_SERVER?.replace(/\/+$/, '');
const proxy = target
  ? {
      '/api': {
        target,
        ws: true,
        changeOrigin: true,
        configure(p: { on(event: string, listener: (req: { setHeader(name: string, value: string): void }) => void): void }) {
          p.on('proxyReq', (req) => req.setHeader('origin', target));
          p.on('proxyReqWs', (req) => req.setHeader('origin', target));
        },
      },
    }
  : undefined;

export default defineConfig({
  plugins: [svelte(), hookplayData({ scenariosDir: `${repoRoot}scenarios` })],
  resolve: {
    // Workspace packages expose their TypeScript sources under the `source` condition: no engine build needed.
    conditions: ['source', 'browser', 'module', 'import', 'default'],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Monaco's lazy chunk is large by nature; the eager entry is what the budget watches (bench/web.mjs).
    chunkSizeWarningLimit: 4096,
    reportCompressedSize: false,
    rollupOptions: { treeshake: { moduleSideEffects } },
  },
  worker: { format: 'es' },
  server: {
    // The gallery bundles ../../scenarios at build time; the dev server must be allowed to read it.
    fs: { allow: [repoRoot] },
    ...(proxy ? { proxy } : {}),
  },
});
