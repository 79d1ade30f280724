// How the cost of `analyze`, `seq` and `graph solve` grows with the size asked for (issue 38): runs the
// release CLI on 10^3 … 10^6 heaps and 16 … 64 vertices and prints the wall time of each, and the
// ratio to the size before. A figure that grows far faster than its size is the thing to look at (Node
// Kayles grows exponentially on grids and random graphs: it is PSPACE-complete). Each run is bounded
// at 30 s.
//
//   cargo build --release -p sprague-cli && node tests/bench/growth.mjs
import { spawnSync } from 'node:child_process';

const CLI = new URL('../../target/release/sprague', import.meta.url).pathname;

function time(args) {
  const started = process.hrtime.bigint();
  const run = spawnSync(CLI, [...args, '--max-seconds', '30'], { encoding: 'utf8', maxBuffer: 1 << 30 });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (run.status !== 0) return { seconds, note: (run.stderr || '').trim().split('\n').pop() };
  return { seconds, note: '' };
}

function series(title, sizes, argsOf) {
  console.log(`\n${title}`);
  let before = null;
  for (const size of sizes) {
    const { seconds, note } = time(argsOf(size));
    const grown = size / sizes[sizes.indexOf(size) - 1];
    const ratio = before ? `  x${(seconds / before).toFixed(1)} for x${grown.toFixed(1)} the size` : '';
    console.log(`  ${String(size).padStart(8)}  ${seconds.toFixed(3).padStart(8)} s${ratio}${note ? `  (${note})` : ''}`);
    before = seconds;
  }
}

const heaps = [1e3, 1e4, 1e5, 1e6];
series('analyze 0.137 N (one heap, every winning move)', heaps, (n) => ['analyze', '0.137', String(n)]);
series('analyze 0.137 N N+1 N+3 (three heaps)', heaps, (n) => ['analyze', '0.137', String(n), String(n + 1), String(n + 3)]);
series('analyze grundy N (Grundy\'s game: no period to copy)', heaps, (n) => ['analyze', 'grundy', String(n)]);
series('seq 0.137 --to N', heaps, (n) => ['seq', '0.137', '--to', String(n)]);
series('seq grundy --to N', heaps, (n) => ['seq', 'grundy', '--to', String(n)]);
series('graph solve --preset path:N', [16, 32, 48, 64], (n) => ['graph', 'solve', '--preset', `path:${n}`]);
series('graph solve --preset grid:Rx8 (R = N/8)', [16, 32, 48, 64], (n) => ['graph', 'solve', '--preset', `grid:${n / 8}x8`]);
series('graph solve --preset random:N:0.1:1', [16, 32, 48, 64], (n) => ['graph', 'solve', '--preset', `random:${n}:0.1:1`]);
