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

/// Moves of one heap as lists of the heaps left, for the two board games.
function heapOptions(game, n) {
    const out = [];
    if (game === 'grundy') {
        for (let a = 1; 2 * a < n; a += 1) out.push([a, n - a]);
    } else {
        for (let i = 0; i < n; i += 1) out.push([Math.max(i - 1, 0), Math.max(n - i - 2, 0)].filter((p) => p > 0));
    }
    return out;
}

/// Misère play by plain search over sorted lists of heaps: true when the player to move wins. The player
/// who cannot move wins.
export function misereWins(game, heaps, memo = new Map()) {
    const list = heaps.filter((h) => h > 0).sort((a, b) => a - b);
    const key = list.join(',');
    if (memo.has(key)) return memo.get(key);
    let anyMove = false;
    let wins = false;
    search: for (let i = 0; i < list.length; i += 1) {
        for (const pieces of heapOptions(game, list[i])) {
            anyMove = true;
            if (!misereWins(game, [...list.slice(0, i), ...pieces, ...list.slice(i + 1)], memo)) {
                wins = true;
                break search;
            }
        }
    }
    const result = anyMove ? wins : true;
    memo.set(key, result);
    return result;
}

/// The options of a heap of a finite octal game `0.d1d2…` (digit k: bit 1 take all k, bit 2 leave one heap,
/// bit 4 leave two heaps), as lists of the heaps left; read from the definition of octal codes.
export function octalOptions(code, n) {
    const digits = code.split('.')[1].split('').map(Number);
    const out = [];
    digits.forEach((d, i) => {
        const k = i + 1;
        const rest = n - k;
        if (rest < 0) return;
        if (rest === 0 && d & 1) out.push([]);
        if (rest >= 1 && d & 2) out.push([rest]);
        if (rest >= 2 && d & 4) for (let a = 1; 2 * a <= rest; a += 1) out.push([a, rest - a]);
    });
    return out;
}

/// Nim values of a finite octal game by plain mex.
export function octalValues(code, max) {
    const g = [];
    for (let n = 0; n <= max; n += 1) {
        const seen = new Set(octalOptions(code, n).map((pieces) => pieces.reduce((x, p) => x ^ g[p], 0)));
        g.push(mex(seen));
    }
    return g;
}

/// Options of a heap for the games used in the teaching tests (Nim: any smaller heap, or none).
export function optionsOf(game, n) {
    if (game === 'nim') return [...Array(n).keys()].map((left) => (left > 0 ? [left] : []));
    if (game === 'grundy') {
        const out = [];
        for (let a = 1; 2 * a < n; a += 1) out.push([a, n - a]);
        return out;
    }
    return octalOptions(game === 'dots' ? '0.137' : game, n);
}

/// Remoteness straight from the definition, every move searched: `[wins, moves]` for the player to move
/// (no move: remoteness 0, lost in normal play, won in misère; a lost position lasts 1 + its longest
/// child, a won one 1 + its quickest lost child).
export function remotenessOf(game, heaps, misere = false, memo = new Map()) {
    const list = heaps.filter((h) => h > 0).sort((a, b) => a - b);
    const key = list.join(',');
    if (memo.has(key)) return memo.get(key);
    const children = [];
    list.forEach((h, i) => {
        for (const pieces of optionsOf(game, h)) {
            children.push(remotenessOf(game, [...list.slice(0, i), ...pieces, ...list.slice(i + 1)], misere, memo));
        }
    });
    const value = valueFromChildren(children, misere);
    memo.set(key, value);
    return value;
}

/// `[wins, remoteness]` of a position from its children's: no move, remoteness 0 (won only in misère);
/// a won position lasts 1 + its quickest lost child, a lost one 1 + its longest child.
function valueFromChildren(children, misere) {
    const wins = children.filter(([childWins]) => !childWins).map(([, r]) => r);
    return children.length === 0 ? [misere, 0]
        : wins.length > 0 ? [true, 1 + Math.min(...wins)]
        : [false, 1 + Math.max(...children.map(([, r]) => r))];
}

