import type { Listing } from '@/features/products/api/listing.ts';
import type { Product } from '@/features/products/api/products.ts';
import type { AuthUser } from '@/features/auth/machines/session-machine.ts';

export const samsung = { _id: 'c1', title: 'Samsung', image: '/images/samsung.png' };

export function aProduct(overrides: Partial<Product> = {}): Product {
  return {
    _id: 'p1',
    productName: 'Galaxy S10',
    picture: '/images/s10.png',
    address: 'Dhaka',
    year: 2,
    buyingPrice: 500,
    sellingPrice: 300,
    sellerName: 'Sam Seller',
    condition: 'Good',
    phone: '01700000000',
    about: 'Like new, with box',
    postTime: '2024-05-01T10:00:00.000Z',
    Brand: 'Samsung',
    email: 'sam@example.com',
    sellerEmail: 'sam@example.com',
    booked: false,
    reported: false,
    advertised: false,
    available: true,
    sellerVerified: false,
    ...overrides,
  };
}

/** A product's page as the gateway answers it (GraphQL `product`): listed at 350$, now 300$. */
export function aListing(overrides: Partial<Listing> = {}): Listing {
  return {
    _id: 'p1',
    productName: 'Galaxy S10',
    picture: '/images/s10.png',
    address: 'Dhaka',
    year: 2,
    buyingPrice: 500,
    sellingPrice: 300,
    sellerName: 'Sam Seller',
    condition: 'Good',
    phone: '01700000000',
    about: 'Like new, with box',
    postTime: '2024-05-01T10:00:00.000Z',
    Brand: 'Samsung',
    email: 'sam@example.com',
    sellerEmail: 'sam@example.com',
    booked: false,
    reported: false,
    advertised: false,
    available: true,
    status: 'available',
    sellerVerified: true,
    priceHistory: [
      { price: 350, at: '2024-05-01T10:00:00.000Z' },
      { price: 300, at: '2024-05-03T09:30:00.000Z' },
    ],
    seller: {
      name: 'Sam Seller',
      verified: true,
      memberSince: '2023-02-10T08:00:00.000Z',
      listings: 4,
      completedSales: 2,
    },
    ...overrides,
  };
}

export const admin: AuthUser = {
  uid: 'u-admin',
  email: 'ada@example.com',
  displayName: 'Ada Admin',
  photoURL: null,
};

export const seller: AuthUser = {
  uid: 'u-seller',
  email: 'sam@example.com',
  displayName: 'Sam Seller',
  photoURL: null,
};
