//! Sharing a game record by link: `?record=` holds the record deflated (raw deflate) and
//! base64url-encoded. Links come from anywhere, so decoding is bounded and every failure has a
//! message. The browser deflates and inflates with its own `CompressionStream` (`ui::page`), so
//! the page carries no deflate code; natively (the referee, the tests) miniz does it.

/// The longest record text a link may unpack to.
pub const MAX_RECORD_BYTES: usize = 256 * 1024;
/// The longest `record` parameter accepted.
pub const MAX_PARAM_CHARS: usize = 128 * 1024;

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// base64url without padding.
pub fn base64url_encode(data: &[u8]) -> String {
    let mut out = String::with_capacity(data.len().div_ceil(3) * 4);
    for chunk in data.chunks(3) {
        let b = [chunk[0], *chunk.get(1).unwrap_or(&0), *chunk.get(2).unwrap_or(&0)];
        let n = (b[0] as u32) << 16 | (b[1] as u32) << 8 | b[2] as u32;
        for i in 0..=chunk.len() {
            out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
        }
    }
    out
}

/// Decodes base64url (padding and the standard alphabet's `+/` tolerated).
///
/// # Errors
/// A character outside the alphabet or a truncated group.
pub fn base64url_decode(s: &str) -> Result<Vec<u8>, String> {
    let mut out = Vec::with_capacity(s.len() * 3 / 4);
    let mut acc = 0u32;
    let mut bits = 0;
    for c in s.trim_end_matches('=').bytes() {
        let v = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'-' | b'+' => 62,
            b'_' | b'/' => 63,
            _ => return Err(crate::tr!(String AppShareBadCharacters)),
        };
        acc = acc << 6 | v as u32;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    if bits >= 6 {
        return Err(crate::tr!(String AppShareCutShort));
    }
    Ok(out)
}

/// The deflated bytes a `record` parameter carries (not yet inflated).
///
/// # Errors
/// Why the link can't be read, in words.
pub fn packed_record(param: &str) -> Result<Vec<u8>, String> {
    if param.is_empty() {
        return Err(crate::tr!(String AppShareNoRecord));
    }
    if param.len() > MAX_PARAM_CHARS {
        return Err(crate::tr!(String AppShareTooLong));
    }
    base64url_decode(param)
}

/// The record text of a parameter's inflated bytes (`None`: they were damaged, or more than
/// [`MAX_RECORD_BYTES`]).
///
/// # Errors
/// Why the link can't be read, in words.
pub fn record_text(bytes: Option<Vec<u8>>) -> Result<String, String> {
    let bytes = bytes.ok_or_else(|| crate::tr!(String AppShareDamaged))?;
    String::from_utf8(bytes).map_err(|_| crate::tr!(String AppShareNotText))
}

/// The `record` parameter for a record.
#[cfg(not(target_arch = "wasm32"))]
pub fn encode_record(record: &str) -> String {
    base64url_encode(&miniz_oxide::deflate::compress_to_vec(record.as_bytes(), 9))
}

/// The record text of a `record` parameter.
///
/// # Errors
/// Why the link can't be read, in words.
#[cfg(not(target_arch = "wasm32"))]
pub fn decode_record(param: &str) -> Result<String, String> {
    let packed = packed_record(param)?;
    record_text(miniz_oxide::inflate::decompress_to_vec_with_limit(&packed, MAX_RECORD_BYTES).ok())
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn records_survive_a_link() {
        let rec = "[Edition \"classic\"]\n[Players \"red yellow purple\"]\nred decide 1 3 # Ünïcode ok\n";
        let p = encode_record(rec);
        assert!(p.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'));
        assert_eq!(decode_record(&p).unwrap(), rec);
        for n in 0..10 {
            let data: Vec<u8> = (0..n).map(|i| (i * 37 + 5) as u8).collect();
            assert_eq!(base64url_decode(&base64url_encode(&data)).unwrap(), data);
        }
    }

    #[test]
    fn hostile_links_are_refused() {
        assert!(decode_record("").is_err());
        assert!(decode_record("<script>alert(1)</script>").unwrap_err().contains("characters"));
        assert!(decode_record("AAAA").is_err());
        assert!(decode_record("A").unwrap_err().contains("cut short"));
        // A deflate bomb: 10 MB of zeros packs small but unpacks past the limit.
        let bomb = base64url_encode(&miniz_oxide::deflate::compress_to_vec(&vec![b'0'; 10 * 1024 * 1024], 9));
        assert!(bomb.len() < MAX_PARAM_CHARS);
        assert!(decode_record(&bomb).unwrap_err().contains("too large"));
        assert!(decode_record(&"A".repeat(MAX_PARAM_CHARS + 4)).unwrap_err().contains("too long"));
    }

    #[test]
    fn a_bad_link_is_explained_in_the_players_language() {
        use crate::i18n::{set_lang, Lang};
        crate::i18n::tests::install_all();
        set_lang(Lang::De);
        assert_eq!(decode_record("").unwrap_err(), "der Link enthält keine Spielaufzeichnung");
        set_lang(Lang::It);
        assert!(decode_record("A").unwrap_err().contains("troncata"));
        set_lang(Lang::En);
    }
}
