/** SSD anchor generation as in MediaPipe's SsdAnchorsCalculator (fixed anchor size variant). */
export interface AnchorOptions {
  inputSize: number;
  numLayers: number;
  strides: number[];
  /** aspect ratios per layer (palm: [1]) */
  aspectRatios: number[];
  /** interpolated scale aspect ratio adds one more anchor per location (palm: 1) */
  interpolatedScaleAspectRatio: number;
  anchorOffset: number;
}
export interface Anchor {
  x: number;
  y: number;
}

/** palm_detection (256x256 TF.js handdetect): 2944 anchors */
export const PALM_256_ANCHORS: AnchorOptions = {
  inputSize: 256,
  numLayers: 5,
  strides: [8, 16, 32, 32, 32],
  aspectRatios: [1],
  interpolatedScaleAspectRatio: 1,
  anchorOffset: 0.5,
};

/** Only centres matter: the palm model uses fixed_anchor_size, so w=h=1. */
export function generateAnchors(o: AnchorOptions): Float32Array {
  const out: number[] = [];
  let layer = 0;
  while (layer < o.numLayers) {
    let perLocation = 0;
    let last = layer;
    // layers with the same stride share one feature map
    while (last < o.numLayers && o.strides[last] === o.strides[layer]) {
      perLocation += o.aspectRatios.length + (o.interpolatedScaleAspectRatio > 0 ? 1 : 0);
      last++;
    }
    const stride = o.strides[layer];
    const fm = Math.ceil(o.inputSize / stride);
    for (let y = 0; y < fm; y++) {
      for (let x = 0; x < fm; x++) {
        for (let k = 0; k < perLocation; k++) out.push((x + o.anchorOffset) / fm, (y + o.anchorOffset) / fm);
      }
    }
    layer = last;
  }
  return Float32Array.from(out);
}
