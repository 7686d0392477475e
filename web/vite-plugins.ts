// Build-time plugins of our own (no packages): compressed twins of the build's files, and the
// list of files the time station needs offline.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/;

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesUnder(path)));
    else out.push(path);
  }
  return out;
}

/**
 * Writes `name.br` (brotli, quality 11) and `name.gz` (gzip -9) beside every text file of the
 * build, once everything else (the service worker too) is written. The server sends them to
 * browsers that accept them (@fastify/static `preCompressed`); a twin that would not be smaller
 * is not written.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'punchclock:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      sequential: true,
      order: 'post',
      async handler() {
        const files = (await filesUnder(outDir)).filter((f) => COMPRESSIBLE.test(f));
        await Promise.all(
          files.map(async (file) => {
            const body = await readFile(file);
            const [br, gzipped] = await Promise.all([
              brotli(body, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: (await stat(file)).size,
                },
              }),
              gz(body, { level: 9 }),
            ]);
            if (br.length < body.length) await writeFile(`${file}.br`, br);
            if (gzipped.length < body.length) await writeFile(`${file}.gz`, gzipped);
          }),
        );
      },
    },
  };
}

/**
 * The chunks the time station needs offline: what the app's entry imports statically, and the
 * station page with everything it imports (statically or lazily), with their CSS and assets.
 * Other pages are not precached: they load when visited, online.
 * `keep(url)` is filled in at generateBundle, before the service worker is generated.
 */
export function stationFiles(stationModule: RegExp) {
  const files = new Set<string>();
  const plugin: Plugin = {
    name: 'punchclock:station-files',
    apply: 'build',
    generateBundle(_options, bundle) {
      files.clear();
      const visit = (fileName: string, followLazy: boolean, seen: Set<string>) => {
        const chunk = bundle[fileName];
        if (!chunk || seen.has(fileName)) return;
        seen.add(fileName);
        files.add(fileName);
        if (chunk.type !== 'chunk') return;
        const meta = (chunk as { viteMetadata?: { importedCss: Set<string>; importedAssets: Set<string> } })
          .viteMetadata;
        meta?.importedCss.forEach((f) => files.add(f));
        meta?.importedAssets.forEach((f) => files.add(f));
        chunk.imports.forEach((f) => visit(f, followLazy, seen));
        if (followLazy) chunk.dynamicImports.forEach((f) => visit(f, true, seen));
      };
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const entry = chunks.find((c) => c.isEntry);
      const station = chunks.find((c) => c.facadeModuleId && stationModule.test(c.facadeModuleId));
      if (!entry || !station) this.error('stationFiles: no entry chunk or no station chunk in the bundle');
      const shell = new Set<string>();
      visit(entry.fileName, false, shell);
      // The station's lazy imports are followed, not those of the shell (every page of the app).
      visit(station.fileName, true, new Set(shell));
    },
  };
  /** Files outside assets/ (index.html, the icon) are always kept; of assets/, only the station's. */
  const keep = (url: string) => !url.startsWith('assets/') || files.has(url);
  return { plugin, keep, files };
}

/**
 * Sends every `import from '@tanstack/react-query'` of the app through src/api/react-query.ts,
 * which also creates the app's QueryClient and hands it to <Providers> (src/api/query-client-store.ts).
 * The entry chunk then holds only the query context, and TanStack Query's core loads with the
 * first page, layout or dialog that uses it. The shim itself, the client's module and Providers
 * (which needs only the context) get the package.
 */
export function queryThroughClient(srcDir: string): Plugin {
  const shim = resolve(srcDir, 'api/react-query.ts');
  const direct = new Set([shim, resolve(srcDir, 'api/queryClient.ts'), resolve(srcDir, 'Providers.tsx')]);
  return {
    name: 'punchclock:query-through-client',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== '@tanstack/react-query' || !importer) return null;
      const from = importer.split('?')[0];
      if (direct.has(from) || from.includes('node_modules')) return null;
      return shim;
    },
  };
}

/** A signed-in page for `routePreload`: whose it is, the modules it lazily loads, the calls it opens with. */
export interface SignedInPreload {
  /** The stored user's `user_type` the page is for (the guards send anyone else elsewhere). */
  role: 'user' | 'employee';
  /** The modules the page lazily loads: its layout, its page. */
  modules: RegExp[];
  /** GET calls the page opens with (as web/src/routes.tsx's `data`). */
  data?: string[];
  /** The account menu's picture (POST /api/get-profile-picture with the stored user's id). */
  picture?: boolean;
}

