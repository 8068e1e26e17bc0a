/*
 * The demo catalog loaded on first start: what a new user sees before anyone has listed anything.
 * Ids and times are fixed so that seeding twice, or replaying the log, gives the same result.
 */

import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the demo pictures are committed (rendered by render-images.ts). */
export const demoAssetsDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../assets/demo',
);

export type CategoryTitle = 'Samsung' | 'Oppo' | 'Iphone';
export type ProductCondition = 'Good' | 'Excelent' | 'Fair';
export type DemoRole = 'admin' | 'seller' | 'buyer';

export interface DemoProduct {
  readonly productId: string;
  readonly category: CategoryTitle;
  readonly productName: string;
  readonly about: string;
  readonly address: string;
  /** Years used. */
  readonly year: number;
  readonly buyingPrice: number;
  readonly sellingPrice: number;
  readonly condition: ProductCondition;
  readonly phone: string;
  readonly sellerName: string;
  /** The contact e-mail given on the listing. */
  readonly email: string;
  /** File name under infra/assets/demo/. */
  readonly picture: string;
  /** When it was listed: becomes the product's postTime. */
  readonly postTime: string;
  /** Featured on the home page. */
  readonly advertised: boolean;
}

export interface DemoAccount {
  /** Fixed Firebase uid, so a lost emulator export gets the same accounts back. */
  readonly uid: string;
  readonly role: DemoRole;
  readonly name: string;
  readonly email: string;
  readonly password: string;
}

export const demoAdmin: DemoAccount = {
  uid: 'demo-admin',
  role: 'admin',
  name: 'Demo Admin',
  email: 'admin@resale.demo',
  password: 'admin-demo-2026',
};

export const demoSeller: DemoAccount = {
  uid: 'demo-seller',
  role: 'seller',
  name: 'Rahim Phone House',
  email: 'seller@resale.demo',
  password: 'seller-demo-2026',
};

export const demoBuyer: DemoAccount = {
  uid: 'demo-buyer',
  role: 'buyer',
  name: 'Nadia Islam',
  email: 'buyer@resale.demo',
  password: 'buyer-demo-2026',
};

export const demoAccounts: readonly DemoAccount[] = [demoAdmin, demoSeller, demoBuyer];

const sellerPhone = '+880 1711-204518';

