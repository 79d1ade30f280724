//! The plan of a constructive layout: one land of a position turned into closed curves ("circles")
//! carrying its live vertices, before any coordinates.
//!
//! Every boundary of the land becomes a tree of circles joined by bridges, walked around by its
//! region:
//! * a region that is a bounded face sits inside its *home* circle; a region that is the outside of
//!   its boundary's component walks around a dead *core* circle instead;
//! * an uppercase letter (shared by two regions) is a spot on a circle with one region inside and the
//!   other outside; the circle hangs in the outer region by a dead bridge;
//! * a lowercase letter (seen twice by one region) is a spot on a bridge to a dead circle, around
//!   which the region walks between the letter's two corners;
//! * `1` is a leaf hanging from a circle; `2` a spot on a bump whose other corner is in a dead pocket;
//! * `0` is an isolated spot.
//!
//! Every other spot is dead: the junctions where bridges, leaves and bumps meet a circle have three
//! curve ends. Every face the plan makes besides the land's regions holds at most one life (cores,
//! dead circles, pockets), so reduction drops it.
//!
//! The regions and the components of their boundaries form a tree (they always do on the sphere).
//! Within one component the boundaries linked by letters may form cycles (three regions meeting
//! around a dead junction, as in `AB|AC|BC`): the boundaries on cycles (the core, left after
//! stripping the tree-like parts) become a [`Tangle`], a small plane map (`layout_tangle`); its
//! boundaries' other vertices hang in dead circles in their corners, the tree-like parts from those.
//! The plan is `None` when something cannot be built this way; the caller falls back to another
//! method.

use std::collections::HashMap;

use crate::games::sprouts::{Land, Vertex};

use super::layout_tangle::{tangle_map, TangleMap};

pub(crate) type CircleId = usize;

/// Which side of a circle something is on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Side {
    In,
    Out,
}

/// Something on a circle, in the order of increasing angle around it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Element {
    /// A live vertex on the circle itself: the uppercase letter `k` of the land.
    Letter(u8),
    /// A spot with 2 lives at the end of a short curve on that side.
    Leaf(Side),
    /// A spot with 1 life on a bump towards that side (its other corner is in a dead pocket).
    Pocket(Side),
    /// A bridge to another circle on that side; `lowercase` puts a live vertex on it.
    Bridge {
        side: Side,
        child: CircleId,
        lowercase: bool,
    },
    /// Where this circle's own bridge arrives (from outside).
    ParentBridge,
}

/// Things drawn loose inside a region (the components of its other boundaries).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Float {
    /// An isolated spot (`0`).
    Spot,
    /// A component, drawn around this core circle.
    Core(CircleId),
    /// A tangled component (`Plan::tangles`), drawn as a small plane map.
    Tangle(usize),
}

/// A tangled component: the map of its core boundaries (whose regions, linked by letters, form
/// cycles; boundary 0 faces the region it floats in) and what hangs in their corners.
#[derive(Clone, Debug, Default)]
pub(crate) struct Tangle {
    pub map: TangleMap,
    /// Dead circles walked around in a corner: (boundary, corner, circle). They carry the
    /// boundary's other vertices there (leaves, pockets, lowercase letters, tree-like parts).
    pub bags: Vec<(usize, usize, CircleId)>,
    /// Components floating in each boundary's region (none for boundary 0).
    pub floats: Vec<Vec<Float>>,
}

#[derive(Clone, Debug, Default)]
pub(crate) struct Circle {
    /// In order of increasing angle.
    pub elements: Vec<Element>,
    /// Components floating inside the circle (it is the home of a region that holds them).
    pub floats: Vec<Float>,
}

/// The plan of one land.
#[derive(Clone, Debug, Default)]
pub(crate) struct Plan {
    pub circles: Vec<Circle>,
    /// The components floating in the land's outermost region.
    pub roots: Vec<Float>,
    pub tangles: Vec<Tangle>,
}

/// A vertex occurrence, classified for the boundary being walked.
#[derive(Clone, Copy, Debug)]
enum Item {
    /// A letter shared with the boundary's parent (on its home circle).
    ParentLetter(u8),
    /// A letter shared with a child boundary (on that child's home circle).
    ChildLetter(usize, u8),
    Lowercase(u8),
    Leaf,
    Pocket,
    /// A letter shared with another core boundary of a tangled component.
    Core(u8),
}

