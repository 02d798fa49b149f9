//! Play with friends on their own devices: the page's bundle with remote play in it (WebRTC,
//! invites, the host's seat panel), built by Trunk as `loewenherz-net.js` + `_bg.wasm`
//! (index.html) and started by the page instead of its own only when the address asks to host
//! or join such a game (`ui::page::net_address`), so the first load of everyone else stays
//! as it was.

#[cfg(target_arch = "wasm32")]
fn main() {
    loewenherz::ui::net::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("Remote play is built for wasm32 with Trunk (see README).");
    std::process::exit(1);
}
