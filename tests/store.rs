//! Browser test (wasm-bindgen-test in headless Chromium): what the store writes to IndexedDB is there
//! again after the database is closed and reopened, as after a reload.
#![cfg(target_arch = "wasm32")]

use idb::{DatabaseEvent, Factory, ObjectStoreParams, TransactionMode};
use sprague::store::{
    digest, BaseKind, Store, StoredBase, StoredDrawing, BASES, DRAWINGS, SCHEMA_VERSION, SETTINGS,
};
use sprague_engine::draw::Drawing;
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

/// A fresh database name per run, so earlier runs cannot make this pass.
fn fresh_name(test: &str) -> String {
    format!("sprague-test-{test}-{}", js_sys::Math::random())
}

#[wasm_bindgen_test]
async fn settings_survive_reopening() {
    let name = fresh_name("settings");
    let store = Store::open_named(&name).await.expect("open");
    assert_eq!(
        store.get_setting::<String>("theme").await.expect("read"),
        None
    );
    store
        .put_setting("theme", &"dark".to_string())
        .await
        .expect("write");
    store.close();

    let store = Store::open_named(&name).await.expect("reopen");
    assert_eq!(
        store.get_setting::<String>("theme").await.expect("read"),
        Some("dark".to_string())
    );
}

#[wasm_bindgen_test]
async fn bases_survive_reopening_and_can_be_deleted() {
    let name = fresh_name("bases");
    let base = StoredBase {
        name: "nim values of 4!.0".into(),
        game: "4!.0".into(),
        kind: BaseKind::NimSequence,
        entries: 3,
        data: vec![0, 0, 0, 0, 0, 0, 1, 0, 0xff],
        digest: None,
    };
    let other = StoredBase {
        name: "other".into(),
        data: vec![],
        entries: 0,
        ..base.clone()
    };
    let store = Store::open_named(&name).await.expect("open");
    store.put_base(&base).await.expect("write");
    store.put_base(&other).await.expect("write");
    store.close();

    let store = Store::open_named(&name).await.expect("reopen");
    // Written with the digest of its data.
    let base = StoredBase {
        digest: Some(digest(&base.data)),
        ..base
    };
    assert_eq!(
        store.get_base(&base.name).await.expect("read"),
        Some(base.clone())
    );
    let mut names: Vec<String> = store
        .list_bases()
        .await
        .expect("list")
        .into_iter()
        .map(|b| b.name)
        .collect();
    names.sort();
    assert_eq!(
        names,
        vec!["nim values of 4!.0".to_string(), "other".to_string()]
    );

    store.delete_base("other").await.expect("delete");
    assert_eq!(store.get_base("other").await.expect("read"), None);
    assert_eq!(store.list_bases().await.expect("list"), vec![base]);
}

#[wasm_bindgen_test]
async fn a_missing_setting_is_none_not_an_error() {
    let store = Store::open_named(&fresh_name("missing"))
        .await
        .expect("open");
    assert_eq!(
        store
            .get_setting::<u32>("nothing here")
            .await
            .expect("read"),
        None
    );
}

fn drawing_of(line: &str, spots: usize, saved_ms: f64) -> StoredDrawing {
    StoredDrawing {
        line: line.into(),
        drawing: Drawing::start(spots),
        saved_ms,
    }
}

#[wasm_bindgen_test]
async fn drawings_survive_reopening_and_only_the_newest_are_kept() {
    let name = fresh_name("drawings");
    let store = Store::open_named(&name).await.expect("open");
    assert_eq!(store.get_drawing("3").await.expect("read"), None);
    let kept = drawing_of("3~0*2.AB|0.AB", 3, 1.0);
    store.put_drawing(&kept).await.expect("write");
    store.close();
    let store = Store::open_named(&name).await.expect("reopen");
    assert_eq!(
        store.get_drawing(&kept.line).await.expect("read"),
        Some(kept.clone())
    );
    // 30 more, saved later and later; keeping 10 (margin 5) drops all but the 10 newest.
    for k in 0..30 {
        let line = format!("line {k}");
        store
            .put_drawing(&drawing_of(&line, 2, 10.0 + k as f64))
            .await
            .expect("write");
    }
    assert_eq!(store.count_drawings().await.expect("count"), 31);
    store.drop_oldest_drawings(10, 5).await.expect("drop");
    assert_eq!(store.count_drawings().await.expect("count"), 10);
    for k in 0..30 {
        let present = store
            .get_drawing(&format!("line {k}"))
            .await
            .expect("read")
            .is_some();
        assert_eq!(present, k >= 20, "line {k}");
    }
    // Within the margin nothing is dropped.
    store.drop_oldest_drawings(8, 5).await.expect("drop");
    assert_eq!(store.count_drawings().await.expect("count"), 10);
}

