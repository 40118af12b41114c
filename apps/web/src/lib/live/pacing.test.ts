import { describe, expect, it } from 'vitest';
import { AdaptivePacer, nextAdaptiveFps } from './pacing';

describe('adaptive pacing', () => {
  it('lowers below 0.8 (not below 10), raises by 2 above 0.95 (up to 30), holds between', () => {
    expect(nextAdaptiveFps(30, 0.5)).toBe(15);
    expect(nextAdaptiveFps(30, 0.79)).toBe(23);
    expect(nextAdaptiveFps(12, 0.1)).toBe(10);
    expect(nextAdaptiveFps(10, 0.79)).toBe(10);
    expect(nextAdaptiveFps(20, 0.9)).toBe(20);
    expect(nextAdaptiveFps(20, 0.96)).toBe(22);
    expect(nextAdaptiveFps(29, 1)).toBe(30);
    expect(nextAdaptiveFps(30, 1)).toBe(30);
  });

  it('skips a capture sooner than the adaptive interval and counts it as dropped', () => {
    const p = new AdaptivePacer();
    expect(p.tryCapture(1000)).toBe(true);
    expect(p.tryCapture(1010)).toBe(false);
    expect(p.droppedFrames).toBe(1);
    expect(p.dueIn(1010)).toBeCloseTo(1000 / 30 - 10);
    expect(p.tryCapture(1034)).toBe(true);
  });

  it('adapts at most once a second from the server capability, and reports stats', () => {
    const p = new AdaptivePacer();
    p.recordProcessed(40, 0.5, 0);
    expect(p.adaptiveFPS).toBe(15);
    p.recordProcessed(60, 0.5, 500);
    expect(p.adaptiveFPS).toBe(15);
    p.recordProcessed(20, 1, 1000);
    expect(p.adaptiveFPS).toBe(17);
    p.markSent(1100);
    p.markSent(1200);
    p.markSent(2150);
    expect(p.stats(2150)).toEqual({
      currentFPS: 2,
      adaptiveFPS: 17,
      droppedFrames: 0,
      processingCapability: 1,
      avgProcessingTime: 40,
      processedFrames: 3,
    });
  });

  it('averages the last 30 processing times', () => {
    const p = new AdaptivePacer();
    for (let i = 0; i < 40; i++) p.recordProcessed(i < 10 ? 1000 : 10, 1, i);
    expect(p.stats(100).avgProcessingTime).toBe(10);
  });
});