/// Elements added while walking one boundary (committed only if the walk parses).
#[derive(Default)]
struct Draft {
    added: Vec<(CircleId, Side, Element)>,
    new_circles: usize,
}

impl Plan {
    /// The plan of a land, or `None` if it cannot be built (see the module notes). The region
    /// drawn outermost is the one with the most vertices (it gets the most room) unless a tangled
    /// component needs another.
    pub fn of_land(land: &Land) -> Option<Plan> {
        let regions = land.regions();
        let mut order: Vec<usize> = (0..regions.len()).collect();
        order.sort_by_key(|&r| {
            let items: usize = regions[r].iter().map(Vec::len).sum();
            std::cmp::Reverse((items, regions[r].len(), usize::MAX - r))
        });
        order
            .into_iter()
            .find_map(|root| Plan::rooted(&regions, root))
    }

    /// The plan with `root_region` outermost.
    fn rooted(regions: &[Vec<Vec<Vertex>>], root_region: usize) -> Option<Plan> {
        // Boundaries (walks) and the region of each.
        let mut walks: Vec<(usize, Vec<Vertex>)> = Vec::new();
        for (r, region) in regions.iter().enumerate() {
            for boundary in region {
                walks.push((r, boundary.clone()));
            }
        }
        if walks.iter().any(|(_, w)| w.is_empty()) {
            return None;
        }
        // Each uppercase letter joins two boundaries of different regions.
        let mut shared: HashMap<u8, Vec<usize>> = HashMap::new();
        for (w, (_, items)) in walks.iter().enumerate() {
            for v in items {
                if let Vertex::Shared(k) = v {
                    shared.entry(*k).or_default().push(w);
                }
            }
        }
        for list in shared.values() {
            if list.len() != 2 || walks[list[0]].0 == walks[list[1]].0 {
                return None;
            }
        }
        let other_walk = |w: usize, k: u8| -> usize {
            let list = &shared[&k];
            if list[0] == w {
                list[1]
            } else {
                list[0]
            }
        };
        // Components: boundaries linked by uppercase letters.
        let mut component: Vec<usize> = (0..walks.len()).collect();
        fn find(p: &mut [usize], mut x: usize) -> usize {
            while p[x] != x {
                p[x] = p[p[x]];
                x = p[x];
            }
            x
        }
        for list in shared.values() {
            let (a, b) = (find(&mut component, list[0]), find(&mut component, list[1]));
            component[a] = b;
        }
        let component: Vec<usize> = (0..walks.len()).map(|w| find(&mut component, w)).collect();

        // Regions and components must form a tree (they always do on the sphere).
        let mut region_seen = vec![false; regions.len()];
        let mut component_root: HashMap<usize, usize> = HashMap::new(); // component -> root walk
        let mut region_home: Vec<Option<usize>> = vec![None; regions.len()]; // region -> home walk
        region_seen[root_region] = true;
        let mut queue = vec![root_region];
        while let Some(r) = queue.pop() {
            for w in (0..walks.len()).filter(|&w| walks[w].0 == r) {
                if region_home[r] == Some(w) || component_root.contains_key(&component[w]) {
                    if region_home[r] != Some(w) {
                        return None; // two boundaries of one component in one region
                    }
                    continue;
                }
                component_root.insert(component[w], w);
                for w2 in (0..walks.len()).filter(|&x| x != w && component[x] == component[w]) {
                    let r2 = walks[w2].0;
                    if region_seen[r2] {
                        return None;
                    }
                    region_seen[r2] = true;
                    region_home[r2] = Some(w2);
                    queue.push(r2);
                }
            }
        }
        if region_seen.iter().any(|s| !s) {
            return None;
        }

        // Within each component, the boundaries linked by letters form a tree, or cycles with
        // trees hanging from them (a tangled component: its core is drawn as a map).
        let mut parent_walk: Vec<Option<usize>> = vec![None; walks.len()];
        let mut pairs: Vec<(usize, usize)> = Vec::new();
        for (w, (_, items)) in walks.iter().enumerate() {
            for v in items {
                if let Vertex::Shared(k) = v {
                    let o = other_walk(w, *k);
                    pairs.push((w.min(o), w.max(o)));
                }
            }
        }
        pairs.sort_unstable();
        pairs.dedup();
        let mut neighbours: Vec<Vec<usize>> = vec![Vec::new(); walks.len()];
        for &(a, b) in &pairs {
            neighbours[a].push(b);
            neighbours[b].push(a);
        }
        // Strip leaves until only cycles are left: the stripped boundaries hang from the one
        // neighbour left when they go.
        let mut in_core = vec![true; walks.len()];
        let mut left: Vec<usize> = neighbours.iter().map(Vec::len).collect();
        let mut leaves: Vec<usize> = (0..walks.len()).filter(|&w| left[w] <= 1).collect();
        while let Some(w) = leaves.pop() {
            if !in_core[w] {
                continue;
            }
            in_core[w] = false;
            for &o in &neighbours[w] {
                if in_core[o] {
                    parent_walk[w] = Some(o);
                    left[o] -= 1;
                    if left[o] <= 1 {
                        leaves.push(o);
                    }
                }
            }
        }
        // A component without a core is a tree: hang it from its root.
        let mut tangled: Vec<Vec<usize>> = Vec::new(); // core walks, the component's root first
        for &root in component_root.values() {
            if !in_core
                .iter()
                .enumerate()
                .any(|(w, &c)| c && component[w] == component[root])
            {
                for w in (0..walks.len()).filter(|&w| component[w] == component[root]) {
                    parent_walk[w] = None;
                }
                let mut stack = vec![root];
                let mut seen = vec![false; walks.len()];
                seen[root] = true;
                while let Some(w) = stack.pop() {
                    for &o in &neighbours[w] {
                        if !seen[o] {
                            seen[o] = true;
                            parent_walk[o] = Some(w);
                            stack.push(o);
                        }
                    }
                }
                continue;
            }
            if !in_core[root] {
                return None; // the map would have to sit inside a tree part's circle
            }
            let mut core = vec![root];
            core.extend(
                (0..walks.len())
                    .filter(|&w| w != root && in_core[w] && component[w] == component[root]),
            );
            tangled.push(core);
        }

        // Circles: a home for every boundary that is not its component's root, a core for each root.
        let mut plan = Plan::default();
        let mut home: Vec<CircleId> = vec![usize::MAX; walks.len()];
        let isolated = |w: usize| walks[w].1 == [Vertex::Spot];
        for (w, slot) in home.iter_mut().enumerate() {
            if !isolated(w) {
                *slot = plan.circles.len();
                plan.circles.push(Circle::default());
            }
        }
        let mut inside: Vec<Vec<Element>> = vec![Vec::new(); plan.circles.len()];
        let mut outside: Vec<Vec<Element>> = vec![Vec::new(); plan.circles.len()];
        // A region with at most 3 lives is written as the multiset of its vertices (the order in
        // its string means nothing): its letters may be put in any order.
        let free_region: Vec<bool> = regions.iter().map(|r| region_lives(r) <= 3).collect();
        let mut free_in = vec![false; plan.circles.len()];
        let mut free_out = vec![false; plan.circles.len()];
        for w in 0..walks.len() {
            if isolated(w) {
                if walks[w].1.len() != 1 {
                    return None;
                }
                continue;
            }
            if in_core[w] {
                continue; // drawn with its tangle, below
            }
            let is_root = parent_walk[w].is_none();
            let mut items = Vec::with_capacity(walks[w].1.len());
            let mut total: HashMap<usize, usize> = HashMap::new();
            for v in &walks[w].1 {
                items.push(match *v {
                    Vertex::Spot => return None,
                    Vertex::TwoLives => Item::Leaf,
                    Vertex::OneLife => Item::Pocket,
                    Vertex::Inner(k) => Item::Lowercase(k),
                    Vertex::Shared(k) => {
                        let o = other_walk(w, k);
                        if Some(o) == parent_walk[w] {
                            Item::ParentLetter(k)
                        } else if parent_walk[o] == Some(w) {
                            *total.entry(o).or_default() += 1;
                            Item::ChildLetter(o, k)
                        } else {
                            return None;
                        }
                    }
                });
            }
            let free = free_region[walks[w].0];
            if free {
                items.sort_by_key(|i| match i {
                    Item::ParentLetter(_) => 0,
                    Item::ChildLetter(o, _) => 1 + o,
                    _ => usize::MAX,
                });
            }
            let starts: Vec<usize> = if is_root {
                (0..items.len()).collect()
            } else {
                items
                    .iter()
                    .position(|i| matches!(i, Item::ParentLetter(_)))
                    .into_iter()
                    .collect()
            };
            let first_new = plan.circles.len();
            let draft = starts.iter().find_map(|&s| {
                let rotated: Vec<Item> = items[s..].iter().chain(&items[..s]).copied().collect();
                walk_boundary(&rotated, home[w], is_root, &home, &total, first_new)
            })?;
            for _ in 0..draft.new_circles {
                plan.circles.push(Circle::default());
                inside.push(Vec::new());
                outside.push(Vec::new());
                free_in.push(false);
                free_out.push(false);
            }
            for (c, side, e) in draft.added {
                match side {
                    Side::In => {
                        inside[c].push(e);
                        free_in[c] = free;
                    }
                    Side::Out => {
                        outside[c].push(e);
                        free_out[c] = free;
                    }
                }
            }
        }
        // Tangled components: the map of the core boundaries, with a dead circle in each corner
        // that has other vertices (walked around from outside, the corner's items on it).
        let mut tangle_of: Vec<Option<(usize, usize)>> = vec![None; walks.len()];
        for core in &tangled {
            let mut letters: Vec<Vec<u8>> = Vec::new();
            let mut arcs: Vec<Vec<Vec<Item>>> = Vec::new();
            let mut totals: Vec<HashMap<usize, usize>> = Vec::new();
            let mut free_walk: Vec<bool> = Vec::new();
            for &w in core {
                let mut items = Vec::with_capacity(walks[w].1.len());
                let mut total: HashMap<usize, usize> = HashMap::new();
                for v in &walks[w].1 {
                    items.push(match *v {
                        Vertex::Spot => return None,
                        Vertex::TwoLives => Item::Leaf,
                        Vertex::OneLife => Item::Pocket,
                        Vertex::Inner(k) => Item::Lowercase(k),
                        Vertex::Shared(k) => {
                            let o = other_walk(w, k);
                            if in_core[o] {
                                Item::Core(k)
                            } else if parent_walk[o] == Some(w) {
                                *total.entry(o).or_default() += 1;
                                Item::ChildLetter(o, k)
                            } else {
                                return None;
                            }
                        }
                    });
                }
                let free = free_region[walks[w].0];
                let (seq, arc_list) = split_at_core_letters(&items, free)?;
                letters.push(seq);
                arcs.push(arc_list);
                totals.push(total);
                free_walk.push(free);
            }
            let map = tangle_with_free_orders(&mut letters, &free_walk)?;
            let t = plan.tangles.len();
            let mut tangle = Tangle {
                map,
                bags: Vec::new(),
                floats: vec![Vec::new(); core.len()],
            };
            for (b, &w) in core.iter().enumerate() {
                tangle_of[w] = Some((t, b));
                for (j, items) in arcs[b].iter().enumerate() {
                    if items.is_empty() {
                        continue;
                    }
                    let bag = plan.circles.len();
                    let first_new = bag + 1;
                    let draft = walk_boundary(items, bag, true, &home, &totals[b], first_new)?;
                    for _ in 0..=draft.new_circles {
                        plan.circles.push(Circle::default());
                        inside.push(Vec::new());
                        outside.push(Vec::new());
                        free_in.push(false);
                        free_out.push(false);
                    }
                    outside[bag].push(Element::ParentBridge);
                    let free = free_walk[b];
                    for (c, side, e) in draft.added {
                        match side {
                            Side::In => {
                                inside[c].push(e);
                                free_in[c] = free;
                            }
                            Side::Out => {
                                outside[c].push(e);
                                free_out[c] = free;
                            }
                        }
                    }
                    tangle.bags.push((b, j, bag));
                }
            }
            plan.tangles.push(tangle);
        }
        for c in 0..plan.circles.len() {
            plan.circles[c].elements =
                merge_sides(&inside[c], &outside[c], free_in[c], free_out[c])?;
        }

        // Floats: each region's boundaries other than its home, inside the home circle.
        for (w, (r, _)) in walks.iter().enumerate() {
            if region_home[*r] == Some(w) {
                continue;
            }
            let float = match tangle_of[w] {
                _ if isolated(w) => Float::Spot,
                Some((t, _)) => Float::Tangle(t),
                None => Float::Core(home[w]),
            };
            match region_home[*r] {
                Some(h) => match tangle_of[h] {
                    Some((t, b)) => plan.tangles[t].floats[b].push(float),
                    None => plan.circles[home[h]].floats.push(float),
                },
                None => plan.roots.push(float),
            }
        }
        plan.skip_dead_circles();
        Some(plan)
    }

