import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { localeParts } from './localeParts.ts';
import { precompress } from './precompress.ts';

// noVNC's package exports only core/rfb.js; the remote viewer also takes its keysym tables
// (features/remote/remoteKeys.ts), so their paths are mapped to the files themselves.
const noVncCore = path.dirname(createRequire(import.meta.url).resolve('@novnc/novnc'));

const NOVNC_AWAIT = 'supportsWebCodecsH264Decode = await _checkWebCodecsH264DecodeSupport();';

/**
 * noVNC 1.7 awaits at its top level (core/util/browser.js: whether the browser decodes H.264).
 * The build keeps a top-level await, but a chunk holding one made the bundler split the console's
 * entry into a dozen pieces every page then loaded: the sign-in page went from 189 to 196 kB gzip,
 * the list from 576 to 590 (scripts/checks/consoleBudget.mjs). The answer is only read when a
 * viewer connects (rfb.js sends its encodings), so it is set when it comes instead of awaited.
 */
function noVncWithoutTopLevelAwait(): Plugin {
  return {
    name: 'facet:novnc-without-top-level-await',
    transform(code, id) {
      if (!id.replaceAll('\\', '/').endsWith('/@novnc/novnc/core/util/browser.js')) return null;
      if (!code.includes(NOVNC_AWAIT)) throw new Error(`${id}: noVNC's top-level await changed; see noVncWithoutTopLevelAwait in vite.config.ts`);
      return code.replace(NOVNC_AWAIT, 'void _checkWebCodecsH264DecodeSupport().then((supported) => { supportsWebCodecsH264Decode = supported; });');
    },
  };
}

/**
 * The console builds once and is served two ways: by the server (browser version) and by the
 * agent (desktop client, which injects its bridge bootstrap into index.html).
 */
export default defineConfig({
  plugins: [react(), localeParts(), precompress(), noVncWithoutTopLevelAwait()],
  resolve: {
    alias: [{ find: /^@novnc\/novnc\/core\/(.+)$/, replacement: `${noVncCore}/$1` }],
  },
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
  // Pre-bundling would skip the plugin above: the dev server serves noVNC's own ES modules.
  optimizeDeps: { exclude: ['@novnc/novnc'] },
  server: {
    proxy: {
      '/v2': 'http://127.0.0.1:8480',
      '/config.json': 'http://127.0.0.1:8480',
      '/socket.io': { target: 'ws://127.0.0.1:8480', ws: true },
    },
  },
});
