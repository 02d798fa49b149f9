//! Play with friends on their own devices (issue 23), the part free of the browser: the host
//! that holds the game and a seat map, what each remote seat is sent (its own view only), the
//! versioned wire messages, and the remote side that rebuilds its table from them. The WebRTC
//! data channel, the invite and the screens are the browser's (`ui`), on top of this.
//!
//! # How the pieces talk
//!
//! - The host's device makes a [`host::Host`] from the game and the remote seats, each with a
//!   random join token (from `getrandom`; the invite carries the game's [`host::Host::tag`],
//!   the seat and its token). It draws [`host::Host::table`] (never a friend's secrets), sends
//!   its own screen's commands to [`host::Host::local`], computer moves through
//!   [`host::Host::with_session`], and saves [`host::Host::session`] after every change.
//! - A friend's device makes a [`remote::Remote`] from the invite and sends
//!   [`remote::Remote::hello`] on the data channel; whatever arrives goes to
//!   [`remote::Remote::receive`]; it draws [`remote::Remote::table`] with the same screens as at
//!   the table, and sends what [`remote::Remote::command`] returns (a dismissed announcement
//!   stays on the device).
//! - Each message from a link goes to [`host::Host::receive`] with the seat that link joined
//!   (`None` until its hello is accepted); the replies go back on that link. After anything
//!   changed, [`host::Host::outbox`] gives the updates and announcements due to each connected
//!   seat. [`host::Host::disconnected`] when a link closes; [`host::Host::strikes`] counts
//!   refused messages since the last accepted one (disconnect a peer that keeps sending them).
//! - A watcher (the watch link: the public table, no seat): the host's device makes a watcher's
//!   link with [`host::Host::add_watcher`] (a random token from the browser; it returns the
//!   link's id), the watcher's device a [`remote::Remote::watcher`] with the game's tag and that
//!   token, whose hello joins it ([`host::Host::receive`] on a link that joined nothing yet
//!   answers with [`host::Received::watcher`]). Its link's messages then go to
//!   [`host::Host::receive_watcher`] (every command is refused as
//!   [`message::Refusal::Watching`] and counted: [`host::Host::watcher_strikes`]), what is due
//!   to watchers comes from [`host::Host::watcher_outbox`] addressed by id, and
//!   [`host::Host::remove_watcher`] when its link closes. A watcher's table is the session's
//!   [`crate::app::table::Device::Watch`]: the public view of the confirmed game and who acts.
//!
//! # The bytes
//!
//! Every message: `LZ`, version ([`message::VERSION`]), kind, the game's tag (4 bytes), body —
//! varints, length-prefixed UTF-8 and lists, one byte per enum tag ([`wire`]). Host → seat:
//! welcome (seat, edition, id, names), update (a [`message::Update`]: screen, the seat's
//! view, the log lines it lacks, since-your-turn, staged marks, step, prompt, end, presence),
//! answer (a command's number, refused or not), refused (a message not read), notice (an
//! announcement); host → watcher: watching (edition, id), then updates and notices as a seat's.
//! Seat → host: hello (seat, token, log lines kept), command (number, command); watcher → host:
//! watch (token, log lines kept).
//! Measured in the whole-game tests: a command 11–16 bytes, an update about 400–550 bytes
//! (largest 1.5 kB), a welcome under 100 bytes, a rejoin with a whole log of ~190 lines 7 kB.

pub mod door;
pub mod host;
pub mod ice;
pub mod invite;
pub mod kept;
pub mod message;
pub mod mqtt;
pub mod proof;
pub mod relay_words;
pub mod relays;
pub mod remote;
pub mod sdp;
pub mod signal;
pub mod trust;
pub mod views;
pub mod wire;
pub mod words;
// Native only: whole games and fuzzing measure sizes and times with the host's word size and
// native deflate; the browser runs only the wasm-bindgen tests.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;