#[wasm_bindgen_test]
async fn a_version_1_database_upgrades_keeping_its_settings() {
    // Made as version 1 of the app made it: settings and bases only, a setting written.
    let name = fresh_name("upgrade");
    let factory = Factory::new().expect("factory");
    let mut request = factory.open(&name, Some(1)).expect("open v1");
    request.on_upgrade_needed(|event| {
        let database = event.database().expect("database");
        for store in [SETTINGS, BASES] {
            database
                .create_object_store(store, ObjectStoreParams::new())
                .expect("store");
        }
    });
    let database = request.await.expect("v1");
    let transaction = database
        .transaction(&[SETTINGS], TransactionMode::ReadWrite)
        .expect("transaction");
    transaction
        .object_store(SETTINGS)
        .expect("settings")
        .put(
            &JsValue::from_str("dark"),
            Some(&JsValue::from_str("theme")),
        )
        .expect("put")
        .await
        .expect("written");
    transaction.commit().expect("commit").await.expect("done");
    database.close();

    let store = Store::open_named(&name).await.expect("upgraded");
    assert_eq!(
        store.get_setting::<String>("theme").await.expect("read"),
        Some("dark".to_string())
    );
    let drawing = drawing_of("2", 2, 1.0);
    store.put_drawing(&drawing).await.expect("write");
    assert_eq!(store.get_drawing("2").await.expect("read"), Some(drawing));
}

/// Writes `record` under `key` in `store` of database `name` directly, past the app's store: a record as
/// storage might hold it (damaged, or from another version).
async fn put_raw(name: &str, store: &str, key: &str, record: &JsValue) {
    let database = Factory::new()
        .expect("factory")
        .open(name, Some(SCHEMA_VERSION))
        .expect("open")
        .await
        .expect("database");
    let transaction = database
        .transaction(&[store], TransactionMode::ReadWrite)
        .expect("transaction");
    transaction
        .object_store(store)
        .expect("store")
        .put(record, Some(&JsValue::from_str(key)))
        .expect("put")
        .await
        .expect("written");
    transaction.commit().expect("commit").await.expect("done");
    database.close();
}

#[wasm_bindgen_test]
async fn a_drawing_damaged_in_storage_is_refused_with_its_reason() {
    let name = fresh_name("damaged-drawing");
    let store = Store::open_named(&name).await.expect("open");
    // Two spots joined by a curve, saved; then, in storage, its curve made to end at spot 9 of 3.
    let start = Drawing::start(2);
    let child = &start.position().expect("a position").children()[0];
    let joined = start
        .play(&start.route(child).expect("a curve"), None)
        .expect("the curve fits its drawing");
    let saved = StoredDrawing {
        line: "2~joined".into(),
        drawing: joined,
        saved_ms: 1.0,
    };
    store.put_drawing(&saved).await.expect("write");
    assert_eq!(
        store.get_drawing(&saved.line).await.expect("read"),
        Some(saved.clone())
    );
    let record = serde_wasm_bindgen::to_value(&saved).expect("to JS");
    let get = |value: &JsValue, key: &str| js_sys::Reflect::get(value, &key.into()).expect(key);
    let curve = get(&get(&get(&record, "drawing"), "curves"), "0");
    js_sys::Reflect::set(&curve, &"end".into(), &JsValue::from(9)).expect("set");
    put_raw(&name, DRAWINGS, &saved.line, &record).await;

    let error = store.get_drawing(&saved.line).await.expect_err("refused");
    assert!(error.to_string().contains("refers to spot 9"), "{error}");
}

#[wasm_bindgen_test]
async fn a_base_damaged_in_storage_is_refused() {
    let name = fresh_name("damaged");
    let store = Store::open_named(&name).await.expect("open");
    let base = StoredBase {
        name: "values".into(),
        game: "4!.0".into(),
        kind: BaseKind::NimSequence,
        entries: 2,
        data: vec![0, 0, 1, 0],
        digest: None,
    };
    store.put_base(&base).await.expect("write");
    let read = store
        .get_base("values")
        .await
        .expect("read")
        .expect("there");
    assert_eq!(read.data, base.data);
    store.close();

    // The record as storage might damage it: one byte of the data changed, the digest kept.
    let damaged = StoredBase {
        data: vec![0, 0, 2, 0],
        digest: read.digest.clone(),
        ..base.clone()
    };
    let record = serde_wasm_bindgen::to_value(&damaged).expect("value");
    put_raw(&name, BASES, "values", &record).await;

    let store = Store::open_named(&name).await.expect("reopen");
    let error = store.get_base("values").await.expect_err("refused");
    assert!(error.to_string().contains("damaged"), "{error}");
    // Written again, it reads back.
    store.put_base(&base).await.expect("write");
    assert!(store.get_base("values").await.expect("read").is_some());
}

