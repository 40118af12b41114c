import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { SERVICE_WORKER_PATH, errorBody } from '@asl/protocol';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built SPA; any unknown non-API path falls back to index.html so the
 * client router can handle it. API and socket paths get a coded JSON 404 instead, and so does
 * a missing `/sw.js` (an HTML page there would make the browser's registration fail oddly).
 * Everything outside /assets/ (index.html, /sw.js) is `no-cache`, so a new service worker
 * and a new shell are picked up at once.
 */
export async function registerSpa(app: FastifyInstance, webDistDir: string | null): Promise<void> {
  const hasSpa = webDistDir !== null && existsSync(join(webDistDir, 'index.html'));
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      setHeaders(res, path) {
        if (path.includes(`${'/'}assets${'/'}`))
          void res.header('cache-control', 'public, max-age=31536000, immutable');
        else void res.header('cache-control', 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi =
      path.startsWith('/api/') ||
      path === '/api' ||
      path.startsWith('/ws/') ||
      path.startsWith('/models/') ||
      path === '/metrics' ||
      path === SERVICE_WORKER_PATH;
    if (!isApi && hasSpa && (request.method === 'GET' || request.method === 'HEAD')) {
      void reply.header('cache-control', 'no-cache');
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.status(404).send(errorBody('NOT_FOUND'));
  });
}
