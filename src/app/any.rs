//! The one place the app dispatches over the two editions: a game on this device
//! ([`AnySession`]), its table ([`AnyTable`]) and a record being stepped through
//! ([`AnyReplay`]), either edition, as a record's `[Edition]` header says. All three are one
//! generic [`ByEdition`], taken apart by [`each!`](crate::each).

use super::params::StartOptions;
use super::replay::Replay;
use super::seats::Seats;
use super::session::Session;
use super::table::{Command, Table};
use crate::engine::{classic, newed, AnyRecord, Edition, IllegalMove, SetupError};
use crate::engine::classic::SetupKind;
use std::convert::Infallible;

/// One thing of either edition: its Classic or its New Edition kind.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[allow(clippy::large_enum_variant)]
pub enum ByEdition<C, N> {
    /// Classic's.
    Classic(C),
    /// The New Edition's.
    New(N),
}

/// Runs the same expression on either edition's value of a [`ByEdition`]:
/// `each!(session, s => s.record())`.
#[macro_export]
macro_rules! each {
    ($v:expr, $x:ident => $e:expr) => {
        match $v {
            $crate::app::any::ByEdition::Classic($x) => $e,
            $crate::app::any::ByEdition::New($x) => $e,
        }
    };
}

impl<C, N> ByEdition<C, N> {
    /// The edition.
    pub fn edition(&self) -> Edition {
        match self {
            ByEdition::Classic(_) => Edition::Classic,
            ByEdition::New(_) => Edition::New,
        }
    }

    /// A reference to either edition's value.
    pub fn as_ref(&self) -> ByEdition<&C, &N> {
        match self {
            ByEdition::Classic(c) => ByEdition::Classic(c),
            ByEdition::New(n) => ByEdition::New(n),
        }
    }

    /// Either edition's value turned into another thing of the same edition.
    pub fn map<C2, N2>(self, classic: impl FnOnce(C) -> C2, new: impl FnOnce(N) -> N2) -> ByEdition<C2, N2> {
        match self {
            ByEdition::Classic(c) => ByEdition::Classic(classic(c)),
            ByEdition::New(n) => ByEdition::New(new(n)),
        }
    }
}

/// A game on this device, of either edition.
pub type AnySession = ByEdition<Session<classic::game::Game>, Session<newed::Game>>;

impl AnySession {
    /// Rebuilds a game from a record of either edition: its `[Edition]` header decides.
    ///
    /// # Errors
    /// `line N: reason` for the record's first problem.
    pub fn from_record(id: String, text: &str) -> Result<AnySession, String> {
        match AnyRecord::parse(text).map_err(|e| super::words::record_error_in(text, &e))? {
            AnyRecord::Classic(_) => Session::from_record(id, text).map(AnySession::Classic),
            AnyRecord::New(_) => Session::from_record(id, text).map(AnySession::New),
        }
    }

    /// Starts a new game from the start screen's or a link's options (its seed chosen).
    ///
    /// # Errors
    /// Why the setup can't be played.
    pub fn start(id: String, o: &StartOptions) -> Result<AnySession, SetupError> {
        Ok(match o.edition {
            Edition::Classic => AnySession::Classic(Session::new(id, o.to_setup(), o.names.clone())?.with_seats(o.seats.clone())),
            Edition::New => AnySession::New(Session::new(id, o.to_new_setup(), o.names.clone())?.with_seats(o.seats.clone())),
        })
    }

    /// The options that start this game's setup again (the "share this setup" link, and a new
    /// game with the same seats); hints counted afresh.
    pub fn options(&self) -> StartOptions {
        let (edition, players, setup, seed, public_money, neutral, names, seats) = match self {
            AnySession::Classic(s) => (Edition::Classic, &s.setup.players, s.setup.kind, s.setup.seed, s.setup.public_money, s.setup.neutral, &s.names, &s.seats),
            AnySession::New(s) => (Edition::New, &s.setup.players, SetupKind::Variable, s.setup.seed, !s.setup.private_money, s.setup.neutral, &s.names, &s.seats),
        };
        let seats = Seats { hints: seats.hints.map(|_| Default::default()), ..seats.clone() };
        StartOptions { edition, players: players.clone(), names: names.clone(), setup, seed: Some(seed), public_money, neutral, seats, pace: None }
    }

    /// The log as plain text, a line each.
    pub fn log_text(&self) -> String {
        each!(self, s => {
            let names = s.names();
            s.log.iter().map(|l| names.say(&l.said)).collect::<Vec<_>>().join("\n")
        })
    }

