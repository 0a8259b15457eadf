/**
 * The widget build, one `vite build -c vite.config.widget.ts` producing (ARCHITECTURE.md, "The widget"):
 *   dist/widget/widget.js   IIFE integration script (one file: an IIFE can't be code-split)
 *   dist/widget/widget.mjs  ES module exporting mountChatWidget, for the console's live preview
 *   dist/widget/widget.d.ts its type declarations
 * The two formats have different entries, which one lib build can't do, so each is its own build
 * environment and `builder.buildApp` runs both. ANALYZE=1 writes dist/reports/widget.html.
 */

import { fileURLToPath } from 'node:url';
import { visualizer } from 'rollup-plugin-visualizer';
import { type BuildEnvironmentOptions, defineConfig, type PluginOption } from 'vite';
import dts from 'vite-plugin-dts';
import { SHORT_PROPERTY_NAMES } from './widget/shortPropertyNames.js';

const root = fileURLToPath(new URL('./widget/', import.meta.url));
const repo = fileURLToPath(new URL('.', import.meta.url));
const outDir = fileURLToPath(new URL('./dist/widget', import.meta.url));
const reports = fileURLToPath(new URL('./dist/reports/', import.meta.url));
/** widget.js alone shortens the widget's own property names (widget/shortPropertyNames.ts says which and why). */
const SHORT_PROPERTIES = new RegExp(`^(?:${SHORT_PROPERTY_NAMES.join('|')})$`);

const CSS_BROWSERS = ['chrome90', 'edge90', 'firefox101', 'safari16.4'];

function libBuild(
  entry: string,
  format: 'iife' | 'es',
  fileName: string,
  emptyOutDir: boolean,
): BuildEnvironmentOptions {
  return {
    outDir,
    emptyOutDir,
    // Terser beside Rolldown's own minifier (both run): three compress passes take about 170 B
    // (brotli) more off widget.js, whose whole budget is 18 KiB. Only terser's safe transforms: a
    // signal's getter must never be dropped (reading it subscribes a component).
    minify: 'terser',
    terserOptions: { ecma: 2020, compress: { passes: 3 } },
    // Customer sites: any browser that has constructable stylesheets (adoptedStyleSheets), which
    // Firefox has since 101 and Safari since 16.4; Chromium from 90 on (2021) for the CSS. Naming
    // them keeps the CSS minifier from splitting rules for browsers without :focus-visible (about
    // 100 B brotli). The script stays ES2020, which comes out smaller than for these browsers.
    target: 'es2020',
    cssTarget: CSS_BROWSERS,
    lib: { entry, formats: [format], name: 'SwitchboardWidget', fileName: () => fileName },
    // Vite only strips whitespace from an ES library (to keep annotations for the next bundler);
    // widget.mjs is loaded as is by the console preview, so it gets the full minifier too.
    rolldownOptions: {
      output: {
        codeSplitting: false,
        minify: format === 'iife' ? { mangleProps: { include: SHORT_PROPERTIES } } : true,
        comments: false,
      },
    },
  };
}

export default defineConfig({
  root,
  // Nothing under widget/ is a public asset; keep Vite from copying anything.
  publicDir: false,
  // Preact's classic h() instead of the automatic runtime's jsx(): its own vnode code (about 100 B
  // brotli) stays out of widget.js. Tests keep the automatic runtime; both build the same vnodes.
  oxc: {
    jsx: { runtime: 'classic', pragma: '__h', pragmaFrag: '__Fragment' },
    jsxInject: "import { h as __h, Fragment as __Fragment } from 'preact'",
  },
  environments: {
    iife: { consumer: 'client', build: libBuild(`${root}index.ts`, 'iife', 'widget.js', true) },
    esm: { consumer: 'client', build: libBuild(`${root}mount.tsx`, 'es', 'widget.mjs', false) },
  },
  builder: {
    buildApp: async (builder) => {
      for (const name of ['iife', 'esm']) {
        const environment = builder.environments[name];
        if (!environment) throw new Error(`No "${name}" build environment`);
        await builder.build(environment);
      }
    },
  },
  plugins: [
    {
      ...dts({
        tsconfigPath: './tsconfig.json',
        // TypeScript 6 would otherwise take widget/ as rootDir and refuse the shared/ types.
        compilerOptions: { rootDir: repo },
        entryRoot: repo,
        // Absolute globs: @rollup/pluginutils leaves a leading `**` unresolved (it would match all of shared/).
        include: [`${root}**/*`, `${repo}shared/types/webchat.ts`, `${repo}shared/types/widget.ts`],
        outDirs: outDir,
        // With the absolute lib entry this writes widget.d.ts as a re-export of widget/mount.d.ts.
        insertTypesEntry: true,
      }),
      applyToEnvironment: (env) => env.name === 'esm',
    },
    // The report covers widget.js, the file customer pages download.
    process.env.ANALYZE
      ? {
          ...visualizer({ filename: `${reports}widget.html`, gzipSize: true, brotliSize: true }),
          applyToEnvironment: (env) => env.name === 'iife',
        }
      : null,
  ] as PluginOption[],
});
