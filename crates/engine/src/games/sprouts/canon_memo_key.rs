//! A cheap writing of a land that depends little on how the land is given: the key of the memo's
//! second table (see [`super::canon_cache`]). The first table's key is the land as given, with its
//! letters renamed; but a child met again is often given otherwise (its regions in another order,
//! its boundaries started elsewhere or reflected, other letters first), because it was reached from
//! another parent. This writing orders what it writes by invariants that do not depend on the
//! input's order (colours refined over the letters, as in colour refinement of graphs), so two
//! inputs of one land mostly give the same bytes.
//!
//! Exactness does not rest on the colours: the bytes are a complete writing of the land (every
//! region, boundary and item, with letters named in order of first appearance and regions marked
//! small or full), so equal bytes mean lands equal up to the changes the canonical key ignores
//! (names, orders, starts, reflection of the whole land). Colours only choose the order; where they
//! tie, the input's order decides, which at worst costs a memo miss.

use super::canon::{Item, LandShape, RegionShape};
use super::raw::VertexId;

// Byte codes as in the first table's key: kinds, letters numbered from 0 in order of first
// appearance (one numbering for both kinds of letters), markers. More than `MAX_LETTERS` letters:
// no key (the land is searched without this table).
use super::canon_given_key::{
    BOUNDARY, FULL_REGION, INNER_BASE, MAX_LETTERS, ONE_LIFE, SHARED_BASE, SMALL_REGION, SPOT,
    TWO_LIVES,
};
/// No letter, no name, no second region.
const NONE: u32 = u32::MAX;

/// Rounds of colours: regions, then letters from their regions, then regions again from their
/// letters. Measured on the shipped base's check: 1 round leaves 577 k canonical searches, 2
/// rounds 457 k, 3 rounds 445 k (for 414 k distinct lands).
const ROUNDS: usize = 2;

/// A 64-bit mixer (splitmix64's finaliser): colours are sums and mixes of these.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn mix2(a: u64, b: u64) -> u64 {
    mix(a.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ b.rotate_left(29) ^ 0x5851_F42D_4C95_7F2D)
}

/// One occurrence: its kind (0 spot, 1 two lives, 2 one life, 3 inner, 4 shared) and its letter.
#[derive(Clone, Copy)]
struct Occ {
    kind: u8,
    letter: u32,
}

#[derive(Clone, Copy)]
struct RegionSpan {
    small: bool,
    /// Boundaries `from..to` of `bounds`.
    from: u32,
    to: u32,
}

/// Working buffers, kept between calls.
#[derive(Default)]
pub(crate) struct MemoKeyWriter {
    occs: Vec<Occ>,
    /// Items `from..to` of `occs`, per boundary.
    bounds: Vec<(u32, u32)>,
    regions: Vec<RegionSpan>,
    /// Vertex of each letter.
    letters: Vec<VertexId>,
    /// The (at most two) regions each letter lies in.
    letter_regions: Vec<[u32; 2]>,
    /// Per occurrence: its symbol, refined round by round.
    symbols: Vec<u64>,
    region_colour: Vec<u64>,
    letter_colour: Vec<u64>,
    /// Per boundary and orientation: the start of its smallest rotation, and that rotation's hash.
    starts: Vec<[u32; 2]>,
    oriented: Vec<[u64; 2]>,
    /// Regions in the order written: (small, colour, oriented hash, index).
    order: Vec<(bool, u64, u64, u32)>,
    border: Vec<u32>,
    names: Vec<u32>,
    next_name: u32,
    scratch: Vec<u32>,
    other: Vec<u8>,
    /// The key written by [`MemoKeyWriter::write`].
    pub key: Vec<u8>,
}

impl MemoKeyWriter {
    /// Writes the key of `shape` into `self.key`; false when it has too many letters to be named.
    pub fn write(&mut self, shape: &LandShape) -> bool {
        self.read(shape);
        if self.letters.len() > MAX_LETTERS {
            return false;
        }
        self.refine();
        self.orient();
        let (hf, hb) = self.land_hashes();
        if hf != hb {
            self.write_oriented(usize::from(hf > hb));
            return true;
        }
        // The colours do not tell the orientations apart: both, and the smaller writing.
        self.write_oriented(1);
        std::mem::swap(&mut self.key, &mut self.other);
        self.write_oriented(0);
        if self.other < self.key {
            std::mem::swap(&mut self.key, &mut self.other);
        }
        true
    }

    fn read(&mut self, shape: &LandShape) {
        self.occs.clear();
        self.bounds.clear();
        self.regions.clear();
        self.letters.clear();
        self.letter_regions.clear();
        for (r, region) in shape.regions.iter().enumerate() {
            let from = self.bounds.len() as u32;
            match region {
                RegionShape::Small(items) => self.push_boundary(r as u32, items),
                RegionShape::Full(bs) => {
                    for b in bs.iter() {
                        self.push_boundary(r as u32, b);
                    }
                }
            }
            self.regions.push(RegionSpan {
                small: matches!(region, RegionShape::Small(_)),
                from,
                to: self.bounds.len() as u32,
            });
        }
    }

