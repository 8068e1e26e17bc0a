/* eslint-disable */
// Generated from the GraphQL schema by `npm run codegen`: do not edit.
import type { GraphQLResolveInfo } from 'graphql';
import type { CallerContext } from './context.ts';
export type Maybe<T> = T | null;
export type InputMaybe<T> = Maybe<T>;
export type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
export type MakeOptional<T, K extends keyof T> = Omit<T, K> & { [SubKey in K]?: Maybe<T[SubKey]> };
export type MakeMaybe<T, K extends keyof T> = Omit<T, K> & { [SubKey in K]: Maybe<T[SubKey]> };
export type MakeEmpty<T extends { [key: string]: unknown }, K extends keyof T> = {
  [_ in K]?: never;
};
export type Incremental<T> =
  T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
export type RequireFields<T, K extends keyof T> = Omit<T, K> & { [P in K]-?: NonNullable<T[P]> };
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string };
  String: { input: string; output: string };
  Boolean: { input: boolean; output: boolean };
  Int: { input: number; output: number };
  Float: { input: number; output: number };
};

/** Who caused an event: name and role as the users read model knows them (null: unknown or gone). */
export type AuditActor = {
  __typename?: 'AuditActor';
  email: Scalars['String']['output'];
  name?: Maybe<Scalars['String']['output']>;
  /** admin, seller, buyer, system (the marketplace itself), or null. */
  role?: Maybe<Scalars['String']['output']>;
  uid: Scalars['String']['output'];
};

export type AuditActorChoice = {
  __typename?: 'AuditActorChoice';
  email: Scalars['String']['output'];
  uid: Scalars['String']['output'];
};

/** One event of a timeline, in plain words. */
export type AuditEntry = {
  __typename?: 'AuditEntry';
  actor: AuditActor;
  /** The request the event came from. */
  correlationId: Scalars['String']['output'];
  description: Scalars['String']['output'];
  links: AuditLinks;
  occurredAt: Scalars['String']['output'];
  position: Scalars['Float']['output'];
  recordedAt: Scalars['String']['output'];
  revision: Scalars['Int']['output'];
  streamId: Scalars['String']['output'];
  type: Scalars['String']['output'];
};

/** The listings, users and bookings an event names. */
export type AuditLinks = {
  __typename?: 'AuditLinks';
  bookingIds: Array<Scalars['ID']['output']>;
  productIds: Array<Scalars['ID']['output']>;
  userIds: Array<Scalars['ID']['output']>;
};

/** What a timeline is about: a listing, user, seller, booking or category, and the streams it reads. */
export type AuditSubject = {
  __typename?: 'AuditSubject';
  id: Scalars['ID']['output'];
  kind: Scalars['String']['output'];
  label: Scalars['String']['output'];
  streams: Array<Scalars['String']['output']>;
};

export type AuditTimeline = {
  __typename?: 'AuditTimeline';
  actors: Array<AuditActorChoice>;
  entries: Array<AuditEntry>;
  eventTypes: Array<Scalars['String']['output']>;
  matches: Array<AuditSubject>;
  /** Events matching the filters, on every page. */
  matching: Scalars['Int']['output'];
  /** Pass as `after` for the next page; null at the end. */
  nextCursor?: Maybe<Scalars['Float']['output']>;
  /** What is shown; null when the search names nothing, or several things (see matches). */
  subject?: Maybe<AuditSubject>;
};

export type Booking = {
  __typename?: 'Booking';
  Brand: Scalars['String']['output'];
  _id: Scalars['ID']['output'];
  address: Scalars['String']['output'];
  buyerName: Scalars['String']['output'];
  /** Why a cancelled booking was cancelled: buyer-cancelled, buyer-deleted or seller-deleted. */
  cancelReason?: Maybe<Scalars['String']['output']>;
  email: Scalars['String']['output'];
  /** When the booking expires if nobody answers it (ISO 8601). */
  expiresAt: Scalars['String']['output'];
  phone: Scalars['String']['output'];
  productId: Scalars['ID']['output'];
  productName: Scalars['String']['output'];
  /** The product's seller; null for a booking made before bookings named them. */
  sellerEmail?: Maybe<Scalars['String']['output']>;
  sellingPrice: Scalars['Float']['output'];
  status: BookingStatus;
};

/** Where a booking stands: pending until its seller, its buyer or its time ends it. */
export type BookingStatus = 'accepted' | 'cancelled' | 'declined' | 'expired' | 'pending';

/** The admin reviewing a case now. */
export type CaseHolder = {
  __typename?: 'CaseHolder';
  name: Scalars['String']['output'];
  uid: Scalars['ID']['output'];
};

export type Category = {
  __typename?: 'Category';
  _id: Scalars['ID']['output'];
  image: Scalars['String']['output'];
  title: Scalars['String']['output'];
};

/** A read model changed: `position` is the global log position it has reached. */
export type Change = {
  __typename?: 'Change';
  ids: Array<Scalars['ID']['output']>;
  position: Scalars['Float']['output'];
  topic: Scalars['String']['output'];
};

export type Condition = 'Excelent' | 'Fair' | 'Good';

/**
 * A product as every answer about one gives it: an item of a list, a search or a seller's products,
 * and a product's page, which adds its prices and its seller (ProductDetails).
 */
export type ListedProduct = {
  Brand: Scalars['String']['output'];
  _id: Scalars['ID']['output'];
  about: Scalars['String']['output'];
  address: Scalars['String']['output'];
  advertised: Scalars['Boolean']['output'];
  available: Scalars['Boolean']['output'];
  booked: Scalars['Boolean']['output'];
  buyingPrice: Scalars['Float']['output'];
  condition: Condition;
  email: Scalars['String']['output'];
  /** An admin hid it from every public page: only its seller and admins see it. */
  hidden: Scalars['Boolean']['output'];
  /** Why an admin hid it, while hidden. */
  hiddenReason?: Maybe<Scalars['String']['output']>;
  phone: Scalars['String']['output'];
  picture: Scalars['String']['output'];
  postTime: Scalars['String']['output'];
  productName: Scalars['String']['output'];
  reported: Scalars['Boolean']['output'];
  /** Its seller asked the admins to review its hiding. */
  reviewRequested: Scalars['Boolean']['output'];
  sellerEmail: Scalars['String']['output'];
  sellerName: Scalars['String']['output'];
  sellerVerified: Scalars['Boolean']['output'];
  sellingPrice: Scalars['Float']['output'];
  status: ProductStatus;
  year: Scalars['Float']['output'];
};

