import { limitHeapGrowth } from './v8-heap.ts';

// Whatever starts the gateway through this package (`npm start`, the benchmark) gets its heap
// growing factor; gateway/src/server.ts sets it too.
limitHeapGrowth();

export { default as serviceApp, httpProtocol, serverOptions, type AppOptions } from './app.ts';
export { loadConfig, ConfigError, embeddedAccessTokenSecret, type AppConfig } from './config.ts';