    /// Drops dead circles that only pass a bridge on: a core whose component hangs from it by one
    /// bridge (the component's circle floats instead), and a lowercase letter's circle that only
    /// leads on to one circle (the letter's bridge goes straight there).
    fn skip_dead_circles(&mut self) {
        let only_bridge = |c: &Circle| -> Option<CircleId> {
            let mut child = None;
            for e in &c.elements {
                match e {
                    Element::ParentBridge => {}
                    Element::Bridge {
                        side: Side::Out,
                        child: k,
                        lowercase: false,
                    } if child.is_none() => child = Some(*k),
                    _ => return None,
                }
            }
            if c.floats.is_empty() {
                child
            } else {
                None
            }
        };
        let lift = |circles: &mut Vec<Circle>, f: &mut Float| {
            while let Float::Core(k) = *f {
                let Some(child) = only_bridge(&circles[k]) else {
                    break;
                };
                circles[child]
                    .elements
                    .retain(|e| *e != Element::ParentBridge);
                *f = Float::Core(child);
            }
        };
        let mut roots = std::mem::take(&mut self.roots);
        for f in &mut roots {
            lift(&mut self.circles, f);
        }
        self.roots = roots;
        for t in 0..self.tangles.len() {
            let mut floats = std::mem::take(&mut self.tangles[t].floats);
            for f in floats.iter_mut().flatten() {
                lift(&mut self.circles, f);
            }
            self.tangles[t].floats = floats;
        }
        for c in 0..self.circles.len() {
            let mut floats = std::mem::take(&mut self.circles[c].floats);
            for f in &mut floats {
                lift(&mut self.circles, f);
            }
            self.circles[c].floats = floats;
            for i in 0..self.circles[c].elements.len() {
                while let Element::Bridge {
                    side,
                    child,
                    lowercase: true,
                } = self.circles[c].elements[i]
                {
                    let passes_on = self.circles[child].elements.len() == 2;
                    match only_bridge(&self.circles[child]) {
                        Some(next) if passes_on => {
                            self.circles[c].elements[i] = Element::Bridge {
                                side,
                                child: next,
                                lowercase: true,
                            }
                        }
                        _ => break,
                    }
                }
            }
        }
    }
}

