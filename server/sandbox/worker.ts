/**
 * Worker-thread entry (loaded by workerBootstrap.mjs): runs handler calls one at a time in
 * QuickJS, off the API's event loop. Started with an empty environment, so nothing in here
 * could hand a host secret to guest code even by mistake.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { getQuickJS } from 'quickjs-emscripten';
import { SANDBOX_MESSAGES, failedResult } from './messages.js';
import { runHandler, type RunOutcome } from './runHandler.js';
import { isRunMessage, isSandboxWorkerData, type RunMessage, type WorkerMessage } from './workerProtocol.js';

if (!parentPort || !isSandboxWorkerData(workerData)) throw new Error('sandbox worker started without its port or limits');
const port = parentPort;
const { limits } = workerData;
const quickjs = await getQuickJS();
let runs = 0;

port.on('message', (message: unknown) => {
  if (isRunMessage(message)) void handle(message);
});
post({ type: 'ready' });

async function handle(message: RunMessage): Promise<void> {
  let outcome: RunOutcome;
  try {
    outcome = await runHandler(quickjs, message, limits);
  } catch {
    outcome = { result: failedResult(SANDBOX_MESSAGES.workerFailed), recycle: true };
  }
  runs += 1;
  post({ type: 'result', id: message.id, result: outcome.result, recycle: outcome.recycle || runs >= limits.maxRunsPerWorker });
}

function post(message: WorkerMessage): void {
  port.postMessage(message);
}
