import { SANDBOX_MESSAGES } from './messages.js';

const PREFIXES: Record<string, string> = { warn: '[warn] ', error: '[error] ' };

/** Console output of one call, capped by lines and bytes; past the cap one marker line, then nothing. */
export class LogCollector {
  private readonly captured: string[] = [];
  private bytes = 0;
  private truncated = false;

  constructor(
    private readonly maxLines: number,
    private readonly maxBytes: number,
  ) {}

  /** False once the cap is reached: further lines are dropped. */
  add(level: string, text: string): boolean {
    if (this.truncated) return false;
    const line = (PREFIXES[level] ?? '') + text;
    const room = this.maxBytes - this.bytes;
    if (this.captured.length >= this.maxLines) return this.truncate();
    const size = Buffer.byteLength(line);
    if (size > room) {
      // Keep what fits of an oversized line (a character cut in half at the end becomes U+FFFD).
      if (room > 0) this.captured.push(Buffer.from(line.slice(0, room)).subarray(0, room).toString('utf8'));
      return this.truncate();
    }
    this.captured.push(line);
    this.bytes += size;
    return true;
  }

  lines(): string[] {
    return [...this.captured];
  }

  private truncate(): false {
    this.truncated = true;
    this.captured.push(SANDBOX_MESSAGES.logsTruncated);
    return false;
  }
}
