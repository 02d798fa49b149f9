//! The invite's QR code, for a friend in the same room: drawn as one SVG path.

use leptos::prelude::*;
use qrcodegen::{QrCode, QrCodeEcc};

/// The path of the dark modules of `text`'s QR code (a quiet zone of 4 around it) and its side.
fn path(text: &str) -> Option<(String, i32)> {
    let qr = QrCode::encode_text(text, QrCodeEcc::Low).ok()?;
    let n = qr.size();
    let mut d = String::new();
    for y in 0..n {
        for x in 0..n {
            if qr.get_module(x, y) {
                d.push_str(&format!("M{} {}h1v1h-1z", x + 4, y + 4));
            }
        }
    }
    Some((d, n + 8))
}

/// The QR code of a link (nothing when it is too long for one).
#[component]
pub fn Qr(text: String, label: String) -> impl IntoView {
    path(&text).map(|(d, side)| {
        view! {
            <svg class="qr" data-qr="" role="img" aria-label=label viewBox=format!("0 0 {side} {side}") shape-rendering="crispEdges">
                <rect width=side.to_string() height=side.to_string() fill="#fff"/>
                <path d=d fill="#000"/>
            </svg>
        }
    })
}
