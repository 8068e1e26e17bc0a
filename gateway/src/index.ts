export { default as serviceApp, httpProtocol, serverOptions, type AppOptions } from './app.ts';
export {
  loadConfig,
  configProblems,
  ConfigError,
  embeddedAccessTokenSecret,
  type AppConfig,
} from './config.ts';
export { startServer, type StartedServer, type StartServerOptions } from './start-server.ts';
