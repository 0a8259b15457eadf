/**
 * The console build. One `vite build -c vite.config.console.ts` produces both:
 *   dist/console/      the app served by the server (from console/index.html)
 *   dist/console-lib/  the embeddable library: index.js (ES module exporting mountConsole and
 *                      ConsoleApp, react and react-dom left to the host page), console.css, index.d.ts
 * They are two build environments (`client` and `lib`) run in turn by `builder.buildApp`.
 * `vite -c vite.config.console.ts` is the dev server on :5173, proxying the API to the server on :3000.
 * ANALYZE=1 writes dist/reports/console.html.
 */

import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { visualizer } from 'rollup-plugin-visualizer';
import { defineConfig, type PluginOption } from 'vite';
import dts from 'vite-plugin-dts';

const repo = fileURLToPath(new URL('.', import.meta.url));
const root = `${repo}console/`;
const API_SERVER = 'http://localhost:3000';

export default defineConfig({
  root,
  base: '/',
  publicDir: false,
  build: {
    outDir: `${repo}dist/console`,
    emptyOutDir: true,
    // The Talk capture worklet stays a file of its own: inlined as a data: URL (Vite's default for
    // small files) the CSP's script-src 'self' would refuse it (issue 20).
    assetsInlineLimit: (file) => (file.endsWith('captureWorklet.js') ? false : undefined),
  },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // What the entry needs (React, the router, the shell, the sign-in page) in one file:
            // pages are lazy (routes.tsx), and the modules they share with the entry would
            // otherwise come as several small chunks, about 3 KiB gzip more (issue 12). Not the
            // dependencies of those modules too: through Radix Themes' index that would pull in
            // the menu and dialog code the shell loads only when opened.
            codeSplitting: { groups: [{ name: 'index', tags: ['$initial'], includeDependenciesRecursively: false }] },
          },
        },
      },
    },
    lib: {
      consumer: 'client',
      build: {
        outDir: `${repo}dist/console-lib`,
        emptyOutDir: true,
        lib: { entry: `${root}mountConsole.tsx`, formats: ['es'], fileName: () => 'index.js', cssFileName: 'console' },
        // React comes from the host page. So do the Inter font files: a library build would inline
        // them into console.css as 1.2 MB of base64, where the host's bundler can emit them as files.
        rolldownOptions: { external: (id) => /^(react(-dom)?|@fontsource\/inter)(\/|$)/.test(id) },
      },
    },
  },
  builder: {
    buildApp: async (builder) => {
      for (const name of ['client', 'lib']) {
        const environment = builder.environments[name];
        if (!environment) throw new Error(`No "${name}" build environment`);
        await builder.build(environment);
      }
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    // The widget files too, so the bot page's live preview works in dev.
    proxy: {
      '/api': { target: API_SERVER, ws: true },
      '/widget.js': API_SERVER,
      '/widget.mjs': API_SERVER,
    },
  },
  plugins: [
    react(),
    {
      ...dts({
        tsconfigPath: `${repo}tsconfig.json`,
        // TypeScript 6 would otherwise take console/ as rootDir and refuse the shared/ types.
        compilerOptions: { rootDir: repo },
        entryRoot: repo,
        // Absolute globs: @rollup/pluginutils leaves a leading `**` unresolved.
        include: [`${root}**/*`, `${repo}shared/**/*`],
        exclude: [`${repo}tests/**`, `${root}main.tsx`],
        outDirs: `${repo}dist/console-lib`,
        // With the absolute lib entry this writes index.d.ts as a re-export of console/mountConsole.d.ts.
        insertTypesEntry: true,
      }),
      applyToEnvironment: (env) => env.name === 'lib',
    },
    process.env.ANALYZE
      ? {
          ...visualizer({ filename: `${repo}dist/reports/console.html`, gzipSize: true, brotliSize: true }),
          applyToEnvironment: (env) => env.name === 'client',
        }
      : null,
  ] as PluginOption[],
});
