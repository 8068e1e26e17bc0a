import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
export type Maybe<T> = T | null;
export type InputMaybe<T> = T | null | undefined;
export type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
export type MakeOptional<T, K extends keyof T> = Omit<T, K> & { [SubKey in K]?: Maybe<T[SubKey]> };
export type MakeMaybe<T, K extends keyof T> = Omit<T, K> & { [SubKey in K]: Maybe<T[SubKey]> };
export type MakeEmpty<T extends { [key: string]: unknown }, K extends keyof T> = {
  [_ in K]?: never;
};
export type Incremental<T> =
  T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
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

export type UsersQueryVariables = Exact<{
  minPosition?: InputMaybe<Scalars['Float']['input']>;
}>;

export type UsersQuery = {
  __typename?: 'Query';
  users: Array<{ __typename?: 'User'; _id: string; name: string; email: string; role: Role }>;
};

export type UsersChangedSubscriptionVariables = Exact<{
  after?: InputMaybe<Scalars['Float']['input']>;
}>;

export type UsersChangedSubscription = {
  __typename?: 'Subscription';
  usersChanged: { __typename?: 'Change'; topic: string; position: number; ids: Array<string> };
};

export type SellersQueryVariables = Exact<{
  minPosition?: InputMaybe<Scalars['Float']['input']>;
}>;

export type SellersQuery = {
  __typename?: 'Query';
  sellers: Array<{
    __typename?: 'Seller';
    _id: string;
    name: string;
    email: string;
    sellerEmail: string;
    verified: boolean;
  }>;
};

export type SellersChangedSubscriptionVariables = Exact<{
  after?: InputMaybe<Scalars['Float']['input']>;
}>;

export type SellersChangedSubscription = {
  __typename?: 'Subscription';
  sellersChanged: { __typename?: 'Change'; topic: string; position: number; ids: Array<string> };
};

export type ReportedProductsQueryVariables = Exact<{
  minPosition?: InputMaybe<Scalars['Float']['input']>;
}>;

export type ReportedProductsQuery = {
  __typename?: 'Query';
  reportedProducts: Array<{
    __typename?: 'ReportedProduct';
    _id: string;
    productName: string;
    picture: string;
    Brand: string;
    sellerName: string;
    sellerEmail: string;
    sellingPrice: number;
    hidden: boolean;
    hiddenReason?: string | null;
    reviewRequested: boolean;
    reviewNote?: string | null;
    reportCount: number;
    lastReportedAt?: string | null;
    reports: Array<{
      __typename?: 'OpenReport';
      reporterUid: string;
      reporterName: string;
      reason: string;
      details?: string | null;
      reportedAt: string;
    }>;
    claimedBy?: { __typename?: 'CaseHolder'; uid: string; name: string } | null;
  }>;
};

export type ModeratorQueryVariables = Exact<{ [key: string]: never }>;

export type ModeratorQuery = {
  __typename?: 'Query';
  me?: { __typename?: 'Me'; uid: string } | null;
};

export type ReportedProductsChangedSubscriptionVariables = Exact<{
  after?: InputMaybe<Scalars['Float']['input']>;
}>;

export type ReportedProductsChangedSubscription = {
  __typename?: 'Subscription';
  reportedProductsChanged: {
    __typename?: 'Change';
    topic: string;
    position: number;
    ids: Array<string>;
  };
};

export type AuditTimelineQueryVariables = Exact<{
  stream?: InputMaybe<Scalars['String']['input']>;
  email?: InputMaybe<Scalars['String']['input']>;
  q?: InputMaybe<Scalars['String']['input']>;
  types?: InputMaybe<Array<Scalars['String']['input']> | Scalars['String']['input']>;
  actor?: InputMaybe<Scalars['String']['input']>;
  after?: InputMaybe<Scalars['Float']['input']>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  minPosition?: InputMaybe<Scalars['Float']['input']>;
}>;

export type AuditTimelineQuery = {
  __typename?: 'Query';
  auditTimeline: {
    __typename?: 'AuditTimeline';
    nextCursor?: number | null;
    matching: number;
    eventTypes: Array<string>;
    subject?: {
      __typename?: 'AuditSubject';
      kind: string;
      id: string;
      label: string;
      streams: Array<string>;
    } | null;
    matches: Array<{
      __typename?: 'AuditSubject';
      kind: string;
      id: string;
      label: string;
      streams: Array<string>;
    }>;
    entries: Array<{
      __typename?: 'AuditEntry';
      position: number;
      streamId: string;
      recordedAt: string;
      type: string;
      description: string;
      correlationId: string;
      actor: {
        __typename?: 'AuditActor';
        uid: string;
        email: string;
        name?: string | null;
        role?: string | null;
      };
      links: {
        __typename?: 'AuditLinks';
        productIds: Array<string>;
        userIds: Array<string>;
        bookingIds: Array<string>;
      };
    }>;
    actors: Array<{ __typename?: 'AuditActorChoice'; uid: string; email: string }>;
  };
};

export type AuditTimelineChangedSubscriptionVariables = Exact<{
  streams: Array<Scalars['String']['input']> | Scalars['String']['input'];
  after?: InputMaybe<Scalars['Float']['input']>;
}>;

export type AuditTimelineChangedSubscription = {
  __typename?: 'Subscription';
  auditTimelineChanged: {
    __typename?: 'Change';
    topic: string;
    position: number;
    ids: Array<string>;
  };
};

export type ListingViewFieldsFragment = {
  __typename?: 'ListingView';
  productName: string;
  picture: string;
  sellingPrice: number;
  condition: string;
  about: string;
  status: string;
  reported: boolean;
  sellerName: string;
  sellerVerified: boolean;
};

export type ListingAsOfQueryVariables = Exact<{
  productId: Scalars['ID']['input'];
  position: Scalars['Float']['input'];
}>;

export type ListingAsOfQuery = {
  __typename?: 'Query';
  listingAsOf: {
    __typename?: 'ListingThenAndNow';
    productId: string;
    position: number;
    asOf?: string | null;
    then?: {
      __typename?: 'ListingView';
      productName: string;
      picture: string;
      sellingPrice: number;
      condition: string;
      about: string;
      status: string;
      reported: boolean;
      sellerName: string;
      sellerVerified: boolean;
    } | null;
    now?: {
      __typename?: 'ListingView';
      productName: string;
      picture: string;
      sellingPrice: number;
      condition: string;
      about: string;
      status: string;
      reported: boolean;
      sellerName: string;
      sellerVerified: boolean;
    } | null;
  };
};

export type MeQueryVariables = Exact<{ [key: string]: never }>;

export type MeQuery = {
  __typename?: 'Query';
  me?: {
    __typename?: 'Me';
    uid: string;
    email: string;
    name: string;
    role: Role;
    isAdmin: boolean;
    isSeller: boolean;
  } | null;
};

export type MeChangedSubscriptionVariables = Exact<{
  after?: InputMaybe<Scalars['Float']['input']>;
}>;

export type MeChangedSubscription = {
  __typename?: 'Subscription';
  meChanged: { __typename?: 'Change'; topic: string; position: number; ids: Array<string> };
};

export type CategoriesQueryVariables = Exact<{ [key: string]: never }>;

export type CategoriesQuery = {
  __typename?: 'Query';
  categories: Array<{ __typename?: 'Category'; _id: string; title: string; image: string }>;
};

export type CategoryQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;

export type CategoryQuery = {
  __typename?: 'Query';
  category?: { __typename?: 'Category'; _id: string; title: string; image: string } | null;
};

export type OperationsQueryVariables = Exact<{ [key: string]: never }>;

