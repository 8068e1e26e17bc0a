// The run's MongoDB-wire server (see there); re-exported so this project's types know it.
export { default } from '../../infra/test/support/mongo-wire.global-setup.ts';
