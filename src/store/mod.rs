//! IndexedDB persistence: the solver's bases, the user's settings and the Sprouts drawings of recent games. The schema is versioned
//! (see [`schema`]) so later versions can add stores without losing what users have.

mod schema;

use idb::{Database, Factory, TransactionMode};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use sprague_engine::draw::Drawing;
use std::fmt;
use wasm_bindgen::{JsCast, JsValue};

pub use schema::{BASES, DRAWINGS, SCHEMA_VERSION, SETTINGS};

/// How many Sprouts drawings are kept (the most recently saved); older ones are dropped.
pub const KEPT_DRAWINGS: usize = 200;

/// The database the app uses; tests open others by name.
pub const DATABASE_NAME: &str = "sprague";

/// What a base records: how to read `data`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BaseKind {
    /// Nim values of heaps 0..entries of one heap game, little-endian u16 each.
    NimSequence,
    /// Sprouts positions with their nimbers and misère outcomes, in the engine's binary base format.
    SproutsBase,
    /// Node Kayles components' nimbers and sums' misère outcomes, in the engine's graph base format
    /// (every entry confirmed from the rules when read back).
    GraphBase,
}

/// One stored base: everything the solver learned about one game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StoredBase {
    pub name: String,
    /// The game's canonical code or name.
    pub game: String,
    pub kind: BaseKind,
    pub entries: u64,
    #[serde(with = "serde_bytes")]
    pub data: Vec<u8>,
    /// [`digest`] of `data`, set by [`Store::put_base`] and checked by [`Store::get_base`], so that
    /// a record damaged in storage is refused rather than believed. (Records written before it
    /// existed have none, and get one when next written.)
    #[serde(default)]
    pub digest: Option<String>,
}

/// A 64-bit FNV-1a digest of `data`, in hex (a string: IndexedDB numbers hold 53 bits).
pub fn digest(data: &[u8]) -> String {
    let hash = data.iter().fold(0xcbf2_9ce4_8422_2325_u64, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    });
    format!("{hash:016x}")
}

/// The drawing of a Sprouts game's line (its key: see `play::sprouts_drawing::line_key`), kept so that the
/// curves a person drew are still theirs after a reload.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StoredDrawing {
    pub line: String,
    pub drawing: Drawing,
    /// When it was saved (ms since the epoch): the oldest are dropped first.
    pub saved_ms: f64,
}

#[derive(Debug)]
pub struct StoreError(String);

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "storage error: {}", self.0)
    }
}

impl std::error::Error for StoreError {}

impl From<idb::Error> for StoreError {
    fn from(error: idb::Error) -> Self {
        StoreError(explain(&error.to_string()))
    }
}

/// What a storage failure means for the user, for the two that are not bugs: a full quota, and a
/// connection closed because a newer version of the app (in another tab) upgraded the database.
fn explain(raw: &str) -> String {
    if raw.contains("QuotaExceeded") {
        format!(
            "the browser's storage for this site is full; nothing more can be stored until a base \
             is cleared on the Bases page or the site is allowed more storage ({raw})"
        )
    } else if raw.contains("VersionError") || raw.contains("connection is closing") {
        format!(
            "a newer version of Sprague, opened in another tab, has updated the stored data: reload \
             this page ({raw})"
        )
    } else {
        raw.to_string()
    }
}

impl From<serde_wasm_bindgen::Error> for StoreError {
    fn from(error: serde_wasm_bindgen::Error) -> Self {
        StoreError(error.to_string())
    }
}

pub struct Store {
    database: Database,
}

impl Store {
    /// Opens (creating or upgrading as needed) the app's database.
    pub async fn open() -> Result<Store, StoreError> {
        Store::open_named(DATABASE_NAME).await
    }