    /// True once the game is over.
    pub fn is_over(&self) -> bool {
        each!(self, s => s.game.is_over())
    }

    /// The save id.
    pub fn id(&self) -> &str {
        each!(self, s => &s.id)
    }

    /// For the list of saved games ("Classic · Ann, Ben · round 3").
    pub fn summary(&self) -> String {
        each!(self, s => s.summary())
    }

    /// The record of the confirmed moves (what a save keeps).
    pub fn record(&self) -> String {
        each!(self, s => s.record())
    }

    /// What the seat holding the device sees.
    pub fn table(&self) -> AnyTable {
        self.as_ref().map(Session::table, Session::table)
    }

    /// Carries out a screen's command.
    ///
    /// # Errors
    /// Why a move is (or would be) refused; a move of the other edition is not this game's.
    pub fn apply(&mut self, c: AnyCommand) -> Result<(), IllegalMove> {
        match (self, c) {
            (AnySession::Classic(s), AnyCommand::Classic(c)) => s.apply(c),
            (AnySession::New(s), AnyCommand::New(c)) => s.apply(c),
            (s, AnyCommand::Either(c)) => each!(s, s => s.apply(widen(c))),
            _ => Err(IllegalMove::NotNow),
        }
    }

    /// Carries out a command from the device holding the game (seats elsewhere refused).
    ///
    /// # Errors
    /// As [`AnySession::apply`]; [`IllegalMove::NotYourTurn`] for a seat elsewhere.
    pub fn apply_here(&mut self, c: AnyCommand) -> Result<(), IllegalMove> {
        match (self, c) {
            (AnySession::Classic(s), AnyCommand::Classic(c)) => s.apply_here(c),
            (AnySession::New(s), AnyCommand::New(c)) => s.apply_here(c),
            (s, AnyCommand::Either(c)) => crate::each!(s, s => s.apply_here(widen(c))),
            _ => Err(IllegalMove::NotNow),
        }
    }

    /// Carries out a command from seat `by`'s own device.
    ///
    /// # Errors
    /// As [`AnySession::apply`]; [`IllegalMove::NotYourTurn`] for anyone else's move.
    pub fn apply_from(&mut self, by: crate::engine::Colour, c: AnyCommand) -> Result<(), IllegalMove> {
        match (self, c) {
            (AnySession::Classic(s), AnyCommand::Classic(c)) => s.apply_from(by, c),
            (AnySession::New(s), AnyCommand::New(c)) => s.apply_from(by, c),
            (s, AnyCommand::Either(c)) => crate::each!(s, s => s.apply_from(by, widen(c))),
            _ => Err(IllegalMove::NotNow),
        }
    }

    /// Takes back every staged move (the game is left mid-step).
    pub fn undo_all(&mut self) {
        each!(self, s => s.undo_all())
    }

}

/// What one seat's screen shows, of either edition.
pub type AnyTable = ByEdition<Table<classic::game::Game>, Table<newed::Game>>;

/// One edition's screens read their table: `<&Table<G>>::try_from(any)`, refused (`Err(())`)
/// when the table is of the other edition.
impl<'a> TryFrom<&'a AnyTable> for &'a Table<classic::game::Game> {
    type Error = ();
    fn try_from(t: &'a AnyTable) -> Result<Self, ()> {
        if let AnyTable::Classic(t) = t { Ok(t) } else { Err(()) }
    }
}

impl<'a> TryFrom<&'a AnyTable> for &'a Table<newed::Game> {
    type Error = ();
    fn try_from(t: &'a AnyTable) -> Result<Self, ()> {
        if let AnyTable::New(t) = t { Ok(t) } else { Err(()) }
    }
}

impl AnyTable {
    /// The screen to show.
    pub fn screen(&self) -> &super::session::Screen {
        each!(self, t => &t.screen)
    }

    /// The game's save id.
    pub fn id(&self) -> &str {
        each!(self, t => &t.id)
    }

    /// Where the player stands in the step.
    pub fn step(&self) -> &super::table::Step {
        each!(self, t => &t.step)
    }

    /// Behind the last announcement, the person the device passes to next.
    pub fn then_to(&self) -> Option<crate::engine::Colour> {
        each!(self, t => t.then_to)
    }

    /// True when one person plays alone against computers (the device never passes).
    pub fn solo(&self) -> bool {
        each!(self, t => t.solo)
    }

    /// True when the device goes to another person once this step is done
    /// ([`Table::passes`]).
    pub fn passes(&self) -> bool {
        each!(self, t => t.passes())
    }

