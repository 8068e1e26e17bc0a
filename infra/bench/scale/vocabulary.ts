// The words generated listings are made of: phone models by brand with their price when new,
// colours, storage, and what sellers write about a used phone. Varied enough that keyword
// searches have the selectivity they have on a real catalog: a brand matches a third of it, a
// model a few percent, a rare word a handful.
import type { Brand } from '../catalog-seed.ts';

export interface PhoneModel {
  readonly name: string;
  /** Its price new, in the marketplace's currency units (taka / 100, as the demo's prices). */
  readonly newPrice: number;
}

export const modelsByBrand: Readonly<Record<Brand, readonly PhoneModel[]>> = {
  Samsung: [
    { name: 'Galaxy S24 Ultra', newPrice: 1_300 },
    { name: 'Galaxy S24', newPrice: 850 },
    { name: 'Galaxy S23 FE', newPrice: 600 },
    { name: 'Galaxy S23', newPrice: 800 },
    { name: 'Galaxy S22 Ultra', newPrice: 1_100 },
    { name: 'Galaxy S22', newPrice: 700 },
    { name: 'Galaxy S21 FE', newPrice: 550 },
    { name: 'Galaxy S21', newPrice: 650 },
    { name: 'Galaxy S20', newPrice: 500 },
    { name: 'Galaxy Note 20 Ultra', newPrice: 1_000 },
    { name: 'Galaxy Note 10 Plus', newPrice: 800 },
    { name: 'Galaxy Z Flip5', newPrice: 1_000 },
    { name: 'Galaxy Z Flip4', newPrice: 900 },
    { name: 'Galaxy Z Fold5', newPrice: 1_700 },
    { name: 'Galaxy Z Fold4', newPrice: 1_500 },
    { name: 'Galaxy A54', newPrice: 400 },
    { name: 'Galaxy A53', newPrice: 350 },
    { name: 'Galaxy A34', newPrice: 300 },
    { name: 'Galaxy A14', newPrice: 180 },
    { name: 'Galaxy A05s', newPrice: 140 },
    { name: 'Galaxy M34', newPrice: 250 },
    { name: 'Galaxy M14', newPrice: 170 },
    { name: 'Galaxy F54', newPrice: 280 },
  ],
  Oppo: [
    { name: 'Find X7 Ultra', newPrice: 1_100 },
    { name: 'Find X6 Pro', newPrice: 950 },
    { name: 'Find X5 Pro', newPrice: 800 },
    { name: 'Find N3 Flip', newPrice: 900 },
    { name: 'Reno11 Pro', newPrice: 550 },
    { name: 'Reno11', newPrice: 420 },
    { name: 'Reno10 Pro Plus', newPrice: 600 },
    { name: 'Reno8 5G', newPrice: 380 },
    { name: 'Reno8 T', newPrice: 300 },
    { name: 'Reno7', newPrice: 320 },
    { name: 'F25 Pro', newPrice: 300 },
    { name: 'F21 Pro', newPrice: 260 },
    { name: 'A98', newPrice: 300 },
    { name: 'A96', newPrice: 250 },
    { name: 'A78', newPrice: 220 },
    { name: 'A58', newPrice: 180 },
    { name: 'A38', newPrice: 150 },
    { name: 'A18', newPrice: 120 },
  ],
  Iphone: [
    { name: 'iPhone 15 Pro Max', newPrice: 1_400 },
    { name: 'iPhone 15 Pro', newPrice: 1_150 },
    { name: 'iPhone 15', newPrice: 900 },
    { name: 'iPhone 14 Pro Max', newPrice: 1_200 },
    { name: 'iPhone 14 Pro', newPrice: 1_050 },
    { name: 'iPhone 14', newPrice: 800 },
    { name: 'iPhone 13 Pro Max', newPrice: 1_000 },
    { name: 'iPhone 13 Pro', newPrice: 900 },
    { name: 'iPhone 13 mini', newPrice: 650 },
    { name: 'iPhone 13', newPrice: 700 },
    { name: 'iPhone 12 Pro', newPrice: 750 },
    { name: 'iPhone 12', newPrice: 600 },
    { name: 'iPhone 11 Pro', newPrice: 600 },
    { name: 'iPhone 11', newPrice: 450 },
    { name: 'iPhone SE 2022', newPrice: 400 },
    { name: 'iPhone XR', newPrice: 300 },
    { name: 'iPhone XS Max', newPrice: 350 },
    { name: 'iPhone X', newPrice: 280 },
  ],
};