export type ListingThenAndNow = {
  __typename?: 'ListingThenAndNow';
  /** When the last event of the listing at or before `position` was recorded. */
  asOf?: Maybe<Scalars['String']['output']>;
  now?: Maybe<ListingView>;
  position: Scalars['Float']['output'];
  productId: Scalars['ID']['output'];
  /** The listing at `position`; null before it was listed or once deleted. */
  then?: Maybe<ListingView>;
};

/** A listing as time travel shows it: what a dispute turns on. */
export type ListingView = {
  __typename?: 'ListingView';
  Brand: Scalars['String']['output'];
  about: Scalars['String']['output'];
  condition: Scalars['String']['output'];
  picture: Scalars['String']['output'];
  productName: Scalars['String']['output'];
  reported: Scalars['Boolean']['output'];
  sellerName: Scalars['String']['output'];
  sellerUid: Scalars['String']['output'];
  sellerVerified: Scalars['Boolean']['output'];
  sellingPrice: Scalars['Float']['output'];
  status: Scalars['String']['output'];
};

export type Me = {
  __typename?: 'Me';
  email: Scalars['String']['output'];
  isAdmin: Scalars['Boolean']['output'];
  isSeller: Scalars['Boolean']['output'];
  name: Scalars['String']['output'];
  role: Role;
  uid: Scalars['ID']['output'];
};

/** One open report on a listing. */
export type OpenReport = {
  __typename?: 'OpenReport';
  /** The reporter's own words, with the reason other. */
  details?: Maybe<Scalars['String']['output']>;
  /** The reason as the API names it (stolen-or-blocked, ..., other, not-given). */
  reason: Scalars['String']['output'];
  reportedAt: Scalars['String']['output'];
  reporterName: Scalars['String']['output'];
  reporterUid: Scalars['ID']['output'];
};

export type OperationsStatus = {
  __typename?: 'OperationsStatus';
  checkedAt: Scalars['String']['output'];
  /** The log's head: the position of its last event. */
  head: Scalars['Float']['output'];
  /** Events of the log not applied yet, and how long (ms) the oldest of them has waited. */
  lagEvents: Scalars['Float']['output'];
  lagMs: Scalars['Float']['output'];
  /** The workers' queues; null in the embedded profile (not applicable). */
  queue?: Maybe<QueueDepth>;
  readModels: Array<ReadModelStatus>;
  /** The last replay, from the command line or the operations page; null: none yet. */
  replay?: Maybe<ReplayRun>;
};

/** One price a product was listed at, from `at` on. */
export type PricePoint = {
  __typename?: 'PricePoint';
  at: Scalars['String']['output'];
  price: Scalars['Float']['output'];
};

/** A product as lists answer it. */
export type Product = ListedProduct & {
  __typename?: 'Product';
  Brand: Scalars['String']['output'];
  _id: Scalars['ID']['output'];
  about: Scalars['String']['output'];
  address: Scalars['String']['output'];
  advertised: Scalars['Boolean']['output'];
  available: Scalars['Boolean']['output'];
  booked: Scalars['Boolean']['output'];
  buyingPrice: Scalars['Float']['output'];
  condition: Condition;
  email: Scalars['String']['output'];
  /** An admin hid it from every public page: only its seller and admins see it. */
  hidden: Scalars['Boolean']['output'];
  /** Why an admin hid it, while hidden. */
  hiddenReason?: Maybe<Scalars['String']['output']>;
  phone: Scalars['String']['output'];
  picture: Scalars['String']['output'];
  postTime: Scalars['String']['output'];
  productName: Scalars['String']['output'];
  reported: Scalars['Boolean']['output'];
  /** Its seller asked the admins to review its hiding. */
  reviewRequested: Scalars['Boolean']['output'];
  sellerEmail: Scalars['String']['output'];
  sellerName: Scalars['String']['output'];
  sellerVerified: Scalars['Boolean']['output'];
  sellingPrice: Scalars['Float']['output'];
  status: ProductStatus;
  year: Scalars['Float']['output'];
};

/** A product as its own page shows it: as lists answer it, with its prices and its seller. */
export type ProductDetails = ListedProduct & {
  __typename?: 'ProductDetails';
  Brand: Scalars['String']['output'];
  _id: Scalars['ID']['output'];
  about: Scalars['String']['output'];
  address: Scalars['String']['output'];
  advertised: Scalars['Boolean']['output'];
  available: Scalars['Boolean']['output'];
  booked: Scalars['Boolean']['output'];
  buyingPrice: Scalars['Float']['output'];
  condition: Condition;
  email: Scalars['String']['output'];
  /** An admin hid it from every public page: only its seller and admins see it. */
  hidden: Scalars['Boolean']['output'];
  /** Why an admin hid it, while hidden. */
  hiddenReason?: Maybe<Scalars['String']['output']>;
  phone: Scalars['String']['output'];
  picture: Scalars['String']['output'];
  postTime: Scalars['String']['output'];
  /** Every price it was listed at, oldest first: the first is the listing price. */
  priceHistory: Array<PricePoint>;
  productName: Scalars['String']['output'];
  reported: Scalars['Boolean']['output'];
  /** Its seller asked the admins to review its hiding. */
  reviewRequested: Scalars['Boolean']['output'];
  seller: SellerSummary;
  sellerEmail: Scalars['String']['output'];
  sellerName: Scalars['String']['output'];
  sellerVerified: Scalars['Boolean']['output'];
  sellingPrice: Scalars['Float']['output'];
  status: ProductStatus;
  year: Scalars['Float']['output'];
};