/// Misère Grundy values straight from the definition (1 with no move, else the mex of the options'), for a
/// position made of game heaps plus `twos` nim heaps of 2 and `ones` of 1. Conway's genus γk of a position is
/// this value for the position plus k heaps of 2.
export function misereValue(game, heaps, twos = 0, ones = 0, memo = new Map()) {
    const list = heaps.filter((h) => h > 0).sort((a, b) => a - b);
    const key = `${list.join(',')}|${twos}|${ones}`;
    if (memo.has(key)) return memo.get(key);
    const seen = new Set();
    list.forEach((h, i) => {
        if (i > 0 && list[i - 1] === h) return;
        for (const pieces of optionsOf(game, h)) {
            seen.add(misereValue(game, [...list.slice(0, i), ...pieces, ...list.slice(i + 1)], twos, ones, memo));
        }
    });
    if (twos > 0) {
        seen.add(misereValue(game, list, twos - 1, ones + 1, memo));
        seen.add(misereValue(game, list, twos - 1, ones, memo));
    }
    if (ones > 0) seen.add(misereValue(game, list, twos, ones - 1, memo));
    const value = seen.size === 0 ? 1 : mex(seen);
    memo.set(key, value);
    return value;
}
/// An octal game played on a row: `digits[k]` (k ≥ 1) says whether k adjacent pins may be knocked down
/// as a whole row (bit 1), from an end of a longer row (bit 2) or from inside it (bit 4).
export function rowValues(digits, max) {
    const g = [];
    for (let n = 0; n <= max; n += 1) {
        const options = new Set();
        for (let k = 1; k < digits.length && k <= n; k += 1) {
            for (let left = 0; left + k <= n; left += 1) {
                const right = n - left - k;
                const heaps = (left > 0) + (right > 0);
                if (digits[k] & (1 << heaps)) options.add(g[left] ^ g[right]);
            }
        }
        g.push(mex(options));
    }
    return g;
}

/// Sprouts by plain brute force on the position's structure, sharing nothing with the engine: a position
/// is a list of regions, a region a list of boundaries, a boundary a cyclic list of vertex ids, each
/// boundary oriented with its region on its left; `lives[id]` is 3 minus the vertex's degree. A move joins
/// two corners of one region (a curve from a vertex occurrence to another, or a loop) and puts a new vertex
/// (one life left) on the curve. Dead vertices are dropped, and the value of parts sharing no vertex is
/// the XOR of theirs (Sprague–Grundy); nothing else is simplified, so it is only for tiny positions.
export function sproutsNimber(text) {
    return sproutsValue(parseSprouts(text), SPROUTS_VALUES);
}

/// The values worked out so far, kept for the whole test file: a position's value depends on nothing
/// else, and a test that asks for a position and then for each of its children asks again for what
/// the first answer already went through.
const SPROUTS_VALUES = new Map();

/// Parses the later GLOP notation: `+` lands, `|` regions, `.` boundaries; `0` a spot, `1` two lives,
/// `2` one life seen once, a letter one life seen twice (the same letter in one land is one vertex);
/// `0*n` is n spots, each its own boundary; `!` the empty position.
export function parseSprouts(text) {
    const regions = [];
    const lives = [];
    if (text === '!' || text === '') return { regions, lives };
    for (const land of text.split('+')) {
        const letters = new Map();
        for (const regionText of land.split('|')) {
            const region = [];
            const expanded = regionText.replace(/0\*(\d+)/g, (_, n) => Array(Number(n)).fill('0').join('.'));
            for (const boundaryText of expanded.split('.')) {
                const boundary = [];
                for (const c of boundaryText) {
                    if ('012'.includes(c)) {
                        lives.push(3 - Number(c));
                        boundary.push(lives.length - 1);
                    } else if (/[a-zA-Z]/.test(c)) {
                        if (!letters.has(c)) {
                            lives.push(1);
                            letters.set(c, lives.length - 1);
                        }
                        boundary.push(letters.get(c));
                    } else {
                        throw new Error(`unexpected ${c} in ${text}`);
                    }
                }
                if (boundary.length > 0) region.push(boundary);
            }
            regions.push(region);
        }
    }
    return { regions, lives };
}

function* subsets(items) {
    for (let mask = 0; mask < 1 << items.length; mask += 1) {
        const inside = [];
        const outside = [];
        items.forEach((item, i) => ((mask >> i) & 1 ? inside : outside).push(item));
        yield [inside, outside];
    }
}

/// Every position one move away (not deduplicated).
export function sproutsChildren(position) {
    const { regions, lives } = position;
    const out = [];
    regions.forEach((region, r) => {
        const others = regions.filter((_, i) => i !== r);
        const corners = [];
        region.forEach((boundary, b) => boundary.forEach((v, i) => corners.push({ b, i, v })));
        for (let x = 0; x < corners.length; x += 1) {
            for (let y = x; y < corners.length; y += 1) {
                const p = corners[x];
                const q = corners[y];
                const needed = p.v === q.v ? 2 : 1;
                if (lives[p.v] < needed || lives[q.v] < needed) continue;
                const next = lives.slice();
                next[p.v] -= 1;
                next[q.v] -= 1;
                next.push(1);
                const fresh = next.length - 1;
                const rest = region.filter((_, i) => i !== p.b && i !== q.b);
                if (p.b !== q.b) {
                    // Two boundaries merge into one.
                    const b1 = region[p.b];
                    const b2 = region[q.b];
                    const r1 = [...b1.slice(p.i), ...b1.slice(0, p.i), b1[p.i]];
                    const r2 = [...b2.slice(q.i), ...b2.slice(0, q.i), b2[q.i]];
                    out.push({ regions: [...others, [...rest, [...r1, fresh, ...r2, fresh]]], lives: next });
                    continue;
                }
                // The region splits in two; every other boundary goes to one side or the other.
                const b = region[p.b];
                const [i, j] = [p.i, q.i];
                const sideA = i === j ? [b[i], fresh] : [...b.slice(i, j + 1), fresh];
                const sideB = i === j
                    ? [...b.slice(i), ...b.slice(0, i), b[i], fresh]
                    : [...b.slice(j), ...b.slice(0, i + 1), fresh];
                for (const [inside, outside] of subsets(rest)) {
                    out.push({ regions: [...others, [sideA, ...inside], [sideB, ...outside]], lives: next });
                }
            }
        }
    });
    return out;
}