export type OperationsQuery = {
  __typename?: 'Query';
  operations: {
    __typename?: 'OperationsStatus';
    checkedAt: string;
    head: number;
    lagEvents: number;
    lagMs: number;
    readModels: Array<{
      __typename?: 'ReadModelStatus';
      name: string;
      position: number;
      lagEvents: number;
      rebuilds: number;
      rebuiltAt?: number | null;
    }>;
    replay?: {
      __typename?: 'ReplayRun';
      id: string;
      names: Array<string>;
      startedBy: string;
      startedAt: string;
      updatedAt: string;
      state: string;
      position: number;
      head: number;
      events: number;
      error?: string | null;
    } | null;
    queue?: {
      __typename?: 'QueueDepth';
      waiting: number;
      active: number;
      delayed: number;
      failed: number;
    } | null;
  };
};

export type MyBookingsQueryVariables = Exact<{
  minPosition?: InputMaybe<Scalars['Float']['input']>;
}>;

export type MyBookingsQuery = {
  __typename?: 'Query';
  myBookings: Array<{
    __typename?: 'Booking';
    _id: string;
    Brand: string;
    buyerName: string;
    email: string;
    phone: string;
    address: string;
    sellingPrice: number;
    productId: string;
    productName: string;
    status: BookingStatus;
    expiresAt: string;
    cancelReason?: string | null;
  }>;
};

export type MyBookingsChangedSubscriptionVariables = Exact<{
  after?: InputMaybe<Scalars['Float']['input']>;
}>;

export type MyBookingsChangedSubscription = {
  __typename?: 'Subscription';
  myBookingsChanged: { __typename?: 'Change'; topic: string; position: number; ids: Array<string> };
};

export type ListingQueryVariables = Exact<{
  id: Scalars['ID']['input'];
  minPosition?: InputMaybe<Scalars['Float']['input']>;
}>;

export type ListingQuery = {
  __typename?: 'Query';
  product?: {
    __typename?: 'ProductDetails';
    _id: string;
    productName: string;
    picture: string;
    address: string;
    year: number;
    buyingPrice: number;
    sellingPrice: number;
    sellerName: string;
    condition: Condition;
    phone: string;
    about: string;
    postTime: string;
    Brand: string;
    email: string;
    sellerEmail: string;
    status: ProductStatus;
    reported: boolean;
    advertised: boolean;
    sellerVerified: boolean;
    priceHistory: Array<{ __typename?: 'PricePoint'; price: number; at: string }>;
    seller: {
      __typename?: 'SellerSummary';
      name: string;
      verified: boolean;
      memberSince?: string | null;
      listings: number;
      completedSales: number;
    };
  } | null;
};

export type ListingChangedSubscriptionVariables = Exact<{
  id: Scalars['ID']['input'];
  after?: InputMaybe<Scalars['Float']['input']>;
}>;

export type ListingChangedSubscription = {
  __typename?: 'Subscription';
  productChanged: { __typename?: 'Change'; topic: string; position: number; ids: Array<string> };
};

type ProductFields_Product_Fragment = {
  __typename?: 'Product';
  _id: string;
  productName: string;
  picture: string;
  address: string;
  year: number;
  buyingPrice: number;
  sellingPrice: number;
  sellerName: string;
  condition: Condition;
  phone: string;
  about: string;
  postTime: string;
  Brand: string;
  email: string;
  sellerEmail: string;
  status: ProductStatus;
  reported: boolean;
  advertised: boolean;
  sellerVerified: boolean;
};

type ProductFields_ProductDetails_Fragment = {
  __typename?: 'ProductDetails';
  _id: string;
  productName: string;
  picture: string;
  address: string;
  year: number;
  buyingPrice: number;
  sellingPrice: number;
  sellerName: string;
  condition: Condition;
  phone: string;
  about: string;
  postTime: string;
  Brand: string;
  email: string;
  sellerEmail: string;
  status: ProductStatus;
  reported: boolean;
  advertised: boolean;
  sellerVerified: boolean;
};

export type ProductFieldsFragment =
  ProductFields_Product_Fragment | ProductFields_ProductDetails_Fragment;

export type ProductsQueryVariables = Exact<{
  brand: Scalars['String']['input'];
  limit?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
  minPosition?: InputMaybe<Scalars['Float']['input']>;
}>;

export type ProductsQuery = {
  __typename?: 'Query';
  products: {
    __typename?: 'ProductPage';
    nextCursor?: string | null;
    items: Array<{
      __typename?: 'Product';
      _id: string;
      productName: string;
      picture: string;
      address: string;
      year: number;
      buyingPrice: number;
      sellingPrice: number;
      sellerName: string;
      condition: Condition;
      phone: string;
      about: string;
      postTime: string;
      Brand: string;
      email: string;
      sellerEmail: string;
      status: ProductStatus;
      reported: boolean;
      advertised: boolean;
      sellerVerified: boolean;
    }>;
  };
};

export type ProductsChangedSubscriptionVariables = Exact<{
  brand: Scalars['String']['input'];
  after?: InputMaybe<Scalars['Float']['input']>;
}>;

export type ProductsChangedSubscription = {
  __typename?: 'Subscription';
  productsChanged: { __typename?: 'Change'; topic: string; position: number; ids: Array<string> };
};

export type AdvertisedProductsQueryVariables = Exact<{ [key: string]: never }>;

export type AdvertisedProductsQuery = {
  __typename?: 'Query';
  advertisedProducts: Array<{
    __typename?: 'Product';
    _id: string;
    productName: string;
    picture: string;
    address: string;
    year: number;
    buyingPrice: number;
    sellingPrice: number;
    sellerName: string;
    condition: Condition;
    phone: string;
    about: string;
    postTime: string;
    Brand: string;
    email: string;
    sellerEmail: string;
    status: ProductStatus;
    reported: boolean;
    advertised: boolean;
    sellerVerified: boolean;
  }>;
};

export type SearchProductsQueryVariables = Exact<{
  search: ProductSearch;
  limit?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
  minPosition?: InputMaybe<Scalars['Float']['input']>;
}>;

export type SearchProductsQuery = {
  __typename?: 'Query';
  searchProducts: {
    __typename?: 'ProductPage';
    nextCursor?: string | null;
    items: Array<{
      __typename?: 'Product';
      _id: string;
      productName: string;
      picture: string;
      address: string;
      year: number;
      buyingPrice: number;
      sellingPrice: number;
      sellerName: string;
      condition: Condition;
      phone: string;
      about: string;
      postTime: string;
      Brand: string;
      email: string;
      sellerEmail: string;
      status: ProductStatus;
      reported: boolean;
      advertised: boolean;
      sellerVerified: boolean;
    }>;
  };
};

export type ProductSearchChangedSubscriptionVariables = Exact<{
  brand?: InputMaybe<Scalars['String']['input']>;
  after?: InputMaybe<Scalars['Float']['input']>;
}>;

export type ProductSearchChangedSubscription = {
  __typename?: 'Subscription';
  productSearchChanged: {
    __typename?: 'Change';
    topic: string;
    position: number;
    ids: Array<string>;
  };
};

export type SellerBookingsQueryVariables = Exact<{
  minPosition?: InputMaybe<Scalars['Float']['input']>;
}>;

export type SellerBookingsQuery = {
  __typename?: 'Query';
  sellerBookings: Array<{
    __typename?: 'Booking';
    _id: string;
    productId: string;
    productName: string;
    Brand: string;
    sellingPrice: number;
    buyerName: string;
    email: string;
    phone: string;
    address: string;
    status: BookingStatus;
    expiresAt: string;
    cancelReason?: string | null;
  }>;
};

export type SellerBookingsChangedSubscriptionVariables = Exact<{
  after?: InputMaybe<Scalars['Float']['input']>;
}>;

export type SellerBookingsChangedSubscription = {
  __typename?: 'Subscription';
  sellerBookingsChanged: {
    __typename?: 'Change';
    topic: string;
    position: number;
    ids: Array<string>;
  };
};

export type MyProductsQueryVariables = Exact<{
  minPosition?: InputMaybe<Scalars['Float']['input']>;
}>;

