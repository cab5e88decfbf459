/**
 * Preload for benchmarked processes (`node --import dist/bench/cpu-report.js ...`): when the process
 * exits, writes its CPU time (`process.cpuUsage()`: user + system, every thread of the process, in
 * microseconds) as JSON `{ "user": µs, "system": µs }` to the file named by `BENCH_CPU_FILE`.
 *
 * Used by `bench/run.ts` to measure our `secrets set` and the baseline the same way, without
 * `/usr/bin/time` (not installed everywhere).
 */
import { writeFileSync } from 'node:fs';

const target = process.env.BENCH_CPU_FILE;
if (target) {
  delete process.env.BENCH_CPU_FILE; // not inherited by anything the process spawns
  process.on('exit', () => {
    const { user, system } = process.cpuUsage();
    writeFileSync(target, JSON.stringify({ user, system }));
  });
}
