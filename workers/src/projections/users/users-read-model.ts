import type { AnyEvent, EventType } from '@resale/events';
import type { ReadModel } from '../projection.ts';
import type { UserDocument } from './user-document.ts';

export const usersCollection = 'users';

export const usersHandledEventTypes: readonly EventType[] = [
  'UserRegistered',
  'UserPromoted',
  'UserDeleted',
];

export function evolveUser(doc: UserDocument | null, event: AnyEvent): UserDocument | null {
  switch (event.type) {
    case 'UserRegistered': {
      const { uid, name, email, role } = event.data;
      return { _id: uid, name, email, role };
    }
    case 'UserPromoted':
      return doc && { ...doc, role: event.data.role };
    case 'UserDeleted':
      return null;
    default:
      return doc;
  }
}

export const usersReadModel: ReadModel<UserDocument> = {
  name: 'users',
  collection: usersCollection,
  handledEventTypes: usersHandledEventTypes,
  documentId: (event) =>
    event.type === 'UserRegistered' || event.type === 'UserPromoted' || event.type === 'UserDeleted'
      ? event.data.uid
      : null,
  evolve: evolveUser,
  topics: { users: { key: () => null } },
  indexes: [
    {
      name: 'by_email',
      fields: [
        ['email', 1],
        ['_id', 1],
      ],
    },
  ],
};
