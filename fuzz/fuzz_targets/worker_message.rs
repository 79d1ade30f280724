//! Any bytes as a message between the page and the solver worker, decoded as the worker's codec does
//! (yew-agent's `Bincode`: bincode 2, standard configuration): decoding never panics, and a message that
//! decodes encodes to bytes that decode to a message encoding to the same bytes. (Bytes are compared, not
//! messages: a float may be NaN, which equals nothing.)
#![no_main]

use bincode::config::standard;
use bincode::serde::{decode_from_slice, encode_to_vec};
use libfuzzer_sys::fuzz_target;
use serde::de::DeserializeOwned;
use serde::Serialize;
use sprague::worker::protocol::{Request, Response};

fn round_trip<T: Serialize + DeserializeOwned>(bytes: &[u8]) {
    let Ok((message, _)) = decode_from_slice::<T, _>(bytes, standard()) else {
        return;
    };
    let encoded = encode_to_vec(&message, standard()).expect("a decoded message encodes");
    let (again, read) =
        decode_from_slice::<T, _>(&encoded, standard()).expect("an encoded message decodes");
    assert_eq!(read, encoded.len(), "the decode reads the whole message");
    let encoded_again = encode_to_vec(&again, standard()).expect("a decoded message encodes");
    assert_eq!(encoded_again, encoded);
}

fuzz_target!(|bytes: &[u8]| {
    round_trip::<Request>(bytes);
    round_trip::<Response>(bytes);
});