    /// A colour's display name.
    pub fn name(&self, c: crate::engine::Colour) -> String {
        each!(self, t => t.name(c))
    }

    /// What to do now, in words.
    pub fn prompt(&self) -> String {
        each!(self, t => t.say(&t.prompt))
    }

    /// Why the device goes to the next player, in words.
    pub fn reason(&self) -> String {
        each!(self, t => t.reason.as_ref().map(|r| t.say(r)).unwrap_or_default())
    }

    /// How the seats are named.
    pub fn names(&self) -> &super::said::Names {
        each!(self, t => &t.names)
    }

    /// A fact in words, in the current language.
    pub fn say(&self, s: &super::said::Said) -> String {
        each!(self, t => t.say(s))
    }

    /// The log, and where the lines the holder missed begin.
    pub fn log(&self) -> (&[super::log::LogLine], Option<usize>) {
        each!(self, t => (t.log.as_slice(), t.since))
    }

    /// The money of the colour whose secrets this table may show, and that colour (`None`
    /// behind a hand-over, at the end, on a waiting screen without a seat of its own).
    pub fn own_money(&self) -> Option<(crate::engine::Colour, u32)> {
        each!(self, t => t.view.viewer.and_then(|c| t.view.ducats[c].map(|d| (c, d))))
    }

    /// Every player in seating order with name and score.
    pub fn scores(&self) -> Vec<(crate::engine::Colour, String, u32)> {
        each!(self, t => t.view.players.iter().map(|&c| (c, t.name(c), t.view.scores[c])).collect())
    }

    /// The end, once the game is over, with the seating order.
    pub fn end(&self) -> Option<(super::table::End, Vec<crate::engine::Colour>)> {
        each!(self, t => t.end.clone().map(|e| (e, t.view.players.clone())))
    }

    /// The board, with the taps `mode` allows and `highlight`ed spaces.
    pub fn board(&self, mode: super::targets::Mode, highlight: Vec<crate::engine::Space>) -> super::board::BoardModel {
        each!(self, t => t.board(mode, highlight))
    }
}

/// A screen's command, of either edition's moves, or one without a move ([`AnyCommand::Either`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum AnyCommand {
    /// A Classic game's command.
    Classic(Command<classic::moves::Move>),
    /// A New Edition game's command.
    New(Command<newed::Move>),
    /// A command with no move in it (confirm, take back, hand-over …), for either edition.
    Either(Command<Infallible>),
}

impl AnyCommand {
    /// A question ([`Command::is_question`]): it changes no table.
    pub fn is_question(&self) -> bool {
        match self {
            AnyCommand::Classic(c) => c.is_question(),
            AnyCommand::New(c) => c.is_question(),
            AnyCommand::Either(c) => c.is_question(),
        }
    }
}

/// A command without a move, as a command of any edition.
pub(crate) fn widen<M>(c: Command<Infallible>) -> Command<M> {
    match c {
        Command::Act(never) | Command::Explain(never) => match never {},
        Command::Undo => Command::Undo,
        Command::UndoAll => Command::UndoAll,
        Command::Confirm => Command::Confirm,
        Command::TakeDevice(c) => Command::TakeDevice(c),
        Command::Pass => Command::Pass,
        Command::EndReview => Command::EndReview,
        Command::Dismiss => Command::Dismiss,
        Command::TakeBackTurn => Command::TakeBackTurn,
    }
}

impl From<Command<classic::moves::Move>> for AnyCommand {
    fn from(c: Command<classic::moves::Move>) -> AnyCommand {
        AnyCommand::Classic(c)
    }
}

impl From<Command<newed::Move>> for AnyCommand {
    fn from(c: Command<newed::Move>) -> AnyCommand {
        AnyCommand::New(c)
    }
}

impl From<Command<Infallible>> for AnyCommand {
    fn from(c: Command<Infallible>) -> AnyCommand {
        AnyCommand::Either(c)
    }
}

/// A command for a Classic game: a Classic one, or one without a move; a New Edition command is
/// given back.
impl TryFrom<AnyCommand> for Command<classic::moves::Move> {
    type Error = AnyCommand;
    fn try_from(c: AnyCommand) -> Result<Self, AnyCommand> {
        match c {
            AnyCommand::Classic(c) => Ok(c),
            AnyCommand::Either(c) => Ok(widen(c)),
            AnyCommand::New(_) => Err(c),
        }
    }
}

