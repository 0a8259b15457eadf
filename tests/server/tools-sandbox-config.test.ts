/** SANDBOX_TIMEOUT_MS, SANDBOX_WORKERS, SANDBOX_MEMORY_MB, SANDBOX_USER_CALLS: defaults, reading, and clear errors. */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.js';
import { SandboxWorkerError } from '../../server/sandbox/index.js';
import { logWorkerErrors, sandboxOptions } from '../../server/tools/toolSandbox.js';

describe('tool sandbox configuration', () => {
  it('defaults to a 5 s deadline, 2 workers, 32 MB per call and 20 calls per user', () => {
    const config = loadConfig({});
    expect(config.sandbox).toEqual({ timeoutMs: 5000, workers: 2, memoryMb: 32, callsPerUser: 20 });
    expect(sandboxOptions(config)).toEqual({
      timeoutMs: 5000,
      poolSize: 2,
      memoryLimitBytes: 32 * 1024 * 1024,
      maxCallsPerOwner: 20,
    });
  });

  it('reads the four variables', () => {
    const config = loadConfig({
      SANDBOX_TIMEOUT_MS: '1500',
      SANDBOX_WORKERS: '4',
      SANDBOX_MEMORY_MB: '64',
      SANDBOX_USER_CALLS: '8',
    });
    expect(config.sandbox).toEqual({ timeoutMs: 1500, workers: 4, memoryMb: 64, callsPerUser: 8 });
  });

  it('names each variable that is not an integer in range', () => {
    const problems = (() => {
      try {
        loadConfig({
          SANDBOX_TIMEOUT_MS: '5s',
          SANDBOX_WORKERS: '0',
          SANDBOX_MEMORY_MB: '-1',
          SANDBOX_USER_CALLS: '0',
        });
      } catch (error) {
        return error instanceof ConfigError ? error.problems : [];
      }
      return [];
    })();
    expect(problems).toEqual([
      'SANDBOX_TIMEOUT_MS must be an integer from 10 to 300000, got "5s"',
      'SANDBOX_WORKERS must be an integer from 1 to 64, got "0"',
      'SANDBOX_MEMORY_MB must be an integer from 1 to 1024, got "-1"',
      'SANDBOX_USER_CALLS must be an integer from 1 to 1000, got "0"',
    ]);
  });

  it('logs a watchdog kill as a warning and a crashed worker as an error', () => {
    const lines: Array<[level: string, fields: unknown, message: string]> = [];
    const log = {
      warn: (fields: unknown, message: string) => void lines.push(['warn', fields, message]),
      error: (fields: unknown, message: string) => void lines.push(['error', fields, message]),
    };
    const onWorkerError = logWorkerErrors(log as never);
    const watchdog = new SandboxWorkerError(
      'watchdog',
      'Tool sandbox worker killed by the watchdog: a call ran past its 5000 ms deadline and 1000 ms grace',
    );
    const crash = new SandboxWorkerError('crashed', 'Tool sandbox worker crashed: out of memory');
    onWorkerError(watchdog);
    onWorkerError(crash);
    expect(lines).toEqual([
      ['warn', { err: watchdog, reason: 'watchdog' }, watchdog.message],
      ['error', { err: crash, reason: 'crashed' }, crash.message],
    ]);
  });
});
