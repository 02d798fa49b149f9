//! What a screen asks of the session — a move, or a step of the device's passing around — and
//! how the session carries it out.

use super::{EditionRules, Session};
use crate::engine::{Colour, IllegalMove};

/// What a screen asks of the session: a move, or a step of the device's passing around.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Command<M> {
    /// Make (or stage) a move.
    Act(M),
    /// Take back the last staged move.
    Undo,
    /// Take back every staged move.
    UndoAll,
    /// Confirm the staged moves.
    Confirm,
    /// The hand-over screen is dismissed by this colour.
    TakeDevice(Colour),
    /// Pass on the optional move offered (a politics card).
    Pass,
    /// Done looking at the card drawn: pass the device on.
    EndReview,
    /// The table has seen the announcement.
    Dismiss,
    /// Take back the turn just confirmed against computers.
    TakeBackTurn,
    /// Why would this move be refused? (Nothing is played.)
    Explain(M),
}

impl<M> Command<M> {
    /// A question ([`Command::Explain`]): carrying it out changes nothing, it only answers.
    pub fn is_question(&self) -> bool {
        matches!(self, Command::Explain(_))
    }
}

impl<G: EditionRules> Session<G> {
    /// Carries out a screen's command for the seat holding the device.
    ///
    /// # Errors
    /// Why a move is refused (nothing changes); for [`Command::Explain`], why it would be.
    pub fn apply(&mut self, c: Command<G::Move>) -> Result<(), IllegalMove> {
        let r = self.apply_inner(c);
        self.settle_elsewhere();
        r
    }

    /// Carries out a command, seats elsewhere aside.
    pub(crate) fn apply_inner(&mut self, c: Command<G::Move>) -> Result<(), IllegalMove> {
        match c {
            Command::Act(m) => return self.act(m),
            Command::Undo => self.undo(),
            Command::UndoAll => self.undo_all(),
            Command::Confirm => self.confirm(),
            Command::TakeDevice(colour) => self.take_device(colour),
            Command::Pass => self.pass(),
            Command::EndReview => self.end_review(),
            Command::Dismiss => self.dismiss_announcement(),
            Command::TakeBackTurn => self.take_back_turn(),
            Command::Explain(m) => return self.shown.clone().play(m).map(|_| ()),
        }
        Ok(())
    }
}
