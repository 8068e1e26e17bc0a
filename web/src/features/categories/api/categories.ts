import { graphql } from '@/graphql/gql.ts';
import type { CategoriesQuery as CategoriesAnswer } from '@/graphql/graphql.ts';

export type Category = CategoriesAnswer['categories'][number];

export const CategoriesQuery = graphql(`
  query Categories {
    categories {
      _id
      title
      image
    }
  }
`);

export const CategoryQuery = graphql(`
  query Category($id: ID!) {
    category(id: $id) {
      _id
      title
      image
    }
  }
`);