export type MyProductsQuery = {
  __typename?: 'Query';
  myProducts: Array<{
    __typename?: 'Product';
    _id: string;
    productName: string;
    picture: string;
    Brand: string;
    sellingPrice: number;
    condition: Condition;
    about: string;
    status: ProductStatus;
    booked: boolean;
    advertised: boolean;
    available: boolean;
    reported: boolean;
    hidden: boolean;
    hiddenReason?: string | null;
    reviewRequested: boolean;
  }>;
};

export type MyProductsChangedSubscriptionVariables = Exact<{
  after?: InputMaybe<Scalars['Float']['input']>;
}>;

export type MyProductsChangedSubscription = {
  __typename?: 'Subscription';
  myProductsChanged: { __typename?: 'Change'; topic: string; position: number; ids: Array<string> };
};

export const ListingViewFieldsFragmentDoc = {
  kind: 'Document',
  definitions: [
    {
      kind: 'FragmentDefinition',
      name: { kind: 'Name', value: 'ListingViewFields' },
      typeCondition: { kind: 'NamedType', name: { kind: 'Name', value: 'ListingView' } },
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          { kind: 'Field', name: { kind: 'Name', value: 'productName' } },
          { kind: 'Field', name: { kind: 'Name', value: 'picture' } },
          { kind: 'Field', name: { kind: 'Name', value: 'sellingPrice' } },
          { kind: 'Field', name: { kind: 'Name', value: 'condition' } },
          { kind: 'Field', name: { kind: 'Name', value: 'about' } },
          { kind: 'Field', name: { kind: 'Name', value: 'status' } },
          { kind: 'Field', name: { kind: 'Name', value: 'reported' } },
          { kind: 'Field', name: { kind: 'Name', value: 'sellerName' } },
          { kind: 'Field', name: { kind: 'Name', value: 'sellerVerified' } },
        ],
      },
    },
  ],
} as unknown as DocumentNode<ListingViewFieldsFragment, unknown>;
export const ProductFieldsFragmentDoc = {
  kind: 'Document',
  definitions: [
    {
      kind: 'FragmentDefinition',
      name: { kind: 'Name', value: 'ProductFields' },
      typeCondition: { kind: 'NamedType', name: { kind: 'Name', value: 'ListedProduct' } },
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          { kind: 'Field', name: { kind: 'Name', value: '_id' } },
          { kind: 'Field', name: { kind: 'Name', value: 'productName' } },
          { kind: 'Field', name: { kind: 'Name', value: 'picture' } },
          { kind: 'Field', name: { kind: 'Name', value: 'address' } },
          { kind: 'Field', name: { kind: 'Name', value: 'year' } },
          { kind: 'Field', name: { kind: 'Name', value: 'buyingPrice' } },
          { kind: 'Field', name: { kind: 'Name', value: 'sellingPrice' } },
          { kind: 'Field', name: { kind: 'Name', value: 'sellerName' } },
          { kind: 'Field', name: { kind: 'Name', value: 'condition' } },
          { kind: 'Field', name: { kind: 'Name', value: 'phone' } },
          { kind: 'Field', name: { kind: 'Name', value: 'about' } },
          { kind: 'Field', name: { kind: 'Name', value: 'postTime' } },
          { kind: 'Field', name: { kind: 'Name', value: 'Brand' } },
          { kind: 'Field', name: { kind: 'Name', value: 'email' } },
          { kind: 'Field', name: { kind: 'Name', value: 'sellerEmail' } },
          { kind: 'Field', name: { kind: 'Name', value: 'status' } },
          { kind: 'Field', name: { kind: 'Name', value: 'reported' } },
          { kind: 'Field', name: { kind: 'Name', value: 'advertised' } },
          { kind: 'Field', name: { kind: 'Name', value: 'sellerVerified' } },
        ],
      },
    },
  ],
} as unknown as DocumentNode<ProductFieldsFragment, unknown>;
export const UsersDocument = {
  kind: 'Document',
  definitions: [
    {
      kind: 'OperationDefinition',
      operation: 'query',
      name: { kind: 'Name', value: 'Users' },
      variableDefinitions: [
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'minPosition' } },
          type: { kind: 'NamedType', name: { kind: 'Name', value: 'Float' } },
        },
      ],
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'users' },
            arguments: [
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'minPosition' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'minPosition' } },
              },
            ],
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'Field', name: { kind: 'Name', value: '_id' } },
                { kind: 'Field', name: { kind: 'Name', value: 'name' } },
                { kind: 'Field', name: { kind: 'Name', value: 'email' } },
                { kind: 'Field', name: { kind: 'Name', value: 'role' } },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<UsersQuery, UsersQueryVariables>;
export const UsersChangedDocument = {
  kind: 'Document',
  definitions: [
    {
      kind: 'OperationDefinition',
      operation: 'subscription',
      name: { kind: 'Name', value: 'UsersChanged' },
      variableDefinitions: [
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'after' } },
          type: { kind: 'NamedType', name: { kind: 'Name', value: 'Float' } },
        },
      ],
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'usersChanged' },
            arguments: [
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'after' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'after' } },
              },
            ],
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'Field', name: { kind: 'Name', value: 'topic' } },
                { kind: 'Field', name: { kind: 'Name', value: 'position' } },
                { kind: 'Field', name: { kind: 'Name', value: 'ids' } },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<UsersChangedSubscription, UsersChangedSubscriptionVariables>;
export const SellersDocument = {
  kind: 'Document',
  definitions: [
    {
      kind: 'OperationDefinition',
      operation: 'query',
      name: { kind: 'Name', value: 'Sellers' },
      variableDefinitions: [
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'minPosition' } },
          type: { kind: 'NamedType', name: { kind: 'Name', value: 'Float' } },
        },
      ],
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'sellers' },
            arguments: [
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'minPosition' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'minPosition' } },
              },
            ],
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'Field', name: { kind: 'Name', value: '_id' } },
                { kind: 'Field', name: { kind: 'Name', value: 'name' } },
                { kind: 'Field', name: { kind: 'Name', value: 'email' } },
                { kind: 'Field', name: { kind: 'Name', value: 'sellerEmail' } },
                { kind: 'Field', name: { kind: 'Name', value: 'verified' } },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<SellersQuery, SellersQueryVariables>;
export const SellersChangedDocument = {
  kind: 'Document',
  definitions: [
    {
      kind: 'OperationDefinition',
      operation: 'subscription',
      name: { kind: 'Name', value: 'SellersChanged' },
      variableDefinitions: [
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'after' } },
          type: { kind: 'NamedType', name: { kind: 'Name', value: 'Float' } },
        },
      ],
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'sellersChanged' },
            arguments: [
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'after' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'after' } },
              },
            ],
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'Field', name: { kind: 'Name', value: 'topic' } },
                { kind: 'Field', name: { kind: 'Name', value: 'position' } },
                { kind: 'Field', name: { kind: 'Name', value: 'ids' } },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<SellersChangedSubscription, SellersChangedSubscriptionVariables>;
