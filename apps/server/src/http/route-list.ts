import type { FastifyInstance } from 'fastify';

export interface RegisteredRoute {
  method: string;
  url: string;
}

const lists = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/**
 * Records every route registered on `app` from now on (Fastify's onRoute hook), so a test can
 * hold the routes the server really has against the route table and the OpenAPI document.
 */
export function trackRoutes(app: FastifyInstance): void {
  const list: RegisteredRoute[] = [];
  lists.set(app, list);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) list.push({ method, url: route.url });
  });
}

/** The routes registered since trackRoutes (HEAD twins of GET routes included). */
export const registeredRoutes = (app: FastifyInstance): readonly RegisteredRoute[] => lists.get(app) ?? [];
