import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Compresses the API's answers (JSON and text, e.g. /metrics) of at least
 * COMPRESS_THRESHOLD_BYTES with Brotli or gzip, as the request's Accept-Encoding allows, with
 * `Vary: Accept-Encoding`. Static files are precompressed at build time (see spa.ts), so a
 * response that already has a Content-Encoding is left alone, and binary answers (models,
 * images) are never compressed on the fly. Register before the routes.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // A request body's Content-Encoding names are case-insensitive (RFC 9110): `GZIP` is gzip
  app.addHook('onRequest', async (request) => {
    const encoding = request.headers['content-encoding'];
    if (typeof encoding === 'string') request.headers['content-encoding'] = encoding.toLowerCase();
  });
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)/,
  });
}
