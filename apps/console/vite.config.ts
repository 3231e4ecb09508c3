import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { localeParts } from './localeParts.ts';
import { precompress } from './precompress.ts';

/**
 * The console builds once and is served two ways: by the server (browser version) and by the
 * agent (desktop client, which injects its bridge bootstrap into index.html).
 */
export default defineConfig({
  plugins: [react(), localeParts(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: the import graph scripts/checks/consoleBudget.mjs weighs.
    manifest: true,
    rollupOptions: {
      // Our modules do nothing on import but declare (the stylesheets and main.tsx's first import
      // aside): a feature's public entry (features/*/index.ts) then brings in only what is used
      // of it, not every file it names.
      treeshake: {
        moduleSideEffects: (id: string) => (id.includes('/apps/console/src/') && !/\.css($|\?)/.test(id) ? /\/src\/(main\.tsx|lib\/entryPage\.ts)$/.test(id) : undefined),
      },
      output: {
        // React apart from our code so a change of ours does not bust its cache. antd is left to
        // the route split: one antd chunk would make every screen load every component.
        manualChunks(id: string) {
          if (/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react';
          return undefined;
        },
      },
    },
  },
  server: {
    proxy: {
      '/v2': 'http://127.0.0.1:8480',
      '/config.json': 'http://127.0.0.1:8480',
      '/socket.io': { target: 'ws://127.0.0.1:8480', ws: true },
    },
  },
});