export type ProductPage = {
  __typename?: 'ProductPage';
  items: Array<Product>;
  /** Pass as `after` to get the next page; null on the last page. */
  nextCursor?: Maybe<Scalars['String']['output']>;
};

/** What a shopper searches for; every part is optional and every part given must hold. */
export type ProductSearch = {
  /** Only products on sale and not booked. */
  availableOnly?: InputMaybe<Scalars['Boolean']['input']>;
  /** One brand (category title) only. */
  brand?: InputMaybe<Scalars['String']['input']>;
  /** Any of these conditions. */
  conditions?: InputMaybe<Array<Condition>>;
  maxPrice?: InputMaybe<Scalars['Float']['input']>;
  /** Used for at most this many years. */
  maxYears?: InputMaybe<Scalars['Float']['input']>;
  /** Selling price bounds, inclusive. */
  minPrice?: InputMaybe<Scalars['Float']['input']>;
  /** Keywords: each word begins a word of the name, brand or description (any case, accents ignored). */
  q?: InputMaybe<Scalars['String']['input']>;
  /** newest when absent. */
  sort?: InputMaybe<ProductSort>;
  /** Only verified sellers' products. */
  verifiedOnly?: InputMaybe<Scalars['Boolean']['input']>;
};

/** The orders of a search: newest first, cheapest first, dearest first. */
export type ProductSort = 'newest' | 'priceAsc' | 'priceDesc';

/**
 * Where a product stands: on sale, held by a pending booking, sold (through a booking or outside the
 * site), taken off sale by its seller for now (unavailable) or for good (withdrawn).
 */
export type ProductStatus = 'available' | 'booked' | 'sold' | 'unavailable' | 'withdrawn';

export type Query = {
  __typename?: 'Query';
  /** Advertised, available products for the home page. */
  advertisedProducts: Array<Product>;
  /**
   * The audit timeline of what exactly one of `stream` (a stream id), `email` (a user) or `q` (an
   * e-mail, an id, or words of a listing's name) names; filtered by event types and actor (uid or
   * e-mail), paged by log position (`after`). Admins only.
   */
  auditTimeline: AuditTimeline;
  categories: Array<Category>;
  category?: Maybe<Category>;
  /** A listing as it was at a log position, rebuilt from the log, beside today's. Admins only. */
  listingAsOf: ListingThenAndNow;
  /** The signed-in caller, null when anonymous. */
  me?: Maybe<Me>;
  /** The caller's own bookings (signed in). */
  myBookings: Array<Booking>;
  /** The calling seller's own products (sellers). */
  myProducts: Array<Product>;
  /** The read models' lag behind the log, the last replay and the queues. Admins only. */
  operations: OperationsStatus;
  /**
   * A product's page (signed in), as GET /products/{id}: null for an unknown or deleted product, and
   * for one taken off sale or withdrawn unless the caller is its seller or an admin.
   */
  product?: Maybe<ProductDetails>;
  /** Products of one brand that are not deleted, newest first, page by page. */
  products: ProductPage;
  /** Admins only: one case per listing with open reports or hidden, the latest reported first. */
  reportedProducts: Array<ReportedProduct>;
  /** Products matching a search (keywords, filters, order), page by page; as GET /products. */
  searchProducts: ProductPage;
  /** The bookings of the calling seller's products, newest first, each with its status (sellers). */
  sellerBookings: Array<Booking>;
  /** Admins only. */
  sellers: Array<Seller>;
  /** Admins only. */
  users: Array<User>;
};

export type QueryAuditTimelineArgs = {
  actor?: InputMaybe<Scalars['String']['input']>;
  after?: InputMaybe<Scalars['Float']['input']>;
  email?: InputMaybe<Scalars['String']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  minPosition?: InputMaybe<Scalars['Float']['input']>;
  q?: InputMaybe<Scalars['String']['input']>;
  stream?: InputMaybe<Scalars['String']['input']>;
  types?: InputMaybe<Array<Scalars['String']['input']>>;
};

export type QueryCategoryArgs = {
  id: Scalars['ID']['input'];
};

export type QueryListingAsOfArgs = {
  position: Scalars['Float']['input'];
  productId: Scalars['ID']['input'];
};

export type QueryMyBookingsArgs = {
  minPosition?: InputMaybe<Scalars['Float']['input']>;
};

export type QueryMyProductsArgs = {
  minPosition?: InputMaybe<Scalars['Float']['input']>;
};

export type QueryProductArgs = {
  id: Scalars['ID']['input'];
  minPosition?: InputMaybe<Scalars['Float']['input']>;
};

export type QueryProductsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  brand: Scalars['String']['input'];
  limit?: InputMaybe<Scalars['Int']['input']>;
  minPosition?: InputMaybe<Scalars['Float']['input']>;
};

export type QueryReportedProductsArgs = {
  minPosition?: InputMaybe<Scalars['Float']['input']>;
};

export type QuerySearchProductsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  minPosition?: InputMaybe<Scalars['Float']['input']>;
  search: ProductSearch;
};

export type QuerySellerBookingsArgs = {
  minPosition?: InputMaybe<Scalars['Float']['input']>;
};

export type QuerySellersArgs = {
  minPosition?: InputMaybe<Scalars['Float']['input']>;
};

export type QueryUsersArgs = {
  minPosition?: InputMaybe<Scalars['Float']['input']>;
};

/** The workers' partition queues, summed. */
export type QueueDepth = {
  __typename?: 'QueueDepth';
  active: Scalars['Int']['output'];
  delayed: Scalars['Int']['output'];
  /** Jobs that failed and wait for an operator. */
  failed: Scalars['Int']['output'];
  waiting: Scalars['Int']['output'];
};

export type ReadModelStatus = {
  __typename?: 'ReadModelStatus';
  lagEvents: Scalars['Float']['output'];
  name: Scalars['String']['output'];
  /** The last event of the log applied to it. */
  position: Scalars['Float']['output'];
  /** How many replays swapped it in. */
  rebuilds: Scalars['Int']['output'];
  /** The position the last replay swapped it in at; null: never rebuilt. */
  rebuiltAt?: Maybe<Scalars['Float']['output']>;
};

