/**
 * Worker-thread entry (loaded by workerBootstrap.mjs): runs handler calls and tool checks one at
 * a time in QuickJS, off the API's event loop. Started with an empty environment, so nothing in
 * here could hand a host secret to guest code even by mistake.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { getQuickJS } from 'quickjs-emscripten';
import { checkTool } from './checkTool.js';
import { failedResult, SANDBOX_MESSAGES } from './messages.js';
import { type RunOutcome, runHandler } from './runHandler.js';
import {
  type CheckMessage,
  isCheckMessage,
  isRunMessage,
  isSandboxWorkerData,
  type RunMessage,
  type WorkerMessage,
} from './workerProtocol.js';

if (!parentPort || !isSandboxWorkerData(workerData))
  throw new Error('sandbox worker started without its port or limits');
const port = parentPort;
const { limits } = workerData;
const quickjs = await getQuickJS();
let runs = 0;

port.on('message', (message: unknown) => {
  if (isRunMessage(message)) void run(message);
  else if (isCheckMessage(message)) check(message);
});
post({ type: 'ready' });

async function run(message: RunMessage): Promise<void> {
  let outcome: RunOutcome;
  try {
    outcome = await runHandler(quickjs, message, limits);
  } catch {
    outcome = { result: failedResult(SANDBOX_MESSAGES.workerFailed), recycle: true };
  }
  post({ type: 'result', id: message.id, result: outcome.result, recycle: recycleAfter(outcome.recycle) });
}

// checkTool catches what guest input can cause; anything else crashes this thread, which the
// host reports, answers as "unavailable" and replaces.
function check(message: CheckMessage): void {
  const outcome = checkTool(quickjs, message, limits);
  post({ type: 'checked', id: message.id, check: outcome.check, recycle: recycleAfter(outcome.recycle) });
}

function recycleAfter(engineFailed: boolean): boolean {
  runs += 1;
  return engineFailed || runs >= limits.maxRunsPerWorker;
}

function post(message: WorkerMessage): void {
  port.postMessage(message);
}
