/**
 * Bytes waiting in order, taken from the front in any amounts: the agent's audio scheduled ahead
 * of the call's clock. Chunks are kept as they came (no copying on every append), so a long
 * answer sent faster than it plays costs its own size and nothing more.
 */
export class ByteQueue {
  #chunks: Buffer[] = [];
  /** Bytes of #chunks[0] already taken. */
  #head = 0;
  #length = 0;

  get length(): number {
    return this.#length;
  }

  push(bytes: Buffer): void {
    if (bytes.length === 0) return;
    this.#chunks.push(bytes);
    this.#length += bytes.length;
  }

  /** Appends `count` copies of `byte`. */
  fill(byte: number, count: number): void {
    if (count > 0) this.push(Buffer.alloc(count, byte));
  }

  /** Takes up to `count` bytes from the front into `into` at `offset`, a byte every `stride`; returns how many. */
  takeInto(count: number, into: Buffer, offset: number, stride: number): number {
    let taken = 0;
    while (taken < count && this.#chunks.length > 0) {
      const chunk = this.#chunks[0] as Buffer;
      const available = chunk.length - this.#head;
      const n = Math.min(available, count - taken);
      for (let i = 0; i < n; i++) into[offset + (taken + i) * stride] = chunk[this.#head + i] as number;
      taken += n;
      this.#head += n;
      if (this.#head === chunk.length) {
        this.#chunks.shift();
        this.#head = 0;
      }
    }
    this.#length -= taken;
    return taken;
  }

  /** Keeps only the first `count` bytes. */
  truncate(count: number): void {
    if (count >= this.#length) return;
    let keep = count;
    const kept: Buffer[] = [];
    let head = this.#head;
    for (const chunk of this.#chunks) {
      if (keep === 0) break;
      const available = chunk.length - head;
      const n = Math.min(available, keep);
      kept.push(chunk.subarray(head, head + n));
      keep -= n;
      head = 0;
    }
    this.#chunks = kept;
    this.#head = 0;
    this.#length = count;
  }
}
