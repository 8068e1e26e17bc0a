import { gql } from 'urql';

export type Category = { _id: string; title: string; image: string };

export const CategoriesQuery = gql<{ categories: Category[] }, Record<string, never>>`
  query Categories {
    categories {
      _id
      title
      image
    }
  }
`;

export const CategoryQuery = gql<{ category: Category | null }, { id: string }>`
  query Category($id: ID!) {
    category(id: $id) {
      _id
      title
      image
    }
  }
`;
