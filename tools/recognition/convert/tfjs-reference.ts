/**
 * Loads a TF.js graph model from disk with pure-JS @tensorflow/tfjs (cpu backend): used as the
 * numerical reference for the converter (tfjs-node cannot be installed here).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as tf from '@tensorflow/tfjs';
import type { ModelJson } from './tfjs-graph.js';

export async function loadTfjsGraphModel(modelJsonPath: string): Promise<tf.GraphModel> {
  const model = JSON.parse(await readFile(modelJsonPath, 'utf8')) as ModelJson & Record<string, unknown>;
  const dir = path.dirname(modelJsonPath);
  const buffers: Buffer[] = [];
  for (const g of model.weightsManifest) for (const p of g.paths) buffers.push(await readFile(path.join(dir, p)));
  const all = Buffer.concat(buffers);
  const handler: tf.io.IOHandler = {
    load: async () => ({
      modelTopology: model.modelTopology,
      format: model.format,
      generatedBy: model.generatedBy as string | undefined,
      convertedBy: model.convertedBy as string | null | undefined,
      signature: model.signature as object | undefined,
      userDefinedMetadata: model.userDefinedMetadata as Record<string, object> | undefined,
      weightSpecs: model.weightsManifest.flatMap((g) => g.weights) as tf.io.WeightsManifestEntry[],
      weightData: all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength),
    }),
  };
  return tf.loadGraphModel(handler);
}

export { tf };
