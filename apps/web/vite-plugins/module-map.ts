/**
 * Writes `.vite/modules.json` beside Vite's manifest: every JavaScript chunk of the build with the source modules
 * rendered into it and their bytes. The manifest names only a chunk's entry module; this names all of them, so a
 * test can prove what a build is made of (the mobile app holds nothing of the operator console, decision 085) rather
 * than guess it from chunk names. Node and Rollup only; read by tests and scripts, never served (the server does not
 * serve `.vite/`, and precompress skips it).
 */
import path from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';

export interface ModuleMapChunk {
  file: string;
  isEntry: boolean;
  /** Source modules, relative to the project root (`src/app/...`, `../../packages/contract/src/...`, `node_modules/...`). */
  modules: Record<string, { renderedLength: number }>;
}

export function moduleMap(): Plugin {
  let root = '';
  return {
    name: 'reef:module-map',
    apply: 'build',
    configResolved(config: ResolvedConfig) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks: ModuleMapChunk[] = [];
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const modules: ModuleMapChunk['modules'] = {};
        for (const [id, info] of Object.entries(output.modules)) {
          // Virtual modules (`\0vite/...`) keep their id; files are named from the root, with any query kept.
          const name = id.startsWith('\0') ? id.slice(1) : path.relative(root, id).split(path.sep).join('/');
          modules[name] = { renderedLength: info.renderedLength };
        }
        chunks.push({ file: output.fileName, isEntry: output.isEntry, modules });
      }
      this.emitFile({ type: 'asset', fileName: '.vite/modules.json', source: JSON.stringify(chunks) });
    },
  };
}
