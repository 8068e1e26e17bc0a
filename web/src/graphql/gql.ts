/* eslint-disable */
import * as types from './graphql.js';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
  '\n  query Users($minPosition: Float) {\n    users(minPosition: $minPosition) {\n      _id\n      name\n      email\n      role\n    }\n  }\n': typeof types.UsersDocument;
  '\n  subscription UsersChanged($after: Float) {\n    usersChanged(after: $after) {\n      topic\n      position\n      ids\n    }\n  }\n': typeof types.UsersChangedDocument;
  '\n  query Sellers($minPosition: Float) {\n    sellers(minPosition: $minPosition) {\n      _id\n      name\n      email\n      sellerEmail\n      verified\n    }\n  }\n': typeof types.SellersDocument;
  '\n  subscription SellersChanged($after: Float) {\n    sellersChanged(after: $after) {\n      topic\n      position\n      ids\n    }\n  }\n': typeof types.SellersChangedDocument;
  '\n  query ReportedProducts($minPosition: Float) {\n    reportedProducts(minPosition: $minPosition) {\n      _id\n      productName\n      picture\n      Brand\n      sellerName\n      sellerEmail\n      sellingPrice\n      hidden\n      hiddenReason\n      reviewRequested\n      reviewNote\n      reportCount\n      lastReportedAt\n      reports {\n        reporterUid\n        reporterName\n        reason\n        details\n        reportedAt\n      }\n      claimedBy {\n        uid\n        name\n      }\n    }\n  }\n': typeof types.ReportedProductsDocument;
  '\n  query Moderator {\n    me {\n      uid\n    }\n  }\n': typeof types.ModeratorDocument;
  '\n  subscription ReportedProductsChanged($after: Float) {\n    reportedProductsChanged(after: $after) {\n      topic\n      position\n      ids\n    }\n  }\n': typeof types.ReportedProductsChangedDocument;
  '\n  query AuditTimeline(\n    $stream: String\n    $email: String\n    $q: String\n    $types: [String!]\n    $actor: String\n    $after: Float\n    $limit: Int\n    $minPosition: Float\n  ) {\n    auditTimeline(\n      stream: $stream\n      email: $email\n      q: $q\n      types: $types\n      actor: $actor\n      after: $after\n      limit: $limit\n      minPosition: $minPosition\n    ) {\n      subject {\n        kind\n        id\n        label\n        streams\n      }\n      matches {\n        kind\n        id\n        label\n        streams\n      }\n      entries {\n        position\n        streamId\n        recordedAt\n        type\n        description\n        actor {\n          uid\n          email\n          name\n          role\n        }\n        correlationId\n        links {\n          productIds\n          userIds\n          bookingIds\n        }\n      }\n      nextCursor\n      matching\n      eventTypes\n      actors {\n        uid\n        email\n      }\n    }\n  }\n': typeof types.AuditTimelineDocument;
  '\n  subscription AuditTimelineChanged($streams: [String!]!, $after: Float) {\n    auditTimelineChanged(streams: $streams, after: $after) {\n      topic\n      position\n      ids\n    }\n  }\n': typeof types.AuditTimelineChangedDocument;
  '\n  fragment ListingViewFields on ListingView {\n    productName\n    picture\n    sellingPrice\n    condition\n    about\n    status\n    reported\n    sellerName\n    sellerVerified\n  }\n': typeof types.ListingViewFieldsFragmentDoc;
  '\n  query ListingAsOf($productId: ID!, $position: Float!) {\n    listingAsOf(productId: $productId, position: $position) {\n      productId\n      position\n      asOf\n      then {\n        ...ListingViewFields\n      }\n      now {\n        ...ListingViewFields\n      }\n    }\n  }\n': typeof types.ListingAsOfDocument;
  '\n  query Me {\n    me {\n      uid\n      email\n      name\n      role\n      isAdmin\n      isSeller\n    }\n  }\n': typeof types.MeDocument;
  '\n  subscription MeChanged($after: Float) {\n    meChanged(after: $after) {\n      topic\n      position\n      ids\n    }\n  }\n': typeof types.MeChangedDocument;
  '\n  query Categories {\n    categories {\n      _id\n      title\n      image\n    }\n  }\n': typeof types.CategoriesDocument;
  '\n  query Category($id: ID!) {\n    category(id: $id) {\n      _id\n      title\n      image\n    }\n  }\n': typeof types.CategoryDocument;
  '\n  query Operations {\n    operations {\n      checkedAt\n      head\n      lagEvents\n      lagMs\n      readModels {\n        name\n        position\n        lagEvents\n        rebuilds\n        rebuiltAt\n      }\n      replay {\n        id\n        names\n        startedBy\n        startedAt\n        updatedAt\n        state\n        position\n        head\n        events\n        error\n      }\n      queue {\n        waiting\n        active\n        delayed\n        failed\n      }\n    }\n  }\n': typeof types.OperationsDocument;
  '\n  query MyBookings($minPosition: Float) {\n    myBookings(minPosition: $minPosition) {\n      _id\n      Brand\n      buyerName\n      email\n      phone\n      address\n      sellingPrice\n      productId\n      productName\n      status\n      expiresAt\n      cancelReason\n    }\n  }\n': typeof types.MyBookingsDocument;
  '\n  subscription MyBookingsChanged($after: Float) {\n    myBookingsChanged(after: $after) {\n      topic\n      position\n      ids\n    }\n  }\n': typeof types.MyBookingsChangedDocument;
  '\n  query Listing($id: ID!, $minPosition: Float) {\n    product(id: $id, minPosition: $minPosition) {\n      ...ProductFields\n      priceHistory {\n        price\n        at\n      }\n      seller {\n        name\n        verified\n        memberSince\n        listings\n        completedSales\n      }\n    }\n  }\n': typeof types.ListingDocument;
  '\n  subscription ListingChanged($id: ID!, $after: Float) {\n    productChanged(id: $id, after: $after) {\n      topic\n      position\n      ids\n    }\n  }\n': typeof types.ListingChangedDocument;
  '\n  fragment ProductFields on ListedProduct {\n    _id\n    productName\n    picture\n    address\n    year\n    buyingPrice\n    sellingPrice\n    sellerName\n    condition\n    phone\n    about\n    postTime\n    Brand\n    email\n    sellerEmail\n    status\n    reported\n    advertised\n    sellerVerified\n  }\n': typeof types.ProductFieldsFragmentDoc;
  '\n  query Products($brand: String!, $limit: Int, $after: String, $minPosition: Float) {\n    products(brand: $brand, limit: $limit, after: $after, minPosition: $minPosition) {\n      items {\n        ...ProductFields\n      }\n      nextCursor\n    }\n  }\n': typeof types.ProductsDocument;
  '\n  subscription ProductsChanged($brand: String!, $after: Float) {\n    productsChanged(brand: $brand, after: $after) {\n      topic\n      position\n      ids\n    }\n  }\n': typeof types.ProductsChangedDocument;
  '\n  query AdvertisedProducts {\n    advertisedProducts {\n      ...ProductFields\n    }\n  }\n': typeof types.AdvertisedProductsDocument;
  '\n  query SearchProducts($search: ProductSearch!, $limit: Int, $after: String, $minPosition: Float) {\n    searchProducts(search: $search, limit: $limit, after: $after, minPosition: $minPosition) {\n      items {\n        ...ProductFields\n      }\n      nextCursor\n    }\n  }\n': typeof types.SearchProductsDocument;
  '\n  subscription ProductSearchChanged($brand: String, $after: Float) {\n    productSearchChanged(brand: $brand, after: $after) {\n      topic\n      position\n      ids\n    }\n  }\n': typeof types.ProductSearchChangedDocument;
  '\n  query SellerBookings($minPosition: Float) {\n    sellerBookings(minPosition: $minPosition) {\n      _id\n      productId\n      productName\n      Brand\n      sellingPrice\n      buyerName\n      email\n      phone\n      address\n      status\n      expiresAt\n      cancelReason\n    }\n  }\n': typeof types.SellerBookingsDocument;
  '\n  subscription SellerBookingsChanged($after: Float) {\n    sellerBookingsChanged(after: $after) {\n      topic\n      position\n      ids\n    }\n  }\n': typeof types.SellerBookingsChangedDocument;
  '\n  query MyProducts($minPosition: Float) {\n    myProducts(minPosition: $minPosition) {\n      _id\n      productName\n      picture\n      Brand\n      sellingPrice\n      condition\n      about\n      status\n      booked\n      advertised\n      available\n      reported\n      hidden\n      hiddenReason\n      reviewRequested\n    }\n  }\n': typeof types.MyProductsDocument;
  '\n  subscription MyProductsChanged($after: Float) {\n    myProductsChanged(after: $after) {\n      topic\n      position\n      ids\n    }\n  }\n': typeof types.MyProductsChangedDocument;
};
const documents: Documents = {
  '\n  query Users($minPosition: Float) {\n    users(minPosition: $minPosition) {\n      _id\n      name\n      email\n      role\n    }\n  }\n':
    types.UsersDocument,
  '\n  subscription UsersChanged($after: Float) {\n    usersChanged(after: $after) {\n      topic\n      position\n      ids\n    }\n  }\n':
    types.UsersChangedDocument,
  '\n  query Sellers($minPosition: Float) {\n    sellers(minPosition: $minPosition) {\n      _id\n      name\n      email\n      sellerEmail\n      verified\n    }\n  }\n':
    types.SellersDocument,
  '\n  subscription SellersChanged($after: Float) {\n    sellersChanged(after: $after) {\n      topic\n      position\n      ids\n    }\n  }\n':
    types.SellersChangedDocument,
  '\n  query ReportedProducts($minPosition: Float) {\n    reportedProducts(minPosition: $minPosition) {\n      _id\n      productName\n      picture\n      Brand\n      sellerName\n      sellerEmail\n      sellingPrice\n      hidden\n      hiddenReason\n      reviewRequested\n      reviewNote\n      reportCount\n      lastReportedAt\n      reports {\n        reporterUid\n        reporterName\n        reason\n        details\n        reportedAt\n      }\n      claimedBy {\n        uid\n        name\n      }\n    }\n  }\n':
    types.ReportedProductsDocument,
  '\n  query Moderator {\n    me {\n      uid\n    }\n  }\n': types.ModeratorDocument,
  '\n  subscription ReportedProductsChanged($after: Float) {\n    reportedProductsChanged(after: $after) {\n      topic\n      position\n      ids\n    }\n  }\n':
    types.ReportedProductsChangedDocument,
  '\n  query AuditTimeline(\n    $stream: String\n    $email: String\n    $q: String\n    $types: [String!]\n    $actor: String\n    $after: Float\n    $limit: Int\n    $minPosition: Float\n  ) {\n    auditTimeline(\n      stream: $stream\n      email: $email\n      q: $q\n      types: $types\n      actor: $actor\n      after: $after\n      limit: $limit\n      minPosition: $minPosition\n    ) {\n      subject {\n        kind\n        id\n        label\n        streams\n      }\n      matches {\n        kind\n        id\n        label\n        streams\n      }\n      entries {\n        position\n        streamId\n        recordedAt\n        type\n        description\n        actor {\n          uid\n          email\n          name\n          role\n        }\n        correlationId\n        links {\n          productIds\n          userIds\n          bookingIds\n        }\n      }\n      nextCursor\n      matching\n      eventTypes\n      actors {\n        uid\n        email\n      }\n    }\n  }\n':
    types.AuditTimelineDocument,
  '\n  subscription AuditTimelineChanged($streams: [String!]!, $after: Float) {\n    auditTimelineChanged(streams: $streams, after: $after) {\n      topic\n      position\n      ids\n    }\n  }\n':
    types.AuditTimelineChangedDocument,
  '\n  fragment ListingViewFields on ListingView {\n    productName\n    picture\n    sellingPrice\n    condition\n    about\n    status\n    reported\n    sellerName\n    sellerVerified\n  }\n':
    types.ListingViewFieldsFragmentDoc,
  '\n  query ListingAsOf($productId: ID!, $position: Float!) {\n    listingAsOf(productId: $productId, position: $position) {\n      productId\n      position\n      asOf\n      then {\n        ...ListingViewFields\n      }\n      now {\n        ...ListingViewFields\n      }\n    }\n  }\n':
    types.ListingAsOfDocument,
  '\n  query Me {\n    me {\n      uid\n      email\n      name\n      role\n      isAdmin\n      isSeller\n    }\n  }\n':
    types.MeDocument,
  '\n  subscription MeChanged($after: Float) {\n    meChanged(after: $after) {\n      topic\n      position\n      ids\n    }\n  }\n':
    types.MeChangedDocument,
  '\n  query Categories {\n    categories {\n      _id\n      title\n      image\n    }\n  }\n':
    types.CategoriesDocument,
  '\n  query Category($id: ID!) {\n    category(id: $id) {\n      _id\n      title\n      image\n    }\n  }\n':
    types.CategoryDocument,
  '\n  query Operations {\n    operations {\n      checkedAt\n      head\n      lagEvents\n      lagMs\n      readModels {\n        name\n        position\n        lagEvents\n        rebuilds\n        rebuiltAt\n      }\n      replay {\n        id\n        names\n        startedBy\n        startedAt\n        updatedAt\n        state\n        position\n        head\n        events\n        error\n      }\n      queue {\n        waiting\n        active\n        delayed\n        failed\n      }\n    }\n  }\n':
    types.OperationsDocument,
  '\n  query MyBookings($minPosition: Float) {\n    myBookings(minPosition: $minPosition) {\n      _id\n      Brand\n      buyerName\n      email\n      phone\n      address\n      sellingPrice\n      productId\n      productName\n      status\n      expiresAt\n      cancelReason\n    }\n  }\n':
    types.MyBookingsDocument,
  '\n  subscription MyBookingsChanged($after: Float) {\n    myBookingsChanged(after: $after) {\n      topic\n      position\n      ids\n    }\n  }\n':
    types.MyBookingsChangedDocument,
  '\n  query Listing($id: ID!, $minPosition: Float) {\n    product(id: $id, minPosition: $minPosition) {\n      ...ProductFields\n      priceHistory {\n        price\n        at\n      }\n      seller {\n        name\n        verified\n        memberSince\n        listings\n        completedSales\n      }\n    }\n  }\n':
    types.ListingDocument,
  '\n  subscription ListingChanged($id: ID!, $after: Float) {\n    productChanged(id: $id, after: $after) {\n      topic\n      position\n      ids\n    }\n  }\n':
    types.ListingChangedDocument,
  '\n  fragment ProductFields on ListedProduct {\n    _id\n    productName\n    picture\n    address\n    year\n    buyingPrice\n    sellingPrice\n    sellerName\n    condition\n    phone\n    about\n    postTime\n    Brand\n    email\n    sellerEmail\n    status\n    reported\n    advertised\n    sellerVerified\n  }\n':
    types.ProductFieldsFragmentDoc,
  '\n  query Products($brand: String!, $limit: Int, $after: String, $minPosition: Float) {\n    products(brand: $brand, limit: $limit, after: $after, minPosition: $minPosition) {\n      items {\n        ...ProductFields\n      }\n      nextCursor\n    }\n  }\n':
    types.ProductsDocument,
  '\n  subscription ProductsChanged($brand: String!, $after: Float) {\n    productsChanged(brand: $brand, after: $after) {\n      topic\n      position\n      ids\n    }\n  }\n':
    types.ProductsChangedDocument,
  '\n  query AdvertisedProducts {\n    advertisedProducts {\n      ...ProductFields\n    }\n  }\n':
    types.AdvertisedProductsDocument,
  '\n  query SearchProducts($search: ProductSearch!, $limit: Int, $after: String, $minPosition: Float) {\n    searchProducts(search: $search, limit: $limit, after: $after, minPosition: $minPosition) {\n      items {\n        ...ProductFields\n      }\n      nextCursor\n    }\n  }\n':
    types.SearchProductsDocument,
  '\n  subscription ProductSearchChanged($brand: String, $after: Float) {\n    productSearchChanged(brand: $brand, after: $after) {\n      topic\n      position\n      ids\n    }\n  }\n':
    types.ProductSearchChangedDocument,
  '\n  query SellerBookings($minPosition: Float) {\n    sellerBookings(minPosition: $minPosition) {\n      _id\n      productId\n      productName\n      Brand\n      sellingPrice\n      buyerName\n      email\n      phone\n      address\n      status\n      expiresAt\n      cancelReason\n    }\n  }\n':
    types.SellerBookingsDocument,
  '\n  subscription SellerBookingsChanged($after: Float) {\n    sellerBookingsChanged(after: $after) {\n      topic\n      position\n      ids\n    }\n  }\n':
    types.SellerBookingsChangedDocument,
  '\n  query MyProducts($minPosition: Float) {\n    myProducts(minPosition: $minPosition) {\n      _id\n      productName\n      picture\n      Brand\n      sellingPrice\n      condition\n      about\n      status\n      booked\n      advertised\n      available\n      reported\n      hidden\n      hiddenReason\n      reviewRequested\n    }\n  }\n':
    types.MyProductsDocument,
  '\n  subscription MyProductsChanged($after: Float) {\n    myProductsChanged(after: $after) {\n      topic\n      position\n      ids\n    }\n  }\n':
    types.MyProductsChangedDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  query Users($minPosition: Float) {\n    users(minPosition: $minPosition) {\n      _id\n      name\n      email\n      role\n    }\n  }\n',
): (typeof documents)['\n  query Users($minPosition: Float) {\n    users(minPosition: $minPosition) {\n      _id\n      name\n      email\n      role\n    }\n  }\n'];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  subscription UsersChanged($after: Float) {\n    usersChanged(after: $after) {\n      topic\n      position\n      ids\n    }\n  }\n',
): (typeof documents)['\n  subscription UsersChanged($after: Float) {\n    usersChanged(after: $after) {\n      topic\n      position\n      ids\n    }\n  }\n'];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  query Sellers($minPosition: Float) {\n    sellers(minPosition: $minPosition) {\n      _id\n      name\n      email\n      sellerEmail\n      verified\n    }\n  }\n',
): (typeof documents)['\n  query Sellers($minPosition: Float) {\n    sellers(minPosition: $minPosition) {\n      _id\n      name\n      email\n      sellerEmail\n      verified\n    }\n  }\n'];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  subscription SellersChanged($after: Float) {\n    sellersChanged(after: $after) {\n      topic\n      position\n      ids\n    }\n  }\n',
): (typeof documents)['\n  subscription SellersChanged($after: Float) {\n    sellersChanged(after: $after) {\n      topic\n      position\n      ids\n    }\n  }\n'];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  query ReportedProducts($minPosition: Float) {\n    reportedProducts(minPosition: $minPosition) {\n      _id\n      productName\n      picture\n      Brand\n      sellerName\n      sellerEmail\n      sellingPrice\n      hidden\n      hiddenReason\n      reviewRequested\n      reviewNote\n      reportCount\n      lastReportedAt\n      reports {\n        reporterUid\n        reporterName\n        reason\n        details\n        reportedAt\n      }\n      claimedBy {\n        uid\n        name\n      }\n    }\n  }\n',
): (typeof documents)['\n  query ReportedProducts($minPosition: Float) {\n    reportedProducts(minPosition: $minPosition) {\n      _id\n      productName\n      picture\n      Brand\n      sellerName\n      sellerEmail\n      sellingPrice\n      hidden\n      hiddenReason\n      reviewRequested\n      reviewNote\n      reportCount\n      lastReportedAt\n      reports {\n        reporterUid\n        reporterName\n        reason\n        details\n        reportedAt\n      }\n      claimedBy {\n        uid\n        name\n      }\n    }\n  }\n'];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  query Moderator {\n    me {\n      uid\n    }\n  }\n',
): (typeof documents)['\n  query Moderator {\n    me {\n      uid\n    }\n  }\n'];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  subscription ReportedProductsChanged($after: Float) {\n    reportedProductsChanged(after: $after) {\n      topic\n      position\n      ids\n    }\n  }\n',
): (typeof documents)['\n  subscription ReportedProductsChanged($after: Float) {\n    reportedProductsChanged(after: $after) {\n      topic\n      position\n      ids\n    }\n  }\n'];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  query AuditTimeline(\n    $stream: String\n    $email: String\n    $q: String\n    $types: [String!]\n    $actor: String\n    $after: Float\n    $limit: Int\n    $minPosition: Float\n  ) {\n    auditTimeline(\n      stream: $stream\n      email: $email\n      q: $q\n      types: $types\n      actor: $actor\n      after: $after\n      limit: $limit\n      minPosition: $minPosition\n    ) {\n      subject {\n        kind\n        id\n        label\n        streams\n      }\n      matches {\n        kind\n        id\n        label\n        streams\n      }\n      entries {\n        position\n        streamId\n        recordedAt\n        type\n        description\n        actor {\n          uid\n          email\n          name\n          role\n        }\n        correlationId\n        links {\n          productIds\n          userIds\n          bookingIds\n        }\n      }\n      nextCursor\n      matching\n      eventTypes\n      actors {\n        uid\n        email\n      }\n    }\n  }\n',
): (typeof documents)['\n  query AuditTimeline(\n    $stream: String\n    $email: String\n    $q: String\n    $types: [String!]\n    $actor: String\n    $after: Float\n    $limit: Int\n    $minPosition: Float\n  ) {\n    auditTimeline(\n      stream: $stream\n      email: $email\n      q: $q\n      types: $types\n      actor: $actor\n      after: $after\n      limit: $limit\n      minPosition: $minPosition\n    ) {\n      subject {\n        kind\n        id\n        label\n        streams\n      }\n      matches {\n        kind\n        id\n        label\n        streams\n      }\n      entries {\n        position\n        streamId\n        recordedAt\n        type\n        description\n        actor {\n          uid\n          email\n          name\n          role\n        }\n        correlationId\n        links {\n          productIds\n          userIds\n          bookingIds\n        }\n      }\n      nextCursor\n      matching\n      eventTypes\n      actors {\n        uid\n        email\n      }\n    }\n  }\n'];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  subscription AuditTimelineChanged($streams: [String!]!, $after: Float) {\n    auditTimelineChanged(streams: $streams, after: $after) {\n      topic\n      position\n      ids\n    }\n  }\n',
): (typeof documents)['\n  subscription AuditTimelineChanged($streams: [String!]!, $after: Float) {\n    auditTimelineChanged(streams: $streams, after: $after) {\n      topic\n      position\n      ids\n    }\n  }\n'];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  fragment ListingViewFields on ListingView {\n    productName\n    picture\n    sellingPrice\n    condition\n    about\n    status\n    reported\n    sellerName\n    sellerVerified\n  }\n',
): (typeof documents)['\n  fragment ListingViewFields on ListingView {\n    productName\n    picture\n    sellingPrice\n    condition\n    about\n    status\n    reported\n    sellerName\n    sellerVerified\n  }\n'];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  query ListingAsOf($productId: ID!, $position: Float!) {\n    listingAsOf(productId: $productId, position: $position) {\n      productId\n      position\n      asOf\n      then {\n        ...ListingViewFields\n      }\n      now {\n        ...ListingViewFields\n      }\n    }\n  }\n',
): (typeof documents)['\n  query ListingAsOf($productId: ID!, $position: Float!) {\n    listingAsOf(productId: $productId, position: $position) {\n      productId\n      position\n      asOf\n      then {\n        ...ListingViewFields\n      }\n      now {\n        ...ListingViewFields\n      }\n    }\n  }\n'];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  query Me {\n    me {\n      uid\n      email\n      name\n      role\n      isAdmin\n      isSeller\n    }\n  }\n',
): (typeof documents)['\n  query Me {\n    me {\n      uid\n      email\n      name\n      role\n      isAdmin\n      isSeller\n    }\n  }\n'];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  subscription MeChanged($after: Float) {\n    meChanged(after: $after) {\n      topic\n      position\n      ids\n    }\n  }\n',
): (typeof documents)['\n  subscription MeChanged($after: Float) {\n    meChanged(after: $after) {\n      topic\n      position\n      ids\n    }\n  }\n'];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  query Categories {\n    categories {\n      _id\n      title\n      image\n    }\n  }\n',
): (typeof documents)['\n  query Categories {\n    categories {\n      _id\n      title\n      image\n    }\n  }\n'];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  query Category($id: ID!) {\n    category(id: $id) {\n      _id\n      title\n      image\n    }\n  }\n',
): (typeof documents)['\n  query Category($id: ID!) {\n    category(id: $id) {\n      _id\n      title\n      image\n    }\n  }\n'];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  query Operations {\n    operations {\n      checkedAt\n      head\n      lagEvents\n      lagMs\n      readModels {\n        name\n        position\n        lagEvents\n        rebuilds\n        rebuiltAt\n      }\n      replay {\n        id\n        names\n        startedBy\n        startedAt\n        updatedAt\n        state\n        position\n        head\n        events\n        error\n      }\n      queue {\n        waiting\n        active\n        delayed\n        failed\n      }\n    }\n  }\n',
): (typeof documents)['\n  query Operations {\n    operations {\n      checkedAt\n      head\n      lagEvents\n      lagMs\n      readModels {\n        name\n        position\n        lagEvents\n        rebuilds\n        rebuiltAt\n      }\n      replay {\n        id\n        names\n        startedBy\n        startedAt\n        updatedAt\n        state\n        position\n        head\n        events\n        error\n      }\n      queue {\n        waiting\n        active\n        delayed\n        failed\n      }\n    }\n  }\n'];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  query MyBookings($minPosition: Float) {\n    myBookings(minPosition: $minPosition) {\n      _id\n      Brand\n      buyerName\n      email\n      phone\n      address\n      sellingPrice\n      productId\n      productName\n      status\n      expiresAt\n      cancelReason\n    }\n  }\n',
): (typeof documents)['\n  query MyBookings($minPosition: Float) {\n    myBookings(minPosition: $minPosition) {\n      _id\n      Brand\n      buyerName\n      email\n      phone\n      address\n      sellingPrice\n      productId\n      productName\n      status\n      expiresAt\n      cancelReason\n    }\n  }\n'];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  subscription MyBookingsChanged($after: Float) {\n    myBookingsChanged(after: $after) {\n      topic\n      position\n      ids\n    }\n  }\n',
): (typeof documents)['\n  subscription MyBookingsChanged($after: Float) {\n    myBookingsChanged(after: $after) {\n      topic\n      position\n      ids\n    }\n  }\n'];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  query Listing($id: ID!, $minPosition: Float) {\n    product(id: $id, minPosition: $minPosition) {\n      ...ProductFields\n      priceHistory {\n        price\n        at\n      }\n      seller {\n        name\n        verified\n        memberSince\n        listings\n        completedSales\n      }\n    }\n  }\n',
): (typeof documents)['\n  query Listing($id: ID!, $minPosition: Float) {\n    product(id: $id, minPosition: $minPosition) {\n      ...ProductFields\n      priceHistory {\n        price\n        at\n      }\n      seller {\n        name\n        verified\n        memberSince\n        listings\n        completedSales\n      }\n    }\n  }\n'];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  subscription ListingChanged($id: ID!, $after: Float) {\n    productChanged(id: $id, after: $after) {\n      topic\n      position\n      ids\n    }\n  }\n',
): (typeof documents)['\n  subscription ListingChanged($id: ID!, $after: Float) {\n    productChanged(id: $id, after: $after) {\n      topic\n      position\n      ids\n    }\n  }\n'];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  fragment ProductFields on ListedProduct {\n    _id\n    productName\n    picture\n    address\n    year\n    buyingPrice\n    sellingPrice\n    sellerName\n    condition\n    phone\n    about\n    postTime\n    Brand\n    email\n    sellerEmail\n    status\n    reported\n    advertised\n    sellerVerified\n  }\n',
): (typeof documents)['\n  fragment ProductFields on ListedProduct {\n    _id\n    productName\n    picture\n    address\n    year\n    buyingPrice\n    sellingPrice\n    sellerName\n    condition\n    phone\n    about\n    postTime\n    Brand\n    email\n    sellerEmail\n    status\n    reported\n    advertised\n    sellerVerified\n  }\n'];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  query Products($brand: String!, $limit: Int, $after: String, $minPosition: Float) {\n    products(brand: $brand, limit: $limit, after: $after, minPosition: $minPosition) {\n      items {\n        ...ProductFields\n      }\n      nextCursor\n    }\n  }\n',
): (typeof documents)['\n  query Products($brand: String!, $limit: Int, $after: String, $minPosition: Float) {\n    products(brand: $brand, limit: $limit, after: $after, minPosition: $minPosition) {\n      items {\n        ...ProductFields\n      }\n      nextCursor\n    }\n  }\n'];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  subscription ProductsChanged($brand: String!, $after: Float) {\n    productsChanged(brand: $brand, after: $after) {\n      topic\n      position\n      ids\n    }\n  }\n',
): (typeof documents)['\n  subscription ProductsChanged($brand: String!, $after: Float) {\n    productsChanged(brand: $brand, after: $after) {\n      topic\n      position\n      ids\n    }\n  }\n'];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  query AdvertisedProducts {\n    advertisedProducts {\n      ...ProductFields\n    }\n  }\n',
): (typeof documents)['\n  query AdvertisedProducts {\n    advertisedProducts {\n      ...ProductFields\n    }\n  }\n'];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  query SearchProducts($search: ProductSearch!, $limit: Int, $after: String, $minPosition: Float) {\n    searchProducts(search: $search, limit: $limit, after: $after, minPosition: $minPosition) {\n      items {\n        ...ProductFields\n      }\n      nextCursor\n    }\n  }\n',
): (typeof documents)['\n  query SearchProducts($search: ProductSearch!, $limit: Int, $after: String, $minPosition: Float) {\n    searchProducts(search: $search, limit: $limit, after: $after, minPosition: $minPosition) {\n      items {\n        ...ProductFields\n      }\n      nextCursor\n    }\n  }\n'];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  subscription ProductSearchChanged($brand: String, $after: Float) {\n    productSearchChanged(brand: $brand, after: $after) {\n      topic\n      position\n      ids\n    }\n  }\n',
): (typeof documents)['\n  subscription ProductSearchChanged($brand: String, $after: Float) {\n    productSearchChanged(brand: $brand, after: $after) {\n      topic\n      position\n      ids\n    }\n  }\n'];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  query SellerBookings($minPosition: Float) {\n    sellerBookings(minPosition: $minPosition) {\n      _id\n      productId\n      productName\n      Brand\n      sellingPrice\n      buyerName\n      email\n      phone\n      address\n      status\n      expiresAt\n      cancelReason\n    }\n  }\n',
): (typeof documents)['\n  query SellerBookings($minPosition: Float) {\n    sellerBookings(minPosition: $minPosition) {\n      _id\n      productId\n      productName\n      Brand\n      sellingPrice\n      buyerName\n      email\n      phone\n      address\n      status\n      expiresAt\n      cancelReason\n    }\n  }\n'];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  subscription SellerBookingsChanged($after: Float) {\n    sellerBookingsChanged(after: $after) {\n      topic\n      position\n      ids\n    }\n  }\n',
): (typeof documents)['\n  subscription SellerBookingsChanged($after: Float) {\n    sellerBookingsChanged(after: $after) {\n      topic\n      position\n      ids\n    }\n  }\n'];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  query MyProducts($minPosition: Float) {\n    myProducts(minPosition: $minPosition) {\n      _id\n      productName\n      picture\n      Brand\n      sellingPrice\n      condition\n      about\n      status\n      booked\n      advertised\n      available\n      reported\n      hidden\n      hiddenReason\n      reviewRequested\n    }\n  }\n',
): (typeof documents)['\n  query MyProducts($minPosition: Float) {\n    myProducts(minPosition: $minPosition) {\n      _id\n      productName\n      picture\n      Brand\n      sellingPrice\n      condition\n      about\n      status\n      booked\n      advertised\n      available\n      reported\n      hidden\n      hiddenReason\n      reviewRequested\n    }\n  }\n'];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(
  source: '\n  subscription MyProductsChanged($after: Float) {\n    myProductsChanged(after: $after) {\n      topic\n      position\n      ids\n    }\n  }\n',
): (typeof documents)['\n  subscription MyProductsChanged($after: Float) {\n    myProductsChanged(after: $after) {\n      topic\n      position\n      ids\n    }\n  }\n'];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> =
  TDocumentNode extends DocumentNode<infer TType, any> ? TType : never;