/// A core boundary's letters in walking order and the items after each (before the next letter).
/// In a free region (at most 3 lives, order immaterial) all items go after the first letter.
/// `None` if a lowercase pair would straddle a letter (not drawable this way).
fn split_at_core_letters(items: &[Item], free: bool) -> Option<(Vec<u8>, Vec<Vec<Item>>)> {
    let is_core = |i: &Item| matches!(i, Item::Core(_));
    let start = items.iter().position(is_core)?;
    let rotated = items[start..].iter().chain(&items[..start]);
    let (mut seq, mut arcs) = (Vec::new(), Vec::<Vec<Item>>::new());
    for &item in rotated {
        match item {
            Item::Core(k) => {
                seq.push(k);
                arcs.push(Vec::new());
            }
            other if free => arcs[0].push(other),
            other => arcs.last_mut()?.push(other),
        }
    }
    for arc in &arcs {
        let mut open: Vec<u8> = Vec::new();
        for item in arc {
            if let Item::Lowercase(k) = item {
                match open.iter().position(|&o| o == *k) {
                    Some(p) => open.truncate(p),
                    None => open.push(*k),
                }
            }
        }
        if !open.is_empty() {
            return None;
        }
    }
    Some((seq, arcs))
}

/// The tangle's map, trying the orders of the letters of free boundaries (whose order the string
/// does not fix) until the boundaries make a map on the sphere; `letters` keeps the order used.
fn tangle_with_free_orders(letters: &mut [Vec<u8>], free: &[bool]) -> Option<TangleMap> {
    const MOST_TRIES: usize = 256;
    let choices: Vec<Vec<Vec<u8>>> = letters
        .iter()
        .zip(free)
        .map(|(seq, &f)| {
            if f && seq.len() > 2 {
                cyclic_orders(seq)
            } else {
                vec![seq.clone()]
            }
        })
        .collect();
    let mut pick = vec![0usize; letters.len()];
    for _ in 0..MOST_TRIES {
        for (b, &p) in pick.iter().enumerate() {
            letters[b] = choices[b][p].clone();
        }
        if let Some(map) = tangle_map(letters) {
            return Some(map);
        }
        // Next combination (odometer).
        let mut b = 0;
        loop {
            if b == pick.len() {
                return None;
            }
            pick[b] += 1;
            if pick[b] < choices[b].len() {
                break;
            }
            pick[b] = 0;
            b += 1;
        }
    }
    None
}

