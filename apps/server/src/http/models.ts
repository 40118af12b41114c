import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { errorBody } from '@asl/protocol';
import type { FastifyInstance } from 'fastify';

/** The converted hand models the browser may load for offline practice (a fixed list: no paths). */
export const SERVED_MODELS = ['handdetect', 'handlandmark-full', 'handlandmark-lite'] as const;
const FILE_RE = new RegExp(`^(${SERVED_MODELS.join('|')})\\.onnx$`);

/**
 * Model names are stable but their content changes when the converter does, so: cached for a day,
 * then revalidated by ETag (a 304 costs one round trip, never the 10 MB again).
 */
export const MODEL_CACHE_CONTROL = 'public, max-age=86400, must-revalidate';

interface Tag {
  mtimeMs: number;
  size: number;
  etag: string;
}

/** The ETag of a model: its .sha256 sidecar (written by the converter) or a hash of the file. */
async function etagOf(file: string, st: { mtimeMs: number; size: number }, cache: Map<string, Tag>): Promise<string> {
  const hit = cache.get(file);
  if (hit && hit.mtimeMs === st.mtimeMs && hit.size === st.size) return hit.etag;
  let hex = '';
  try {
    const side = await stat(`${file}.sha256`);
    if (side.mtimeMs >= st.mtimeMs) hex = (await readFile(`${file}.sha256`, 'utf8')).trim().split(/\s+/)[0] ?? '';
  } catch {
    /* no sidecar */
  }
  if (!/^[0-9a-f]{64}$/.test(hex))
    hex = createHash('sha256')
      .update(await readFile(file))
      .digest('hex');
  const etag = `"${hex.slice(0, 32)}-${st.size}"`;
  cache.set(file, { mtimeMs: st.mtimeMs, size: st.size, etag });
  return etag;
}

/** GET /models/<name>.onnx: the ONNX models the server recognises with, for the in-browser recogniser. */
export function registerModelRoutes(app: FastifyInstance, modelDir: string): void {
  const dir = resolve(modelDir);
  const tags = new Map<string, Tag>();
  app.get<{ Params: { file: string } }>('/models/:file', async (request, reply) => {
    const m = FILE_RE.exec(request.params.file);
    if (!m) return reply.status(404).send(errorBody('NOT_FOUND', 'There is no model with that name.'));
    const file = join(dir, `${m[1]}.onnx`);
    let st;
    try {
      st = await stat(file);
      if (!st.isFile()) throw new Error('not a file');
    } catch {
      return reply.status(503).send(errorBody('RECOGNITION_UNAVAILABLE'));
    }
    const etag = await etagOf(file, st, tags);
    void reply
      .header('etag', etag)
      .header('cache-control', MODEL_CACHE_CONTROL)
      .header('last-modified', st.mtime.toUTCString());
    const inm = request.headers['if-none-match'];
    if (inm && inm.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) return reply.status(304).send();
    void reply.type('application/octet-stream').header('content-length', st.size);
    if (request.method === 'HEAD') return reply.send();
    return reply.send(createReadStream(file));
  });
}
