// The players' side of the Saturday rush, in its own process so it never shares an event loop
// with the platform it measures. Reads a RushSpec as JSON on stdin, prints a RushResult.
import { text } from 'node:stream/consumers';
import { runRush, type RushSpec } from './rush-load.ts';

const spec = JSON.parse(await text(process.stdin)) as RushSpec;
process.stdout.write(JSON.stringify(await runRush(spec)));
