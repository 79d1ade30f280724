//! An independent brute force: plain minimax on whole Sprouts positions, with its own representation
//! and move rules (written separately from the engine: no reduction beyond dropping dead vertices, no
//! land splitting, no merging of small regions, no canonical form, no base).

use std::collections::HashMap;

/// Regions of boundaries of vertex ids; each boundary is the cyclic list of corners met when walking
/// around it with the region on the left. `lives[v]` is 3 − degree.
#[derive(Clone)]
pub struct State {
    regions: Vec<Vec<Vec<usize>>>,
    lives: Vec<u8>,
}

impl State {
    pub fn start(n: usize) -> State {
        State {
            regions: vec![(0..n).map(|v| vec![v]).collect()],
            lives: vec![3; n],
        }
    }

    /// Exact memo key. Rotating a boundary and reordering boundaries or regions describe the same
    /// position, so each boundary starts where its lives sequence is smallest and boundaries and regions
    /// are sorted by lives sequences (ties keep their order: fewer hits, never a wrong one); then vertex
    /// ids are renamed in order of first appearance.
    pub fn key(&self) -> Vec<u8> {
        let lives_seq = |b: &Vec<usize>| -> Vec<u8> { b.iter().map(|&v| self.lives[v]).collect() };
        let mut regions: Vec<Vec<Vec<usize>>> = self
            .regions
            .iter()
            .map(|region| {
                let mut boundaries: Vec<Vec<usize>> = region
                    .iter()
                    .map(|b| {
                        let best = (0..b.len())
                            .min_by_key(|&k| {
                                let mut r = b.clone();
                                r.rotate_left(k);
                                lives_seq(&r)
                            })
                            .unwrap_or(0);
                        let mut r = b.clone();
                        r.rotate_left(best);
                        r
                    })
                    .collect();
                boundaries.sort_by_key(|b| lives_seq(b));
                boundaries
            })
            .collect();
        regions.sort_by_key(|r| r.iter().map(&lives_seq).collect::<Vec<_>>());
        let mut names: HashMap<usize, u8> = HashMap::new();
        let mut key = Vec::new();
        for region in &regions {
            for boundary in region {
                for &v in boundary {
                    let next = names.len() as u8;
                    let name = *names.entry(v).or_insert(next);
                    key.push(name);
                    key.push(self.lives[v]);
                }
                key.push(255);
            }
            key.push(254);
        }
        key
    }

    /// Reads the later notation (`.` between boundaries, `|` between regions, `+` between lands,
    /// `0*n` for n isolated spots, `!` for no land): `0`, `1`, `2` are spots with 3, 2, 1 lives;
    /// a lowercase letter is a spot met twice in one region, an uppercase one a spot on the
    /// boundaries of two regions of a land (both with 1 life).
    pub fn parse(text: &str) -> State {
        let mut state = State {
            regions: Vec::new(),
            lives: Vec::new(),
        };
        if text == "!" {
            return state;
        }
        for land in text.split('+') {
            let mut upper: HashMap<char, usize> = HashMap::new();
            for region in land.split('|') {
                let mut lower: HashMap<char, usize> = HashMap::new();
                let mut boundaries = Vec::new();
                for boundary in region.split('.') {
                    if let Some(count) = boundary.strip_prefix("0*") {
                        for _ in 0..count.parse::<usize>().expect("0*n") {
                            state.lives.push(3);
                            boundaries.push(vec![state.lives.len() - 1]);
                        }
                        continue;
                    }
                    let mut vertices = Vec::new();
                    for c in boundary.chars() {
                        let fresh = |state: &mut State, lives: u8| {
                            state.lives.push(lives);
                            state.lives.len() - 1
                        };
                        let v = match c {
                            '0' => fresh(&mut state, 3),
                            '1' => fresh(&mut state, 2),
                            '2' => fresh(&mut state, 1),
                            'a'..='z' => match lower.get(&c) {
                                Some(&v) => v,
                                None => *lower.entry(c).or_insert(fresh(&mut state, 1)),
                            },
                            'A'..='Z' => match upper.get(&c) {
                                Some(&v) => v,
                                None => *upper.entry(c).or_insert(fresh(&mut state, 1)),
                            },
                            _ => panic!("unexpected {c:?} in {text}"),
                        };
                        vertices.push(v);
                    }
                    boundaries.push(vertices);
                }
                state.regions.push(boundaries);
            }
        }
        state
    }

    /// Drops dead vertices and then empty boundaries and regions; nothing else.
    fn tidy(&mut self) {
        let lives = self.lives.clone();
        for region in &mut self.regions {
            for boundary in region.iter_mut() {
                boundary.retain(|&v| lives[v] > 0);
            }
            region.retain(|b| !b.is_empty());
        }
        self.regions.retain(|r| !r.is_empty());
    }

    /// The corners met going once around `boundary` from corner `i` and back to the same vertex.
    /// An isolated spot has a single corner, so the walk is just the spot.
    fn walk(&self, boundary: &[usize], i: usize) -> Vec<usize> {
        let n = boundary.len();
        let mut out: Vec<usize> = (0..n).map(|k| boundary[(i + k) % n]).collect();
        let isolated = n == 1 && self.lives[boundary[0]] == 3;
        if !isolated {
            out.push(boundary[i]);
        }
        out
    }

