import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/** What is worth compressing: text the browser fetches, from a size where the headers do not eat the gain. */
const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;
const MIN_BYTES = 1024;

/**
 * Writes `x.br` and `x.gz` beside each text file the build emits, once, at the highest levels:
 * the server sends them as they are to a browser that accepts them (apps/server/src/routes/
 * consoleRoute.ts), so no request pays for compression. The sign-in page's 567 kB of JavaScript
 * and CSS travel as 164 kB (brotli) or 188 kB (gzip) where the server used to send them whole.
 * The desktop client's own copy leaves them out: it is read over loopback
 * (scripts/lib/desktopBundle.mjs).
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'facet-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      for (const fileName of Object.keys(bundle)) {
        if (!COMPRESSIBLE.test(fileName)) continue;
        const file = path.join(outDir, fileName);
        const data = fs.readFileSync(file);
        if (data.length < MIN_BYTES) continue;
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } }));
      }
    },
  };
}