export const ReportedProductsDocument = {
  kind: 'Document',
  definitions: [
    {
      kind: 'OperationDefinition',
      operation: 'query',
      name: { kind: 'Name', value: 'ReportedProducts' },
      variableDefinitions: [
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'minPosition' } },
          type: { kind: 'NamedType', name: { kind: 'Name', value: 'Float' } },
        },
      ],
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'reportedProducts' },
            arguments: [
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'minPosition' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'minPosition' } },
              },
            ],
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'Field', name: { kind: 'Name', value: '_id' } },
                { kind: 'Field', name: { kind: 'Name', value: 'productName' } },
                { kind: 'Field', name: { kind: 'Name', value: 'picture' } },
                { kind: 'Field', name: { kind: 'Name', value: 'Brand' } },
                { kind: 'Field', name: { kind: 'Name', value: 'sellerName' } },
                { kind: 'Field', name: { kind: 'Name', value: 'sellerEmail' } },
                { kind: 'Field', name: { kind: 'Name', value: 'sellingPrice' } },
                { kind: 'Field', name: { kind: 'Name', value: 'hidden' } },
                { kind: 'Field', name: { kind: 'Name', value: 'hiddenReason' } },
                { kind: 'Field', name: { kind: 'Name', value: 'reviewRequested' } },
                { kind: 'Field', name: { kind: 'Name', value: 'reviewNote' } },
                { kind: 'Field', name: { kind: 'Name', value: 'reportCount' } },
                { kind: 'Field', name: { kind: 'Name', value: 'lastReportedAt' } },
                {
                  kind: 'Field',
                  name: { kind: 'Name', value: 'reports' },
                  selectionSet: {
                    kind: 'SelectionSet',
                    selections: [
                      { kind: 'Field', name: { kind: 'Name', value: 'reporterUid' } },
                      { kind: 'Field', name: { kind: 'Name', value: 'reporterName' } },
                      { kind: 'Field', name: { kind: 'Name', value: 'reason' } },
                      { kind: 'Field', name: { kind: 'Name', value: 'details' } },
                      { kind: 'Field', name: { kind: 'Name', value: 'reportedAt' } },
                    ],
                  },
                },
                {
                  kind: 'Field',
                  name: { kind: 'Name', value: 'claimedBy' },
                  selectionSet: {
                    kind: 'SelectionSet',
                    selections: [
                      { kind: 'Field', name: { kind: 'Name', value: 'uid' } },
                      { kind: 'Field', name: { kind: 'Name', value: 'name' } },
                    ],
                  },
                },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<ReportedProductsQuery, ReportedProductsQueryVariables>;
export const ModeratorDocument = {
  kind: 'Document',
  definitions: [
    {
      kind: 'OperationDefinition',
      operation: 'query',
      name: { kind: 'Name', value: 'Moderator' },
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'me' },
            selectionSet: {
              kind: 'SelectionSet',
              selections: [{ kind: 'Field', name: { kind: 'Name', value: 'uid' } }],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<ModeratorQuery, ModeratorQueryVariables>;
export const ReportedProductsChangedDocument = {
  kind: 'Document',
  definitions: [
    {
      kind: 'OperationDefinition',
      operation: 'subscription',
      name: { kind: 'Name', value: 'ReportedProductsChanged' },
      variableDefinitions: [
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'after' } },
          type: { kind: 'NamedType', name: { kind: 'Name', value: 'Float' } },
        },
      ],
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'reportedProductsChanged' },
            arguments: [
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'after' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'after' } },
              },
            ],
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'Field', name: { kind: 'Name', value: 'topic' } },
                { kind: 'Field', name: { kind: 'Name', value: 'position' } },
                { kind: 'Field', name: { kind: 'Name', value: 'ids' } },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<
  ReportedProductsChangedSubscription,
  ReportedProductsChangedSubscriptionVariables
>;
export const AuditTimelineDocument = {
  kind: 'Document',
  definitions: [
    {
      kind: 'OperationDefinition',
      operation: 'query',
      name: { kind: 'Name', value: 'AuditTimeline' },
      variableDefinitions: [
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'stream' } },
          type: { kind: 'NamedType', name: { kind: 'Name', value: 'String' } },
        },
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'email' } },
          type: { kind: 'NamedType', name: { kind: 'Name', value: 'String' } },
        },
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'q' } },
          type: { kind: 'NamedType', name: { kind: 'Name', value: 'String' } },
        },
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'types' } },
          type: {
            kind: 'ListType',
            type: {
              kind: 'NonNullType',
              type: { kind: 'NamedType', name: { kind: 'Name', value: 'String' } },
            },
          },
        },
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'actor' } },
          type: { kind: 'NamedType', name: { kind: 'Name', value: 'String' } },
        },
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'after' } },
          type: { kind: 'NamedType', name: { kind: 'Name', value: 'Float' } },
        },
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'limit' } },
          type: { kind: 'NamedType', name: { kind: 'Name', value: 'Int' } },
        },
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'minPosition' } },
          type: { kind: 'NamedType', name: { kind: 'Name', value: 'Float' } },
        },
      ],
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'auditTimeline' },
            arguments: [
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'stream' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'stream' } },
              },
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'email' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'email' } },
              },
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'q' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'q' } },
              },
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'types' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'types' } },
              },
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'actor' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'actor' } },
              },
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'after' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'after' } },
              },
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'limit' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'limit' } },
              },
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'minPosition' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'minPosition' } },
              },
            ],
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                {
                  kind: 'Field',
                  name: { kind: 'Name', value: 'subject' },
                  selectionSet: {
                    kind: 'SelectionSet',
                    selections: [
                      { kind: 'Field', name: { kind: 'Name', value: 'kind' } },
                      { kind: 'Field', name: { kind: 'Name', value: 'id' } },
                      { kind: 'Field', name: { kind: 'Name', value: 'label' } },
                      { kind: 'Field', name: { kind: 'Name', value: 'streams' } },
                    ],
                  },
                },
                {
                  kind: 'Field',
                  name: { kind: 'Name', value: 'matches' },
                  selectionSet: {
                    kind: 'SelectionSet',
                    selections: [
                      { kind: 'Field', name: { kind: 'Name', value: 'kind' } },
                      { kind: 'Field', name: { kind: 'Name', value: 'id' } },
                      { kind: 'Field', name: { kind: 'Name', value: 'label' } },
                      { kind: 'Field', name: { kind: 'Name', value: 'streams' } },
                    ],
                  },
                },
                {
                  kind: 'Field',
                  name: { kind: 'Name', value: 'entries' },
                  selectionSet: {
                    kind: 'SelectionSet',
                    selections: [
                      { kind: 'Field', name: { kind: 'Name', value: 'position' } },
                      { kind: 'Field', name: { kind: 'Name', value: 'streamId' } },
                      { kind: 'Field', name: { kind: 'Name', value: 'recordedAt' } },
                      { kind: 'Field', name: { kind: 'Name', value: 'type' } },
                      { kind: 'Field', name: { kind: 'Name', value: 'description' } },
                      {
                        kind: 'Field',
                        name: { kind: 'Name', value: 'actor' },
                        selectionSet: {
                          kind: 'SelectionSet',
                          selections: [
                            { kind: 'Field', name: { kind: 'Name', value: 'uid' } },
                            { kind: 'Field', name: { kind: 'Name', value: 'email' } },
                            { kind: 'Field', name: { kind: 'Name', value: 'name' } },
                            { kind: 'Field', name: { kind: 'Name', value: 'role' } },
                          ],
                        },
                      },
                      { kind: 'Field', name: { kind: 'Name', value: 'correlationId' } },
                      {
                        kind: 'Field',
                        name: { kind: 'Name', value: 'links' },
                        selectionSet: {
                          kind: 'SelectionSet',
                          selections: [
                            { kind: 'Field', name: { kind: 'Name', value: 'productIds' } },
                            { kind: 'Field', name: { kind: 'Name', value: 'userIds' } },
                            { kind: 'Field', name: { kind: 'Name', value: 'bookingIds' } },
                          ],
                        },
                      },
                    ],
                  },
                },
                { kind: 'Field', name: { kind: 'Name', value: 'nextCursor' } },
                { kind: 'Field', name: { kind: 'Name', value: 'matching' } },
                { kind: 'Field', name: { kind: 'Name', value: 'eventTypes' } },
                {
                  kind: 'Field',
                  name: { kind: 'Name', value: 'actors' },
                  selectionSet: {
                    kind: 'SelectionSet',
                    selections: [
                      { kind: 'Field', name: { kind: 'Name', value: 'uid' } },
                      { kind: 'Field', name: { kind: 'Name', value: 'email' } },
                    ],
                  },
                },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<AuditTimelineQuery, AuditTimelineQueryVariables>;
