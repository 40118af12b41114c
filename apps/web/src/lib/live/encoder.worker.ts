/// <reference lib="webworker" />
/**
 * Encodes a 320x240 ImageBitmap to a JPEG data URL on an OffscreenCanvas, off the main thread.
 * Message in: { id, bitmap, width, height, quality }; out: { id, dataUrl } or { id, error }.
 */
interface EncodeRequest {
  id: number;
  bitmap: ImageBitmap;
  width: number;
  height: number;
  quality: number;
}

let canvas: OffscreenCanvas | null = null;
let ctx: OffscreenCanvasRenderingContext2D | null = null;

self.onmessage = async (ev: MessageEvent<EncodeRequest>) => {
  const { id, bitmap, width, height, quality } = ev.data;
  try {
    if (!canvas || canvas.width !== width || canvas.height !== height) {
      canvas = new OffscreenCanvas(width, height);
      ctx = canvas.getContext('2d');
    }
    if (!ctx) throw new Error('no 2d context');
    ctx.drawImage(bitmap, 0, 0, width, height);
    bitmap.close();
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality });
    const dataUrl = new FileReaderSync().readAsDataURL(blob);
    self.postMessage({ id, dataUrl });
  } catch (err) {
    bitmap.close();
    self.postMessage({ id, error: (err as Error).message });
  }
};
