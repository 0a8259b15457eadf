/**
 * What an export has brought so far, read from its bytes as they arrive (issue 11): how many
 * calls or chats (a CSV's records after the header; a JSON Lines file's runs of lines of one id),
 * and its size for people. The server writes JSON Lines with `kind` and `id` first, in that order.
 */
import type { ExportFormat } from '../../shared/types/history.js';

const LINE_ID = /^\{"kind":"(?:call|chat)","id":"((?:[^"\\]|\\.)*)"/;

export class ExportCounter {
  readonly #format: ExportFormat;
  #records = 0;
  #inQuotes = false;
  #partial = '';
  #lastId: string | null = null;
  #items = 0;

  constructor(format: ExportFormat) {
    this.#format = format;
  }

  push(text: string): void {
    if (this.#format === 'csv') {
      // A record ends at a line break outside quotes; "" inside a quoted field toggles twice.
      for (const char of text) {
        if (char === '"') this.#inQuotes = !this.#inQuotes;
        else if (char === '\n' && !this.#inQuotes) this.#records += 1;
      }
      return;
    }
    const lines = (this.#partial + text).split('\n');
    this.#partial = lines.pop() ?? '';
    for (const line of lines) {
      const id = LINE_ID.exec(line)?.[1] ?? null;
      if (id !== null && id !== this.#lastId) this.#items += 1;
      this.#lastId = id ?? this.#lastId;
    }
  }

  /** Calls or chats complete so far. */
  get count(): number {
    return this.#format === 'csv' ? Math.max(0, this.#records - 1) : this.#items;
  }
}

/** The file name the server gave (Content-Disposition), else `fallback`. */
export function fileNameOf(contentDisposition: string | null, fallback: string): string {
  const name = /filename="([^"]+)"/.exec(contentDisposition ?? '')?.[1];
  return name && !/[\\/]/.test(name) ? name : fallback;
}

/** 812 B, 12.3 KB, 4.5 MB. */
export function bytesText(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} KB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}