/// Every cyclic order of the letters (the first kept first).
fn cyclic_orders(seq: &[u8]) -> Vec<Vec<u8>> {
    fn permute(rest: &mut Vec<u8>, prefix: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        if rest.is_empty() {
            out.push(prefix.clone());
            return;
        }
        for i in 0..rest.len() {
            let k = rest.remove(i);
            prefix.push(k);
            permute(rest, prefix, out);
            prefix.pop();
            rest.insert(i, k);
        }
    }
    let mut out = Vec::new();
    permute(&mut seq[1..].to_vec(), &mut vec![seq[0]], &mut out);
    out
}

/// Lives of a region: each vertex once (a letter is seen twice in a region only if lowercase).
fn region_lives(region: &[Vec<Vertex>]) -> u32 {
    let occurrences = region.iter().flatten();
    occurrences
        .map(|v| match v {
            Vertex::Spot => 6,
            Vertex::TwoLives => 4,
            Vertex::OneLife | Vertex::Shared(_) => 2,
            Vertex::Inner(_) => 1,
        })
        .sum::<u32>()
        / 2
}

/// Walks one boundary (rotated to start on its home circle, or anywhere for a component's root) and
/// lists what it puts on which circle. `None` if the letters are not nested as circles need.
fn walk_boundary(
    items: &[Item],
    home_circle: CircleId,
    is_root: bool,
    home: &[CircleId],
    total: &HashMap<usize, usize>,
    first_new: CircleId,
) -> Option<Draft> {
    let mut draft = Draft::default();
    // Stack of open circles; for each, the child boundary it is the home of, if any.
    let mut stack: Vec<(CircleId, Option<usize>)> = vec![(home_circle, None)];
    let mut seen: HashMap<usize, usize> = HashMap::new();
    let mut closed: Vec<usize> = Vec::new();
    let mut lowercase_open: HashMap<u8, CircleId> = HashMap::new();
    let side_of = |c: CircleId| {
        if c == home_circle && !is_root {
            Side::In
        } else {
            Side::Out
        }
    };
    // Closes circles down to `target`; each must have all its letters behind it.
    let pop_to = |stack: &mut Vec<(CircleId, Option<usize>)>,
                  closed: &mut Vec<usize>,
                  seen: &HashMap<usize, usize>,
                  target: CircleId|
     -> Option<()> {
        while stack.last()?.0 != target {
            let (_, child) = stack.pop()?;
            let c = child?; // a lowercase circle closes only at its second letter
            if seen.get(&c) != total.get(&c) {
                return None;
            }
            closed.push(c);
        }
        Some(())
    };
    for item in items {
        let top = stack.last()?.0;
        match *item {
            Item::ParentLetter(k) => {
                pop_to(&mut stack, &mut closed, &seen, home_circle)?;
                draft
                    .added
                    .push((home_circle, Side::In, Element::Letter(k)));
            }
            Item::ChildLetter(c, k) => {
                let circle = home[c];
                if stack.iter().any(|&(k, _)| k == circle) {
                    pop_to(&mut stack, &mut closed, &seen, circle)?;
                } else if closed.contains(&c) {
                    return None;
                } else {
                    let side = side_of(top);
                    draft.added.push((
                        top,
                        side,
                        Element::Bridge {
                            side,
                            child: circle,
                            lowercase: false,
                        },
                    ));
                    draft.added.push((circle, Side::Out, Element::ParentBridge));
                    stack.push((circle, Some(c)));
                }
                draft.added.push((circle, Side::Out, Element::Letter(k)));
                *seen.entry(c).or_default() += 1;
            }
            Item::Lowercase(k) => match lowercase_open.get(&k) {
                None => {
                    let circle = first_new + draft.new_circles;
                    draft.new_circles += 1;
                    let side = side_of(top);
                    draft.added.push((
                        top,
                        side,
                        Element::Bridge {
                            side,
                            child: circle,
                            lowercase: true,
                        },
                    ));
                    draft.added.push((circle, Side::Out, Element::ParentBridge));
                    lowercase_open.insert(k, circle);
                    stack.push((circle, None));
                }
                Some(&circle) => {
                    pop_to(&mut stack, &mut closed, &seen, circle)?;
                    stack.pop();
                    lowercase_open.remove(&k);
                    // A third occurrence would open a new circle: the notation forbids it anyway.
                }
            },
            Item::Leaf => draft
                .added
                .push((top, side_of(top), Element::Leaf(side_of(top)))),
            Item::Pocket => draft
                .added
                .push((top, side_of(top), Element::Pocket(side_of(top)))),
            Item::Core(_) => return None, // split off before walking
        }
    }
    pop_to(&mut stack, &mut closed, &seen, home_circle)?;
    if !lowercase_open.is_empty() {
        return None;
    }
    Some(draft)
}

