//! Any bytes as a message between the page and the solver worker, decoded by the worker's codec
//! (`sprague::worker::codec`: bincode 2 as yew-agent's, with a size limit): decoding never panics nor
//! asks for more memory than the limit, and a message that decodes encodes to bytes that decode to a
//! message encoding to the same bytes. (Bytes are compared, not messages: a float may be NaN, which
//! equals nothing.)
#![no_main]

use libfuzzer_sys::fuzz_target;
use serde::de::DeserializeOwned;
use serde::Serialize;
use sprague::worker::codec::{decode_message, encode_message};
use sprague::worker::protocol::{Request, Response};

fn round_trip<T: Serialize + DeserializeOwned>(bytes: &[u8]) {
    let Ok(message) = decode_message::<T>(bytes) else {
        return;
    };
    let encoded = encode_message(&message).expect("a decoded message encodes");
    let again = decode_message::<T>(&encoded).expect("an encoded message decodes");
    let encoded_again = encode_message(&again).expect("a decoded message encodes");
    assert_eq!(encoded_again, encoded);
}

fuzz_target!(|bytes: &[u8]| {
    round_trip::<Request>(bytes);
    round_trip::<Response>(bytes);
});
