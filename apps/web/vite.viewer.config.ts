import { fileURLToPath } from 'node:url';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig, type Plugin } from 'vite';
import { hookplayData, moduleSideEffects } from './build/hookplay-data.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * One self-contained HTML file: the script and styles inlined, so it opens from disk (a browser refuses module
 * scripts from file://), as an attachment or from any static host, with no server behind it.
 */
function singleFile(): Plugin {
  return {
    name: 'hookplay-single-file',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = Object.values(bundle).find((f) => f.type === 'asset' && f.fileName.endsWith('.html'));
      if (!html || html.type !== 'asset') return;
      let text = String(html.source);
      for (const [name, file] of Object.entries(bundle)) {
        if (file.type === 'chunk' && file.isEntry) {
          text = text.replace(new RegExp(`<script type="module" crossorigin src="[^"]*${file.fileName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"></script>`), () => `<script type="module">${file.code.replace(/<\/script/g, '<\\/script')}</script>`);
          delete bundle[name];
        } else if (file.type === 'asset' && file.fileName.endsWith('.css')) {
          text = text.replace(new RegExp(`<link rel="stylesheet" crossorigin href="[^"]*${file.fileName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}">`), () => `<style>${String(file.source)}</style>`);
          delete bundle[name];
        }
      }
      html.source = text;
    },
  };
}

/** `npm run build` also emits dist-viewer/index.html: the read-only viewer of shared links (Viewer.svelte). */
export default defineConfig({
  root: fileURLToPath(new URL('./viewer', import.meta.url)),
  base: './',
  plugins: [svelte(), hookplayData({ scenariosDir: `${repoRoot}scenarios` }), singleFile()],
  resolve: { conditions: ['source', 'browser', 'module', 'import', 'default'] },
  build: {
    outDir: fileURLToPath(new URL('./dist-viewer', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 100_000_000,
    chunkSizeWarningLimit: 4096,
    reportCompressedSize: false,
    modulePreload: false,
    rollupOptions: { treeshake: { moduleSideEffects }, output: { inlineDynamicImports: true } },
  },
  server: { fs: { allow: [repoRoot] } },
});
