/**
 * Downloads an export with progress (issue 11). The answer is fetched through the API client
 * (bearer token, impersonation header, refresh on 401: nothing secret goes into a URL) and read as
 * it streams, counting calls or chats and bytes; then the file is saved from a Blob through an
 * object URL. The price is that the tab holds the file until it is saved, fine for the hundreds of
 * MB a console export reaches (the endpoints serve bigger ones to scripts, straight to disk).
 * Cancel (or leaving the page) aborts the request, which ends the server's reads too.
 */
import { useEffect, useRef, useState } from 'react';
import { EXPORT_COUNT_HEADER, type ExportFormat } from '../../shared/types/history.js';
import { errorText } from '../lib/errors.js';
import { ExportCounter, fileNameOf } from './exportProgress.js';

export type ExportStatus = 'idle' | 'running' | 'saved' | 'failed' | 'cancelled';

export interface ExportRun {
  status: ExportStatus;
  format: ExportFormat | null;
  bytes: number;
  /** Calls or chats received so far. */
  count: number;
  /** How many the export holds, when the server said. */
  expected: number | null;
  fileName: string | null;
  error: string | null;
}

export type OpenExport = (format: ExportFormat, signal: AbortSignal) => Promise<Response>;

const IDLE: ExportRun = {
  status: 'idle',
  format: null,
  bytes: 0,
  count: 0,
  expected: null,
  fileName: null,
  error: null,
};
/** Progress renders at most this often; the bytes keep coming in between. */
const PROGRESS_EVERY_MS = 100;
/** An object URL outlives the click long enough for the browser to start the download. */
const REVOKE_AFTER_MS = 60_000;
export const EXPORT_FAILED = 'The export failed. Please try again.';

function save(parts: BlobPart[], type: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob(parts, { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

export function useExportDownload() {
  const [run, setRun] = useState<ExportRun>(IDLE);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const start = async (format: ExportFormat, open: OpenExport, fallbackName: string): Promise<void> => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setRun({ ...IDLE, status: 'running', format });
    try {
      const response = await open(format, abort.signal);
      const fileName = fileNameOf(response.headers.get('content-disposition'), `${fallbackName}.${format}`);
      const expectedHeader = response.headers.get(EXPORT_COUNT_HEADER);
      const expected = expectedHeader !== null && /^\d+$/.test(expectedHeader) ? Number(expectedHeader) : null;
      const parts: BlobPart[] = [];
      const counter = new ExportCounter(format);
      const decoder = new TextDecoder();
      let bytes = 0;
      let shown = 0;
      const reader = response.body?.getReader();
      for (;;) {
        const chunk = reader ? await reader.read() : { done: true as const, value: undefined };
        if (chunk.done) break;
        // A fetch body's chunks are never views of a SharedArrayBuffer.
        parts.push(chunk.value as Uint8Array<ArrayBuffer>);
        bytes += chunk.value.byteLength;
        counter.push(decoder.decode(chunk.value, { stream: true }));
        if (Date.now() - shown >= PROGRESS_EVERY_MS) {
          shown = Date.now();
          setRun({ ...IDLE, status: 'running', format, bytes, count: counter.count, expected, fileName });
        }
      }
      counter.push(decoder.decode());
      save(parts, response.headers.get('content-type') ?? 'application/octet-stream', fileName);
      setRun({ ...IDLE, status: 'saved', format, bytes, count: counter.count, expected, fileName });
    } catch (error) {
      if (abort.signal.aborted) setRun({ ...IDLE, status: 'cancelled', format });
      else setRun({ ...IDLE, status: 'failed', format, error: errorText(error, EXPORT_FAILED) });
    } finally {
      if (controller.current === abort) controller.current = null;
    }
  };

  return { run, start, cancel: () => controller.current?.abort() };
}