/** A replay of read models, running or over. */
export type ReplayRun = {
  __typename?: 'ReplayRun';
  error?: Maybe<Scalars['String']['output']>;
  events: Scalars['Float']['output'];
  head: Scalars['Float']['output'];
  id: Scalars['ID']['output'];
  names: Array<Scalars['String']['output']>;
  position: Scalars['Float']['output'];
  startedAt: Scalars['String']['output'];
  /** `command line`, or the uid of the admin who started it from the operations page. */
  startedBy: Scalars['String']['output'];
  /** running, swapped or failed. */
  state: Scalars['String']['output'];
  updatedAt: Scalars['String']['output'];
};

/** A listing before the admins (Reported Items): its open reports, who claimed it, whether hidden. */
export type ReportedProduct = {
  __typename?: 'ReportedProduct';
  Brand: Scalars['String']['output'];
  _id: Scalars['ID']['output'];
  /** The admin who claimed the case; the others cannot act on it meanwhile. */
  claimedBy?: Maybe<CaseHolder>;
  hidden: Scalars['Boolean']['output'];
  hiddenReason?: Maybe<Scalars['String']['output']>;
  /** When its latest report was made: the queue is the latest first. */
  lastReportedAt?: Maybe<Scalars['String']['output']>;
  picture: Scalars['String']['output'];
  productName: Scalars['String']['output'];
  reportCount: Scalars['Int']['output'];
  reported: Scalars['Boolean']['output'];
  /** Its open reports, oldest first. */
  reports: Array<OpenReport>;
  /** The seller's note with their review request. */
  reviewNote?: Maybe<Scalars['String']['output']>;
  reviewRequested: Scalars['Boolean']['output'];
  sellerEmail: Scalars['String']['output'];
  sellerName: Scalars['String']['output'];
  sellingPrice: Scalars['Float']['output'];
  status: ProductStatus;
};

export type Role = 'admin' | 'buyer' | 'seller';

export type Seller = {
  __typename?: 'Seller';
  _id: Scalars['ID']['output'];
  email: Scalars['String']['output'];
  name: Scalars['String']['output'];
  sellerEmail: Scalars['String']['output'];
  verified: Scalars['Boolean']['output'];
};

/** The seller as a product's page shows them. */
export type SellerSummary = {
  __typename?: 'SellerSummary';
  /** Their products sold: through a booking they accepted, or outside the site. */
  completedSales: Scalars['Int']['output'];
  /** Their products on sale now: available or booked. */
  listings: Scalars['Int']['output'];
  /** When they registered as a seller; null once an admin deleted their seller record. */
  memberSince?: Maybe<Scalars['String']['output']>;
  name: Scalars['String']['output'];
  verified: Scalars['Boolean']['output'];
};

export type Subscription = {
  __typename?: 'Subscription';
  /**
   * A new event on one of these streams (ids: the streams that moved; topic: "audit"). With `after`,
   * one Change first when the streams have events past it. Admins.
   */
  auditTimelineChanged: Change;
  /**
   * The caller's own account: a promotion, a change of role, a seller's verification or a deletion
   * (signed in; a deletion reaches the deleted caller too).
   */
  meChanged: Change;
  /** The caller's bookings (signed in). */
  myBookingsChanged: Change;
  /** The calling seller's products (sellers). */
  myProductsChanged: Change;
  /**
   * One product's page: the product or another product of its seller (their counts) changed, or a
   * seller's verification (signed in).
   */
  productChanged: Change;
  /** The products a search reads: one brand's, or every brand's without one (signed in). */
  productSearchChanged: Change;
  /** A brand's products (signed in). */
  productsChanged: Change;
  /** Reported products (admins). */
  reportedProductsChanged: Change;
  /** The bookings of the calling seller's products: a new booking, or one that ended (sellers). */
  sellerBookingsChanged: Change;
  /** Sellers (admins). */
  sellersChanged: Change;
  /** Users (admins). */
  usersChanged: Change;
};

export type SubscriptionAuditTimelineChangedArgs = {
  after?: InputMaybe<Scalars['Float']['input']>;
  streams: Array<Scalars['String']['input']>;
};

export type SubscriptionMeChangedArgs = {
  after?: InputMaybe<Scalars['Float']['input']>;
};

export type SubscriptionMyBookingsChangedArgs = {
  after?: InputMaybe<Scalars['Float']['input']>;
};

export type SubscriptionMyProductsChangedArgs = {
  after?: InputMaybe<Scalars['Float']['input']>;
};

export type SubscriptionProductChangedArgs = {
  after?: InputMaybe<Scalars['Float']['input']>;
  id: Scalars['ID']['input'];
};

export type SubscriptionProductSearchChangedArgs = {
  after?: InputMaybe<Scalars['Float']['input']>;
  brand?: InputMaybe<Scalars['String']['input']>;
};

export type SubscriptionProductsChangedArgs = {
  after?: InputMaybe<Scalars['Float']['input']>;
  brand: Scalars['String']['input'];
};

export type SubscriptionReportedProductsChangedArgs = {
  after?: InputMaybe<Scalars['Float']['input']>;
};

export type SubscriptionSellerBookingsChangedArgs = {
  after?: InputMaybe<Scalars['Float']['input']>;
};

export type SubscriptionSellersChangedArgs = {
  after?: InputMaybe<Scalars['Float']['input']>;
};

export type SubscriptionUsersChangedArgs = {
  after?: InputMaybe<Scalars['Float']['input']>;
};

export type User = {
  __typename?: 'User';
  _id: Scalars['ID']['output'];
  email: Scalars['String']['output'];
  name: Scalars['String']['output'];
  role: Role;
};

export type ResolverTypeWrapper<T> = Promise<T> | T;

export type ResolverWithResolve<TResult, TParent, TContext, TArgs> = {
  resolve: ResolverFn<TResult, TParent, TContext, TArgs>;
};
export type Resolver<
  TResult,
  TParent = Record<PropertyKey, never>,
  TContext = Record<PropertyKey, never>,
  TArgs = Record<PropertyKey, never>,