/// Drops dead vertices, empty boundaries and regions where no move is left; splits what is left into
/// parts that share no vertex.
function sproutsParts({ regions, lives }) {
    const live = regions
        .map((region) => region.map((b) => b.filter((v) => lives[v] > 0)).filter((b) => b.length > 0))
        .filter((region) => {
            const vertices = new Set(region.flat());
            const total = [...vertices].reduce((sum, v) => sum + lives[v], 0);
            return total >= 2 && (vertices.size >= 2 || [...vertices].some((v) => lives[v] >= 2));
        });
    const parts = [];
    const seen = new Array(live.length).fill(false);
    for (let start = 0; start < live.length; start += 1) {
        if (seen[start]) continue;
        seen[start] = true;
        const part = [live[start]];
        const vertices = new Set(live[start].flat());
        let grew = true;
        while (grew) {
            grew = false;
            live.forEach((region, r) => {
                if (!seen[r] && region.flat().some((v) => vertices.has(v))) {
                    seen[r] = true;
                    part.push(region);
                    region.flat().forEach((v) => vertices.add(v));
                    grew = true;
                }
            });
        }
        parts.push({ regions: part, lives });
    }
    return parts;
}

function sproutsKey({ regions, lives }) {
    // Each boundary turned to start where its lives read least, the boundaries of a region and the
    // regions sorted by those readings (turning a boundary and reordering are no change to the
    // position), then vertices relabelled by first appearance: equal keys mean equal positions (up to
    // names); equal positions do not always get equal keys, which costs only time.
    const reading = (boundary) => boundary.map((v) => lives[v]).join('');
    const turned = (boundary) => {
        let best = boundary;
        for (let i = 1; i < boundary.length; i += 1) {
            const turn = [...boundary.slice(i), ...boundary.slice(0, i)];
            if (reading(turn) < reading(best)) best = turn;
        }
        return best;
    };
    const byReading = (a, b) => (a.reading < b.reading ? -1 : a.reading > b.reading ? 1 : 0);
    const ordered = regions
        .map((region) => {
            const boundaries = region.map(turned).map((b) => ({ b, reading: reading(b) })).sort(byReading);
            return { boundaries: boundaries.map(({ b }) => b), reading: boundaries.map((x) => x.reading).join('.') };
        })
        .sort(byReading)
        .map(({ boundaries }) => boundaries);
    const ids = new Map();
    const name = (v) => {
        if (!ids.has(v)) ids.set(v, ids.size);
        return `${ids.get(v)}:${lives[v]}`;
    };
    return ordered.map((region) => region.map((b) => b.map(name).join(',')).join('.')).join('|');
}

function sproutsValue(position, memo) {
    let total = 0;
    for (const part of sproutsParts(position)) {
        const key = sproutsKey(part);
        let value = memo.get(key);
        if (value === undefined) {
            const values = new Set(sproutsChildren(part).map((child) => sproutsValue(child, memo)));
            value = mex(values);
            memo.set(key, value);
        }
        total ^= value;
    }
    return total;
}

/// The nimber of a position already parsed (as `parseSprouts` and `sproutsChildren` make them).
export function sproutsNimberOf(position) {
    return sproutsValue(position, SPROUTS_VALUES);
}

/// Who wins a Sprouts position (GLOP notation) and how many moves the game lasts with best play, straight
/// from the definition over every move, as `remotenessOf` for heaps: `[wins, remoteness]` for the player to
/// move. Only for positions of a few spots.
export function sproutsRemoteness(text, misere = false) {
    return sproutsRemotenessOf(parseSprouts(text), misere, misere ? SPROUTS_MISERE_REMOTENESS : SPROUTS_REMOTENESS);
}

const SPROUTS_REMOTENESS = new Map();
const SPROUTS_MISERE_REMOTENESS = new Map();

function sproutsRemotenessOf(position, misere, memo) {
    const key = sproutsParts(position).map(sproutsKey).sort().join('+');
    if (memo.has(key)) return memo.get(key);
    const children = sproutsChildren(position).map((child) => sproutsRemotenessOf(child, misere, memo));
    const value = valueFromChildren(children, misere);
    memo.set(key, value);
    return value;
}