/// A command for a New Edition game: a New Edition one, or one without a move; a Classic command
/// is given back.
impl TryFrom<AnyCommand> for Command<newed::Move> {
    type Error = AnyCommand;
    fn try_from(c: AnyCommand) -> Result<Self, AnyCommand> {
        match c {
            AnyCommand::New(c) => Ok(c),
            AnyCommand::Either(c) => Ok(widen(c)),
            AnyCommand::Classic(_) => Err(c),
        }
    }
}

/// A record opened for replay, of either edition.
pub type AnyReplay = ByEdition<Replay<classic::game::Game>, Replay<newed::Game>>;

impl AnyReplay {
    /// Reads and checks a whole record of either edition.
    ///
    /// # Errors
    /// `line N: reason` for the first problem.
    pub fn open(text: &str) -> Result<AnyReplay, String> {
        match AnyRecord::parse(text).map_err(|e| super::words::record_error_in(text, &e))? {
            AnyRecord::Classic(_) => Replay::open(text).map(AnyReplay::Classic),
            AnyRecord::New(_) => Replay::open(text).map(AnyReplay::New),
        }
    }

    /// Number of moves.
    pub fn len(&self) -> usize {
        each!(self, r => r.len())
    }

    /// What the table saw at the step shown (public information only).
    pub fn table(&self) -> AnyTable {
        self.as_ref().map(|r| r.session.table(), |r| r.session.table())
    }

    /// True for a record without moves.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The step shown.
    pub fn at(&self) -> usize {
        each!(self, r => r.at)
    }

    /// Shows the game after `n` moves.
    pub fn go_to(&mut self, n: usize) {
        each!(self, r => r.go_to(n))
    }

    /// The move that led to the shown step, in notation.
    pub fn last_move(&self) -> Option<String> {
        each!(self, r => r.last_move().map(|m| m.to_string()))
    }

    /// Where the replay stands and what the last move did, in words with the players' names.
    pub fn status(&self) -> String {
        each!(self, r => r.status())
    }

    /// True at the end of a finished game.
    pub fn is_over(&self) -> bool {
        each!(self, r => r.session.game.is_over())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Colour;

    #[test]
    fn one_generic_type_holds_either_editions_thing() {
        let c: ByEdition<u8, &str> = ByEdition::Classic(3);
        let n: ByEdition<u8, &str> = ByEdition::New("three");
        assert_eq!((c.edition(), n.edition()), (Edition::Classic, Edition::New));
        assert_eq!(c.as_ref().map(|x| x + 1, |s| s.len()), ByEdition::Classic(4));
        assert_eq!(n.map(|x| x + 1, str::len), ByEdition::New(5));
        assert_eq!(crate::each!(n, x => x.to_string()), "three");
        let setup = newed::Setup::new(vec![Colour::Red, Colour::Blue, Colour::Orange], 42);
        let s: AnySession = AnySession::New(Session::new("t".into(), setup, vec!["Ann".into(), "Ben".into(), "Cleo".into()]).unwrap());
        assert_eq!((s.edition(), s.table().edition()), (Edition::New, Edition::New));
        assert_eq!(crate::each!(&s, s => s.id.clone()), "t");
    }

    #[test]
    fn an_editions_command_and_table_convert_to_either_and_back() {
        let classic = Command::Act(classic::moves::Move::Done { by: Colour::Red });
        let new = Command::Act(newed::Move::Draw { by: Colour::Red });
        let any = AnyCommand::from(classic);
        assert_eq!(any, AnyCommand::Classic(classic));
        assert_eq!(Command::<classic::moves::Move>::try_from(any), Ok(classic));
        assert_eq!(Command::<newed::Move>::try_from(any), Err(any), "the other edition's command is given back");
        assert_eq!(Command::<newed::Move>::try_from(AnyCommand::from(new)), Ok(new));
        let confirm = AnyCommand::from(Command::<Infallible>::Confirm);
        assert_eq!(Command::<classic::moves::Move>::try_from(confirm), Ok(Command::Confirm), "a command without a move is either edition's");
        assert_eq!(Command::<newed::Move>::try_from(confirm), Ok(Command::Confirm));

        let setup = newed::Setup::new(vec![Colour::Red, Colour::Blue, Colour::Orange], 42);
        let table = AnySession::New(Session::new("t".into(), setup, vec!["Ann".into(), "Ben".into(), "Cleo".into()]).unwrap()).table();
        assert!(<&Table<newed::Game>>::try_from(&table).is_ok());
        assert!(<&Table<classic::game::Game>>::try_from(&table).is_err());
    }
}
