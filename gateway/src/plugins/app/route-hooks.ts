import type { RouteOptions } from 'fastify';

type HookName = 'onRequest' | 'preHandler' | 'onSend' | 'onResponse';
type HookOf<K extends HookName> =
  NonNullable<RouteOptions[K]> extends infer H ? (H extends readonly (infer E)[] ? E : H) : never;

/**
 * Adds a hook to one route (from an `onRoute` hook), after the route's own. A plugin whose hook
 * concerns a few routes adds it to those only: an async hook on every request costs every answer.
 */
export function addRouteHook<K extends HookName>(
  route: RouteOptions,
  name: K,
  hook: HookOf<K>,
): void {
  const existing: unknown = route[name];
  const hooks = Array.isArray(existing) ? [...(existing as unknown[])] : existing ? [existing] : [];
  (route as Record<HookName, unknown>)[name] = [...hooks, hook];
}
