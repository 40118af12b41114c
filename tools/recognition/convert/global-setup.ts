import { resolve } from 'node:path';
import { ensureModels } from './ensure-models';

/** Integration tests run the real models: convert them into .cache/models when missing or stale. */
export default async function setup(): Promise<void> {
  await ensureModels(resolve(import.meta.dirname, '..', '..', '..', '.cache', 'models'));
}
