import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { type PermissionCheck, permissionCheckOf } from '#server/plugins/organization-guard.ts';

/** Every route of an app as `METHOD /path` (the path as declared, `:id` and all), with its organization check. */
export type RouteList = Map<string, PermissionCheck | null>;

/**
 * Builds an app and answers every route it registered, each with the `requirePermission` check among its
 * preValidation hooks (null for none): Fastify publishes each new instance on the `fastify.initialization` channel
 * before any route exists, so an `onRoute` hook added there sees them all. HEAD (Fastify's copy of each
 * GET) and OPTIONS (CORS preflight) are left out; `/x/` and `/x` count once.
 */
export async function buildListingRoutes<T>(
  build: () => Promise<T>,
): Promise<{ built: T; routes: RouteList }> {
  const routes: RouteList = new Map();
  const onInitialization = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook('onRoute', (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const path = route.url.length > 1 ? route.url.replace(/\/$/, '') : route.url;
      for (const method of methods) {
        if (method !== 'HEAD' && method !== 'OPTIONS')
          routes.set(`${method} ${path}`, permissionCheckOf(route));
      }
    });
  };
  subscribe('fastify.initialization', onInitialization);
  try {
    return { built: await build(), routes };
  } finally {
    unsubscribe('fastify.initialization', onInitialization);
  }
}
