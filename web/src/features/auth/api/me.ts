import { gql } from 'urql';
import type { Role } from '@/lib/session.tsx';

export type Me = {
  uid: string;
  email: string;
  name: string;
  role: Role;
  isAdmin: boolean;
  isSeller: boolean;
};

/** The role lookup: who the gateway says the signed-in caller is. */
export const MeQuery = gql<{ me: Me | null }, Record<string, never>>`
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
`;