/// One circle's elements in order of increasing angle, from the inside boundary's elements (in its
/// walking order, which goes the way of increasing angle) and the outside one's (walking the other
/// way). The letters are the same vertices seen from both sides: they must come in opposite orders.
fn merge_sides(
    inside: &[Element],
    outside: &[Element],
    free_in: bool,
    free_out: bool,
) -> Option<Vec<Element>> {
    let outside: Vec<Element> = outside.iter().rev().copied().collect();
    let letters = |list: &[Element]| -> Vec<u8> {
        list.iter()
            .filter_map(|e| match e {
                Element::Letter(k) => Some(*k),
                _ => None,
            })
            .collect()
    };
    let (li, lo) = (letters(inside), letters(&outside));
    if li.is_empty() && lo.is_empty() {
        let mut all = inside.to_vec();
        all.extend(outside);
        return Some(all);
    }
    // Both lists start at the same letter; then their letters must agree one by one.
    let first = *li.first()?;
    let rotate = |list: &[Element]| -> Option<Vec<Element>> {
        let s = list.iter().position(|e| *e == Element::Letter(first))?;
        Some(list[s..].iter().chain(&list[..s]).copied().collect())
    };
    let (mut a, mut b) = (rotate(inside)?, rotate(&outside)?);
    if letters(&a) != letters(&b) {
        let (mut x, mut y) = (letters(&a), letters(&b));
        x.sort_unstable();
        y.sort_unstable();
        if x != y || !(free_in || free_out) {
            return None;
        }
        // Rewrite the free side with the other side's letter order.
        let reorder = |free: &[Element], order: &[u8]| -> Vec<Element> {
            let mut out = vec![Element::Letter(order[0])];
            out.extend(free.iter().filter(|e| !matches!(e, Element::Letter(_))));
            out.extend(order[1..].iter().map(|&k| Element::Letter(k)));
            out
        };
        if free_in {
            a = reorder(&a, &letters(&b));
        } else {
            b = reorder(&b, &letters(&a));
        }
    }
    let segments = |list: &[Element]| -> Vec<(Element, Vec<Element>)> {
        let mut out: Vec<(Element, Vec<Element>)> = Vec::new();
        for e in list {
            match e {
                Element::Letter(_) => out.push((*e, Vec::new())),
                _ => {
                    if let Some(last) = out.last_mut() {
                        last.1.push(*e);
                    }
                }
            }
        }
        out
    };
    let mut merged = Vec::new();
    for ((letter, x), (_, y)) in segments(&a).into_iter().zip(segments(&b)) {
        merged.push(letter);
        merged.extend(x);
        merged.extend(y);
    }
    Some(merged)
}
