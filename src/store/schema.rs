//! The database schema and its upgrades. Bump [`SCHEMA_VERSION`] and add a step to [`upgrade`] whenever a
//! store or index is added; never change what an earlier step did, so every old database can still upgrade.

use idb::event::VersionChangeEvent;
use idb::{DatabaseEvent, ObjectStoreParams};

pub const SCHEMA_VERSION: u32 = 2;

/// Settings by name (out-of-line string keys).
pub const SETTINGS: &str = "settings";
/// Bases by name (out-of-line string keys), see [`super::StoredBase`].
pub const BASES: &str = "bases";
/// Sprouts drawings by game line (out-of-line string keys), see [`super::StoredDrawing`]. Added in version 2.
pub const DRAWINGS: &str = "drawings";

pub fn upgrade(event: VersionChangeEvent) {
    let Ok(database) = event.database() else {
        return;
    };
    let old_version = event.old_version().unwrap_or(0);
    if old_version < 1 {
        for name in [SETTINGS, BASES] {
            // A failure here aborts the version change, and opening reports it.
            let _ = database.create_object_store(name, ObjectStoreParams::new());
        }
    }
    if old_version < 2 {
        let _ = database.create_object_store(DRAWINGS, ObjectStoreParams::new());
    }
}
