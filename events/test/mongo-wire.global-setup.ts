// The run's MongoDB-wire server (see there): the MongoDB personal-data keys' suite runs on it.
export { default } from '../../infra/test/support/mongo-wire.global-setup.ts';