/// Whether `open` finishes within `ms` milliseconds (a blocked upgrade never does).
async fn within<T>(ms: u32, open: impl std::future::Future<Output = T>) -> Option<T> {
    use futures::FutureExt;
    futures::select! {
        value = Box::pin(open).fuse() => Some(value),
        _ = gloo::timers::future::TimeoutFuture::new(ms).fuse() => None,
    }
}

#[wasm_bindgen_test]
async fn a_newer_version_in_another_tab_is_not_blocked_and_this_tab_is_told_to_reload() {
    let name = fresh_name("upgrade");
    let store = Store::open_named(&name).await.expect("open");
    store
        .put_setting("theme", &"dark".to_string())
        .await
        .expect("write");
    // A newer app (another tab) opens the database at the next version while this connection is
    // open: without this tab letting go, the upgrade would wait until the tab closed.
    let factory = Factory::new().unwrap();
    let mut request = factory
        .open(&name, Some(SCHEMA_VERSION + 1))
        .expect("request");
    request.on_upgrade_needed(|_| {});
    let opening = std::future::IntoFuture::into_future(request);
    let newer = within(5_000, opening)
        .await
        .expect("the upgrade is not blocked");
    let newer = newer.expect("opened");
    newer.close();
    // This tab's next request says what happened and what to do.
    let error = store
        .get_setting::<String>("theme")
        .await
        .expect_err("the connection was closed");
    assert!(error.to_string().contains("reload this page"), "{error}");
    // Reopening at this tab's (now older) version says the same.
    let error = Store::open_named(&name)
        .await
        .err()
        .expect("an older version");
    assert!(error.to_string().contains("reload this page"), "{error}");
}

/// A base whose data is a set of bytes (sorted, distinct): enough to see whose entries a save kept.
fn set_base(name: &str, bytes: &[u8]) -> StoredBase {
    StoredBase {
        name: name.into(),
        game: "test".into(),
        kind: BaseKind::NimSequence,
        entries: bytes.len() as u64,
        data: bytes.to_vec(),
        digest: None,
    }
}

/// The merge of two byte sets.
fn union(stored: Option<StoredBase>, ours: &[u8]) -> Option<StoredBase> {
    let mut bytes: Vec<u8> = stored.map(|base| base.data).unwrap_or_default();
    bytes.extend_from_slice(ours);
    bytes.sort_unstable();
    bytes.dedup();
    Some(set_base("shared", &bytes))
}

#[wasm_bindgen_test]
async fn two_tabs_saving_one_base_at_once_both_keep_their_entries() {
    let name = fresh_name("two-tabs");
    // Two connections to one database: two tabs, each with its own worker.
    let (first, second) = (
        Store::open_named(&name).await.expect("open"),
        Store::open_named(&name).await.expect("open"),
    );
    first
        .put_base(&set_base("shared", &[1, 2]))
        .await
        .expect("write");
    // Both save at the same moment, each with entries the other lacks.
    let (a, b) = futures::join!(
        first.merge_base("shared", |stored| union(stored, &[3, 4])),
        second.merge_base("shared", |stored| union(stored, &[5])),
    );
    a.expect("first save");
    b.expect("second save");
    let kept = second
        .get_base("shared")
        .await
        .expect("read")
        .expect("stored");
    assert_eq!(kept.data, vec![1, 2, 3, 4, 5], "no tab's entries were lost");
    assert_eq!(kept.digest, Some(digest(&kept.data)));
}

#[wasm_bindgen_test]
async fn a_save_cut_off_midway_leaves_the_stored_base_whole() {
    // A tab closed, or its worker killed, in the middle of writing: the write's transaction never
    // commits. What was stored before must read back whole (its digest matching), not half-written.
    let name = fresh_name("cut-off");
    let store = Store::open_named(&name).await.expect("open");
    let before = set_base("shared", &[7, 8, 9]);
    store.put_base(&before).await.expect("write");
    store.close();

    let factory = Factory::new().expect("factory");
    let database = factory
        .open(&name, Some(SCHEMA_VERSION))
        .expect("open")
        .await
        .expect("opened");
    let transaction = database
        .transaction(&[BASES], TransactionMode::ReadWrite)
        .expect("transaction");
    let half_written = JsValue::from_str("half a record");
    transaction
        .object_store(BASES)
        .expect("store")
        .put(&half_written, Some(&JsValue::from_str("shared")))
        .expect("put");
    transaction.abort().expect("cut off");
    database.close();

    let store = Store::open_named(&name).await.expect("reopen");
    let kept = store
        .get_base("shared")
        .await
        .expect("read")
        .expect("stored");
    assert_eq!(kept.data, before.data);
}
