//! The graph solver's base on disk or in the browser: what it learned, written compactly, and read back
//! only as far as the rules confirm it. Every entry is re-derived when read — a component's nimber from the
//! nimbers of the components its moves leave, a sum's misère outcome from its children's — using only
//! entries already confirmed (children are smaller, so one pass in order of size suffices). An entry whose
//! children the base lacks is left out (the solver recomputes it when needed); a wrong entry is reported
//! and left out. So a damaged or hostile base can cost time, never a wrong answer.

use crate::games::graph::{CanonicalGraph, Graph, MAX_VERTICES};

use super::misere_search::sum_after;
use super::nimber_search::known_nimber;
use super::query::GraphSolver;
use super::table::{ComponentSum, GraphSolveError};

/// How a graph base file starts.
pub const MAGIC: &[u8] = b"sprague graph base 1\n";
/// The largest base read (a full 256 MB budget's tables take far less).
pub const MAX_BASE_BYTES: usize = 256 << 20;

/// Why a base could not be read at all.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GraphBaseError {
    #[error("this is not a graph base (it does not start with “sprague graph base 1”)")]
    NotAGraphBase,
    #[error("the base is {0} bytes; at most {MAX_BASE_BYTES} are read")]
    TooLarge(usize),
    #[error("the base ends in the middle of entry {0}")]
    Truncated(usize),
    #[error("entry {index} is not valid: {reason}")]
    BadEntry { index: usize, reason: String },
    #[error(transparent)]
    Budget(#[from] GraphSolveError),
}

/// What reading a base did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BaseReport {
    /// Entries confirmed by the rules and kept (nimbers, misère outcomes).
    pub nimbers: usize,
    pub misere: usize,
    /// Entries that contradict the rules (left out), with the first few described.
    pub wrong: usize,
    pub wrong_examples: Vec<String>,
    /// Entries whose children the base lacks (left out; recomputed when needed).
    pub unconfirmed: usize,
}

fn write_graph(out: &mut Vec<u8>, graph: &CanonicalGraph) {
    let graph = graph.graph();
    out.push(graph.vertex_count() as u8);
    for v in 0..graph.vertex_count() {
        out.extend_from_slice(&graph.neighbours(v).bits().to_le_bytes());
    }
}

impl GraphSolver {
    /// Everything learned, in the base format.
    pub fn to_bytes(&self) -> Vec<u8> {
        let tables = self.tables();
        let mut out = MAGIC.to_vec();
        let nimbers: Vec<_> = tables.nimber_entries().collect();
        out.extend_from_slice(&(nimbers.len() as u32).to_le_bytes());
        for (graph, nimber) in nimbers {
            write_graph(&mut out, graph);
            out.push(nimber as u8);
        }
        let sums: Vec<_> = tables.misere_entries().collect();
        out.extend_from_slice(&(sums.len() as u32).to_le_bytes());
        for (sum, win) in sums {
            out.push(sum.len() as u8);
            for part in sum {
                write_graph(&mut out, part);
            }
            out.push(win as u8);
        }
        out
    }

    /// Reads a base, keeping each entry the rules confirm (see the module notes).
    pub fn load_bytes(&mut self, bytes: &[u8]) -> Result<BaseReport, GraphBaseError> {
        if bytes.len() > MAX_BASE_BYTES {
            return Err(GraphBaseError::TooLarge(bytes.len()));
        }
        let rest = bytes
            .strip_prefix(MAGIC)
            .ok_or(GraphBaseError::NotAGraphBase)?;
        let mut reader = Reader {
            bytes: rest,
            index: 0,
        };
        let mut nimbers = Vec::new();
        for _ in 0..reader.count()? {
            let graph = reader.graph()?;
            let nimber = reader.byte()? as u32;
            nimbers.push((graph, nimber));
            reader.index += 1;
        }
        let mut sums = Vec::new();
        for _ in 0..reader.count()? {
            let parts = reader.byte()? as usize;
            let mut sum = Vec::with_capacity(parts);
            for _ in 0..parts {
                sum.push(reader.graph()?);
            }
            let win = match reader.byte()? {
                0 => false,
                1 => true,
                other => return Err(reader.bad(format!("a misère outcome is 0 or 1, not {other}"))),
            };
            sums.push((sum, win));
            reader.index += 1;
        }
        if !reader.bytes.is_empty() {
            return Err(reader.bad(format!(
                "{} bytes follow the last entry",
                reader.bytes.len()
            )));
        }
        let mut report = BaseReport::default();
        // Smaller first: a component's children are smaller than it.
        nimbers.sort_by_key(|(graph, _)| graph.vertex_count());
        for (graph, claimed) in nimbers {
            match self.derive_nimber(&graph) {
                None => report.unconfirmed += 1,
                Some(nimber) if nimber == claimed => {
                    if self.tables().nimber(&graph).is_none() {
                        self.insert_nimber(graph, nimber)?;
                        report.nimbers += 1;
                    }
                }
                Some(nimber) => report.wrong(format!(
                    "the component {} has nimber {nimber}, not {claimed}",
                    graph.graph()
                )),
            }
        }
        sums.sort_by_key(|(sum, _)| sum.iter().map(|g| g.vertex_count()).sum::<usize>());
        for (sum, claimed) in sums {
            match self.derive_misere(&sum) {
                None => report.unconfirmed += 1,
                Some(win) if win == claimed => {
                    if self.tables().misere_win(&sum).is_none() {
                        self.insert_misere(sum, win)?;
                        report.misere += 1;
                    }
                }
                Some(win) => report.wrong(format!(
                    "a misère sum of {} components is {}, not {}",
                    sum.len(),
                    if win { "won" } else { "lost" },
                    if claimed { "won" } else { "lost" }
                )),
            }
        }
        Ok(report)
    }

