import { TARGET_FPS } from '@asl/protocol';

/**
 * processing_capability in 0..1 = min(1, frame budget / the server's time per frame
 * including waiting), smoothed over recent frames. Below 0.8 the client slows down.
 */
export class CapabilityEstimator {
  private avgMs: number | null = null;
  constructor(
    private readonly budgetMs = 1000 / TARGET_FPS,
    private readonly alpha = 0.2,
  ) {}

  record(totalMs: number): void {
    this.avgMs = this.avgMs === null ? totalMs : this.avgMs + this.alpha * (totalMs - this.avgMs);
  }

  get averageMs(): number {
    return this.avgMs ?? 0;
  }

  get capability(): number {
    if (this.avgMs === null || this.avgMs <= 0) return 1;
    return Math.max(0, Math.min(1, this.budgetMs / this.avgMs));
  }
}
