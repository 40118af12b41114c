/**
 * Who has frames in recognition now, across every live socket of this process: at most one per
 * learner (whatever their number of sockets) and at most `perAddress` per client address
 * (whatever their number of accounts: registration is cheap). A frame that finds no turn is
 * dropped, as one arriving while its socket's previous frame is read. So the pool's queue holds
 * at most one frame per learner and a few per address, and one address's accounts cannot fill it
 * in front of everyone else's frames (attack reviews of 2026-11-27: five sockets of one account
 * took five of every six worker slots; twenty accounts of one address left another learner 30 of
 * 150 frames answered).
 */
export class RecognitionTurns {
  private readonly learners = new Set<string>();
  private readonly addresses = new Map<string, number>();

  constructor(readonly perAddress: number) {}

  /** A turn for this learner at this address, or false when they, or their address, have theirs. */
  take(learner: string, address: string): boolean {
    const atAddress = this.addresses.get(address) ?? 0;
    if (this.learners.has(learner) || atAddress >= this.perAddress) return false;
    this.learners.add(learner);
    this.addresses.set(address, atAddress + 1);
    return true;
  }

  /** Gives back a turn taken (the frame was answered, refused, failed or skipped). */
  give(learner: string, address: string): void {
    if (!this.learners.delete(learner)) return;
    const left = (this.addresses.get(address) ?? 1) - 1;
    if (left > 0) this.addresses.set(address, left);
    else this.addresses.delete(address);
  }
}