/**
 * The first page's own code starts loading with the app's entry, not after it has run: a small inline
 * script in index.html (the server's CSP allows it by its hash, server/src/plugins/security-headers.ts)
 * adds <link rel=modulepreload> for the lazily loaded chunks of the page in the address bar, for the
 * pages listed (path, lower case, to the modules that page lazily loads: its layout, its page). On the
 * `signedIn` pages, when a session of the page's kind is stored (without one the guards send the visitor
 * elsewhere), it also starts the page's opening API calls with the stored token, leaving them on
 * `window.__punchclockCalls` for the API client (web/src/api/early.ts). Inline rather than a file: the
 * page's chunks and calls start while the document is parsed, not one or two round trips later. Other
 * paths load as before.
 */
export function routePreload(
  pages: Record<string, RegExp[]>,
  signedIn: Record<string, SignedInPreload> = {},
): Plugin {
  return {
    name: 'punchclock:route-preload',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const entry = chunks.find((c) => c.isEntry);
      const html = bundle['index.html'];
      if (!entry || !html || html.type !== 'asset') return;
      const closure = (start: string, into = new Set<string>()) => {
        const chunk = bundle[start];
        if (!chunk || chunk.type !== 'chunk' || into.has(start)) return into;
        into.add(start);
        chunk.imports.forEach((i) => closure(i, into));
        return into;
      };
      const loaded = closure(entry.fileName);
      const names = (modules: RegExp[]) => {
        const files = new Set<string>();
        for (const m of modules) {
          const page = chunks.find((c) => c.facadeModuleId && m.test(c.facadeModuleId));
          if (page) closure(page.fileName, files);
        }
        // Names only: every chunk is assets/<name>.js.
        return [...files]
          .filter((f) => !loaded.has(f) && /^assets\/[^/]+\.js$/.test(f))
          .map((f) => f.slice('assets/'.length, -'.js'.length));
      };
      const publicMap = Object.fromEntries(Object.entries(pages).map(([p, m]) => [p, names(m)]));
      const signedInMap = Object.fromEntries(
        Object.entries(signedIn).map(([p, s]) => [
          p,
          { r: s.role, m: names(s.modules), d: s.data ?? [], i: s.picture ? 1 : 0 },
        ]),
      );
      const preload = `function(h){var e=document.createElement('link');e.rel='modulepreload';e.href='/assets/'+h+'.js';document.head.appendChild(e)}`;
      // The keys of the calls are web/src/api/early-take.ts's earlyKey (the picture's body is the API
      // client's JSON.stringify({ user_id })).
      const source =
        `(function(){var p=location.pathname.toLowerCase(),l=${JSON.stringify(publicMap)}[p],` +
        `s=${JSON.stringify(signedInMap)}[p];` +
        `if(l)l.forEach(${preload});if(!s)return;` +
        `try{var t=localStorage.getItem('token'),u=JSON.parse(localStorage.getItem('user'));` +
        `if(!t||!u||u.user_type!=s.r)return;` +
        `var c={},h={Authorization:'Bearer '+t},b='{"user_id":'+u.user_id+'}';` +
        `s.d.forEach(function(d){c[d]=fetch(d,{headers:h})});` +
        `if(s.i){h['Content-Type']='application/json';` +
        `c['POST /api/get-profile-picture '+b]=fetch('/api/get-profile-picture',{method:'POST',headers:h,body:b})}` +
        `for(var k in c)c[k].catch(Boolean);window.__punchclockCalls={token:t,at:Date.now(),calls:c}}catch(e){return}` +
        `s.m.forEach(${preload})})();`;
      html.source = String(html.source).replace('</title>', `</title>\n    <script>${source}</script>`);
    },
  };
}

/**
 * Guards src/mantine-styles.css (Mantine's stylesheet without the files of components no page uses): fails the
 * build when a chunk holds a Mantine class (`m_` and 8 hex digits, what its components put on elements) that
 * @mantine/core/styles.css styles but none of the build's CSS files does — a component newly in use whose
 * file is not imported there yet.
 */
export function mantineCssInUse(fullStylesheet: string): Plugin {
  const classes = (text: string, re: RegExp) => new Set([...text.matchAll(re)].map((m) => m[1]));
  const SELECTOR_CLASS = /\.(m_[0-9a-f]{8})\b/g;
  return {
    name: 'punchclock:mantine-css-in-use',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const styled = classes(await readFile(fullStylesheet, 'utf8'), SELECTOR_CLASS);
      const inCss = new Set<string>();
      const inJs = new Set<string>();
      for (const file of Object.values(bundle)) {
        if (file.type === 'chunk') classes(file.code, /\b(m_[0-9a-f]{8})\b/g).forEach((c) => inJs.add(c));
        else if (file.fileName.endsWith('.css'))
          classes(String(file.source), SELECTOR_CLASS).forEach((c) => inCss.add(c));
      }
      const missing = [...inJs].filter((c) => styled.has(c) && !inCss.has(c));
      if (missing.length)
        this.error(
          `Mantine classes in use without their styles (${missing.join(', ')}): import their component's ` +
            'file from @mantine/core/styles/ in src/mantine-styles.css',
        );
    },
  };
}