    fn push_boundary(&mut self, r: u32, items: &[Item]) {
        let from = self.occs.len() as u32;
        for &item in items {
            let (kind, v) = match item {
                Item::Spot => (0, None),
                Item::TwoLives => (1, None),
                Item::OneLife => (2, None),
                Item::Inner(v) => (3, Some(v)),
                Item::Shared(v) => (4, Some(v)),
            };
            let letter = match v {
                None => NONE,
                Some(v) => match self.letters.iter().position(|&l| l == v) {
                    Some(k) => {
                        let regions = &mut self.letter_regions[k];
                        if regions[0] != r {
                            regions[1] = r;
                        }
                        k as u32
                    }
                    None => {
                        self.letters.push(v);
                        self.letter_regions.push([r, NONE]);
                        (self.letters.len() - 1) as u32
                    }
                },
            };
            self.occs.push(Occ { kind, letter });
        }
        self.bounds.push((from, self.occs.len() as u32));
    }

    /// Colours: each occurrence's symbol starts as its kind (with, for an inner letter, how far
    /// its other corner is, either way round); a region's colour sums over its boundaries a hash
    /// of each symbol with its two neighbours (which is blind to the start and the orientation of
    /// the boundary), or of each symbol alone in a small region; then, [`ROUNDS`] - 1 times, a shared
    /// letter's colour sums its regions' colours and becomes its symbol, and the regions' colours
    /// are computed again.
    fn refine(&mut self) {
        self.symbols.clear();
        for b in 0..self.bounds.len() {
            let (from, to) = self.bounds[b];
            let n = (to - from) as usize;
            for i in 0..n {
                let occ = self.occs[from as usize + i];
                let symbol = if occ.kind == 3 {
                    let d = (1..n)
                        .find(|&d| self.occs[from as usize + (i + d) % n].letter == occ.letter)
                        .unwrap_or(0);
                    3 + ((d.min(n - d) as u64) << 8)
                } else {
                    occ.kind as u64
                };
                self.symbols.push(symbol);
            }
        }
        self.letter_colour.clear();
        self.letter_colour.resize(self.letters.len(), 0);
        for round in 0..ROUNDS {
            self.region_colours();
            if round + 1 == ROUNDS {
                break;
            }
            for (k, regions) in self.letter_regions.iter().enumerate() {
                let colour = regions
                    .iter()
                    .filter(|&&r| r != NONE)
                    .fold(0u64, |acc, &r| {
                        acc.wrapping_add(mix(self.region_colour[r as usize]))
                    });
                self.letter_colour[k] = mix(colour);
            }
            for (symbol, occ) in self.symbols.iter_mut().zip(&self.occs) {
                if occ.kind == 4 {
                    *symbol = mix2(4, self.letter_colour[occ.letter as usize]);
                }
            }
        }
    }

    fn region_colours(&mut self) {
        self.region_colour.clear();
        for region in &self.regions {
            let mut colour = 0u64;
            for b in region.from..region.to {
                let (from, to) = self.bounds[b as usize];
                let symbols = &self.symbols[from as usize..to as usize];
                let n = symbols.len();
                let mut hash = mix(n as u64);
                if region.small {
                    for &s in symbols {
                        hash = hash.wrapping_add(mix(s));
                    }
                } else {
                    for i in 0..n {
                        let (prev, next) = (symbols[(i + n - 1) % n], symbols[(i + 1) % n]);
                        let (lo, hi) = (prev.min(next), prev.max(next));
                        hash = hash
                            .wrapping_add(mix(symbols[i].wrapping_mul(0x9E37_79B9_7F4A_7C15)
                                ^ lo.wrapping_mul(0xC2B2_AE3D_27D4_EB4F).rotate_left(21)
                                ^ hi.wrapping_mul(0x1656_67B1_9E37_79F9).rotate_left(42)));
                    }
                }
                colour = colour.wrapping_add(mix(hash));
            }
            self.region_colour
                .push(mix2(colour, if region.small { 1 } else { 2 }));
        }
    }

    /// For each boundary of a full region and each orientation: the start of its smallest rotation
    /// (by symbols) and that rotation's hash.
    fn orient(&mut self) {
        self.starts.clear();
        self.oriented.clear();
        for region in &self.regions {
            for b in region.from..region.to {
                let (from, to) = self.bounds[b as usize];
                let symbols = &self.symbols[from as usize..to as usize];
                if region.small {
                    self.starts.push([0, 0]);
                    self.oriented.push([0, 0]);
                    continue;
                }
                let n = symbols.len();
                let mut starts = [0u32; 2];
                let mut hashes = [0u64; 2];
                for (reflect, (start, hash)) in starts.iter_mut().zip(&mut hashes).enumerate() {
                    let at = |s: usize, k: usize| {
                        if reflect == 0 {
                            symbols[(s + k) % n]
                        } else {
                            symbols[(s + n - k % n) % n]
                        }
                    };
                    let mut best = 0;
                    for s in 1..n {
                        let smaller = (0..n)
                            .map(|k| at(s, k).cmp(&at(best, k)))
                            .find(|o| o.is_ne())
                            .is_some_and(|o| o.is_lt());
                        if smaller {
                            best = s;
                        }
                    }
                    *start = best as u32;
                    *hash = (0..n).fold(mix(n as u64), |h, k| mix2(h, at(best, k)));
                }
                self.starts.push(starts);
                self.oriented.push(hashes);
            }
        }
    }