export const AuditTimelineChangedDocument = {
  kind: 'Document',
  definitions: [
    {
      kind: 'OperationDefinition',
      operation: 'subscription',
      name: { kind: 'Name', value: 'AuditTimelineChanged' },
      variableDefinitions: [
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'streams' } },
          type: {
            kind: 'NonNullType',
            type: {
              kind: 'ListType',
              type: {
                kind: 'NonNullType',
                type: { kind: 'NamedType', name: { kind: 'Name', value: 'String' } },
              },
            },
          },
        },
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'after' } },
          type: { kind: 'NamedType', name: { kind: 'Name', value: 'Float' } },
        },
      ],
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'auditTimelineChanged' },
            arguments: [
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'streams' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'streams' } },
              },
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'after' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'after' } },
              },
            ],
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'Field', name: { kind: 'Name', value: 'topic' } },
                { kind: 'Field', name: { kind: 'Name', value: 'position' } },
                { kind: 'Field', name: { kind: 'Name', value: 'ids' } },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<
  AuditTimelineChangedSubscription,
  AuditTimelineChangedSubscriptionVariables
>;
export const ListingAsOfDocument = {
  kind: 'Document',
  definitions: [
    {
      kind: 'OperationDefinition',
      operation: 'query',
      name: { kind: 'Name', value: 'ListingAsOf' },
      variableDefinitions: [
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'productId' } },
          type: {
            kind: 'NonNullType',
            type: { kind: 'NamedType', name: { kind: 'Name', value: 'ID' } },
          },
        },
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'position' } },
          type: {
            kind: 'NonNullType',
            type: { kind: 'NamedType', name: { kind: 'Name', value: 'Float' } },
          },
        },
      ],
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'listingAsOf' },
            arguments: [
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'productId' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'productId' } },
              },
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'position' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'position' } },
              },
            ],
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'Field', name: { kind: 'Name', value: 'productId' } },
                { kind: 'Field', name: { kind: 'Name', value: 'position' } },
                { kind: 'Field', name: { kind: 'Name', value: 'asOf' } },
                {
                  kind: 'Field',
                  name: { kind: 'Name', value: 'then' },
                  selectionSet: {
                    kind: 'SelectionSet',
                    selections: [
                      {
                        kind: 'FragmentSpread',
                        name: { kind: 'Name', value: 'ListingViewFields' },
                      },
                    ],
                  },
                },
                {
                  kind: 'Field',
                  name: { kind: 'Name', value: 'now' },
                  selectionSet: {
                    kind: 'SelectionSet',
                    selections: [
                      {
                        kind: 'FragmentSpread',
                        name: { kind: 'Name', value: 'ListingViewFields' },
                      },
                    ],
                  },
                },
              ],
            },
          },
        ],
      },
    },
    {
      kind: 'FragmentDefinition',
      name: { kind: 'Name', value: 'ListingViewFields' },
      typeCondition: { kind: 'NamedType', name: { kind: 'Name', value: 'ListingView' } },
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          { kind: 'Field', name: { kind: 'Name', value: 'productName' } },
          { kind: 'Field', name: { kind: 'Name', value: 'picture' } },
          { kind: 'Field', name: { kind: 'Name', value: 'sellingPrice' } },
          { kind: 'Field', name: { kind: 'Name', value: 'condition' } },
          { kind: 'Field', name: { kind: 'Name', value: 'about' } },
          { kind: 'Field', name: { kind: 'Name', value: 'status' } },
          { kind: 'Field', name: { kind: 'Name', value: 'reported' } },
          { kind: 'Field', name: { kind: 'Name', value: 'sellerName' } },
          { kind: 'Field', name: { kind: 'Name', value: 'sellerVerified' } },
        ],
      },
    },
  ],
} as unknown as DocumentNode<ListingAsOfQuery, ListingAsOfQueryVariables>;
export const MeDocument = {
  kind: 'Document',
  definitions: [
    {
      kind: 'OperationDefinition',
      operation: 'query',
      name: { kind: 'Name', value: 'Me' },
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'me' },
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'Field', name: { kind: 'Name', value: 'uid' } },
                { kind: 'Field', name: { kind: 'Name', value: 'email' } },
                { kind: 'Field', name: { kind: 'Name', value: 'name' } },
                { kind: 'Field', name: { kind: 'Name', value: 'role' } },
                { kind: 'Field', name: { kind: 'Name', value: 'isAdmin' } },
                { kind: 'Field', name: { kind: 'Name', value: 'isSeller' } },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<MeQuery, MeQueryVariables>;
export const MeChangedDocument = {
  kind: 'Document',
  definitions: [
    {
      kind: 'OperationDefinition',
      operation: 'subscription',
      name: { kind: 'Name', value: 'MeChanged' },
      variableDefinitions: [
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'after' } },
          type: { kind: 'NamedType', name: { kind: 'Name', value: 'Float' } },
        },
      ],
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'meChanged' },
            arguments: [
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'after' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'after' } },
              },
            ],
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'Field', name: { kind: 'Name', value: 'topic' } },
                { kind: 'Field', name: { kind: 'Name', value: 'position' } },
                { kind: 'Field', name: { kind: 'Name', value: 'ids' } },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<MeChangedSubscription, MeChangedSubscriptionVariables>;
export const CategoriesDocument = {
  kind: 'Document',
  definitions: [
    {
      kind: 'OperationDefinition',
      operation: 'query',
      name: { kind: 'Name', value: 'Categories' },
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'categories' },
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'Field', name: { kind: 'Name', value: '_id' } },
                { kind: 'Field', name: { kind: 'Name', value: 'title' } },
                { kind: 'Field', name: { kind: 'Name', value: 'image' } },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<CategoriesQuery, CategoriesQueryVariables>;
export const CategoryDocument = {
  kind: 'Document',
  definitions: [
    {
      kind: 'OperationDefinition',
      operation: 'query',
      name: { kind: 'Name', value: 'Category' },
      variableDefinitions: [
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'id' } },
          type: {
            kind: 'NonNullType',
            type: { kind: 'NamedType', name: { kind: 'Name', value: 'ID' } },
          },
        },
      ],
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'category' },
            arguments: [
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'id' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'id' } },
              },
            ],
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'Field', name: { kind: 'Name', value: '_id' } },
                { kind: 'Field', name: { kind: 'Name', value: 'title' } },
                { kind: 'Field', name: { kind: 'Name', value: 'image' } },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<CategoryQuery, CategoryQueryVariables>;
