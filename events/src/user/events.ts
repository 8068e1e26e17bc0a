import Type, { type Static } from 'typebox';
import type { EventOf } from '../envelope.ts';
import { Email, Id, Name, RegistrationRole } from '../fields.ts';

export const userStreamId = (uid: string): string => `user-${uid}`;

export const UserRegisteredV1 = Type.Object(
  { uid: Id, name: Name, email: Email, role: RegistrationRole },
  { additionalProperties: false },
);
/** Promotion to admin: by an admin's 'Make Admin', by ADMIN_EMAILS at registration, or by an operator. */
export const UserPromotedV1 = Type.Object(
  { uid: Id, role: Type.Literal('admin') },
  { additionalProperties: false },
);
export const UserDeletedV1 = Type.Object({ uid: Id }, { additionalProperties: false });

export type UserRegistered = EventOf<'UserRegistered', Static<typeof UserRegisteredV1>>;
export type UserPromoted = EventOf<'UserPromoted', Static<typeof UserPromotedV1>>;
export type UserDeleted = EventOf<'UserDeleted', Static<typeof UserDeletedV1>>;
export type UserEvent = UserRegistered | UserPromoted | UserDeleted;
