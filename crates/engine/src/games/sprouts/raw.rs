//! The working form of a position: vertices as ids with lives, boundaries as cyclic id lists.
//! Moves and the parser produce it; `reduce` turns it into canonical lands.

use super::land::{Land, Vertex};

pub(crate) type VertexId = u32;

/// Regions of boundaries of vertex ids; `lives[id]` is the vertex's lives (0 = dead).
#[derive(Clone, Debug, Default)]
pub(crate) struct Raw {
    pub regions: Vec<Vec<Vec<VertexId>>>,
    pub lives: Vec<u8>,
}

impl Raw {
    pub fn new_vertex(&mut self, lives: u8) -> VertexId {
        self.lives.push(lives);
        (self.lives.len() - 1) as VertexId
    }

    /// Expands a canonical land: each `0`, `1`, `2` is its own vertex; a letter names one vertex.
    pub fn from_land(land: &Land) -> Raw {
        let mut raw = Raw::default();
        let mut shared: Vec<Option<VertexId>> = Vec::new();
        for region in land.regions() {
            let mut inner: Vec<Option<VertexId>> = Vec::new();
            let mut out_region = Vec::with_capacity(region.len());
            for boundary in region {
                let mut out = Vec::with_capacity(boundary.len());
                for vertex in boundary {
                    let id = match vertex {
                        Vertex::Inner(k) => letter_id(&mut raw, &mut inner, k),
                        Vertex::Shared(k) => letter_id(&mut raw, &mut shared, k),
                        other => raw.new_vertex(other.lives()),
                    };
                    out.push(id);
                }
                out_region.push(out);
            }
            raw.regions.push(out_region);
        }
        raw
    }
}

fn letter_id(raw: &mut Raw, names: &mut Vec<Option<VertexId>>, k: u8) -> VertexId {
    let k = k as usize;
    if names.len() <= k {
        names.resize(k + 1, None);
    }
    *names[k].get_or_insert_with(|| raw.new_vertex(1))
}