    /// A hash of the land in each orientation (equal when the colours do not tell them apart).
    fn land_hashes(&self) -> (u64, u64) {
        let mut hashes = [0u64; 2];
        for (r, region) in self.regions.iter().enumerate() {
            for (o, hash) in hashes.iter_mut().enumerate() {
                let boundaries = (region.from..region.to).fold(0u64, |h, b| {
                    h.wrapping_add(mix(self.oriented[b as usize][o]))
                });
                *hash = hash.wrapping_add(mix2(self.region_colour[r], boundaries));
            }
        }
        (hashes[0], hashes[1])
    }

    fn name(&mut self, letter: u32) -> Option<u32> {
        let name = &mut self.names[letter as usize];
        if *name == NONE {
            *name = self.next_name;
            self.next_name += 1;
            None
        } else {
            Some(*name)
        }
    }

    fn code(&mut self, occ: Occ) -> u8 {
        match occ.kind {
            0 => SPOT,
            1 => TWO_LIVES,
            2 => ONE_LIFE,
            kind => {
                let name = self.name(occ.letter).unwrap_or(self.next_name - 1) as u8;
                if kind == 3 {
                    INNER_BASE + name
                } else {
                    SHARED_BASE + name
                }
            }
        }
    }

    /// Writes the land in orientation `o` (1: reflected): full regions first, by colour, each
    /// with its boundaries by oriented hash, each from its smallest rotation; then small regions,
    /// by colour and the names their letters already have, each with its items sorted.
    fn write_oriented(&mut self, o: usize) {
        self.key.clear();
        self.names.clear();
        self.names.resize(self.letters.len(), NONE);
        self.next_name = 0;
        let mut order = std::mem::take(&mut self.order);
        order.clear();
        order.extend(self.regions.iter().enumerate().map(|(r, region)| {
            let boundaries = (region.from..region.to).fold(0u64, |h, b| {
                h.wrapping_add(mix(self.oriented[b as usize][o]))
            });
            (region.small, self.region_colour[r], boundaries, r as u32)
        }));
        order.sort_unstable();
        let mut border = std::mem::take(&mut self.border);
        let full = order.iter().take_while(|r| !r.0).count();
        for &(_, _, _, r) in &order[..full] {
            let region = self.regions[r as usize];
            self.key.push(FULL_REGION);
            border.clear();
            border.extend(region.from..region.to);
            border.sort_by_key(|&b| self.oriented[b as usize][o]);
            for &b in &border {
                self.key.push(BOUNDARY);
                let (from, to) = self.bounds[b as usize];
                let n = (to - from) as usize;
                let start = self.starts[b as usize][o] as usize;
                for k in 0..n {
                    let i = if o == 0 {
                        (start + k) % n
                    } else {
                        (start + n - k % n) % n
                    };
                    let occ = self.occs[from as usize + i];
                    let code = self.code(occ);
                    self.key.push(code);
                }
            }
        }
        // Small regions: by colour, then by the names of their letters named already (at most 3
        // letters: 3 lives; packed one byte each, smallest first, a letter without a name as 255).
        for entry in order[full..].iter_mut() {
            let (from, to) = self.bounds[self.regions[entry.3 as usize].from as usize];
            let mut named = [u8::MAX; 8];
            let mut count = 0;
            for occ in &self.occs[from as usize..to as usize] {
                if occ.letter != NONE && count < named.len() {
                    named[count] = self.names[occ.letter as usize].min(255) as u8;
                    count += 1;
                }
            }
            named.sort_unstable();
            entry.2 = u64::from_be_bytes(named);
        }
        order[full..].sort_unstable();
        for &(_, _, _, r) in &order[full..] {
            self.key.push(SMALL_REGION);
            let (from, to) = self.bounds[self.regions[r as usize].from as usize];
            let mut scratch = std::mem::take(&mut self.scratch);
            scratch.clear();
            scratch.extend(from..to);
            // Plain kinds first, then letters named already by name, then new ones by colour.
            let key_of = |i: &u32| {
                let occ = self.occs[*i as usize];
                if occ.letter == NONE {
                    (occ.kind as u32, 0, 0)
                } else {
                    let name = self.names[occ.letter as usize];
                    (5, name, self.letter_colour[occ.letter as usize])
                }
            };
            scratch.sort_by_key(key_of);
            for &i in &scratch {
                let occ = self.occs[i as usize];
                let code = self.code(occ);
                self.key.push(code);
            }
            self.scratch = scratch;
        }
        self.order = order;
        self.border = border;
    }
}
