//! The browser game's entry point: mounts the app (built with Trunk for wasm32).

#[cfg(target_arch = "wasm32")]
fn main() {
    loewenherz::ui::mount();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("The browser game is built for wasm32 with Trunk (see README); the native referee is loewenherz-cli.");
    std::process::exit(1);
}
