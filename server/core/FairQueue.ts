/**
 * Waiting jobs, one first-in-first-out line per owner. The next job comes from the waiting owner
 * served least recently (one never served first, then in order of arrival), so a thousand jobs of
 * one user wait behind the single job of another, never the other way round (issue 7, finding 4).
 * Used by the sandbox's workers and the crawler's page reader (issue 18).
 */
export class FairQueue<T> {
  private readonly lines = new Map<string, T[]>();
  /** When each owner was last served (a running count of jobs taken). */
  private readonly lastServed = new Map<string, number>();
  private served = 0;
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** Jobs of `owner` waiting. */
  waiting(owner: string): number {
    return this.lines.get(owner)?.length ?? 0;
  }

  /** The owners with jobs waiting, and how many each has. */
  *owners(): IterableIterator<[string, number]> {
    for (const [owner, line] of this.lines) yield [owner, line.length];
  }

  push(owner: string, item: T): void {
    const line = this.lines.get(owner);
    if (line) line.push(item);
    else this.lines.set(owner, [item]);
    this.count += 1;
  }

  /** The oldest job of the least recently served owner that `mayStart` allows. */
  take(mayStart: (owner: string) => boolean = () => true): { owner: string; item: T } | undefined {
    let chosen: string | undefined;
    let chosenAt = Infinity;
    for (const owner of this.lines.keys()) {
      const at = this.lastServed.get(owner) ?? -1;
      if (at < chosenAt && mayStart(owner)) [chosen, chosenAt] = [owner, at];
    }
    const line = chosen === undefined ? undefined : this.lines.get(chosen);
    // Lines are deleted when they empty, so a listed owner always has an item.
    const item = line?.shift();
    if (chosen === undefined || line === undefined || item === undefined) return undefined;
    if (line.length === 0) this.lines.delete(chosen);
    this.count -= 1;
    this.served += 1;
    this.lastServed.set(chosen, this.served);
    this.forgetIdleOwners();
    return { owner: chosen, item };
  }

  /** Takes `item` out of the owner's line (a job cancelled while waiting); false when it is not waiting. */
  remove(owner: string, item: T): boolean {
    const line = this.lines.get(owner);
    const index = line?.indexOf(item) ?? -1;
    if (!line || index < 0) return false;
    line.splice(index, 1);
    if (line.length === 0) this.lines.delete(owner);
    this.count -= 1;
    return true;
  }

  /** Removes and returns every waiting job. */
  drain(): T[] {
    const all = [...this.lines.values()].flat();
    this.lines.clear();
    this.count = 0;
    return all;
  }

  // Owners with nothing waiting only need remembering while they are recent; keep the map small.
  private forgetIdleOwners(): void {
    if (this.lastServed.size <= 1000) return;
    for (const owner of this.lastServed.keys()) if (!this.lines.has(owner)) this.lastServed.delete(owner);
  }
}
