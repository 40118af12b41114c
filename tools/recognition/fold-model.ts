/**
 * A leave-one-out fold model (`npm run eval:recognizer -- --holdout ... --fold-models DIR`) as the
 * measuring tools read it: its own networks with the shipped weights' calibration (temperature
 * and `sure` thresholds), since a fold model is trained without one; as the model card's held-out
 * `sure` figures are estimated.
 */
import { readFileSync } from 'node:fs';
import { loadModel, type LoadedModel, type WeightsJson } from '../../packages/recognition/src/handshape/classifier.js';

const SHIPPED = new URL('../../packages/recognition/src/handshape/weights.json', import.meta.url);

export function loadFoldModel(file: string): LoadedModel {
  const fold = JSON.parse(readFileSync(file, 'utf8')) as WeightsJson;
  const shipped = JSON.parse(readFileSync(SHIPPED, 'utf8')) as WeightsJson;
  return loadModel({ ...fold, calibration: fold.calibration ?? shipped.calibration });
}
