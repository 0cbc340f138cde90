/**
 * Emits the service worker (`sw.js`, scope /index/) with the app shell's precache list taken from the
 * bundle, and adds `<link rel="modulepreload">` for the home page chunk and the default language's
 * catalogue to index.html, so the browser fetches them with the entry instead of after it has run
 * (decision 031). The worker's code is `service-worker.template.js`; the list and a version derived
 * from it are written into it here, so every build that changes the shell installs a new worker.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { OutputBundle, OutputChunk } from 'rollup';
import type { HtmlTagDescriptor, Plugin } from 'vite';

/** What the first screen needs: the home page and the default language's first-screen strings (zh-tw, spec §1; decision 046). */
const HOME_PAGE = /\/src\/app\/routes\/home\.tsx$/;
const DEFAULT_CATALOGUE = /\/src\/i18n\/locales\/zh-tw\.json\?part=first$/;
const TEMPLATE = new URL('./service-worker.template.js', import.meta.url);
/** Public files the installed app shows before any request: the manifest and its icons. */
const PUBLIC_SHELL = ['manifest.webmanifest', 'icons/icon-192.png', 'icons/icon-512.png'];

function chunks(bundle: OutputBundle): OutputChunk[] {
  return Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
}

/** A chunk's file, the chunks it imports statically (recursively) and their style sheets. */
function withImports(bundle: OutputBundle, start: OutputChunk | undefined, into: Set<string>): void {
  if (!start || into.has(start.fileName)) return;
  into.add(start.fileName);
  for (const css of start.viteMetadata?.importedCss ?? []) into.add(css);
  for (const name of start.imports) withImports(bundle, bundle[name] as OutputChunk | undefined, into);
}

function homeChunks(bundle: OutputBundle) {
  const all = chunks(bundle);
  const entry = all.find((chunk) => chunk.isEntry);
  // By its modules, not its facade: the home page shares its chunk with its small imports (first-load-chunks.ts).
  const home = all.find((chunk) => chunk.moduleIds.some((id) => HOME_PAGE.test(id)))!;
  const catalogue = all.find((chunk) => chunk.facadeModuleId && DEFAULT_CATALOGUE.test(chunk.facadeModuleId));
  if (!entry || !home || !catalogue) throw new Error('reef:service-worker: the entry, home page or zh-tw catalogue chunk is missing from the bundle');
  return { entry, home, catalogue };
}

export function serviceWorker(): Plugin {
  let base = '/';
  return {
    name: 'reef:service-worker',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        if (!context.bundle) return [];
        const { entry, home, catalogue } = homeChunks(context.bundle);
        const entryFiles = new Set<string>();
        withImports(context.bundle, entry, entryFiles);
        const preload = new Set<string>();
        withImports(context.bundle, home, preload);
        withImports(context.bundle, catalogue, preload);
        const tags: HtmlTagDescriptor[] = [];
        for (const file of preload) {
          if (entryFiles.has(file)) continue;
          tags.push({
            tag: 'link',
            attrs: file.endsWith('.css')
              ? { rel: 'preload', as: 'style', crossorigin: true, href: base + file }
              : { rel: 'modulepreload', crossorigin: true, href: base + file },
            injectTo: 'head',
          });
        }
        return tags;
      },
    },
    generateBundle(_options, bundle) {
      const { entry, home, catalogue } = homeChunks(bundle);
      const files = new Set<string>();
      for (const start of [entry, home, catalogue]) withImports(bundle, start, files);
      const html = bundle['index.html'];
      if (!html || html.type !== 'asset') throw new Error('reef:service-worker: index.html is missing from the bundle');
      // './' is the document itself (/index/): the worker answers navigations with it when offline.
      const precache = ['./', ...[...files].sort(), ...PUBLIC_SHELL];
      const version = createHash('sha256').update(JSON.stringify(precache)).update(html.source).digest('hex').slice(0, 16);
      const source = fs
        .readFileSync(TEMPLATE, 'utf8')
        .replace("'__REEF_VERSION__'", JSON.stringify(version))
        .replace("['__REEF_PRECACHE__']", JSON.stringify(precache));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}
