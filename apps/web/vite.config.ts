import { fileURLToPath } from 'node:url';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vite';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export default defineConfig({
  plugins: [svelte()],
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
  },
  worker: { format: 'es' },
  server: {
    // The gallery bundles ../../scenarios at build time; the dev server must be allowed to read it.
    fs: { allow: [repoRoot] },
  },
});
