import { graphql } from '@/graphql/gql.ts';
import type {
  AuditTimelineQuery as AuditTimelineAnswer,
  ListingAsOfQuery as ListingAsOfAnswer,
} from '@/graphql/graphql.ts';

export type AuditTimeline = AuditTimelineAnswer['auditTimeline'];
export type AuditEntry = AuditTimeline['entries'][number];
export type AuditSubject = AuditTimeline['matches'][number];
export type ListingThenAndNow = ListingAsOfAnswer['listingAsOf'];
export type ListingView = NonNullable<ListingThenAndNow['now']>;

/** One page of a timeline: what the search names, and its events after `after`. */
export const AuditTimelineQuery = graphql(`
  query AuditTimeline(
    $stream: String
    $email: String
    $q: String
    $types: [String!]
    $actor: String
    $after: Float
    $limit: Int
    $minPosition: Float
  ) {
    auditTimeline(
      stream: $stream
      email: $email
      q: $q
      types: $types
      actor: $actor
      after: $after
      limit: $limit
      minPosition: $minPosition
    ) {
      subject {
        kind
        id
        label
        streams
      }
      matches {
        kind
        id
        label
        streams
      }
      entries {
        position
        streamId
        recordedAt
        type
        description
        actor {
          uid
          email
          name
          role
        }
        correlationId
        links {
          productIds
          userIds
          bookingIds
        }
      }
      nextCursor
      matching
      eventTypes
      actors {
        uid
        email
      }
    }
  }
`);

/** A new event on one of the streams shown. */
export const AuditTimelineChangedSubscription = graphql(`
  subscription AuditTimelineChanged($streams: [String!]!, $after: Float) {
    auditTimelineChanged(streams: $streams, after: $after) {
      topic
      position
      ids
    }
  }
`);

/** What the side-by-side view shows of the listing, then and now. */
export const ListingViewFragment = graphql(`
  fragment ListingViewFields on ListingView {
    productName
    picture
    sellingPrice
    condition
    about
    status
    reported
    sellerName
    sellerVerified
  }
`);

/** The listing as it was at a log position, beside today's. */
export const ListingAsOfQuery = graphql(`
  query ListingAsOf($productId: ID!, $position: Float!) {
    listingAsOf(productId: $productId, position: $position) {
      productId
      position
      asOf
      then {
        ...ListingViewFields
      }
      now {
        ...ListingViewFields
      }
    }
  }
`);
