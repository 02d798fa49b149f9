//! Starting a new game on this device (the start screen, a link, "Play again").

use super::ctx::Ctx;
use super::storage;
use crate::app::params::StartOptions;
use crate::app::AnySession;
use leptos::prelude::*;

/// Starts a new game (saved at once).
pub fn start_game(ctx: Ctx, o: &StartOptions) {
    if let Some(p) = o.pace.as_deref().and_then(super::seats::Pace::parse) {
        ctx.pace.set(p.code());
    }
    match AnySession::start(storage::new_id(), o) {
        Ok(g) => {
            ctx.show(Some(g));
            ctx.persist();
        }
        Err(e) => ctx.start_message.set(Some(crate::app::words::setup_error(o.edition, &e))),
    }
}
