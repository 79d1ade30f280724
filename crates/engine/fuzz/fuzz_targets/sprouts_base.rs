//! Any file given as a Sprouts base, binary or GLOP text: reading never panics; a base that reads (with
//! its keys checked) writes back, in both formats, to a file that reads as the same entries. A base read
//! as the program's own bytes (keys trusted) may hold keys that are not positions: using it never panics.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sprague_engine::solve::sprouts::Base;

fuzz_target!(|bytes: &[u8]| {
    let mut checked = Vec::new();
    checked.extend(Base::from_bytes(bytes).ok());
    if let Ok(text) = std::str::from_utf8(bytes) {
        checked.extend(Base::from_glop_text(text).ok());
    }
    for base in checked {
        let binary = Base::from_bytes(&base.to_bytes()).expect("a base's own bytes read back");
        assert_eq!(binary.nimbers(), base.nimbers());
        assert_eq!(binary.misere_outcomes(), base.misere_outcomes());
        let text = Base::from_glop_text(&base.to_glop_text()).expect("a base's own text reads back");
        assert_eq!(text.nimbers(), base.nimbers());
    }
    if let Ok(trusted) = Base::from_own_bytes(bytes) {
        let _ = (trusted.nimbers(), trusted.misere_outcomes());
        let _ = (trusted.to_glop_text(), trusted.to_bytes());
    }
});
