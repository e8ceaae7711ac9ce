import { benchScoring } from '/work/main/bench/scoring.ts';
process.env.BENCH_KEEP = '1';
await benchScoring('postgresql://postgres:postgres@127.0.0.1:55432/postgres');
