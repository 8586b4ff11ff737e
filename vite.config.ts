import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** Writes a .gz beside every text asset so the server sends them precompressed. */
function precompress(): Plugin {
  let outDir = 'dist/client';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const full = path.join(dir, name);
          return statSync(full).isDirectory() ? walk(full) : [full];
        });
      for (const file of walk(path.resolve(outDir))) {
        if (!/\.(js|css|svg|json|txt|webmanifest)$/.test(file)) continue;
        writeFileSync(`${file}.gz`, gzipSync(readFileSync(file), { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    modulePreload: { polyfill: false },
    rollupOptions: {
      // The app, the one small script of the pre-rendered landing page (docs/decisions/012-static-landing.md), which
      // the server finds as assets/static-menu-<hash>.js, and the script that loads the app on the other pages the
      // server draws, after their first paint (assets/page-boot-<hash>.js, docs/decisions/025-server-rendered-public-pages.md).
      input: {
        index: path.resolve('index.html'),
        'static-menu': path.resolve('src/web/static-menu.ts'),
        'page-boot': path.resolve('src/web/page-boot.ts'),
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? 3001}` },
  },
});
