// Web: the production build and the weight of each route.
import path from 'node:path';
import { goalRow } from '../report.ts';
import { log, round } from '../support.ts';
import { measureWebWeight } from '../web-weight.ts';
import type { BenchPart } from './part.ts';

export const web: BenchPart = {
  name: 'web',
  async run({ scratch }) {
    log('Web: production build and weight per route');
    const webWeight = await measureWebWeight(path.join(scratch, 'web-dist'));
    return {
      details: { web: { ...webWeight, routes: undefined } },
      webRoutes: webWeight.routes,
      goals: [
        goalRow(
          'Web',
          "JavaScript for the first route ('/'), gzipped",
          '≤ 200 KB',
          (webWeight.firstRouteJsGzipKiB * 1024) / 1000,
          200,
          'max',
          `${round((webWeight.firstRouteJsGzipKiB * 1024) / 1000)} KB`,
        ),
        goalRow(
          'Web',
          'HTML, CSS and fonts of the first route, gzipped',
          '≤ 100 KB',
          (webWeight.htmlCssFontsGzipKiB * 1024) / 1000,
          100,
          'max',
          `${round((webWeight.htmlCssFontsGzipKiB * 1024) / 1000)} KB (HTML ${webWeight.htmlGzipKiB}, CSS ${webWeight.cssGzipKiB}, fonts ${webWeight.fontsGzipKiB} KiB)`,
        ),
      ],
    };
  },
};
