/**
 * Talking to the soak's server process: IPC questions and answers, and its log read as it is
 * written (pino JSON lines at LOG_LEVEL=warn): error lines count as unexpected failures, warnings
 * are reported.
 */
import type { ChildProcess } from 'node:child_process';

/** Sends `message` (unless null) and resolves with the next IPC message of type `type`. */
export function askServer<T>(child: ChildProcess, message: string | null, type: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (reply: unknown) => {
      if ((reply as { type?: unknown }).type !== type) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(reply as T);
    };
    const onExit = (code: number | null) =>
      reject(new Error(`the soak server exited (${code}) before answering ${message ?? type}`));
    child.on('message', onMessage);
    child.once('exit', onExit);
    if (message !== null) child.send(message);
  });
}

interface LogEntry {
  level?: number;
  msg?: string;
  err?: { message?: string };
}

export interface ServerLog {
  errors: string[];
  warnings: string[];
}

export function serverLog(child: ChildProcess): ServerLog {
  const log: ServerLog = { errors: [], warnings: [] };
  const read = (stream: NodeJS.ReadableStream | null, isStderr: boolean) => {
    let pending = '';
    stream?.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (line.trim() === '') continue;
        let entry: LogEntry;
        try {
          entry = JSON.parse(line) as LogEntry;
        } catch {
          // A plain line: start-up notices on stdout; anything on stderr is worth a look.
          if (isStderr) log.warnings.push(line.slice(0, 200));
          continue;
        }
        const text = `${entry.msg ?? ''}${entry.err?.message ? `: ${entry.err.message}` : ''}`;
        if ((entry.level ?? 0) >= 50) log.errors.push(text);
        else if ((entry.level ?? 0) >= 40) log.warnings.push(text);
      }
    });
  };
  read(child.stdout, false);
  read(child.stderr, true);
  return log;
}
