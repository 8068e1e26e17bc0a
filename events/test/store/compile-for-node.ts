import { copyFileSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const relativeTsImport = /(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+\.ts)['"]/g;
/** TypeScript files a source names by URL (a worker thread's entry, bundled at run time). */
const relativeTsUrl = /new URL\(\s*['"](\.{1,2}\/[^'"]+\.ts)['"]\s*,\s*import\.meta\.url\s*\)/g;

/**
 * Transpiles a TypeScript entry file and every local file it imports into plain ES modules under
 * `outDir`, so a child process can start with bare `node` in a fraction of the time that the tsx
 * loader needs (the durability test starts its writer 20 times). The TypeScript sources are
 * copied beside, with those named by `new URL(..., import.meta.url)`: the SQLite threads' code is
 * bundled from them when the first thread starts (src/sqlite-writer/thread-code.ts). Types are
 * not checked here: `tsc -p events` does that. Returns the path of the compiled entry.
 */
export function compileForNode(entry: string, root: string, outDir: string): string {
  const pending = [resolve(entry)];
  const done = new Set<string>();
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (done.has(file)) continue;
    done.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of [...source.matchAll(relativeTsImport), ...source.matchAll(relativeTsUrl)])
      pending.push(resolve(dirname(file), match[1]!));
    const copy = join(outDir, relative(root, file));
    mkdirSync(dirname(copy), { recursive: true });
    copyFileSync(file, copy);
    const { outputText } = ts.transpileModule(source, {
      fileName: file,
      compilerOptions: {
        module: ts.ModuleKind.ESNext,
        target: ts.ScriptTarget.ES2023,
        verbatimModuleSyntax: true,
        rewriteRelativeImportExtensions: true,
      },
    });
    const target = join(outDir, relative(root, file)).replace(/\.ts$/, '.js');
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, outputText);
  }
  // Packages resolve from the repository's node_modules, as they do for the sources.
  const packages = dirname(dirname(createRequire(entry).resolve('better-sqlite3/package.json')));
  symlinkSync(packages, join(outDir, 'node_modules'), 'dir');
  writeFileSync(join(outDir, 'package.json'), '{ "type": "module" }\n');
  return join(outDir, relative(root, entry)).replace(/\.ts$/, '.js');
}
