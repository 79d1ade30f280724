//! Browser test (wasm-bindgen-test in headless Chromium): what the store writes to IndexedDB is there
//! again after the database is closed and reopened, as after a reload.
#![cfg(target_arch = "wasm32")]

use sprague::store::{BaseKind, Store, StoredBase};
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
