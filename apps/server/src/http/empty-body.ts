import type { FastifyInstance } from 'fastify';

/**
 * Bodies are JSON only: `text/plain` (which Fastify parses by default) answers 415
 * UNSUPPORTED_MEDIA_TYPE as a form does, not VALIDATION_ERROR "must be a JSON object".
 * `Content-Type: application/json` with an empty body is no body (issue 14 item 7): a call that
 * takes none, such as POST /auth/logout, is accepted, and a call that takes one answers
 * VALIDATION_ERROR naming the missing field. Anything else goes to Fastify's own JSON parser
 * (prototype-poisoning protection, INVALID_JSON on malformed input).
 */
export function acceptEmptyJsonBodies(app: FastifyInstance): void {
  app.removeContentTypeParser('text/plain');
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body.length === 0) return done(null, undefined);
    parseJson(request, body as string, done);
  });
}
