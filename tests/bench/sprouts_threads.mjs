// Benchmark (not a test): Sprouts questions on 1 thread against 2 (or more) in the same run, through
// the release CLI. Prints wall time, nodes searched over every thread, and the ratios; checks that
// the answers agree. Usage: cargo build --release -p sprague-cli && node tests/bench/sprouts_threads.mjs [threads...]
import { spawnSync } from 'node:child_process';

const cli = new URL('../../target/release/sprague', import.meta.url).pathname;
const counts = process.argv.slice(2).map(Number);
const threads = counts.length > 0 ? counts : [1, 2];
const cases = [
    ['14 spots, outcome', ['0*14', '--no-moves']],
    ['12 spots misère, outcome', ['0*12', '--misere', '--no-moves']],
    ['10 spots, with moves', ['0*10']],
    ['11 spots misère, with moves', ['0*11', '--misere']],
];

function run(args, n) {
    const started = process.hrtime.bigint();
    const out = spawnSync(cli, ['sprouts', 'solve', ...args, '--threads', String(n), '--json'], {
        encoding: 'utf8',
        maxBuffer: 1 << 26,
    });
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    if (out.status !== 0) throw new Error(`${args.join(' ')} on ${n} threads: ${out.stderr}`);
    const report = JSON.parse(out.stdout);
    const answer = JSON.stringify([report.outcome, (report.winning_moves ?? []).sort()]);
    return { seconds, nodes: report.nodes ?? 0, answer };
}

console.log(`${'question'.padEnd(30)} ${threads.map((n) => `${n} thr: s / nodes`.padStart(24)).join(' ')}  ratios`);
for (const [label, args] of cases) {
    const results = threads.map((n) => run(args, n));
    if (results.some((r) => r.answer !== results[0].answer)) {
        throw new Error(`${label}: the answers differ: ${results.map((r) => r.answer).join(' / ')}`);
    }
    const cells = results.map((r) => `${r.seconds.toFixed(2)} s / ${r.nodes}`.padStart(24));
    const ratios = results
        .slice(1)
        .map((r, i) => `time ${(r.seconds / results[0].seconds).toFixed(2)}, nodes ${(r.nodes / Math.max(1, results[0].nodes)).toFixed(2)} (${threads[i + 1]} thr)`);
    console.log(`${label.padEnd(30)} ${cells.join(' ')}  ${ratios.join('; ')}`);
}