    pub fn children(&self) -> Vec<State> {
        let mut out = Vec::new();
        for r in 0..self.regions.len() {
            let region = &self.regions[r];
            let corners: Vec<(usize, usize)> = region
                .iter()
                .enumerate()
                .flat_map(|(b, bd)| (0..bd.len()).map(move |i| (b, i)))
                .collect();
            for (x, &(b1, i1)) in corners.iter().enumerate() {
                for &(b2, i2) in &corners[x..] {
                    let u = region[b1][i1];
                    let v = region[b2][i2];
                    let same_corner = (b1, i1) == (b2, i2);
                    if same_corner && self.lives[u] < 2 {
                        continue;
                    }
                    if !same_corner && u == v {
                        continue;
                    }
                    let mut next = self.clone();
                    let w = next.lives.len();
                    next.lives.push(1);
                    next.lives[u] -= 1;
                    next.lives[v] -= 1;
                    if b1 != b2 {
                        // The curve joins two boundaries into one.
                        let mut joined = self.walk(&region[b1], i1);
                        joined.push(w);
                        joined.extend(self.walk(&region[b2], i2));
                        joined.push(w);
                        let mut new_region: Vec<Vec<usize>> = region
                            .iter()
                            .enumerate()
                            .filter(|&(b, _)| b != b1 && b != b2)
                            .map(|(_, bd)| bd.clone())
                            .collect();
                        new_region.push(joined);
                        next.regions[r] = new_region;
                        next.tidy();
                        out.push(next);
                        continue;
                    }
                    // The curve cuts the region in two.
                    let bd = &region[b1];
                    let (side1, side2) = if same_corner {
                        (vec![u, w], {
                            let mut s = self.walk(bd, i1);
                            s.push(w);
                            s
                        })
                    } else {
                        let n = bd.len();
                        let mut s1: Vec<usize> = (i1..=i2).map(|k| bd[k]).collect();
                        s1.push(w);
                        let mut s2: Vec<usize> =
                            (0..=(n - i2 + i1)).map(|k| bd[(i2 + k) % n]).collect();
                        s2.push(w);
                        (s1, s2)
                    };
                    let others: Vec<&Vec<usize>> = region
                        .iter()
                        .enumerate()
                        .filter(|&(b, _)| b != b1)
                        .map(|(_, bd)| bd)
                        .collect();
                    for mask in 0..(1usize << others.len()) {
                        let mut ra = vec![side1.clone()];
                        let mut rb = vec![side2.clone()];
                        for (k, o) in others.iter().enumerate() {
                            if mask >> k & 1 == 1 {
                                ra.push((*o).clone());
                            } else {
                                rb.push((*o).clone());
                            }
                        }
                        let mut child = next.clone();
                        child.regions[r] = ra;
                        child.regions.push(rb);
                        child.tidy();
                        out.push(child);
                    }
                }
            }
        }
        out
    }

    /// The later notation, as one land (the engine must split it itself).
    pub fn notation(&self) -> String {
        if self.regions.is_empty() {
            return "!".into();
        }
        let mut where_seen: HashMap<usize, Vec<usize>> = HashMap::new();
        for (r, region) in self.regions.iter().enumerate() {
            for &v in region.iter().flatten() {
                where_seen.entry(v).or_default().push(r);
            }
        }
        let mut upper: HashMap<usize, char> = HashMap::new();
        let mut regions = Vec::new();
        for region in &self.regions {
            let mut lower: HashMap<usize, char> = HashMap::new();
            let mut boundaries = Vec::new();
            for boundary in region {
                let mut s = String::new();
                for &v in boundary {
                    let seen = &where_seen[&v];
                    let c = match self.lives[v] {
                        3 => '0',
                        2 => '1',
                        _ if seen.len() == 1 => '2',
                        _ if seen[0] == seen[1] => {
                            let next = (b'a' + lower.len() as u8) as char;
                            *lower.entry(v).or_insert(next)
                        }
                        _ => {
                            let next = (b'A' + upper.len() as u8) as char;
                            *upper.entry(v).or_insert(next)
                        }
                    };
                    s.push(c);
                }
                boundaries.push(s);
            }
            regions.push(boundaries.join("."));
        }
        regions.join("|")
    }
}

/// States partway into random games of 5 and 6 spots (in turns): 3–5 moves into 5 spots and 6–8 into
/// 6, deep enough for the brute force to be quick, early enough to be branching.
pub fn random_game_states(rng: &mut super::Rng, games: usize) -> Vec<State> {
    (0..games)
        .map(|game| {
            let spots = 5 + game % 2;
            let depth = if spots == 5 {
                3 + game % 3
            } else {
                6 + game % 3
            };
            let mut state = State::start(spots);
            for _ in 0..depth {
                let children = state.children();
                if children.is_empty() {
                    break;
                }
                state = children[rng.below(children.len())].clone();
            }
            state
        })
        .collect()
}

#[derive(Default)]
pub struct Brute {
    /// key -> (notation, nimber, misère: lost for the player to move)
    pub memo: HashMap<Vec<u8>, (String, u32, bool)>,
}

impl Brute {
    pub fn solve(&mut self, state: &State) -> (u32, bool) {
        let key = state.key();
        if let Some(&(_, nimber, misere)) = self.memo.get(&key) {
            return (nimber, misere);
        }
        let mut seen_nimbers = Vec::new();
        let mut misere_losing = true;
        let children = state.children();
        for child in &children {
            let (nimber, child_misere_losing) = self.solve(child);
            seen_nimbers.push(nimber);
            if child_misere_losing {
                misere_losing = false;
            }
        }
        let nimber = (0..).find(|m| !seen_nimbers.contains(m)).unwrap_or(0);
        // No move: the player to move wins in misère play.
        let misere_losing = !children.is_empty() && misere_losing;
        self.memo
            .insert(key, (state.notation(), nimber, misere_losing));
        (nimber, misere_losing)
    }
}
