// Worker threads on Node 20 do not inherit tsx's loader hooks from the thread that starts them,
// so the extraction worker registers tsx itself before loading its TypeScript entry.
import { register } from 'tsx/esm/api';

register();
await import('./extractWorker.ts');
