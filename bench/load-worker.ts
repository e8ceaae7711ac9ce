import { parentPort, workerData } from 'node:worker_threads';
import { runLoad, type LoadSpec } from './load.ts';

parentPort!.postMessage(await runLoad(workerData as LoadSpec));
