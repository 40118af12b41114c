import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { SERVICE_WORKER_PATH, errorBody } from '@asl/protocol';
import type { FastifyInstance } from 'fastify';

/** Hashed build assets: never change under their name. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** index.html, login.html, /sw.js and the other unhashed files: revalidated on every use. */
export const REVALIDATE_CACHE = 'no-cache';
/** The sign-in page with its static HTML already in #root (written by the web build). */
export const LOGIN_PAGE = 'login.html';

/**
 * Serves the built SPA; any unknown non-API path falls back to index.html so the
 * client router can handle it, and /login gets login.html (the same page with the sign-in form's
 * HTML in it, so it paints before the script) when the build has one. API and socket paths (the
 * API's in any case) and the build's source maps (not served) get a coded JSON 404 instead, and so do a missing `/sw.js` (an HTML page there would make the
 * browser's registration fail oddly) and a missing `/assets/` file (an old page asking for a file
 * of the build before: its import fails as a chunk error, which reloads the page).
 *
 * Every file goes out precompressed when the build wrote `.br`/`.gz` copies and the request's
 * Accept-Encoding allows (Brotli first), with `Vary: Accept-Encoding`. /assets/ (hashed names)
 * is cached for a year as immutable; everything else (index.html, /sw.js) is `no-cache`, so a
 * new service worker and a new shell are picked up at once.
 */
export async function registerSpa(app: FastifyInstance, webDistDir: string | null): Promise<void> {
  const hasSpa = webDistDir !== null && existsSync(join(webDistDir, 'index.html'));
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // the build's source maps stay on the server's disk (for debugging), not on the web
      allowedPath: (pathName) => !pathName.endsWith('.map'),
      setHeaders(res, path) {
        void res.header('cache-control', path.includes(`${'/'}assets${'/'}`) ? IMMUTABLE_CACHE : REVALIDATE_CACHE);
      },
    });
    const loginPage = existsSync(join(webDistDir, LOGIN_PAGE)) ? LOGIN_PAGE : 'index.html';
    app.get('/login', (_request, reply) => {
      void reply.header('cache-control', REVALIDATE_CACHE);
      return reply.type('text/html').sendFile(loginPage);
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const lower = path.toLowerCase();
    const isApi =
      lower.startsWith('/api/') ||
      lower === '/api' ||
      path.endsWith('.map') ||
      path.startsWith('/ws/') ||
      path.startsWith('/models/') ||
      // a hashed file gone after a deploy: a 404 the page reads as a failed chunk (and reloads), not HTML
      path.startsWith('/assets/') ||
      path === '/metrics' ||
      path === SERVICE_WORKER_PATH;
    if (!isApi && hasSpa && (request.method === 'GET' || request.method === 'HEAD')) {
      void reply.header('cache-control', REVALIDATE_CACHE);
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.status(404).send(errorBody('NOT_FOUND'));
  });
}
