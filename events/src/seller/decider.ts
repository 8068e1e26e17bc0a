import { DomainError, type Command, type Decider } from '../decider.ts';
import type {
  SellerDeleted,
  SellerEvent,
  SellerPersonalDataErased,
  SellerRegistered,
  SellerVerified,
} from './events.ts';

/////////////////////////////////////////
// State
/////////////////////////////////////////

type SellerRecord = SellerRegistered['data'];

export type Seller =
  | { status: 'unregistered' }
  | ({ status: 'registered'; verified: boolean } & SellerRecord)
  | { status: 'deleted' };

export const initialSellerState = (): Seller => ({ status: 'unregistered' });

export const evolveSeller = (state: Seller, event: SellerEvent): Seller => {
  switch (event.type) {
    case 'SellerRegistered':
      return state.status === 'unregistered'
        ? { status: 'registered', verified: false, ...event.data }
        : state;
    case 'SellerVerified':
      return state.status === 'registered' ? { ...state, verified: true } : state;
    case 'SellerDeleted':
      return { status: 'deleted' };
    // The state holds personal data as the log reads it: already erased once the key is gone.
    case 'SellerPersonalDataErased':
      return state;
    default: {
      const _unknown: never = event;
      return state;
    }
  }
};

/////////////////////////////////////////
// Commands
/////////////////////////////////////////

/** The seller record of a user who signed up as a seller; `sellerId` is that user's uid. */
export type RegisterSeller = Command<'RegisterSeller', SellerRecord>;
export type VerifySeller = Command<'VerifySeller', { sellerId: string }>;
export type DeleteSeller = Command<'DeleteSeller', { sellerId: string }>;

/** Sent by the system when an admin deleted the user behind the record. */
export type EraseSellerPersonalData = Command<'EraseSellerPersonalData', { sellerId: string }>;

export type SellerCommand = RegisterSeller | VerifySeller | DeleteSeller | EraseSellerPersonalData;

/////////////////////////////////////////
// Business logic
/////////////////////////////////////////

const deletedSeller = () => new DomainError('illegal_state', 'This seller has been deleted');
const unknownSeller = () => new DomainError('not_found', 'This seller does not exist');

export const registerSeller = (command: RegisterSeller, state: Seller): SellerRegistered[] => {
  const { sellerId, name, email, sellerEmail } = command.data;
  switch (state.status) {
    case 'deleted':
      throw deletedSeller();
    case 'registered': {
      const same =
        state.sellerId === sellerId &&
        state.name === name &&
        state.email === email &&
        state.sellerEmail === sellerEmail;
      if (!same)
        throw new DomainError('conflict', 'This seller is already registered with other details');
      return [];
    }
    case 'unregistered':
      return [
        {
          type: 'SellerRegistered',
          schemaVersion: 1,
          data: { sellerId, name, email, sellerEmail },
        },
      ];
  }
};

export const verifySeller = (command: VerifySeller, state: Seller): SellerVerified[] => {
  if (state.status === 'unregistered') throw unknownSeller();
  if (state.status === 'deleted') throw deletedSeller();
  if (state.verified) return [];
  return [{ type: 'SellerVerified', schemaVersion: 1, data: { sellerId: command.data.sellerId } }];
};

export const deleteSeller = (command: DeleteSeller, state: Seller): SellerDeleted[] => {
  if (state.status === 'unregistered') throw unknownSeller();
  if (state.status === 'deleted') return [];
  return [{ type: 'SellerDeleted', schemaVersion: 1, data: { sellerId: command.data.sellerId } }];
};

/** A record still kept holds a copy of its user's data; a deleted one has no document left. */
const eraseSellerPersonalData = (
  command: EraseSellerPersonalData,
  state: Seller,
): SellerPersonalDataErased[] => {
  if (state.status === 'unregistered') throw unknownSeller();
  if (state.status === 'deleted') return [];
  return [
    {
      type: 'SellerPersonalDataErased',
      schemaVersion: 1,
      data: { sellerId: command.data.sellerId },
    },
  ];
};

export const decideSeller = (command: SellerCommand, state: Seller): SellerEvent[] => {
  const { type } = command;
  switch (type) {
    case 'EraseSellerPersonalData':
      return eraseSellerPersonalData(command, state);
    case 'RegisterSeller':
      return registerSeller(command, state);
    case 'VerifySeller':
      return verifySeller(command, state);
    case 'DeleteSeller':
      return deleteSeller(command, state);
    default: {
      const _unknown: never = type;
      throw new DomainError('invalid', `Unknown seller command ${String(_unknown)}`);
    }
  }
};

export const sellerDecider: Decider<SellerCommand, SellerEvent, Seller> = {
  decide: decideSeller,
  evolve: evolveSeller,
  initialState: initialSellerState,
};
