/** The part of autocannon 8's API the benches use (the package ships no types). */
declare module 'autocannon' {
  export interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
    /** Set on `requests` (the completed count) and `throughput` (bytes). */
    total: number;
  }

  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    workers?: number;
    method?: string;
    headers?: Record<string, string>;
  }

  export interface Result {
    requests: Histogram;
    latency: Histogram;
    non2xx: number;
    errors: number;
    timeouts: number;
  }

  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
