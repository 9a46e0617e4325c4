import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import { LATER_FILES_ID } from './src/lib/later-files.ts';

/** The app's entry module, and the first screen's page: the root redirects to /home. */
const ENTRY = fileURLToPath(new URL('./src/main.tsx', import.meta.url));
const FIRST_SCREEN = fileURLToPath(new URL('./src/features/home/home-page.tsx', import.meta.url));
/** The other screen a visit often opens on, from a shared link or the home screen icon. */
const TRADE_SCREEN = fileURLToPath(new URL('./src/features/trade/trade-page.tsx', import.meta.url));
/**
 * The domain package, which the app imports through its index: a module reached that way is not
 * necessarily one the entry runs (the password hashing only the sign-in screens use is), and one
 * that imports a library would bring that library into the group's file for every visit. Those
 * stay where the bundler's own split by use puts them.
 */
const DOMAIN = /[\\/]packages[\\/]domain[\\/]/;
/** The libraries every screen runs on, as one file instead of seven (decision 013). */
const VENDOR =
  /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|zustand|use-sync-external-store)[\\/]/;
/** Each language's catalogue, a file of its own that only its language's visitors load. */
const CATALOGUE = /[\\/]catalogues[\\/][\w-]+\.ts$/;
/** The brand's default language (FALLBACK_LOCALE), whose catalogue a first visit loads. */
const DEFAULT_CATALOGUE = /[\\/]catalogues[\\/]kr\.ts$/;
/** The toasts and dialogs, which the app evaluates on first use (decision 029). */
const FEEDBACK_UI = fileURLToPath(new URL('./src/lib/feedback-ui.tsx', import.meta.url));
/** The global overlays, which the app imports once it is idle after the first paint, before the toasts. */
const GLOBAL_OVERLAYS = fileURLToPath(new URL('./src/components/global/global-layer.tsx', import.meta.url));

/** The modules whose code a first visit to /home runs beside the entry's: the page and the default catalogue. */
const FIRST_SCREEN_MODULES: ((id: string) => boolean)[] = [
  (id) => id === FIRST_SCREEN,
  (id) => DEFAULT_CATALOGUE.test(id),
];

/**
 * The HTML file written for each screen a visit opens on, with the modules that screen runs. The
 * server answers /trade with trade.html (http/static-sites.ts) and every other route with
 * index.html, which names the home screen's files.
 */
const OPENING_SCREENS: { file: string; modules: ((id: string) => boolean)[] }[] = [
  { file: 'index.html', modules: FIRST_SCREEN_MODULES },
  { file: 'trade.html', modules: [(id) => id === TRADE_SCREEN, (id) => DEFAULT_CATALOGUE.test(id)] },
];

/**
 * The chunks of the modules `tests` pick (and of the entry, with `withEntry`), with every chunk they
 * import, and their stylesheets.
 */
function chunkClosure(
  bundle: Rollup.OutputBundle,
  tests: readonly ((id: string) => boolean)[],
  withEntry = false,
) {
  const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (chunk: Rollup.OutputChunk) => {
    if (scripts.has(chunk.fileName)) return;
    scripts.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
    for (const file of chunk.imports) {
      const imported = byFile.get(file);
      if (imported) visit(imported);
    }
  };
  if (withEntry) for (const chunk of chunks) if (chunk.isEntry) visit(chunk);
  for (const test of tests) {
    // A group chunk whose modules other chunks import from has no facade: it is then found by the
    // modules it holds.
    const chunk =
      chunks.find((c) => c.facadeModuleId !== null && test(c.facadeModuleId)) ??
      chunks.find((c) => c.moduleIds.some(test));
    if (!chunk) throw new Error(`chunkClosure: a module it names has no chunk (${String(test)})`);
    visit(chunk);
  }
  return { scripts, styles };
}

/**
 * Asks V8 to compile the first screen's scripts whole while they download (decision 032). By
 * default V8 compiles a function only when it is first called, on the main thread: starting the
 * app called into most of React, the router and our own modules for the first time, and each of
 * those compilations was part of a long task. V8 reads the comment `//# allFunctionsCalledOnLoad`
 * at the top of a script as a hint to compile all of its functions eagerly, on the background
 * thread that streams the script in. Only the chunks the first screen runs carry it; the others
 * keep the lazy default, as most of their functions are never called on a given visit. The comment
 * is added after the chunks' names are hashed, and changes each content the same way, so a name
 * still stands for one content.
 */