export const OperationsDocument = {
  kind: 'Document',
  definitions: [
    {
      kind: 'OperationDefinition',
      operation: 'query',
      name: { kind: 'Name', value: 'Operations' },
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'operations' },
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'Field', name: { kind: 'Name', value: 'checkedAt' } },
                { kind: 'Field', name: { kind: 'Name', value: 'head' } },
                { kind: 'Field', name: { kind: 'Name', value: 'lagEvents' } },
                { kind: 'Field', name: { kind: 'Name', value: 'lagMs' } },
                {
                  kind: 'Field',
                  name: { kind: 'Name', value: 'readModels' },
                  selectionSet: {
                    kind: 'SelectionSet',
                    selections: [
                      { kind: 'Field', name: { kind: 'Name', value: 'name' } },
                      { kind: 'Field', name: { kind: 'Name', value: 'position' } },
                      { kind: 'Field', name: { kind: 'Name', value: 'lagEvents' } },
                      { kind: 'Field', name: { kind: 'Name', value: 'rebuilds' } },
                      { kind: 'Field', name: { kind: 'Name', value: 'rebuiltAt' } },
                    ],
                  },
                },
                {
                  kind: 'Field',
                  name: { kind: 'Name', value: 'replay' },
                  selectionSet: {
                    kind: 'SelectionSet',
                    selections: [
                      { kind: 'Field', name: { kind: 'Name', value: 'id' } },
                      { kind: 'Field', name: { kind: 'Name', value: 'names' } },
                      { kind: 'Field', name: { kind: 'Name', value: 'startedBy' } },
                      { kind: 'Field', name: { kind: 'Name', value: 'startedAt' } },
                      { kind: 'Field', name: { kind: 'Name', value: 'updatedAt' } },
                      { kind: 'Field', name: { kind: 'Name', value: 'state' } },
                      { kind: 'Field', name: { kind: 'Name', value: 'position' } },
                      { kind: 'Field', name: { kind: 'Name', value: 'head' } },
                      { kind: 'Field', name: { kind: 'Name', value: 'events' } },
                      { kind: 'Field', name: { kind: 'Name', value: 'error' } },
                    ],
                  },
                },
                {
                  kind: 'Field',
                  name: { kind: 'Name', value: 'queue' },
                  selectionSet: {
                    kind: 'SelectionSet',
                    selections: [
                      { kind: 'Field', name: { kind: 'Name', value: 'waiting' } },
                      { kind: 'Field', name: { kind: 'Name', value: 'active' } },
                      { kind: 'Field', name: { kind: 'Name', value: 'delayed' } },
                      { kind: 'Field', name: { kind: 'Name', value: 'failed' } },
                    ],
                  },
                },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<OperationsQuery, OperationsQueryVariables>;
export const MyBookingsDocument = {
  kind: 'Document',
  definitions: [
    {
      kind: 'OperationDefinition',
      operation: 'query',
      name: { kind: 'Name', value: 'MyBookings' },
      variableDefinitions: [
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'minPosition' } },
          type: { kind: 'NamedType', name: { kind: 'Name', value: 'Float' } },
        },
      ],
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'myBookings' },
            arguments: [
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'minPosition' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'minPosition' } },
              },
            ],
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'Field', name: { kind: 'Name', value: '_id' } },
                { kind: 'Field', name: { kind: 'Name', value: 'Brand' } },
                { kind: 'Field', name: { kind: 'Name', value: 'buyerName' } },
                { kind: 'Field', name: { kind: 'Name', value: 'email' } },
                { kind: 'Field', name: { kind: 'Name', value: 'phone' } },
                { kind: 'Field', name: { kind: 'Name', value: 'address' } },
                { kind: 'Field', name: { kind: 'Name', value: 'sellingPrice' } },
                { kind: 'Field', name: { kind: 'Name', value: 'productId' } },
                { kind: 'Field', name: { kind: 'Name', value: 'productName' } },
                { kind: 'Field', name: { kind: 'Name', value: 'status' } },
                { kind: 'Field', name: { kind: 'Name', value: 'expiresAt' } },
                { kind: 'Field', name: { kind: 'Name', value: 'cancelReason' } },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<MyBookingsQuery, MyBookingsQueryVariables>;
export const MyBookingsChangedDocument = {
  kind: 'Document',
  definitions: [
    {
      kind: 'OperationDefinition',
      operation: 'subscription',
      name: { kind: 'Name', value: 'MyBookingsChanged' },
      variableDefinitions: [
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'after' } },
          type: { kind: 'NamedType', name: { kind: 'Name', value: 'Float' } },
        },
      ],
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'myBookingsChanged' },
            arguments: [
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'after' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'after' } },
              },
            ],
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'Field', name: { kind: 'Name', value: 'topic' } },
                { kind: 'Field', name: { kind: 'Name', value: 'position' } },
                { kind: 'Field', name: { kind: 'Name', value: 'ids' } },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<MyBookingsChangedSubscription, MyBookingsChangedSubscriptionVariables>;
export const ListingDocument = {
  kind: 'Document',
  definitions: [
    {
      kind: 'OperationDefinition',
      operation: 'query',
      name: { kind: 'Name', value: 'Listing' },
      variableDefinitions: [
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'id' } },
          type: {
            kind: 'NonNullType',
            type: { kind: 'NamedType', name: { kind: 'Name', value: 'ID' } },
          },
        },
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'minPosition' } },
          type: { kind: 'NamedType', name: { kind: 'Name', value: 'Float' } },
        },
      ],
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'product' },
            arguments: [
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'id' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'id' } },
              },
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'minPosition' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'minPosition' } },
              },
            ],
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'FragmentSpread', name: { kind: 'Name', value: 'ProductFields' } },
                {
                  kind: 'Field',
                  name: { kind: 'Name', value: 'priceHistory' },
                  selectionSet: {
                    kind: 'SelectionSet',
                    selections: [
                      { kind: 'Field', name: { kind: 'Name', value: 'price' } },
                      { kind: 'Field', name: { kind: 'Name', value: 'at' } },
                    ],
                  },
                },
                {
                  kind: 'Field',
                  name: { kind: 'Name', value: 'seller' },
                  selectionSet: {
                    kind: 'SelectionSet',
                    selections: [
                      { kind: 'Field', name: { kind: 'Name', value: 'name' } },
                      { kind: 'Field', name: { kind: 'Name', value: 'verified' } },
                      { kind: 'Field', name: { kind: 'Name', value: 'memberSince' } },
                      { kind: 'Field', name: { kind: 'Name', value: 'listings' } },
                      { kind: 'Field', name: { kind: 'Name', value: 'completedSales' } },
                    ],
                  },
                },
              ],
            },
          },
        ],
      },
    },
    {
      kind: 'FragmentDefinition',
      name: { kind: 'Name', value: 'ProductFields' },
      typeCondition: { kind: 'NamedType', name: { kind: 'Name', value: 'ListedProduct' } },
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          { kind: 'Field', name: { kind: 'Name', value: '_id' } },
          { kind: 'Field', name: { kind: 'Name', value: 'productName' } },
          { kind: 'Field', name: { kind: 'Name', value: 'picture' } },
          { kind: 'Field', name: { kind: 'Name', value: 'address' } },
          { kind: 'Field', name: { kind: 'Name', value: 'year' } },
          { kind: 'Field', name: { kind: 'Name', value: 'buyingPrice' } },
          { kind: 'Field', name: { kind: 'Name', value: 'sellingPrice' } },
          { kind: 'Field', name: { kind: 'Name', value: 'sellerName' } },
          { kind: 'Field', name: { kind: 'Name', value: 'condition' } },
          { kind: 'Field', name: { kind: 'Name', value: 'phone' } },
          { kind: 'Field', name: { kind: 'Name', value: 'about' } },
          { kind: 'Field', name: { kind: 'Name', value: 'postTime' } },
          { kind: 'Field', name: { kind: 'Name', value: 'Brand' } },
          { kind: 'Field', name: { kind: 'Name', value: 'email' } },
          { kind: 'Field', name: { kind: 'Name', value: 'sellerEmail' } },
          { kind: 'Field', name: { kind: 'Name', value: 'status' } },
          { kind: 'Field', name: { kind: 'Name', value: 'reported' } },
          { kind: 'Field', name: { kind: 'Name', value: 'advertised' } },
          { kind: 'Field', name: { kind: 'Name', value: 'sellerVerified' } },
        ],
      },
    },
  ],
} as unknown as DocumentNode<ListingQuery, ListingQueryVariables>;
export const ListingChangedDocument = {
  kind: 'Document',
  definitions: [
    {
      kind: 'OperationDefinition',
      operation: 'subscription',
      name: { kind: 'Name', value: 'ListingChanged' },
      variableDefinitions: [
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'id' } },
          type: {
            kind: 'NonNullType',
            type: { kind: 'NamedType', name: { kind: 'Name', value: 'ID' } },
          },
        },
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'after' } },
          type: { kind: 'NamedType', name: { kind: 'Name', value: 'Float' } },
        },
      ],
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'productChanged' },
            arguments: [
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'id' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'id' } },
              },
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'after' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'after' } },
              },
            ],
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'Field', name: { kind: 'Name', value: 'topic' } },
                { kind: 'Field', name: { kind: 'Name', value: 'position' } },
                { kind: 'Field', name: { kind: 'Name', value: 'ids' } },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<ListingChangedSubscription, ListingChangedSubscriptionVariables>;
