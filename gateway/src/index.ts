export { default as serviceApp, serverOptions, type AppOptions } from './app.ts';
export { loadConfig, ConfigError, type AppConfig } from './config.ts';
