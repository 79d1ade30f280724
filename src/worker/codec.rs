//! How messages between the page and its solver workers are encoded: bincode 2, as yew-agent's own
//! `Bincode` codec, but with a limit on what one message may claim. Bincode allocates a string as
//! long as its length prefix says before it reads the bytes, so without a limit eight damaged bytes
//! can ask for terabytes and abort the worker (found by the `worker_message` fuzz target). With it, a
//! message whose claims pass [`MESSAGE_LIMIT`] is refused before anything is allocated.

use bincode::config::{Configuration, Limit, LittleEndian, Varint};
use bincode::error::{DecodeError, EncodeError};
use js_sys::Uint8Array;
use serde::{de::DeserializeOwned, Serialize};
use wasm_bindgen::JsValue;
use yew_agent::Codec;

/// The most memory one message's strings may claim. Far above any message the app sends: the large
/// payloads (base files, exported bases) are byte lists, which claim nothing up front, and imports
/// are refused past [`MAX_IMPORT_BYTES`](super::protocol::MAX_IMPORT_BYTES) anyway.
pub const MESSAGE_LIMIT: usize = 64 << 20;

/// yew-agent's configuration (bincode's standard one) with the limit, which changes no byte of an
/// encoding.
fn config() -> Configuration<LittleEndian, Varint, Limit<MESSAGE_LIMIT>> {
    bincode::config::standard().with_limit::<MESSAGE_LIMIT>()
}

/// A message's bytes.
pub fn encode_message<T: Serialize>(message: &T) -> Result<Vec<u8>, EncodeError> {
    bincode::serde::encode_to_vec(message, config())
}

/// A message read from `bytes`, which must hold exactly one.
pub fn decode_message<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, DecodeError> {
    let (message, read) = bincode::serde::decode_from_slice(bytes, config())?;
    if read != bytes.len() {
        return Err(DecodeError::OtherString(format!(
            "{} bytes after the end of the message",
            bytes.len() - read
        )));
    }
    Ok(message)
}

/// The codec every bridge to a solver worker, and the worker itself, is built with.
pub struct MessageCodec;

impl Codec for MessageCodec {
    fn encode<I: Serialize>(input: I) -> JsValue {
        // Only the app's own types are encoded, and they always encode.
        let bytes = encode_message(&input).expect("a worker message encodes");
        Uint8Array::from(bytes.as_slice()).into()
    }

    fn decode<O: DeserializeOwned>(input: JsValue) -> O {
        // The trait has no room for an error. A message that does not read can only come from a
        // broken sender; in the worker, the panic is reported to the page, which restarts it.
        decode_message(&Uint8Array::from(input).to_vec())
            .unwrap_or_else(|e| panic!("a message between the page and the solver is damaged: {e}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::worker::protocol::{Request, Response};
    use wasm_bindgen_test::wasm_bindgen_test;

    /// A request whose string claims 3 GiB: refused at once, where yew-agent's unlimited
    /// configuration would try to allocate it and abort the worker.
    #[wasm_bindgen_test]
    fn a_message_claiming_a_huge_string_is_refused_before_any_allocation() {
        let request = Request::ClearBase {
            id: 1,
            name: "x".into(),
        };
        let mut bytes = encode_message(&request).unwrap();
        assert_eq!(
            &bytes[bytes.len() - 2..],
            &[1, b'x'],
            "length 1, then the string"
        );
        bytes.truncate(bytes.len() - 2);
        bytes.push(252); // bincode's varint marker: a u32 follows
        bytes.extend_from_slice(&(3u32 << 30).to_le_bytes());
        let decoded = decode_message::<Request>(&bytes);
        assert!(
            matches!(decoded, Err(DecodeError::LimitExceeded)),
            "{decoded:?}"
        );
    }

    /// The limit changes no byte: what yew-agent's own codec writes, this one reads, and the reverse.
    #[wasm_bindgen_test]
    fn encodings_are_those_of_yew_agents_codec() {
        use yew_agent::Bincode;
        let response = Response::Exported {
            id: 3,
            file_name: "sprouts-base.txt".into(),
            bytes: vec![0, 1, 2, 255],
        };
        let theirs = Uint8Array::from(Bincode::encode(&response)).to_vec();
        assert_eq!(encode_message(&response).unwrap(), theirs);
        assert_eq!(decode_message::<Response>(&theirs).unwrap(), response);
    }

    /// A large byte payload (a base file of the largest size imported) passes: byte lists claim
    /// nothing against the limit.
    #[wasm_bindgen_test]
    fn a_base_file_of_the_largest_accepted_size_travels() {
        let request = Request::CheckPart {
            id: 2,
            bytes: vec![7; crate::worker::protocol::MAX_IMPORT_BYTES],
            part: 0,
            parts: 1,
        };
        let bytes = encode_message(&request).unwrap();
        assert_eq!(decode_message::<Request>(&bytes).unwrap(), request);
    }

    #[wasm_bindgen_test]
    fn trailing_bytes_are_refused() {
        let mut bytes = encode_message(&Request::Ping { id: 4 }).unwrap();
        bytes.push(0);
        assert!(decode_message::<Request>(&bytes).is_err());
    }
}
