//! Play with friends on their own devices (issue 23), the part free of the browser: the host
//! that holds the game and a seat map, what each remote seat is sent (its own view only), the
//! versioned wire messages, and the remote side that rebuilds its table from them. The WebRTC
//! data channel, the invite and the screens are the browser's (`ui`), on top of this.

pub mod host;
pub mod message;
pub mod remote;
pub mod views;
pub mod wire;
#[cfg(test)]
mod tests;