export const demoProducts: readonly DemoProduct[] = [
  {
    productId: 'demo-galaxy-s21-ultra',
    category: 'Samsung',
    productName: 'Samsung Galaxy S21 Ultra 256GB',
    about:
      'Phantom Black, 12GB RAM. Battery health 89%, screen without scratches (protector since day one). Comes with the original box, S Pen case and a 25W charger.',
    address: 'Dhanmondi, Dhaka',
    year: 2,
    buyingPrice: 1199,
    sellingPrice: 520,
    condition: 'Excelent',
    phone: sellerPhone,
    sellerName: demoSeller.name,
    email: demoSeller.email,
    picture: 'samsung-galaxy-s21-ultra.png',
    postTime: '2026-10-03T09:15:00.000Z',
    advertised: true,
  },
  {
    productId: 'demo-galaxy-a52',
    category: 'Samsung',
    productName: 'Samsung Galaxy A52 128GB',
    about:
      'Awesome Blue, dual SIM. Light scuffs on the frame corners, display perfect. 90Hz screen, 64MP camera works flawlessly. Charger included, no box.',
    address: 'Mirpur 10, Dhaka',
    year: 3,
    buyingPrice: 349,
    sellingPrice: 140,
    condition: 'Good',
    phone: sellerPhone,
    sellerName: demoSeller.name,
    email: demoSeller.email,
    picture: 'samsung-galaxy-a52.png',
    postTime: '2026-10-08T14:40:00.000Z',
    advertised: false,
  },
  {
    productId: 'demo-galaxy-s22',
    category: 'Samsung',
    productName: 'Samsung Galaxy S22 128GB',
    about:
      'Pink Gold, compact flagship. Used with a case, so the back glass is spotless. Battery lasts a full day. Box, cable and a spare clear case included.',
    address: 'Agrabad, Chattogram',
    year: 1,
    buyingPrice: 799,
    sellingPrice: 455,
    condition: 'Excelent',
    phone: sellerPhone,
    sellerName: demoSeller.name,
    email: demoSeller.email,
    picture: 'samsung-galaxy-s22.png',
    postTime: '2026-10-15T11:05:00.000Z',
    advertised: false,
  },
  {
    productId: 'demo-galaxy-z-flip4',
    category: 'Samsung',
    productName: 'Samsung Galaxy Z Flip4 256GB',
    about:
      'Bora Purple foldable. The hinge is firm and the fold crease is faint. Small dent on the lower frame, works perfectly. Sold with a Samsung silicone case.',
    address: 'Uttara Sector 7, Dhaka',
    year: 2,
    buyingPrice: 999,
    sellingPrice: 390,
    condition: 'Fair',
    phone: sellerPhone,
    sellerName: demoSeller.name,
    email: demoSeller.email,
    picture: 'samsung-galaxy-z-flip4.png',
    postTime: '2026-10-22T16:30:00.000Z',
    advertised: false,
  },
  {
    productId: 'demo-oppo-find-x5-pro',
    category: 'Oppo',
    productName: 'Oppo Find X5 Pro 256GB',
    about:
      'Ceramic White, 80W SuperVOOC charger included. The Hasselblad camera is the reason to buy it: sharp night shots. Tiny hairline mark on the screen edge.',
    address: 'Gulshan 2, Dhaka',
    year: 2,
    buyingPrice: 1049,
    sellingPrice: 480,
    condition: 'Good',
    phone: sellerPhone,
    sellerName: demoSeller.name,
    email: demoSeller.email,
    picture: 'oppo-find-x5-pro.png',
    postTime: '2026-10-05T10:20:00.000Z',
    advertised: true,
  },
  {
    productId: 'demo-oppo-reno8',
    category: 'Oppo',
    productName: 'Oppo Reno8 5G 256GB',
    about:
      'Shimmer Gold, 8GB RAM. Great portrait camera, 80W fast charging. Back has a few micro scratches you only see in sunlight. Original box and charger.',
    address: 'Zindabazar, Sylhet',
    year: 1,
    buyingPrice: 499,
    sellingPrice: 275,
    condition: 'Excelent',
    phone: sellerPhone,
    sellerName: demoSeller.name,
    email: demoSeller.email,
    picture: 'oppo-reno8.png',
    postTime: '2026-10-12T08:50:00.000Z',
    advertised: false,
  },
  {
    productId: 'demo-oppo-a96',
    category: 'Oppo',
    productName: 'Oppo A96 128GB',
    about:
      'Sunset Blue with the colour-shifting back. Big 5000mAh battery, headphone jack, expandable storage. Screen protector has a crack; the display under it is fine.',
    address: 'Shaheb Bazar, Rajshahi',
    year: 2,
    buyingPrice: 279,
    sellingPrice: 115,
    condition: 'Fair',
    phone: sellerPhone,
    sellerName: demoSeller.name,
    email: demoSeller.email,
    picture: 'oppo-a96.png',
    postTime: '2026-10-19T13:10:00.000Z',
    advertised: false,
  },
  {
    productId: 'demo-oppo-f21-pro',
    category: 'Oppo',
    productName: 'Oppo F21 Pro 128GB',
    about:
      'Sunset Orange fibreglass-leather back, 32MP selfie camera. Battery health good, both SIM slots tested. Used by a careful owner for a year and a half.',
    address: 'Khalishpur, Khulna',
    year: 1,
    buyingPrice: 329,
    sellingPrice: 170,
    condition: 'Good',
    phone: sellerPhone,
    sellerName: demoSeller.name,
    email: demoSeller.email,
    picture: 'oppo-f21-pro.png',
    postTime: '2026-10-27T17:45:00.000Z',
    advertised: false,
  },
  {
    productId: 'demo-iphone-13',
    category: 'Iphone',
    productName: 'iPhone 13 128GB',
    about:
      'Pink, battery health 86%. Face ID and both cameras work perfectly. Always kept in a case; no marks on the glass. Comes with a USB-C to Lightning cable.',
    address: 'Banani, Dhaka',
    year: 2,
    buyingPrice: 799,
    sellingPrice: 410,
    condition: 'Excelent',
    phone: sellerPhone,
    sellerName: demoSeller.name,
    email: demoSeller.email,
    picture: 'iphone-13.png',
    postTime: '2026-10-07T12:00:00.000Z',
    advertised: true,
  },
  {
    productId: 'demo-iphone-12',
    category: 'Iphone',
    productName: 'iPhone 12 64GB',
    about:
      'Red edition, battery health 81%. Scratch near the camera bump, otherwise clean. Factory reset and iCloud removed, ready for a new owner.',
    address: 'Nasirabad, Chattogram',
    year: 3,
    buyingPrice: 699,
    sellingPrice: 260,
    condition: 'Good',
    phone: sellerPhone,
    sellerName: demoSeller.name,
    email: demoSeller.email,
    picture: 'iphone-12.png',
    postTime: '2026-10-14T15:25:00.000Z',
    advertised: false,
  },
  {
    productId: 'demo-iphone-14-pro',
    category: 'Iphone',
    productName: 'iPhone 14 Pro 256GB',
    about:
      'Deep Purple, battery health 92%. Dynamic Island, 48MP camera, always-on display. Under a screen protector since purchase. Original box and unused cable.',
    address: 'Bashundhara R/A, Dhaka',
    year: 1,
    buyingPrice: 1099,
    sellingPrice: 720,
    condition: 'Excelent',
    phone: sellerPhone,
    sellerName: demoSeller.name,
    email: demoSeller.email,
    picture: 'iphone-14-pro.png',
    postTime: '2026-10-24T10:35:00.000Z',
    advertised: false,
  },
  {
    productId: 'demo-iphone-xr',
    category: 'Iphone',
    productName: 'iPhone XR 64GB',
    about:
      'Yellow, battery replaced last year (health 95%). Visible wear on the aluminium edges and a small chip on the back glass corner. Good starter iPhone.',
    address: 'Kandirpar, Cumilla',
    year: 4,
    buyingPrice: 749,
    sellingPrice: 150,
    condition: 'Fair',
    phone: sellerPhone,
    sellerName: demoSeller.name,
    email: demoSeller.email,
    picture: 'iphone-xr.png',
    postTime: '2026-11-02T09:05:00.000Z',
    advertised: false,
  },
];
