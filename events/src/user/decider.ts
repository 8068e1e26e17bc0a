import { DomainError, type Command, type Decider } from '../decider.ts';
import type { UserDeleted, UserEvent, UserPromoted, UserRegistered } from './events.ts';

type RegistrationRole = UserRegistered['data']['role'];

/////////////////////////////////////////
// State
/////////////////////////////////////////

export type User =
  | { status: 'unregistered' }
  | {
      status: 'registered';
      uid: string;
      name: string;
      email: string;
      /** The account type chosen at sign-up; promotion to admin keeps it. */
      role: RegistrationRole;
      isAdmin: boolean;
    }
  | { status: 'deleted' };

export type RegisteredUser = Extract<User, { status: 'registered' }>;

export const initialUserState = (): User => ({ status: 'unregistered' });

export const evolveUser = (state: User, event: UserEvent): User => {
  switch (event.type) {
    case 'UserRegistered':
      return state.status === 'unregistered'
        ? { status: 'registered', ...event.data, isAdmin: false }
        : state;
    case 'UserPromoted':
      return state.status === 'registered' ? { ...state, isAdmin: true } : state;
    case 'UserDeleted':
      return { status: 'deleted' };
    default: {
      const _unknown: never = event;
      return state;
    }
  }
};

/////////////////////////////////////////
// Commands
/////////////////////////////////////////

export type RegisterUser = Command<
  'RegisterUser',
  {
    uid: string;
    name: string;
    email: string;
    /** As sent by the client: anything but buyer or seller is refused. */
    role: string;
    /** Set by the gateway when the e-mail is in ADMIN_EMAILS; never taken from the client. */
    grantAdmin?: boolean;
  }
>;
export type PromoteUser = Command<'PromoteUser', { uid: string }>;
export type DeleteUser = Command<'DeleteUser', { uid: string }>;

export type UserCommand = RegisterUser | PromoteUser | DeleteUser;

/////////////////////////////////////////
// Business logic
/////////////////////////////////////////

const isRegistrationRole = (role: string): role is RegistrationRole =>
  role === 'buyer' || role === 'seller';

const promoted = (uid: string): UserPromoted => ({
  type: 'UserPromoted',
  schemaVersion: 1,
  data: { uid, role: 'admin' },
});

const deletedUser = () => new DomainError('illegal_state', 'This user has been deleted');
const unknownUser = () => new DomainError('not_found', 'This user does not exist');

export const registerUser = (command: RegisterUser, state: User): UserEvent[] => {
  const { uid, name, email, role, grantAdmin = false } = command.data;
  if (!isRegistrationRole(role))
    throw new DomainError('invalid', 'Choose buyer or seller as the account type', 'role');

  switch (state.status) {
    case 'deleted':
      throw deletedUser();
    case 'registered': {
      const sameRegistration =
        state.uid === uid && state.name === name && state.email === email && state.role === role;
      if (!sameRegistration)
        throw new DomainError('conflict', 'This user is already registered with other details');
      // The registration holds; only a newly granted admin right is still missing.
      return grantAdmin && !state.isAdmin ? [promoted(uid)] : [];
    }
    case 'unregistered': {
      const registered: UserRegistered = {
        type: 'UserRegistered',
        schemaVersion: 1,
        data: { uid, name, email, role },
      };
      return grantAdmin ? [registered, promoted(uid)] : [registered];
    }
  }
};

export const promoteUser = (command: PromoteUser, state: User): UserPromoted[] => {
  if (state.status === 'unregistered') throw unknownUser();
  if (state.status === 'deleted') throw deletedUser();
  return state.isAdmin ? [] : [promoted(command.data.uid)];
};

export const deleteUser = (command: DeleteUser, state: User): UserDeleted[] => {
  if (state.status === 'unregistered') throw unknownUser();
  if (state.status === 'deleted') return [];
  return [{ type: 'UserDeleted', schemaVersion: 1, data: { uid: command.data.uid } }];
};

export const decideUser = (command: UserCommand, state: User): UserEvent[] => {
  const { type } = command;
  switch (type) {
    case 'RegisterUser':
      return registerUser(command, state);
    case 'PromoteUser':
      return promoteUser(command, state);
    case 'DeleteUser':
      return deleteUser(command, state);
    default: {
      const _unknown: never = type;
      throw new DomainError('invalid', `Unknown user command ${String(_unknown)}`);
    }
  }
};

export const userDecider: Decider<UserCommand, UserEvent, User> = {
  decide: decideUser,
  evolve: evolveUser,
  initialState: initialUserState,
};

/////////////////////////////////////////
// Guards on the acting user (the gateway folds the actor's own stream and asks these)
/////////////////////////////////////////

/** A deleted or never registered account cannot act. */
export function assertActiveUser(actor: User): asserts actor is RegisteredUser {
  if (actor.status === 'deleted')
    throw new DomainError('forbidden', 'This account has been deleted');
  if (actor.status === 'unregistered')
    throw new DomainError('forbidden', 'Register your account before you continue');
}

export function assertAdmin(actor: User): asserts actor is RegisteredUser {
  assertActiveUser(actor);
  if (!actor.isAdmin) throw new DomainError('forbidden', 'Only an admin can do this');
}

export function assertSeller(actor: User): asserts actor is RegisteredUser {
  assertActiveUser(actor);
  if (actor.role !== 'seller') throw new DomainError('forbidden', 'Only a seller can do this');
}