export const ProductsDocument = {
  kind: 'Document',
  definitions: [
    {
      kind: 'OperationDefinition',
      operation: 'query',
      name: { kind: 'Name', value: 'Products' },
      variableDefinitions: [
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'brand' } },
          type: {
            kind: 'NonNullType',
            type: { kind: 'NamedType', name: { kind: 'Name', value: 'String' } },
          },
        },
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'limit' } },
          type: { kind: 'NamedType', name: { kind: 'Name', value: 'Int' } },
        },
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'after' } },
          type: { kind: 'NamedType', name: { kind: 'Name', value: 'String' } },
        },
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'minPosition' } },
          type: { kind: 'NamedType', name: { kind: 'Name', value: 'Float' } },
        },
      ],
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'products' },
            arguments: [
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'brand' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'brand' } },
              },
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'limit' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'limit' } },
              },
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'after' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'after' } },
              },
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'minPosition' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'minPosition' } },
              },
            ],
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                {
                  kind: 'Field',
                  name: { kind: 'Name', value: 'items' },
                  selectionSet: {
                    kind: 'SelectionSet',
                    selections: [
                      { kind: 'FragmentSpread', name: { kind: 'Name', value: 'ProductFields' } },
                    ],
                  },
                },
                { kind: 'Field', name: { kind: 'Name', value: 'nextCursor' } },
              ],
            },
          },
        ],
      },
    },
    {
      kind: 'FragmentDefinition',
      name: { kind: 'Name', value: 'ProductFields' },
      typeCondition: { kind: 'NamedType', name: { kind: 'Name', value: 'ListedProduct' } },
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          { kind: 'Field', name: { kind: 'Name', value: '_id' } },
          { kind: 'Field', name: { kind: 'Name', value: 'productName' } },
          { kind: 'Field', name: { kind: 'Name', value: 'picture' } },
          { kind: 'Field', name: { kind: 'Name', value: 'address' } },
          { kind: 'Field', name: { kind: 'Name', value: 'year' } },
          { kind: 'Field', name: { kind: 'Name', value: 'buyingPrice' } },
          { kind: 'Field', name: { kind: 'Name', value: 'sellingPrice' } },
          { kind: 'Field', name: { kind: 'Name', value: 'sellerName' } },
          { kind: 'Field', name: { kind: 'Name', value: 'condition' } },
          { kind: 'Field', name: { kind: 'Name', value: 'phone' } },
          { kind: 'Field', name: { kind: 'Name', value: 'about' } },
          { kind: 'Field', name: { kind: 'Name', value: 'postTime' } },
          { kind: 'Field', name: { kind: 'Name', value: 'Brand' } },
          { kind: 'Field', name: { kind: 'Name', value: 'email' } },
          { kind: 'Field', name: { kind: 'Name', value: 'sellerEmail' } },
          { kind: 'Field', name: { kind: 'Name', value: 'status' } },
          { kind: 'Field', name: { kind: 'Name', value: 'reported' } },
          { kind: 'Field', name: { kind: 'Name', value: 'advertised' } },
          { kind: 'Field', name: { kind: 'Name', value: 'sellerVerified' } },
        ],
      },
    },
  ],
} as unknown as DocumentNode<ProductsQuery, ProductsQueryVariables>;
export const ProductsChangedDocument = {
  kind: 'Document',
  definitions: [
    {
      kind: 'OperationDefinition',
      operation: 'subscription',
      name: { kind: 'Name', value: 'ProductsChanged' },
      variableDefinitions: [
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'brand' } },
          type: {
            kind: 'NonNullType',
            type: { kind: 'NamedType', name: { kind: 'Name', value: 'String' } },
          },
        },
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'after' } },
          type: { kind: 'NamedType', name: { kind: 'Name', value: 'Float' } },
        },
      ],
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'productsChanged' },
            arguments: [
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'brand' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'brand' } },
              },
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'after' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'after' } },
              },
            ],
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'Field', name: { kind: 'Name', value: 'topic' } },
                { kind: 'Field', name: { kind: 'Name', value: 'position' } },
                { kind: 'Field', name: { kind: 'Name', value: 'ids' } },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<ProductsChangedSubscription, ProductsChangedSubscriptionVariables>;
export const AdvertisedProductsDocument = {
  kind: 'Document',
  definitions: [
    {
      kind: 'OperationDefinition',
      operation: 'query',
      name: { kind: 'Name', value: 'AdvertisedProducts' },
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'advertisedProducts' },
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'FragmentSpread', name: { kind: 'Name', value: 'ProductFields' } },
              ],
            },
          },
        ],
      },
    },
    {
      kind: 'FragmentDefinition',
      name: { kind: 'Name', value: 'ProductFields' },
      typeCondition: { kind: 'NamedType', name: { kind: 'Name', value: 'ListedProduct' } },
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          { kind: 'Field', name: { kind: 'Name', value: '_id' } },
          { kind: 'Field', name: { kind: 'Name', value: 'productName' } },
          { kind: 'Field', name: { kind: 'Name', value: 'picture' } },
          { kind: 'Field', name: { kind: 'Name', value: 'address' } },
          { kind: 'Field', name: { kind: 'Name', value: 'year' } },
          { kind: 'Field', name: { kind: 'Name', value: 'buyingPrice' } },
          { kind: 'Field', name: { kind: 'Name', value: 'sellingPrice' } },
          { kind: 'Field', name: { kind: 'Name', value: 'sellerName' } },
          { kind: 'Field', name: { kind: 'Name', value: 'condition' } },
          { kind: 'Field', name: { kind: 'Name', value: 'phone' } },
          { kind: 'Field', name: { kind: 'Name', value: 'about' } },
          { kind: 'Field', name: { kind: 'Name', value: 'postTime' } },
          { kind: 'Field', name: { kind: 'Name', value: 'Brand' } },
          { kind: 'Field', name: { kind: 'Name', value: 'email' } },
          { kind: 'Field', name: { kind: 'Name', value: 'sellerEmail' } },
          { kind: 'Field', name: { kind: 'Name', value: 'status' } },
          { kind: 'Field', name: { kind: 'Name', value: 'reported' } },
          { kind: 'Field', name: { kind: 'Name', value: 'advertised' } },
          { kind: 'Field', name: { kind: 'Name', value: 'sellerVerified' } },
        ],
      },
    },
  ],
} as unknown as DocumentNode<AdvertisedProductsQuery, AdvertisedProductsQueryVariables>;
export const SearchProductsDocument = {
  kind: 'Document',
  definitions: [
    {
      kind: 'OperationDefinition',
      operation: 'query',
      name: { kind: 'Name', value: 'SearchProducts' },
      variableDefinitions: [
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'search' } },
          type: {
            kind: 'NonNullType',
            type: { kind: 'NamedType', name: { kind: 'Name', value: 'ProductSearch' } },
          },
        },
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'limit' } },
          type: { kind: 'NamedType', name: { kind: 'Name', value: 'Int' } },
        },
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'after' } },
          type: { kind: 'NamedType', name: { kind: 'Name', value: 'String' } },
        },
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'minPosition' } },
          type: { kind: 'NamedType', name: { kind: 'Name', value: 'Float' } },
        },
      ],
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'searchProducts' },
            arguments: [
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'search' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'search' } },
              },
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'limit' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'limit' } },
              },
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'after' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'after' } },
              },
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'minPosition' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'minPosition' } },
              },
            ],
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                {
                  kind: 'Field',
                  name: { kind: 'Name', value: 'items' },
                  selectionSet: {
                    kind: 'SelectionSet',
                    selections: [
                      { kind: 'FragmentSpread', name: { kind: 'Name', value: 'ProductFields' } },
                    ],
                  },
                },
                { kind: 'Field', name: { kind: 'Name', value: 'nextCursor' } },
              ],
            },
          },
        ],
      },
    },
    {
      kind: 'FragmentDefinition',
      name: { kind: 'Name', value: 'ProductFields' },
      typeCondition: { kind: 'NamedType', name: { kind: 'Name', value: 'ListedProduct' } },
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          { kind: 'Field', name: { kind: 'Name', value: '_id' } },
          { kind: 'Field', name: { kind: 'Name', value: 'productName' } },
          { kind: 'Field', name: { kind: 'Name', value: 'picture' } },
          { kind: 'Field', name: { kind: 'Name', value: 'address' } },
          { kind: 'Field', name: { kind: 'Name', value: 'year' } },
          { kind: 'Field', name: { kind: 'Name', value: 'buyingPrice' } },
          { kind: 'Field', name: { kind: 'Name', value: 'sellingPrice' } },
          { kind: 'Field', name: { kind: 'Name', value: 'sellerName' } },
          { kind: 'Field', name: { kind: 'Name', value: 'condition' } },
          { kind: 'Field', name: { kind: 'Name', value: 'phone' } },
          { kind: 'Field', name: { kind: 'Name', value: 'about' } },
          { kind: 'Field', name: { kind: 'Name', value: 'postTime' } },
          { kind: 'Field', name: { kind: 'Name', value: 'Brand' } },
          { kind: 'Field', name: { kind: 'Name', value: 'email' } },
          { kind: 'Field', name: { kind: 'Name', value: 'sellerEmail' } },
          { kind: 'Field', name: { kind: 'Name', value: 'status' } },
          { kind: 'Field', name: { kind: 'Name', value: 'reported' } },
          { kind: 'Field', name: { kind: 'Name', value: 'advertised' } },
          { kind: 'Field', name: { kind: 'Name', value: 'sellerVerified' } },
        ],
      },
    },
  ],
} as unknown as DocumentNode<SearchProductsQuery, SearchProductsQueryVariables>;
export const ProductSearchChangedDocument = {
  kind: 'Document',
  definitions: [
    {
      kind: 'OperationDefinition',
      operation: 'subscription',
      name: { kind: 'Name', value: 'ProductSearchChanged' },
      variableDefinitions: [
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'brand' } },
          type: { kind: 'NamedType', name: { kind: 'Name', value: 'String' } },
        },
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'after' } },
          type: { kind: 'NamedType', name: { kind: 'Name', value: 'Float' } },
        },
      ],
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'productSearchChanged' },
            arguments: [
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'brand' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'brand' } },
              },
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'after' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'after' } },
              },
            ],
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'Field', name: { kind: 'Name', value: 'topic' } },
                { kind: 'Field', name: { kind: 'Name', value: 'position' } },
                { kind: 'Field', name: { kind: 'Name', value: 'ids' } },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<
  ProductSearchChangedSubscription,
  ProductSearchChangedSubscriptionVariables