> =
  | ResolverFn<TResult, TParent, TContext, TArgs>
  | ResolverWithResolve<TResult, TParent, TContext, TArgs>;

export type ResolverFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo,
) => Promise<TResult> | TResult;

export type SubscriptionSubscribeFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo,
) => AsyncIterable<TResult> | Promise<AsyncIterable<TResult>>;

export type SubscriptionResolveFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo,
) => TResult | Promise<TResult>;

export interface SubscriptionSubscriberObject<
  TResult,
  TKey extends string,
  TParent,
  TContext,
  TArgs,
> {
  subscribe: SubscriptionSubscribeFn<{ [key in TKey]: TResult }, TParent, TContext, TArgs>;
  resolve?: SubscriptionResolveFn<TResult, { [key in TKey]: TResult }, TContext, TArgs>;
}

export interface SubscriptionResolverObject<TResult, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<any, TParent, TContext, TArgs>;
  resolve: SubscriptionResolveFn<TResult, any, TContext, TArgs>;
}

export type SubscriptionObject<TResult, TKey extends string, TParent, TContext, TArgs> =
  | SubscriptionSubscriberObject<TResult, TKey, TParent, TContext, TArgs>
  | SubscriptionResolverObject<TResult, TParent, TContext, TArgs>;

export type SubscriptionResolver<
  TResult,
  TKey extends string,
  TParent = Record<PropertyKey, never>,
  TContext = Record<PropertyKey, never>,
  TArgs = Record<PropertyKey, never>,
> =
  | ((...args: any[]) => SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>)
  | SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>;

export type TypeResolveFn<
  TTypes,
  TParent = Record<PropertyKey, never>,
  TContext = Record<PropertyKey, never>,
> = (
  parent: TParent,
  context: TContext,
  info: GraphQLResolveInfo,
) => Maybe<TTypes> | Promise<Maybe<TTypes>>;

export type IsTypeOfResolverFn<
  T = Record<PropertyKey, never>,
  TContext = Record<PropertyKey, never>,
> = (obj: T, context: TContext, info: GraphQLResolveInfo) => boolean | Promise<boolean>;

export type NextResolverFn<T> = () => Promise<T>;

export type DirectiveResolverFn<
  TResult = Record<PropertyKey, never>,
  TParent = Record<PropertyKey, never>,
  TContext = Record<PropertyKey, never>,
  TArgs = Record<PropertyKey, never>,
> = (
  next: NextResolverFn<TResult>,
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo,
) => TResult | Promise<TResult>;

/** Mapping of interface types */
export type ResolversInterfaceTypes<_RefType extends Record<string, unknown>> = {
  ListedProduct: Product | ProductDetails;
};

/** Mapping between all available schema types and the resolvers types */
export type ResolversTypes = {
  AuditActor: ResolverTypeWrapper<AuditActor>;
  AuditActorChoice: ResolverTypeWrapper<AuditActorChoice>;
  AuditEntry: ResolverTypeWrapper<AuditEntry>;
  AuditLinks: ResolverTypeWrapper<AuditLinks>;
  AuditSubject: ResolverTypeWrapper<AuditSubject>;
  AuditTimeline: ResolverTypeWrapper<AuditTimeline>;
  Booking: ResolverTypeWrapper<Booking>;
  BookingStatus: BookingStatus;
  Boolean: ResolverTypeWrapper<Scalars['Boolean']['output']>;
  CaseHolder: ResolverTypeWrapper<CaseHolder>;
  Category: ResolverTypeWrapper<Category>;
  Change: ResolverTypeWrapper<Change>;
  Condition: Condition;
  Float: ResolverTypeWrapper<Scalars['Float']['output']>;
  ID: ResolverTypeWrapper<Scalars['ID']['output']>;
  Int: ResolverTypeWrapper<Scalars['Int']['output']>;
  ListedProduct: ResolverTypeWrapper<ResolversInterfaceTypes<ResolversTypes>['ListedProduct']>;
  ListingThenAndNow: ResolverTypeWrapper<ListingThenAndNow>;
  ListingView: ResolverTypeWrapper<ListingView>;
  Me: ResolverTypeWrapper<Me>;
  OpenReport: ResolverTypeWrapper<OpenReport>;
  OperationsStatus: ResolverTypeWrapper<OperationsStatus>;
  PricePoint: ResolverTypeWrapper<PricePoint>;
  Product: ResolverTypeWrapper<Product>;
  ProductDetails: ResolverTypeWrapper<ProductDetails>;
  ProductPage: ResolverTypeWrapper<ProductPage>;
  ProductSearch: ProductSearch;
  ProductSort: ProductSort;
  ProductStatus: ProductStatus;
  Query: ResolverTypeWrapper<Record<PropertyKey, never>>;
  QueueDepth: ResolverTypeWrapper<QueueDepth>;
  ReadModelStatus: ResolverTypeWrapper<ReadModelStatus>;
  ReplayRun: ResolverTypeWrapper<ReplayRun>;
  ReportedProduct: ResolverTypeWrapper<ReportedProduct>;
  Role: Role;
  Seller: ResolverTypeWrapper<Seller>;
  SellerSummary: ResolverTypeWrapper<SellerSummary>;
  String: ResolverTypeWrapper<Scalars['String']['output']>;
  Subscription: ResolverTypeWrapper<Record<PropertyKey, never>>;
  User: ResolverTypeWrapper<User>;
};

