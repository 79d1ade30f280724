// Independent reference values for the end-to-end tests: plain mex computations written here, sharing
// no code with the Rust engine.

function mex(values) {
    let m = 0;
    while (values.has(m)) m += 1;
    return m;
}

/// Grundy's game: split a pile into two non-empty piles of different sizes.
export function grundyValues(max) {
    const g = [];
    for (let n = 0; n <= max; n += 1) {
        const options = new Set();
        for (let a = 1; 2 * a < n; a += 1) options.add(g[a] ^ g[n - a]);
        g.push(mex(options));
    }
    return g;
}

/// The independence game on a row of n dots: marking dot i removes dots i-1, i, i+1.
export function dotRowValues(max) {
    const g = [];
    for (let n = 0; n <= max; n += 1) {
        const options = new Set();
        for (let i = 0; i < n; i += 1) {
            const left = Math.max(i - 1, 0);
            const right = Math.max(n - i - 2, 0);
            options.add(g[left] ^ g[right]);
        }
        g.push(mex(options));
    }
    return g;
}
