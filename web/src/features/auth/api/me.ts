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
