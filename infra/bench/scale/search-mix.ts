// What shoppers ask the search page for, as query strings of GET /products: keywords (whole
// model names, word beginnings as typed, brands, colours, words of descriptions, now and then a
// rare word), alone or with filters and an order, and searches without keywords (filters and an
// order only). Seeded: the same seed gives the same mix.
import { seededRandom } from '../../../workers/test/support/random.ts';
import { brands } from '../catalog-seed.ts';
import { colours, modelsByBrand, rareWords, storages } from './vocabulary.ts';

const descriptionWords = [
  'battery',
  'scratch',
  'box',
  'charger',
  'warranty',
  'dual sim',
  'unlocked',
  'urgent',
  'negotiable',
  'ecran',
  'receipt',
  'case',
  'face id',
  'wireless',
];

/** What a shopper types: whole words, or their beginnings (as a search box sends them). */
function typed(random: () => number, words: string): string {
  if (random() < 0.6) return words.toLowerCase();
  return words
    .toLowerCase()
    .split(' ')
    .map((word) => word.slice(0, Math.max(1, Math.ceil(word.length * (0.4 + random() * 0.6)))))
    .join(' ');
}

function keywords(random: () => number): string {
  const brand = brands[Math.floor(random() * brands.length)] ?? 'Samsung';
  const models = modelsByBrand[brand];
  const model = models[Math.floor(random() * models.length)]?.name ?? 'Galaxy S21';
  const draw = random();
  if (draw < 0.4) return typed(random, model);
  if (draw < 0.55) return typed(random, model.split(' ').slice(0, 2).join(' '));
  if (draw < 0.65) return typed(random, brand);
  if (draw < 0.72)
    return typed(random, `${model} ${storages[Math.floor(random() * storages.length)] ?? ''}`);
  if (draw < 0.8) return typed(random, colours[Math.floor(random() * colours.length)] ?? 'black');
  if (draw < 0.9)
    return typed(random, descriptionWords[Math.floor(random() * descriptionWords.length)] ?? '');
  if (draw < 0.95) return `${typed(random, brand)} ${typed(random, descriptionWords[0] ?? '')}`;
  return rareWords[Math.floor(random() * rareWords.length)] ?? 'code0';
}

/** One search's query string (without `?`), its filters and order drawn as shoppers use them. */
function searchOf(random: () => number, limit: number): string {
  const query = new URLSearchParams();
  if (random() < 0.85) query.set('q', keywords(random));
  if (random() < 0.15) query.set('brand', brands[Math.floor(random() * brands.length)] ?? 'Oppo');
  if (random() < 0.4) query.set('available', 'true');
  if (random() < 0.2) {
    const low = 50 * Math.floor(random() * 12);
    query.set('minPrice', String(low));
    query.set('maxPrice', String(low + 100 + 50 * Math.floor(random() * 10)));
  }
  if (random() < 0.15) {
    query.append('condition', random() < 0.5 ? 'Excelent' : 'Good');
    if (random() < 0.4) query.append('condition', 'Fair');
  }
  if (random() < 0.1) query.set('maxYears', String(Math.floor(random() * 3)));
  if (random() < 0.1) query.set('verified', 'true');
  const sort = random();
  if (sort < 0.25) query.set('sort', 'priceAsc');
  else if (sort < 0.4) query.set('sort', 'priceDesc');
  query.set('limit', String(limit));
  return query.toString();
}

/**
 * `count` distinct searches, and a draw of one of them per request: a few are asked often (the
 * first ones), most rarely, as on any search page (popularity falls with the rank).
 */
export function searchMix(
  seed: number,
  count: number,
  limit: number,
): { readonly searches: readonly string[]; readonly draw: () => string } {
  const random = seededRandom(seed);
  const distinct = new Set<string>();
  for (let attempt = 0; distinct.size < count && attempt < count * 20; attempt++)
    distinct.add(searchOf(random, limit));
  const searches = [...distinct];
  const drawRandom = seededRandom(seed + 1);
  return {
    searches,
    draw: () => searches[Math.floor(drawRandom() ** 3 * searches.length)] ?? searches[0] ?? '',
  };
}
