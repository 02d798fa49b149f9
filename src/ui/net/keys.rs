//! The keys that sign what a device says through the relays (issue 40): ECDSA P-256 in the
//! browser's WebCrypto. The host's key is made for the table and kept beside its game (a
//! reloaded host must still be the one the table link names by the key's fingerprint); a
//! friend's or a watcher's is made at each page load and never leaves the browser (not
//! extractable). What a signature means — whose word a message is, and what each device takes
//! from whom — is decided in `app::net::trust`; this file holds the WebCrypto calls only.

use crate::app::net::proof::KeyId;
use crate::app::net::signal::{KEY_BYTES, SIG_BYTES};
use js_sys::{Array, Object, Reflect, Uint8Array};
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{CryptoKey, SubtleCrypto};

/// The browser's WebCrypto (`crypto.subtle`), checked before use (the relay's sealing uses it
/// too).
pub(super) fn subtle() -> Option<SubtleCrypto> {
    // Only a secure context (https, or this machine) has it.
    let crypto = Reflect::get(&js_sys::global(), &"crypto".into()).ok()?;
    let subtle = Reflect::get(&crypto, &"subtle".into()).ok()?;
    subtle.dyn_into::<SubtleCrypto>().ok()
}

fn p256() -> Object {
    let algo = Object::new();
    let _ = Reflect::set(&algo, &"name".into(), &"ECDSA".into());
    let _ = Reflect::set(&algo, &"namedCurve".into(), &"P-256".into());
    algo
}

fn sha256() -> Object {
    let algo = Object::new();
    let _ = Reflect::set(&algo, &"name".into(), &"ECDSA".into());
    let _ = Reflect::set(&algo, &"hash".into(), &"SHA-256".into());
    algo
}

async fn bytes_of(p: js_sys::Promise) -> Option<Vec<u8>> {
    Some(Uint8Array::new(&JsFuture::from(p).await.ok()?).to_vec())
}

/// A device's signing key and its public half.
pub struct Signer {
    private: CryptoKey,
    public: [u8; KEY_BYTES],
}

impl Signer {
    /// A new key pair; `keep`: its private half can be exported to be kept (the host's).
    /// `None`: no WebCrypto, or the browser refused.
    pub async fn new(keep: bool) -> Option<Signer> {
        let usages = Array::of2(&"sign".into(), &"verify".into());
        let p = subtle()?.generate_key_with_object(&p256(), keep, &usages).ok()?;
        let pair = JsFuture::from(p).await.ok()?;
        let private = Reflect::get(&pair, &"privateKey".into()).ok()?.dyn_into::<CryptoKey>().ok()?;
        let public = Reflect::get(&pair, &"publicKey".into()).ok()?.dyn_into::<CryptoKey>().ok()?;
        let raw = bytes_of(subtle()?.export_key("raw", &public).ok()?).await?;
        Some(Signer { private, public: raw.try_into().ok()? })
    }

    /// The key kept as `(pkcs8, raw public)` bytes back as a signer (`None`: not a P-256 key).
    pub async fn restore(pkcs8: &[u8], public: &[u8]) -> Option<Signer> {
        let data = Uint8Array::from(pkcs8);
        let usages = Array::of1(&"sign".into());
        let p = subtle()?.import_key_with_object("pkcs8", &data, &p256(), true, &usages).ok()?;
        let private = JsFuture::from(p).await.ok()?.dyn_into::<CryptoKey>().ok()?;
        Some(Signer { private, public: public.try_into().ok()? })
    }

    /// The private half as PKCS #8 bytes, to keep (only for a key made with `keep`).
    pub async fn export(&self) -> Option<Vec<u8>> {
        bytes_of(subtle()?.export_key("pkcs8", &self.private).ok()?).await
    }

    /// The public half, raw (65 bytes).
    pub fn public(&self) -> &[u8; KEY_BYTES] {
        &self.public
    }

    /// The public key's id (what a link names).
    pub fn id(&self) -> KeyId {
        KeyId::of(&self.public)
    }

    /// The signature of `data` (64 bytes).
    pub async fn sign(&self, data: &[u8]) -> Option<[u8; SIG_BYTES]> {
        let p = subtle()?.sign_with_object_and_u8_array(&sha256(), &self.private, data).ok()?;
        bytes_of(p).await?.try_into().ok()
    }
}

/// Whether `sig` is `public`'s signature of `data` (a key that isn't a P-256 point: no).
pub async fn verify(public: &[u8], sig: &[u8], data: &[u8]) -> bool {
    let check = async {
        let raw = Uint8Array::from(public);
        let usages = Array::of1(&"verify".into());
        let p = subtle()?.import_key_with_object("raw", &raw, &p256(), true, &usages).ok()?;
        let key = JsFuture::from(p).await.ok()?.dyn_into::<CryptoKey>().ok()?;
        let p = subtle()?.verify_with_object_and_u8_array_and_u8_array(&sha256(), &key, sig, data).ok()?;
        JsFuture::from(p).await.ok()?.as_bool()
    };
    check.await == Some(true)
}
