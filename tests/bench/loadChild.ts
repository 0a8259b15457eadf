/**
 * The load generator's own process (forked by loadProcess.ts): runs autocannon for the options it
 * is sent and sends back the figures, so the server's CPU time can be measured without the
 * load generator's in it.
 */
import autocannon from 'autocannon';
import type { LoadFigures, LoadOptions } from './loadProcess.js';

process.once('message', (message: unknown) => {
  const options = message as LoadOptions;
  void autocannon({
    url: options.url,
    headers: options.headers,
    connections: options.connections,
    duration: options.durationSeconds,
  })
    .then((result) => {
      const figures: LoadFigures = {
        requests: result.requests.total,
        requestsPerSecond: result.requests.average,
        latencyP50Ms: result.latency.p50,
        latencyP99Ms: result.latency.p99,
        non2xx: result.non2xx,
        errors: result.errors + result.timeouts,
      };
      process.send?.(figures, () => process.exit(0));
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
});
process.send?.('ready');