/** Mapping between all available schema types and the resolvers parents */
export type ResolversParentTypes = {
  AuditActor: AuditActor;
  AuditActorChoice: AuditActorChoice;
  AuditEntry: AuditEntry;
  AuditLinks: AuditLinks;
  AuditSubject: AuditSubject;
  AuditTimeline: AuditTimeline;
  Booking: Booking;
  Boolean: Scalars['Boolean']['output'];
  CaseHolder: CaseHolder;
  Category: Category;
  Change: Change;
  Float: Scalars['Float']['output'];
  ID: Scalars['ID']['output'];
  Int: Scalars['Int']['output'];
  ListedProduct: ResolversInterfaceTypes<ResolversParentTypes>['ListedProduct'];
  ListingThenAndNow: ListingThenAndNow;
  ListingView: ListingView;
  Me: Me;
  OpenReport: OpenReport;
  OperationsStatus: OperationsStatus;
  PricePoint: PricePoint;
  Product: Product;
  ProductDetails: ProductDetails;
  ProductPage: ProductPage;
  ProductSearch: ProductSearch;
  Query: Record<PropertyKey, never>;
  QueueDepth: QueueDepth;
  ReadModelStatus: ReadModelStatus;
  ReplayRun: ReplayRun;
  ReportedProduct: ReportedProduct;
  Seller: Seller;
  SellerSummary: SellerSummary;
  String: Scalars['String']['output'];
  Subscription: Record<PropertyKey, never>;
  User: User;
};

export type AuditActorResolvers<
  ContextType = CallerContext,
  ParentType extends ResolversParentTypes['AuditActor'] = ResolversParentTypes['AuditActor'],