function compileFirstScreenEagerly(): Plugin {
  const HINT = '//# allFunctionsCalledOnLoad\n';
  return {
    name: 'vela:compile-first-screen-eagerly',
    apply: 'build',
    generateBundle: {
      // After Vite's own rewriting of the chunks (the dynamic imports' preloads), which would
      // otherwise start from the code as it was before the comment.
      order: 'post',
      handler(_options, bundle) {
        const modules = OPENING_SCREENS.flatMap((screen) => screen.modules);
        for (const file of chunkClosure(bundle, modules, true).scripts) {
          const chunk = bundle[file];
          if (chunk?.type !== 'chunk' || chunk.code.startsWith(HINT)) continue;
          chunk.code = HINT + chunk.code;
          // The source map's lines move down by the one the comment takes.
          if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
        }
      },
    },
  };
}

/**
 * Preloads the first screen from its HTML file (decision 013). The entry loads each page as a lazy
 * chunk, which the browser would otherwise discover only after the entry script has run: a whole
 * extra round trip before the screen can render. Nearly every visit starts on /home or /trade, so
 * each of those gets an HTML file of its own (OPENING_SCREENS) naming the page's chunk, the chunks
 * it imports and their stylesheets, fetched alongside the entry. The default catalogue is preloaded
 * for the same reason; a visitor who chose another language fetches that one as before.
 *
 * The toasts and dialogs are named too, to be downloaded once the page has settled but not run
 * (decision 029): running them costs the main thread a long task, so the app does that on the first
 * touch or key, and having them downloaded means the first toast needs no round trip then, and still
 * appears when the network has gone.
 */
function preloadFirstScreen(): Plugin {
  let base = '/';
  /** The HTML of every opening screen but the first, written once the bundle is complete. */
  const others = new Map<string, string>();
  return {
    name: 'vela:preload-first-screen',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const [first, ...rest] = OPENING_SCREENS.map((screen) => ({
          file: screen.file,
          html: html.replace('</head>', `${preloadLinks(bundle, html, base, screen.modules)}</head>`),
        }));
        for (const screen of rest) others.set(screen.file, screen.html);
        return first?.html ?? html;
      },
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const [fileName, source] of others) this.emitFile({ type: 'asset', fileName, source });
        // Which file holds each language's catalogue: the server names the visitor's in the page it
        // sends, in place of the default one the HTML names (apps/server/src/http/page-catalogue.ts).
        const source = JSON.stringify(catalogueFiles(bundle, base));
        this.emitFile({ type: 'asset', fileName: 'catalogues.json', source });
      },
    },
  };
}

/** Each language's catalogue chunk, by its code, as the HTML names it. */
function catalogueFiles(bundle: Rollup.OutputBundle, base: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const chunk of Object.values(bundle)) {
    if (chunk.type !== 'chunk') continue;
    for (const id of chunk.moduleIds) {
      const code = /[\\/]catalogues[\\/]([\w-]+)\.ts$/.exec(id)?.[1];
      if (code) files[code] = `${base}${chunk.fileName}`;
    }
  }
  return files;
}

/** The links one opening screen's HTML adds to the head: its files, then the toasts' (see above). */
function preloadLinks(
  bundle: Rollup.OutputBundle,
  html: string,
  base: string,
  modules: ((id: string) => boolean)[],
): string {
  const closure = (...tests: ((id: string) => boolean)[]) => chunkClosure(bundle, tests);
  const link = (attrs: string) => `<link ${attrs} crossorigin href="${base}`;
  const first = closure(...modules);
  const later = closure((id) => id === FEEDBACK_UI);
  // The overlays' own import brings the chunks they share with the toasts.
  const overlays = closure((id) => id === GLOBAL_OVERLAYS);
  // What the entry already loads is in the HTML; the rest is added after it.
  const missing = (file: string) => !html.includes(`${base}${file}"`);
  const notYet = (file: string) =>
    missing(file) && ![first, overlays].some(({ scripts, styles }) => scripts.has(file) || styles.has(file));
  return [
    ...[...first.scripts].filter(missing).map((file) => `${link('rel="modulepreload"')}${file}">`),
    ...[...first.styles].filter(missing).map((file) => `${link('rel="preload" as="style"')}${file}">`),
    // Inert until the app activates them (lib/later-files.ts): prefetched as soon as the page is
    // parsed, they took the phone's bandwidth from the first screen's own requests.
    `<template id="${LATER_FILES_ID}">`,
    ...[...later.scripts, ...later.styles].filter(notYet).map((file) => `${link('rel="prefetch"')}${file}">`),
    '</template>',
  ].join('\n');
}

/** The module ids statically reachable from `from`, not following imports for which `follow` says no. */
function staticClosure(
  from: string,
  info: (id: string) => { importedIds: readonly string[] } | null,
  follow: (id: string) => boolean = () => true,
): Set<string> {
  const seen = new Set<string>();
  const queue = [from];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    for (const imported of info(id)?.importedIds ?? []) if (follow(imported)) queue.push(imported);
  }
  return seen;
}

