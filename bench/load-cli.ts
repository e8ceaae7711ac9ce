// Runs one load scenario in its own process (so it never shares a CPU thread with the
// platform it measures) and prints the result as JSON.
import { runLoad, type LoadSpec } from './load.ts';

const spec = JSON.parse(process.argv[2]) as LoadSpec;
process.stdout.write(JSON.stringify(await runLoad(spec)));
