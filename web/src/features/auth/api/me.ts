import { graphql } from '@/graphql/gql.ts';
import type { MeQuery as MeAnswer } from '@/graphql/graphql.ts';

export type Me = NonNullable<MeAnswer['me']>;

/** The role lookup: who the gateway says the signed-in caller is. */
export const MeQuery = graphql(`
  query Me {
    me {
      uid
      email
      name
      role
      isAdmin
      isSeller
    }
  }
`);

/**
 * The signed-in caller's own account changed (a promotion, a role, a seller's verification, a
 * deletion): the session asks `me` again, so the navigation follows without a reload.
 */
export const MeChangedSubscription = graphql(`
  subscription MeChanged($after: Float) {
    meChanged(after: $after) {
      topic
      position
      ids
    }
  }
`);