    /// The nimber of `graph` from the nimbers its moves leave, if the tables hold them all.
    fn derive_nimber(&self, graph: &CanonicalGraph) -> Option<u32> {
        let graph = graph.graph();
        let mut seen = 0u128;
        for v in 0..graph.vertex_count() {
            let rest = graph.vertices().minus(graph.closed_neighbourhood(v));
            let mut xor = 0;
            for part in graph.components(rest) {
                xor ^= known_nimber(graph, part, self.tables()).ok()?;
            }
            seen |= 1u128 << xor;
        }
        Some((!seen).trailing_zeros())
    }

    /// Whether the player to move wins `sum` in misère play, from its children's outcomes, if known.
    fn derive_misere(&self, sum: &ComponentSum) -> Option<bool> {
        let mut all_known = true;
        for index in 0..sum.len() {
            for vertex in 0..sum[index].vertex_count() {
                let child = sum_after(sum, index, vertex);
                match if child.is_empty() {
                    Some(true)
                } else {
                    self.tables().misere_win(&child)
                } {
                    Some(false) => return Some(true),
                    Some(true) => {}
                    None => all_known = false,
                }
            }
        }
        all_known.then_some(false)
    }
}

impl BaseReport {
    fn wrong(&mut self, description: String) {
        self.wrong += 1;
        if self.wrong_examples.len() < 3 {
            self.wrong_examples.push(description);
        }
    }
}

struct Reader<'a> {
    bytes: &'a [u8],
    /// The entry being read, for messages.
    index: usize,
}

impl Reader<'_> {
    fn take(&mut self, n: usize) -> Result<&[u8], GraphBaseError> {
        if self.bytes.len() < n {
            return Err(GraphBaseError::Truncated(self.index));
        }
        let (head, tail) = self.bytes.split_at(n);
        self.bytes = tail;
        Ok(head)
    }

    fn byte(&mut self) -> Result<u8, GraphBaseError> {
        Ok(self.take(1)?[0])
    }

    fn count(&mut self) -> Result<u32, GraphBaseError> {
        let bytes = self.take(4)?;
        let count = u32::from_le_bytes(bytes.try_into().expect("four bytes"));
        // Each entry takes at least two bytes: a count beyond that is a damaged file, not an allocation.
        if count as usize > self.bytes.len() / 2 {
            return Err(self.bad(format!(
                "it claims {count} entries, more than the file can hold"
            )));
        }
        Ok(count)
    }

    fn bad(&self, reason: String) -> GraphBaseError {
        GraphBaseError::BadEntry {
            index: self.index,
            reason,
        }
    }

    /// A component: connected, simple, in canonical form.
    fn graph(&mut self) -> Result<CanonicalGraph, GraphBaseError> {
        let n = self.byte()? as usize;
        if n == 0 || n > MAX_VERTICES {
            return Err(self.bad(format!(
                "a component has 1 to {MAX_VERTICES} vertices, not {n}"
            )));
        }
        let mut edges = Vec::new();
        let mut rows = Vec::with_capacity(n);
        for u in 0..n {
            let row = u64::from_le_bytes(self.take(8)?.try_into().expect("eight bytes"));
            rows.push(row);
            edges.extend(
                crate::games::graph::VertexSet::from_bits(row)
                    .iter()
                    .filter(|&v| v > u)
                    .map(|v| (u, v)),
            );
        }
        let graph = Graph::new(n, &edges).map_err(|error| self.bad(error.to_string()))?;
        // The rows rebuilt from the edges above the diagonal: equal only if the rows are symmetric,
        // loop-free and inside the component.
        if graph.rows() != rows.as_slice() {
            return Err(
                self.bad("a component's adjacency rows are not those of a simple graph".into())
            );
        }
        let canonical = CanonicalGraph::new(&graph);
        if canonical.graph() != &graph {
            return Err(self.bad("a component is not in canonical form".into()));
        }
        if graph.components(graph.vertices()).len() != 1 {
            return Err(self.bad("a component is not connected".into()));
        }
        Ok(canonical)
    }
}