    pub async fn open_named(name: &str) -> Result<Store, StoreError> {
        let factory = Factory::new()?;
        let mut request = factory.open(name, Some(SCHEMA_VERSION))?;
        request.on_upgrade_needed(schema::upgrade);
        // Another tab holds the database at an older version: it closes its connection when asked
        // (below), so this waits only until it does.
        request.on_blocked(|_| {
            web_sys::console::warn_1(&"storage: waiting for another Sprague tab to let go".into())
        });
        let mut database = request.await?;
        // A newer version of the app in another tab wants to upgrade: let it, rather than block it
        // until this tab is closed. This tab's next request then says to reload (see `explain`).
        database.on_version_change(|event| {
            if let Some(database) = event
                .target()
                .and_then(|target| target.dyn_into::<web_sys::IdbDatabase>().ok())
            {
                database.close();
            }
        });
        Ok(Store { database })
    }

    pub async fn get_setting<T: DeserializeOwned>(
        &self,
        key: &str,
    ) -> Result<Option<T>, StoreError> {
        match self.get(SETTINGS, key).await? {
            Some(value) => Ok(Some(serde_wasm_bindgen::from_value(value)?)),
            None => Ok(None),
        }
    }

    pub async fn put_setting<T: Serialize>(&self, key: &str, value: &T) -> Result<(), StoreError> {
        self.put(SETTINGS, key, &to_js(value)?).await
    }

    /// The base called `name`; an error if its data no longer match their digest.
    pub async fn get_base(&self, name: &str) -> Result<Option<StoredBase>, StoreError> {
        let Some(value) = self.get(BASES, name).await? else {
            return Ok(None);
        };
        let base: StoredBase = serde_wasm_bindgen::from_value(value)?;
        match &base.digest {
            Some(kept) if *kept != digest(&base.data) => Err(StoreError(format!(
                "the stored base “{name}” is damaged (its data no longer match their digest)"
            ))),
            _ => Ok(Some(base)),
        }
    }

    /// Stores `base` under its name, with the digest of its data.
    pub async fn put_base(&self, base: &StoredBase) -> Result<(), StoreError> {
        let base = StoredBase {
            digest: Some(digest(&base.data)),
            ..base.clone()
        };
        self.put(BASES, &base.name, &to_js(&base)?).await
    }

    /// Stores the base called `name` as `merge` makes it from the record stored now (`None` when
    /// there is none, or it is damaged), reading and writing in one transaction. Two tabs saving
    /// the same base therefore take turns, and each keeps what the other stored since it last
    /// looked, instead of the last writer silently dropping the other's work. `merge` returning
    /// `None` leaves the record as it is. Returns the record written (its digest set).
    pub async fn merge_base(
        &self,
        name: &str,
        merge: impl FnOnce(Option<StoredBase>) -> Option<StoredBase>,
    ) -> Result<Option<StoredBase>, StoreError> {
        let transaction = self
            .database
            .transaction(&[BASES], TransactionMode::ReadWrite)?;
        let store = transaction.object_store(BASES)?;
        let key = JsValue::from_str(name);
        let stored = store
            .get(key.clone())?
            .await?
            .and_then(|value| serde_wasm_bindgen::from_value::<StoredBase>(value).ok())
            .filter(|base| {
                base.digest
                    .as_ref()
                    .is_none_or(|kept| *kept == digest(&base.data))
            });
        let Some(merged) = merge(stored) else {
            transaction.await?;
            return Ok(None);
        };
        let merged = StoredBase {
            digest: Some(digest(&merged.data)),
            ..merged
        };
        store.put(&to_js(&merged)?, Some(&key))?.await?;
        transaction.commit()?.await?;
        Ok(Some(merged))
    }

    pub async fn list_bases(&self) -> Result<Vec<StoredBase>, StoreError> {
        let transaction = self
            .database
            .transaction(&[BASES], TransactionMode::ReadOnly)?;
        let values = transaction
            .object_store(BASES)?
            .get_all(None, None)?
            .await?;
        transaction.await?;
        values
            .into_iter()
            .map(|value| Ok(serde_wasm_bindgen::from_value(value)?))
            .collect()
    }