> = {
  email?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  name?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  role?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  uid?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type AuditActorChoiceResolvers<
  ContextType = CallerContext,
  ParentType extends ResolversParentTypes['AuditActorChoice'] =
    ResolversParentTypes['AuditActorChoice'],
> = {
  email?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  uid?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type AuditEntryResolvers<
  ContextType = CallerContext,
  ParentType extends ResolversParentTypes['AuditEntry'] = ResolversParentTypes['AuditEntry'],
> = {
  actor?: Resolver<ResolversTypes['AuditActor'], ParentType, ContextType>;
  correlationId?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  description?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  links?: Resolver<ResolversTypes['AuditLinks'], ParentType, ContextType>;
  occurredAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  position?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  recordedAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  revision?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  streamId?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type AuditLinksResolvers<
  ContextType = CallerContext,
  ParentType extends ResolversParentTypes['AuditLinks'] = ResolversParentTypes['AuditLinks'],
> = {
  bookingIds?: Resolver<Array<ResolversTypes['ID']>, ParentType, ContextType>;
  productIds?: Resolver<Array<ResolversTypes['ID']>, ParentType, ContextType>;
  userIds?: Resolver<Array<ResolversTypes['ID']>, ParentType, ContextType>;
};

export type AuditSubjectResolvers<
  ContextType = CallerContext,
  ParentType extends ResolversParentTypes['AuditSubject'] = ResolversParentTypes['AuditSubject'],
> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  label?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  streams?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
};

export type AuditTimelineResolvers<
  ContextType = CallerContext,
  ParentType extends ResolversParentTypes['AuditTimeline'] = ResolversParentTypes['AuditTimeline'],
> = {
  actors?: Resolver<Array<ResolversTypes['AuditActorChoice']>, ParentType, ContextType>;
  entries?: Resolver<Array<ResolversTypes['AuditEntry']>, ParentType, ContextType>;
  eventTypes?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  matches?: Resolver<Array<ResolversTypes['AuditSubject']>, ParentType, ContextType>;
  matching?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  nextCursor?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  subject?: Resolver<Maybe<ResolversTypes['AuditSubject']>, ParentType, ContextType>;
};

export type BookingResolvers<
  ContextType = CallerContext,
  ParentType extends ResolversParentTypes['Booking'] = ResolversParentTypes['Booking'],
> = {
  Brand?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  _id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  address?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  buyerName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  cancelReason?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  email?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  expiresAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  phone?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  productId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  productName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  sellerEmail?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  sellingPrice?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['BookingStatus'], ParentType, ContextType>;
};

export type CaseHolderResolvers<
  ContextType = CallerContext,
  ParentType extends ResolversParentTypes['CaseHolder'] = ResolversParentTypes['CaseHolder'],
> = {
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  uid?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
};

export type CategoryResolvers<
  ContextType = CallerContext,
  ParentType extends ResolversParentTypes['Category'] = ResolversParentTypes['Category'],
> = {
  _id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  image?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  title?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type ChangeResolvers<
  ContextType = CallerContext,
  ParentType extends ResolversParentTypes['Change'] = ResolversParentTypes['Change'],
> = {
  ids?: Resolver<Array<ResolversTypes['ID']>, ParentType, ContextType>;
  position?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  topic?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type ListedProductResolvers<
  ContextType = CallerContext,
  ParentType extends ResolversParentTypes['ListedProduct'] = ResolversParentTypes['ListedProduct'],
> = {
  __resolveType: TypeResolveFn<'Product' | 'ProductDetails', ParentType, ContextType>;
};

export type ListingThenAndNowResolvers<
  ContextType = CallerContext,
  ParentType extends ResolversParentTypes['ListingThenAndNow'] =
    ResolversParentTypes['ListingThenAndNow'],
> = {
  asOf?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  now?: Resolver<Maybe<ResolversTypes['ListingView']>, ParentType, ContextType>;
  position?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  productId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  then?: Resolver<Maybe<ResolversTypes['ListingView']>, ParentType, ContextType>;
};

export type ListingViewResolvers<
  ContextType = CallerContext,
  ParentType extends ResolversParentTypes['ListingView'] = ResolversParentTypes['ListingView'],
> = {
  Brand?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  about?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  condition?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  picture?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  productName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  reported?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  sellerName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  sellerUid?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  sellerVerified?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  sellingPrice?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type MeResolvers<
  ContextType = CallerContext,
  ParentType extends ResolversParentTypes['Me'] = ResolversParentTypes['Me'],
> = {
  email?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  isAdmin?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  isSeller?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  role?: Resolver<ResolversTypes['Role'], ParentType, ContextType>;
  uid?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
};

export type OpenReportResolvers<
  ContextType = CallerContext,
  ParentType extends ResolversParentTypes['OpenReport'] = ResolversParentTypes['OpenReport'],
> = {
  details?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  reason?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  reportedAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  reporterName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  reporterUid?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
};

export type OperationsStatusResolvers<
  ContextType = CallerContext,
  ParentType extends ResolversParentTypes['OperationsStatus'] =
    ResolversParentTypes['OperationsStatus'],
> = {
  checkedAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  head?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  lagEvents?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  lagMs?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  queue?: Resolver<Maybe<ResolversTypes['QueueDepth']>, ParentType, ContextType>;
  readModels?: Resolver<Array<ResolversTypes['ReadModelStatus']>, ParentType, ContextType>;
  replay?: Resolver<Maybe<ResolversTypes['ReplayRun']>, ParentType, ContextType>;
};

export type PricePointResolvers<
  ContextType = CallerContext,
  ParentType extends ResolversParentTypes['PricePoint'] = ResolversParentTypes['PricePoint'],
> = {
  at?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  price?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
};

export type ProductResolvers<
  ContextType = CallerContext,
  ParentType extends ResolversParentTypes['Product'] = ResolversParentTypes['Product'],
> = {
  Brand?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  _id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  about?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  address?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  advertised?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  available?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  booked?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  buyingPrice?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  condition?: Resolver<ResolversTypes['Condition'], ParentType, ContextType>;
  email?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  hidden?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  hiddenReason?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  phone?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  picture?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  postTime?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  productName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  reported?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  reviewRequested?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  sellerEmail?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  sellerName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  sellerVerified?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  sellingPrice?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['ProductStatus'], ParentType, ContextType>;
  year?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type ProductDetailsResolvers<
  ContextType = CallerContext,
  ParentType extends ResolversParentTypes['ProductDetails'] =
    ResolversParentTypes['ProductDetails'],
> = {
  Brand?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  _id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  about?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  address?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  advertised?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  available?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  booked?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  buyingPrice?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  condition?: Resolver<ResolversTypes['Condition'], ParentType, ContextType>;
  email?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  hidden?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  hiddenReason?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  phone?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  picture?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  postTime?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  priceHistory?: Resolver<Array<ResolversTypes['PricePoint']>, ParentType, ContextType>;
  productName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  reported?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  reviewRequested?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  seller?: Resolver<ResolversTypes['SellerSummary'], ParentType, ContextType>;
  sellerEmail?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  sellerName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  sellerVerified?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  sellingPrice?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['ProductStatus'], ParentType, ContextType>;
  year?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type ProductPageResolvers<
  ContextType = CallerContext,
  ParentType extends ResolversParentTypes['ProductPage'] = ResolversParentTypes['ProductPage'],
> = {
  items?: Resolver<Array<ResolversTypes['Product']>, ParentType, ContextType>;
  nextCursor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type QueryResolvers<
  ContextType = CallerContext,
  ParentType extends ResolversParentTypes['Query'] = ResolversParentTypes['Query'],
> = {
  advertisedProducts?: Resolver<Array<ResolversTypes['Product']>, ParentType, ContextType>;
  auditTimeline?: Resolver<
    ResolversTypes['AuditTimeline'],
    ParentType,
    ContextType,
    Partial<QueryAuditTimelineArgs>
  >;
  categories?: Resolver<Array<ResolversTypes['Category']>, ParentType, ContextType>;
  category?: Resolver<
    Maybe<ResolversTypes['Category']>,
    ParentType,
    ContextType,
    RequireFields<QueryCategoryArgs, 'id'>
  >;
  listingAsOf?: Resolver<
    ResolversTypes['ListingThenAndNow'],
    ParentType,
    ContextType,
    RequireFields<QueryListingAsOfArgs, 'position' | 'productId'>
  >;
  me?: Resolver<Maybe<ResolversTypes['Me']>, ParentType, ContextType>;
  myBookings?: Resolver<
    Array<ResolversTypes['Booking']>,
    ParentType,
    ContextType,
    Partial<QueryMyBookingsArgs>
  >;
  myProducts?: Resolver<
    Array<ResolversTypes['Product']>,
    ParentType,
    ContextType,
    Partial<QueryMyProductsArgs>
  >;
  operations?: Resolver<ResolversTypes['OperationsStatus'], ParentType, ContextType>;
  product?: Resolver<
    Maybe<ResolversTypes['ProductDetails']>,
    ParentType,
    ContextType,
    RequireFields<QueryProductArgs, 'id'>
  >;
  products?: Resolver<
    ResolversTypes['ProductPage'],
    ParentType,
    ContextType,
    RequireFields<QueryProductsArgs, 'brand'>
  >;
  reportedProducts?: Resolver<
    Array<ResolversTypes['ReportedProduct']>,
    ParentType,
    ContextType,
    Partial<QueryReportedProductsArgs>
  >;
  searchProducts?: Resolver<
    ResolversTypes['ProductPage'],
    ParentType,
    ContextType,
    RequireFields<QuerySearchProductsArgs, 'search'>
  >;
  sellerBookings?: Resolver<
    Array<ResolversTypes['Booking']>,
    ParentType,
    ContextType,
    Partial<QuerySellerBookingsArgs>
  >;
  sellers?: Resolver<
    Array<ResolversTypes['Seller']>,
    ParentType,
    ContextType,
    Partial<QuerySellersArgs>
  >;
  users?: Resolver<Array<ResolversTypes['User']>, ParentType, ContextType, Partial<QueryUsersArgs>>;
};

export type QueueDepthResolvers<
  ContextType = CallerContext,
  ParentType extends ResolversParentTypes['QueueDepth'] = ResolversParentTypes['QueueDepth'],
> = {
  active?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  delayed?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  failed?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  waiting?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type ReadModelStatusResolvers<
  ContextType = CallerContext,
  ParentType extends ResolversParentTypes['ReadModelStatus'] =
    ResolversParentTypes['ReadModelStatus'],
> = {
  lagEvents?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  position?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  rebuilds?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  rebuiltAt?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
};

export type ReplayRunResolvers<
  ContextType = CallerContext,
  ParentType extends ResolversParentTypes['ReplayRun'] = ResolversParentTypes['ReplayRun'],
> = {
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  events?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  head?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  names?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  position?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  startedAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  startedBy?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  state?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type ReportedProductResolvers<
  ContextType = CallerContext,
  ParentType extends ResolversParentTypes['ReportedProduct'] =
    ResolversParentTypes['ReportedProduct'],
> = {
  Brand?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  _id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  claimedBy?: Resolver<Maybe<ResolversTypes['CaseHolder']>, ParentType, ContextType>;
  hidden?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  hiddenReason?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  lastReportedAt?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  picture?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  productName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  reportCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  reported?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  reports?: Resolver<Array<ResolversTypes['OpenReport']>, ParentType, ContextType>;
  reviewNote?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  reviewRequested?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  sellerEmail?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  sellerName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  sellingPrice?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['ProductStatus'], ParentType, ContextType>;
};

export type SellerResolvers<
  ContextType = CallerContext,
  ParentType extends ResolversParentTypes['Seller'] = ResolversParentTypes['Seller'],
> = {
  _id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  email?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  sellerEmail?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  verified?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
};

export type SellerSummaryResolvers<
  ContextType = CallerContext,
  ParentType extends ResolversParentTypes['SellerSummary'] = ResolversParentTypes['SellerSummary'],
> = {
  completedSales?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  listings?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  memberSince?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  verified?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
};

export type SubscriptionResolvers<
  ContextType = CallerContext,
  ParentType extends ResolversParentTypes['Subscription'] = ResolversParentTypes['Subscription'],
> = {
  auditTimelineChanged?: SubscriptionResolver<
    ResolversTypes['Change'],
    'auditTimelineChanged',
    ParentType,
    ContextType,
    RequireFields<SubscriptionAuditTimelineChangedArgs, 'streams'>
  >;
  meChanged?: SubscriptionResolver<
    ResolversTypes['Change'],
    'meChanged',
    ParentType,
    ContextType,
    Partial<SubscriptionMeChangedArgs>
  >;
  myBookingsChanged?: SubscriptionResolver<
    ResolversTypes['Change'],
    'myBookingsChanged',
    ParentType,
    ContextType,
    Partial<SubscriptionMyBookingsChangedArgs>
  >;
  myProductsChanged?: SubscriptionResolver<
    ResolversTypes['Change'],
    'myProductsChanged',
    ParentType,
    ContextType,
    Partial<SubscriptionMyProductsChangedArgs>
  >;
  productChanged?: SubscriptionResolver<
    ResolversTypes['Change'],
    'productChanged',
    ParentType,
    ContextType,
    RequireFields<SubscriptionProductChangedArgs, 'id'>
  >;
  productSearchChanged?: SubscriptionResolver<
    ResolversTypes['Change'],
    'productSearchChanged',
    ParentType,
    ContextType,
    Partial<SubscriptionProductSearchChangedArgs>
  >;
  productsChanged?: SubscriptionResolver<
    ResolversTypes['Change'],
    'productsChanged',
    ParentType,
    ContextType,
    RequireFields<SubscriptionProductsChangedArgs, 'brand'>
  >;
  reportedProductsChanged?: SubscriptionResolver<
    ResolversTypes['Change'],
    'reportedProductsChanged',
    ParentType,
    ContextType,
    Partial<SubscriptionReportedProductsChangedArgs>
  >;
  sellerBookingsChanged?: SubscriptionResolver<
    ResolversTypes['Change'],
    'sellerBookingsChanged',
    ParentType,
    ContextType,
    Partial<SubscriptionSellerBookingsChangedArgs>
  >;
  sellersChanged?: SubscriptionResolver<
    ResolversTypes['Change'],
    'sellersChanged',
    ParentType,
    ContextType,
    Partial<SubscriptionSellersChangedArgs>
  >;
  usersChanged?: SubscriptionResolver<
    ResolversTypes['Change'],
    'usersChanged',
    ParentType,
    ContextType,
    Partial<SubscriptionUsersChangedArgs>
  >;
};

export type UserResolvers<
  ContextType = CallerContext,
  ParentType extends ResolversParentTypes['User'] = ResolversParentTypes['User'],
> = {
  _id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  email?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  role?: Resolver<ResolversTypes['Role'], ParentType, ContextType>;
};

export type Resolvers<ContextType = CallerContext> = {
  AuditActor?: AuditActorResolvers<ContextType>;
  AuditActorChoice?: AuditActorChoiceResolvers<ContextType>;
  AuditEntry?: AuditEntryResolvers<ContextType>;
  AuditLinks?: AuditLinksResolvers<ContextType>;
  AuditSubject?: AuditSubjectResolvers<ContextType>;
  AuditTimeline?: AuditTimelineResolvers<ContextType>;
  Booking?: BookingResolvers<ContextType>;
  CaseHolder?: CaseHolderResolvers<ContextType>;
  Category?: CategoryResolvers<ContextType>;
  Change?: ChangeResolvers<ContextType>;
  ListedProduct?: ListedProductResolvers<ContextType>;
  ListingThenAndNow?: ListingThenAndNowResolvers<ContextType>;
  ListingView?: ListingViewResolvers<ContextType>;
  Me?: MeResolvers<ContextType>;
  OpenReport?: OpenReportResolvers<ContextType>;
  OperationsStatus?: OperationsStatusResolvers<ContextType>;
  PricePoint?: PricePointResolvers<ContextType>;
  Product?: ProductResolvers<ContextType>;
  ProductDetails?: ProductDetailsResolvers<ContextType>;
  ProductPage?: ProductPageResolvers<ContextType>;
  Query?: QueryResolvers<ContextType>;
  QueueDepth?: QueueDepthResolvers<ContextType>;
  ReadModelStatus?: ReadModelStatusResolvers<ContextType>;
  ReplayRun?: ReplayRunResolvers<ContextType>;
  ReportedProduct?: ReportedProductResolvers<ContextType>;
  Seller?: SellerResolvers<ContextType>;
  SellerSummary?: SellerSummaryResolvers<ContextType>;
  Subscription?: SubscriptionResolvers<ContextType>;
  User?: UserResolvers<ContextType>;
};
