// Web weight: builds the web client (production, with Vite's manifest) into a scratch folder and
// adds up what each route makes the browser download, gzipped.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { webDir } from '../src/web-build.ts';
import { log, round } from './support.ts';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface RouteWeight {
  /** The route's paths as the router writes them (nested ones relative to their parent). */
  readonly paths: string[];
  readonly module: string;
  /** The route's own chunk. */
  readonly chunkKiB: number;
  readonly chunkGzipKiB: number;
  /** Everything the route loads beyond what the entry already loaded (chunk and shared imports). */
  readonly extraJsGzipKiB: number;
  /** The whole JavaScript for a first visit that lands on this route. */
  readonly firstVisitJsGzipKiB: number;
}

export interface WebWeight {
  readonly buildSeconds: number;
  readonly entryJsGzipKiB: number;
  /** The home page ('/'): entry chunk, its imports and the home route's chunks. */
  readonly firstRouteJsGzipKiB: number;
  readonly htmlGzipKiB: number;
  readonly cssGzipKiB: number;
  readonly fontsGzipKiB: number;
  readonly htmlCssFontsGzipKiB: number;
  readonly routes: RouteWeight[];
}

const fontPattern = /\.(woff2?|ttf|otf|eot)$/i;
const kib = (bytes: number): number => round(bytes / 1024, 1);

/** Which router paths load which route module, read from the router's lazy imports. */
function routePaths(): Map<string, string[]> {
  const router = readFileSync(path.join(webDir, 'src/app/router.tsx'), 'utf8');
  const found = new Map<string, string[]>();
  // Index routes after the dashboard's path are the dashboard's index; before it, the home page.
  const dashboardAt = router.indexOf("path: 'dashboard'");
  const lazy = /(index: true|path: '([^']*)'),\s*lazy: \(\) => import\('\.\/([^']+)'\)/g;
  for (const match of router.matchAll(lazy)) {
    const module = `src/app/${match[3]}`;
    const afterDashboard = dashboardAt >= 0 && (match.index ?? 0) > dashboardAt;
    const where = match[2] ?? (afterDashboard ? 'dashboard (index)' : '/');
    found.set(module, [...(found.get(module) ?? []), where]);
  }
  return found;
}

export async function measureWebWeight(outDir: string): Promise<WebWeight> {
  const started = performance.now();
  // Vite sets NODE_ENV=production for the process; the rest of the benchmark does not want it.
  const nodeEnv = process.env['NODE_ENV'];
  await build({
    root: webDir,
    mode: 'production',
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, manifest: 'manifest.json' },
  });
  if (nodeEnv === undefined) delete process.env['NODE_ENV'];
  else process.env['NODE_ENV'] = nodeEnv;
  const buildSeconds = round((performance.now() - started) / 1_000);

  const manifest = JSON.parse(readFileSync(path.join(outDir, 'manifest.json'), 'utf8')) as Manifest;
  const gzipSizes = new Map<string, number>();
  const gzipped = (file: string): number => {
    let size = gzipSizes.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(path.join(outDir, file))).length;
      gzipSizes.set(file, size);
    }
    return size;
  };
  /** A chunk and its static imports, as manifest keys. */
  const closure = (key: string, into = new Set<string>()): Set<string> => {
    if (into.has(key)) return into;
    into.add(key);
    for (const imported of manifest[key]?.imports ?? []) closure(imported, into);
    return into;
  };
  const jsOf = (keys: Iterable<string>): number =>
    [...keys].reduce((sum, key) => sum + gzipped(manifest[key]?.file ?? ''), 0);
  const cssOf = (keys: Iterable<string>): Set<string> =>
    new Set([...keys].flatMap((key) => manifest[key]?.css ?? []));

  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('The web build has no entry chunk');
  const entry = closure(entryKey);
  const routeModules = routePaths();
  const routes: RouteWeight[] = [];
  for (const [module, paths] of routeModules) {
    const chunk = manifest[module];
    if (!chunk) continue;
    const extra = [...closure(module)].filter((key) => !entry.has(key));
    routes.push({
      paths,
      module,
      chunkKiB: kib(readFileSync(path.join(outDir, chunk.file)).length),
      chunkGzipKiB: kib(gzipped(chunk.file)),
      extraJsGzipKiB: kib(jsOf(extra)),
      firstVisitJsGzipKiB: kib(jsOf(entry) + jsOf(extra)),
    });
  }

  const home = [...routeModules].find(([, paths]) => paths.includes('/'))?.[0];
  const firstRoute = new Set([...entry, ...(home ? closure(home) : [])]);
  const css = [...cssOf(firstRoute)];
  const assetFiles = readdirSync(path.join(outDir, 'assets'));
  const fonts = assetFiles.filter((file) => fontPattern.test(file)).map((f) => `assets/${f}`);
  const htmlGzip = gzipped('index.html');
  const cssGzip = css.reduce((sum, file) => sum + gzipped(file), 0);
  const fontsGzip = fonts.reduce((sum, file) => sum + gzipped(file), 0);
  const weight: WebWeight = {
    buildSeconds,
    entryJsGzipKiB: kib(jsOf(entry)),
    firstRouteJsGzipKiB: kib(jsOf(firstRoute)),
    htmlGzipKiB: kib(htmlGzip),
    cssGzipKiB: kib(cssGzip),
    fontsGzipKiB: kib(fontsGzip),
    htmlCssFontsGzipKiB: kib(htmlGzip + cssGzip + fontsGzip),
    routes,
  };
  log(
    `  first route: ${weight.firstRouteJsGzipKiB} KiB of JavaScript, ${weight.htmlCssFontsGzipKiB} KiB of HTML, CSS and fonts (gzipped); build ${buildSeconds} s`,
  );
  return weight;
}
