/**
 * What the soak bench saw: every request by kind with its latency, and every failure, sorted
 * into expected (a limit the bench meant to reach) and unexpected (anything else: the budget is
 * zero). `request()` is the one way the traffic talks HTTP, so nothing escapes the count.
 */
import { percentile, round } from './harness.js';

export interface SoakFailure {
  kind: string;
  detail: string;
  at: number;
}

export class SoakTally {
  readonly #latencies = new Map<string, number[]>();
  readonly unexpected: SoakFailure[] = [];
  readonly expected: SoakFailure[] = [];
  readonly #started = Date.now();

  /** Counts a finished operation of `kind` that took `ms`. */
  done(kind: string, ms: number): void {
    const list = this.#latencies.get(kind) ?? [];
    list.push(ms);
    this.#latencies.set(kind, list);
  }

  fail(kind: string, detail: string, expected = false): void {
    (expected ? this.expected : this.unexpected).push({
      kind,
      detail: detail.slice(0, 300),
      at: Math.round((Date.now() - this.#started) / 1000),
    });
  }

  /**
   * fetch with the client's address (X-Forwarded-For, the server trusts the bench as its proxy),
   * counted under `kind`; a status outside `ok` is an unexpected failure. Resolves with the
   * response (body unread) or null when it failed.
   */
  async request(
    kind: string,
    url: string,
    init: RequestInit & { address: string; ok?: number[] },
  ): Promise<Response | null> {
    const { address, ok = [200, 201], ...rest } = init;
    const started = performance.now();
    try {
      const response = await fetch(url, {
        ...rest,
        headers: { ...(rest.headers as Record<string, string>), 'x-forwarded-for': address },
      });
      this.done(kind, performance.now() - started);
      if (ok.includes(response.status)) return response;
      this.fail(
        kind,
        `${rest.method ?? 'GET'} ${new URL(url).pathname} answered ${response.status}: ${await response.text()}`,
      );
    } catch (error) {
      this.fail(
        kind,
        `${rest.method ?? 'GET'} ${new URL(url).pathname} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    return null;
  }

  /** Like request(), reading the JSON body; null when it failed. */
  async json<T>(kind: string, url: string, init: RequestInit & { address: string; ok?: number[] }): Promise<T | null> {
    const response = await this.request(kind, url, init);
    return response ? ((await response.json()) as T) : null;
  }

  get total(): number {
    let sum = 0;
    for (const list of this.#latencies.values()) sum += list.length;
    return sum;
  }

  /** Kind, count, p50 and p99 in ms, sorted by kind. */
  byKind(): Array<{ kind: string; count: number; p50: number; p99: number }> {
    return [...this.#latencies.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([kind, list]) => ({
        kind,
        count: list.length,
        p50: round(percentile(list, 50)),
        p99: round(percentile(list, 99)),
      }));
  }
}