>;
export const SellerBookingsDocument = {
  kind: 'Document',
  definitions: [
    {
      kind: 'OperationDefinition',
      operation: 'query',
      name: { kind: 'Name', value: 'SellerBookings' },
      variableDefinitions: [
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'minPosition' } },
          type: { kind: 'NamedType', name: { kind: 'Name', value: 'Float' } },
        },
      ],
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'sellerBookings' },
            arguments: [
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'minPosition' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'minPosition' } },
              },
            ],
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'Field', name: { kind: 'Name', value: '_id' } },
                { kind: 'Field', name: { kind: 'Name', value: 'productId' } },
                { kind: 'Field', name: { kind: 'Name', value: 'productName' } },
                { kind: 'Field', name: { kind: 'Name', value: 'Brand' } },
                { kind: 'Field', name: { kind: 'Name', value: 'sellingPrice' } },
                { kind: 'Field', name: { kind: 'Name', value: 'buyerName' } },
                { kind: 'Field', name: { kind: 'Name', value: 'email' } },
                { kind: 'Field', name: { kind: 'Name', value: 'phone' } },
                { kind: 'Field', name: { kind: 'Name', value: 'address' } },
                { kind: 'Field', name: { kind: 'Name', value: 'status' } },
                { kind: 'Field', name: { kind: 'Name', value: 'expiresAt' } },
                { kind: 'Field', name: { kind: 'Name', value: 'cancelReason' } },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<SellerBookingsQuery, SellerBookingsQueryVariables>;
export const SellerBookingsChangedDocument = {
  kind: 'Document',
  definitions: [
    {
      kind: 'OperationDefinition',
      operation: 'subscription',
      name: { kind: 'Name', value: 'SellerBookingsChanged' },
      variableDefinitions: [
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'after' } },
          type: { kind: 'NamedType', name: { kind: 'Name', value: 'Float' } },
        },
      ],
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'sellerBookingsChanged' },
            arguments: [
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'after' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'after' } },
              },
            ],
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'Field', name: { kind: 'Name', value: 'topic' } },
                { kind: 'Field', name: { kind: 'Name', value: 'position' } },
                { kind: 'Field', name: { kind: 'Name', value: 'ids' } },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<
  SellerBookingsChangedSubscription,
  SellerBookingsChangedSubscriptionVariables
>;
export const MyProductsDocument = {
  kind: 'Document',
  definitions: [
    {
      kind: 'OperationDefinition',
      operation: 'query',
      name: { kind: 'Name', value: 'MyProducts' },
      variableDefinitions: [
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'minPosition' } },
          type: { kind: 'NamedType', name: { kind: 'Name', value: 'Float' } },
        },
      ],
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'myProducts' },
            arguments: [
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'minPosition' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'minPosition' } },
              },
            ],
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'Field', name: { kind: 'Name', value: '_id' } },
                { kind: 'Field', name: { kind: 'Name', value: 'productName' } },
                { kind: 'Field', name: { kind: 'Name', value: 'picture' } },
                { kind: 'Field', name: { kind: 'Name', value: 'Brand' } },
                { kind: 'Field', name: { kind: 'Name', value: 'sellingPrice' } },
                { kind: 'Field', name: { kind: 'Name', value: 'condition' } },
                { kind: 'Field', name: { kind: 'Name', value: 'about' } },
                { kind: 'Field', name: { kind: 'Name', value: 'status' } },
                { kind: 'Field', name: { kind: 'Name', value: 'booked' } },
                { kind: 'Field', name: { kind: 'Name', value: 'advertised' } },
                { kind: 'Field', name: { kind: 'Name', value: 'available' } },
                { kind: 'Field', name: { kind: 'Name', value: 'reported' } },
                { kind: 'Field', name: { kind: 'Name', value: 'hidden' } },
                { kind: 'Field', name: { kind: 'Name', value: 'hiddenReason' } },
                { kind: 'Field', name: { kind: 'Name', value: 'reviewRequested' } },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<MyProductsQuery, MyProductsQueryVariables>;
export const MyProductsChangedDocument = {
  kind: 'Document',
  definitions: [
    {
      kind: 'OperationDefinition',
      operation: 'subscription',
      name: { kind: 'Name', value: 'MyProductsChanged' },
      variableDefinitions: [
        {
          kind: 'VariableDefinition',
          variable: { kind: 'Variable', name: { kind: 'Name', value: 'after' } },
          type: { kind: 'NamedType', name: { kind: 'Name', value: 'Float' } },
        },
      ],
      selectionSet: {
        kind: 'SelectionSet',
        selections: [
          {
            kind: 'Field',
            name: { kind: 'Name', value: 'myProductsChanged' },
            arguments: [
              {
                kind: 'Argument',
                name: { kind: 'Name', value: 'after' },
                value: { kind: 'Variable', name: { kind: 'Name', value: 'after' } },
              },
            ],
            selectionSet: {
              kind: 'SelectionSet',
              selections: [
                { kind: 'Field', name: { kind: 'Name', value: 'topic' } },
                { kind: 'Field', name: { kind: 'Name', value: 'position' } },
                { kind: 'Field', name: { kind: 'Name', value: 'ids' } },
              ],
            },
          },
        ],
      },
    },
  ],
} as unknown as DocumentNode<MyProductsChangedSubscription, MyProductsChangedSubscriptionVariables>;