type ModuleInfo = (id: string) => { importedIds: readonly string[] } | null;
const ours = (id: string) => !id.includes('node_modules');

/**
 * A chunk of the app's own modules that one opening screen runs, chosen by `pick` from the module
 * graph, so it follows the code. Left to itself the bundler gives each shared module its own file, by
 * the set of pages sharing it: /trade came in twenty-four files, nine of them under 2 KiB, each a
 * request on a phone's HTTP/1.1 connections, six at a time (decisions 013 and 044). Only the picked
 * modules move, not the packages they import, which would drag whole libraries in through their
 * index files; a module two groups pick goes to the group of higher priority.
 */
function screenGroup(name: string, pick: (info: ModuleInfo) => Set<string>) {
  let members: Set<string> | undefined;
  return {
    name: (id: string, ctx: { getModuleInfo(id: string): { importedIds: readonly string[] } | null }) => {
      members ??= pick((m) => ctx.getModuleInfo(m));
      return members.has(id) ? name : null;
    },
    debugName: name,
    includeDependenciesRecursively: false,
  };
}

/**
 * The app's own modules the entry imports: every visit runs them, so they come as one file beside
 * the entry's (which keeps the entry module itself, as the HTML names it). The library files the
 * entry imports by path (antd-mobile's global styles) come with them, so that the first screen's
 * styles are one render-blocking stylesheet, not two.
 */
const appGroup = screenGroup('app', (info) => {
  const entry = staticClosure(ENTRY, info, ours);
  entry.delete(ENTRY);
  const bringsLibrary = (m: string) => DOMAIN.test(m) && (info(m)?.importedIds ?? []).some((i) => !ours(i));
  const byPath = (info(ENTRY)?.importedIds ?? []).filter((m) => !ours(m) && !VENDOR.test(m));
  return new Set([
    ...[...entry].filter((m) => !CATALOGUE.test(m) && !bringsLibrary(m)),
    ...byPath.flatMap((m) => [...staticClosure(m, info)]),
  ]);
});

/**
 * The shared components and system modules the opening screens (home and trade) use and the entry
 * does not: most screens use them too (the spinner, the skeleton, the empty state), so they come in
 * one file with the first screen rather than with either page. The entry's own modules are left out,
 * so that this chunk only imports from the entry's chunks, never the other way round.
 */
const firstScreenGroup = screenGroup('first-screen', (info) => {
  const entry = staticClosure(ENTRY, info);
  const screens = [FIRST_SCREEN, TRADE_SCREEN].flatMap((page) => [...staticClosure(page, info, ours)]);
  const shared = /[\\/]src[\\/](components|system)[\\/]/;
  return new Set(screens.filter((m) => shared.test(m) && !entry.has(m)));
});

/** The trade page and the app's modules it runs that neither the entry nor the home screen holds. */
const tradeScreenGroup = screenGroup('trade-screen', (info) => {
  const entry = staticClosure(ENTRY, info);
  return new Set([...staticClosure(TRADE_SCREEN, info, ours)].filter((m) => ours(m) && !entry.has(m)));
});

/**
 * Builds with React Router's production files. Its package exports only its development build, whose
 * warnings and checks run on every navigation (remix-run/react-router#12532); the production build
 * ships beside it, and the app is bundled with that one, as it is with React's.
 */
function reactRouterProductionBuild(): Plugin {
  const development = createRequire(import.meta.url).resolve('react-router');
  const production = path.join(path.dirname(path.dirname(development)), 'production', 'index.mjs');
  return {
    name: 'vela:react-router-production',
    apply: 'build',
    config: () => ({ resolve: { alias: [{ find: /^react-router$/, replacement: production }] } }),
  };
}

// During development the API runs on its own port (npm run dev); Vite proxies /api and the line list.
export default defineConfig({
  plugins: [react(), reactRouterProductionBuild(), preloadFirstScreen(), compileFirstScreenEagerly()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:8080', ws: true },
      '/lines.json': 'http://localhost:8080',
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The English catalogue is a group of its own: left alone it shares a chunk with the
            // bundler's runtime helpers, which every page imports, so it loaded whatever the language.
            { name: 'en', test: /catalogues[\\/]en\.ts$/ },
            { name: 'vendor', test: VENDOR, priority: 2 },
            { ...appGroup, priority: 3 },
            { ...firstScreenGroup, priority: 1 },
            { ...tradeScreenGroup, priority: 0 },
          ],
        },
      },
    },
  },
});