export const colours = [
  'Black',
  'White',
  'Blue',
  'Green',
  'Purple',
  'Midnight',
  'Starlight',
  'Graphite',
  'Gold',
  'Silver',
  'Red',
  'Pink',
  'Phantom Black',
  'Cream',
  'Lavender',
  'Sierra Blue',
  'Titanium',
  'Glowing Green',
  'Sunset Orange',
] as const;

export const storages = ['64GB', '128GB', '256GB', '512GB', '1TB'] as const;

/** Phrases of a description: one or two of each group, in order, make a seller's text. */
export const descriptionParts: readonly (readonly string[])[] = [
  [
    'Selling my phone because I upgraded.',
    'Used carefully by my wife, always in a case.',
    'Bought from the official store, receipt included.',
    'Urgent sale, moving abroad next month.',
    'Second phone, hardly used.',
    'Gift from my brother, I prefer my old one.',
    'Office phone, replaced by a new model.',
    'Bought in Singapore, international version.',
    'Kept as a spare for two years.',
    'Original owner, never repaired.',
  ],
  [
    'Battery health {battery}%.',
    'Battery replaced last year, lasts a full day.',
    'Battery drains a little fast with games.',
    'Battery health is fine, charges quickly.',
    'New battery fitted at the service centre.',
  ],
  [
    'No scratches on the screen.',
    'Small scratch on the back glass, not visible with a case.',
    'Screen protector applied since day one.',
    'Tiny dent on the frame corner.',
    'Display has a faint line at the top edge.',
    'Écran parfait, aucune rayure.',
    'Back cover changed, original colour.',
    'Camera lens has a hairline scratch, photos are clear.',
    'Face ID and fingerprint work perfectly.',
    'Speaker slightly quiet on calls.',
  ],
  [
    'Comes with the box, charger and cable.',
    'Only the phone and a fast charger.',
    'With two cases and a tempered glass.',
    'Original earphones unused.',
    'Dual SIM, both slots working.',
    'eSIM supported, unlocked for every operator.',
    'Memory card slot with a 64GB card included.',
    'Wireless charging pad included.',
  ],
  [
    'Price slightly negotiable.',
    'Fixed price, serious buyers only.',
    'Meet at {area}, cash or bKash.',
    'Can deliver inside Dhaka city.',
    'Exchange possible with an iPhone.',
    'Call after 6 pm please.',
    'Warranty remaining {months} months.',
    'Test it before you pay.',
  ],
];

export const areas = [
  'Dhaka, Mirpur 10',
  'Dhaka, Gulshan 2',
  'Dhaka, Dhanmondi 27',
  'Dhaka, Uttara Sector 7',
  'Dhaka, Mohammadpur',
  'Dhaka, Banani',
  'Dhaka, Bashundhara R/A',
  'Dhaka, Motijheel',
  'Chattogram, Agrabad',
  'Chattogram, GEC Circle',
  'Sylhet, Zindabazar',
  'Khulna, Sonadanga',
  'Rajshahi, Shaheb Bazar',
  'Cumilla, Kandirpar',
  'Narayanganj, Chashara',
  'Gazipur, Tongi',
  'Barishal, Sadar Road',
  'Rangpur, Jahaj Company More',
] as const;

export const firstNames = [
  'Rahim',
  'Karim',
  'Ayesha',
  'Fatema',
  'Nusrat',
  'Tanvir',
  'Sabbir',
  'Mehedi',
  'Farhana',
  'Shuvo',
  'Rakib',
  'Jannat',
  'Sadia',
  'Imran',
  'Arif',
  'Tasnim',
  'Rafiq',
  'Nabila',
  'Zahid',
  'Mim',
  'Sakib',
  'Riya',
  'Hasan',
  'Sumaiya',
] as const;

export const lastNames = [
  'Ahmed',
  'Hossain',
  'Rahman',
  'Islam',
  'Chowdhury',
  'Khan',
  'Sarker',
  'Das',
  'Akter',
  'Uddin',
  'Mahmud',
  'Karim',
  'Begum',
  'Roy',
  'Miah',
  'Siddique',
] as const;

/**
 * Rare words, one of which a listing sometimes mentions (a shop, a model code, a place): what
 * makes a search that matches a handful of listings out of a million.
 */
export const rareWords = Array.from(
  { length: 5_000 },
  (_, index) =>
    `${['code', 'shop', 'lot', 'ref', 'ser'][index % 5]}${(index * 7_919).toString(36)}`,
);