    pub async fn delete_base(&self, name: &str) -> Result<(), StoreError> {
        let transaction = self
            .database
            .transaction(&[BASES], TransactionMode::ReadWrite)?;
        transaction
            .object_store(BASES)?
            .delete(JsValue::from_str(name))?
            .await?;
        transaction.commit()?.await?;
        Ok(())
    }

    pub async fn get_drawing(&self, line: &str) -> Result<Option<StoredDrawing>, StoreError> {
        match self.get(DRAWINGS, line).await? {
            Some(value) => Ok(Some(serde_wasm_bindgen::from_value(value)?)),
            None => Ok(None),
        }
    }

    /// Saves a drawing under its line, then drops the oldest drawings beyond [`KEPT_DRAWINGS`] (checked
    /// by a count, so reading them all happens only once the limit is passed by a margin).
    pub async fn put_drawing(&self, drawing: &StoredDrawing) -> Result<(), StoreError> {
        self.put(DRAWINGS, &drawing.line, &to_js(drawing)?).await?;
        self.drop_oldest_drawings(KEPT_DRAWINGS, KEPT_DRAWINGS / 10)
            .await
    }

    /// Keeps the `keep` most recently saved drawings once more than `keep + margin` are stored.
    pub async fn drop_oldest_drawings(&self, keep: usize, margin: usize) -> Result<(), StoreError> {
        let transaction = self
            .database
            .transaction(&[DRAWINGS], TransactionMode::ReadWrite)?;
        let store = transaction.object_store(DRAWINGS)?;
        if (store.count(None)?.await? as usize) <= keep + margin {
            transaction.await?;
            return Ok(());
        }
        // Unreadable records (written by some other version) sort first, so they go.
        let mut saved: Vec<(f64, JsValue)> = store
            .get_all_keys(None, None)?
            .await?
            .into_iter()
            .zip(store.get_all(None, None)?.await?)
            .map(|(key, value)| {
                let when = serde_wasm_bindgen::from_value::<StoredDrawing>(value)
                    .map_or(f64::NEG_INFINITY, |d| d.saved_ms);
                (when, key)
            })
            .collect();
        saved.sort_by(|a, b| b.0.total_cmp(&a.0));
        for (_, key) in saved.into_iter().skip(keep) {
            store.delete(key)?.await?;
        }
        transaction.commit()?.await?;
        Ok(())
    }

    /// How many drawings are stored (for tests).
    pub async fn count_drawings(&self) -> Result<usize, StoreError> {
        let transaction = self
            .database
            .transaction(&[DRAWINGS], TransactionMode::ReadOnly)?;
        let count = transaction.object_store(DRAWINGS)?.count(None)?.await?;
        transaction.await?;
        Ok(count as usize)
    }

    async fn get(&self, store: &str, key: &str) -> Result<Option<JsValue>, StoreError> {
        let transaction = self
            .database
            .transaction(&[store], TransactionMode::ReadOnly)?;
        let value = transaction
            .object_store(store)?
            .get(JsValue::from_str(key))?
            .await?;
        transaction.await?;
        Ok(value)
    }

    async fn put(&self, store: &str, key: &str, value: &JsValue) -> Result<(), StoreError> {
        let transaction = self
            .database
            .transaction(&[store], TransactionMode::ReadWrite)?;
        transaction
            .object_store(store)?
            .put(value, Some(&JsValue::from_str(key)))?
            .await?;
        transaction.commit()?.await?;
        Ok(())
    }

    /// Closes the connection (tests reopen the same database to prove persistence).
    pub fn close(self) {
        self.database.close();
    }
}

fn to_js<T: Serialize>(value: &T) -> Result<JsValue, StoreError> {
    // Maps become plain objects so that stored records are readable in the browser's dev tools.
    let serializer = serde_wasm_bindgen::Serializer::new().serialize_maps_as_objects(true);
    Ok(value.serialize(&serializer)?)
}
