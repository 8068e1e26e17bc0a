import type { Listing } from '@/features/products/api/listing.ts';
import type { Product } from '@/features/products/api/products.ts';
import type { AuthUser } from '@/features/auth/machines/session-machine.ts';
import type { SignInRequest } from '@/features/auth/machines/sign-in-machine.ts';

export const samsung = { _id: 'c1', title: 'Samsung', image: '/images/samsung.png' };

/** The fields a product card and a product's page share. */
const galaxyS10: Omit<Product, '__typename' | 'sellerVerified'> = {
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
  status: 'available',
  reported: false,
  advertised: false,
};

export function aProduct(overrides: Partial<Product> = {}): Product {
  return { ...galaxyS10, sellerVerified: false, ...overrides };
}

/** A product's page as the gateway answers it (GraphQL `product`): listed at 350$, now 300$. */
export function aListing(overrides: Partial<Listing> = {}): Listing {
  return {
    ...galaxyS10,
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

/** A booking as its buyer reads it (My orders): waiting for the seller's answer. */
export const pendingOrder = {
  _id: 'b1',
  Brand: 'Samsung',
  buyerName: 'Bob Buyer',
  email: 'bob@example.com',
  phone: '0180',
  address: 'Gulshan 1',
  sellingPrice: 300,
  productId: 'p1',
  productName: 'Galaxy S10',
  status: 'pending' as const,
  expiresAt: '2026-11-28T10:00:00.000Z',
  cancelReason: null as string | null,
};

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

/** The auth machines' user, and her password login. */
export const alice: AuthUser = {
  uid: 'u1',
  email: 'alice@example.com',
  displayName: 'Alice',
  photoURL: null,
};

export const loginAlice = {
  type: 'signIn.login',
  email: 'alice@example.com',
  password: 'secret1',
} satisfies SignInRequest;
