//! What the game on this device asks of its computers, and what it does with their answers:
//! the decision a computer owes now, playing it, and a person's hint in words. (The browser's
//! worker does the thinking; this side is plain and tested natively.)

use super::session::{EditionRules, Screen, Session};
use super::AnySession;
use crate::engine::ai::{bot_seed, Level};
use super::hint::Hint;
use super::said::Names;
use crate::engine::{newed, Colour, Edition};
use crate::tr;

/// Why the computers' worker gave no decision: its reply's `err` is [`BotError::code`]
/// (`src/bin/bot-worker.rs`), and the page words it ([`BotError::words`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum BotError {
    /// The request names a colour, level or seed the worker doesn't know (a page and a worker
    /// of different builds).
    Request,
    /// The game's record doesn't read or replay.
    Record,
    /// The colour has no move in the position.
    NoMove,
}

impl BotError {
    /// Every kind (for the words' tests).
    pub const ALL: [BotError; 3] = [BotError::Request, BotError::Record, BotError::NoMove];

    /// The kind's code in a reply.
    pub const fn code(self) -> &'static str {
        match self {
            BotError::Request => "request",
            BotError::Record => "record",
            BotError::NoMove => "no-move",
        }
    }

    /// The kind of a reply's code (`None`: not a code of this build).
    pub fn parse(code: &str) -> Option<BotError> {
        BotError::ALL.into_iter().find(|e| e.code() == code)
    }

    /// Why the worker gave no decision, in the current language (starting lowercase: it
    /// follows "The computer player for Red stopped:" or "No hint now:").
    pub fn words(self) -> String {
        match self {
            BotError::Request => tr!(String ScreenBotBadRequest),
            BotError::Record => tr!(String ScreenBotBadRecord),
            BotError::NoMove => tr!(String ScreenBotNoMoveNow),
        }
    }
}

/// A computer's decision the game waits for.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Job {
    /// The game's save id.
    pub id: String,
    /// Moves confirmed so far (the decision is for the position after them).
    pub ply: usize,
    /// Who decides.
    pub colour: Colour,
    /// At which level.
    pub level: Level,
    /// It must move (else it may let an optional move pass).
    pub due: bool,
}

fn due<G: EditionRules>(s: &Session<G>) -> Option<(Job, String, u64)> {
    let Screen::Thinking(c) = s.screen() else { return None };
    let job = Job { id: s.id.clone(), ply: s.moves.len(), colour: c, level: s.seats.level(c)?, due: s.game.to_move().contains(&c) };
    Some((job, s.record(), bot_seed(G::seed(&s.setup), s.moves.len(), c)))
}

fn play<G: EditionRules>(s: &mut Session<G>, job: &Job, line: Option<&str>) -> Result<(), String>
where
    G::Move: std::str::FromStr<Err = crate::engine::RecordReason>,
{
    match line {
        None if job.due => Err(tr!(String ScreenBotNoMove)),
        None => {
            s.bot_pass();
            Ok(())
        }
        Some(line) => {
            let m: G::Move = line.parse().map_err(|e| super::words::record_reason(Some(G::EDITION), &e))?;
            s.bot_move(m).map_err(|e| tr!(ScreenMoveRefused, move = m, why = super::words::refusal(e)))
        }
    }
}

/// Where a hint for the holder is asked: the moves up to the holder's open decision (confirmed,
/// then staged), the game after them, and what the holder has already chosen there (`Some`: a
/// move held back for "Confirm", or the last step of a turn that is complete) — the hint then
/// says to confirm it or to take it back for another. Nothing is confirmed or taken back to ask.
fn hint_point<G: EditionRules>(s: &Session<G>) -> (Vec<G::Move>, G, Option<G::Move>) {
    let mut moves = s.moves.clone();
    moves.extend(s.staged.iter().copied());
    if let Some(p) = s.pending {
        return (moves, s.shown.clone(), Some(p));
    }
    if s.must_confirm()
        && let Some(last) = s.staged.last().copied()
    {
        moves.pop();
        let mut g = s.game.clone();
        for &m in &s.staged[..s.staged.len() - 1] {
            if g.play(m).is_err() {
                unreachable!("staged moves replay");
            }
        }
        return (moves, g, Some(last));
    }
    (moves, s.shown.clone(), None)
}

fn hint_request<G: EditionRules>(s: &Session<G>) -> Option<(String, Colour, u64)> {
    let who = s.holder?;
    let (moves, _, _) = hint_point(s);
    let record = s.seats.write(s.game.write(&s.setup, &s.names, &moves), s.players());
    Some((record, who, bot_seed(G::seed(&s.setup), moves.len(), who)))
}

impl AnySession {
    /// The computer's decision the game waits for now, with the record to decide on and the
    /// computer's seed.
    pub fn job(&self) -> Option<(Job, String, u64)> {
        crate::each!(self, s => due(s))
    }

    /// Plays a computer's answer to `job` (a move in notation; `None`: it lets its optional
    /// move pass).
    ///
    /// # Errors
    /// The answer can't be played (nothing changes).
    pub fn play_job(&mut self, job: &Job, line: Option<&str>) -> Result<(), String> {
        crate::each!(self, s => play(s, job, line))
    }

    /// What a hint asks: the record up to the holder's open decision (staged steps included),
    /// the person holding the device, their seed.
    pub fn hint_request(&self) -> Option<(String, Colour, u64)> {
        crate::each!(self, s => hint_request(s))
    }

    /// A hint for `who`: the suggested move (`None`: let the optional move pass) played on this
    /// page's copy of the game where the hint was asked ([`AnySession::hint_request`]), put as
    /// what to do, why, and what it points at. A Classic bid a computer could tie is raised by
    /// a ducat when the purse allows ([`super::hint::untied`]). Where the holder has already
    /// chosen (a move held back, the last step of a turn), the hint says to confirm it or to
    /// take it back.
    ///
    /// # Errors
    /// The answer isn't a move of this game now (in words).
    pub fn hint(&self, line: Option<&str>, who: Colour) -> Result<Hint, String> {
        match self {
            AnySession::Classic(s) => {
                let (_, game, chosen) = hint_point(s);
                let v = game.view(Some(who));
                let Some(line) = line else { return Ok(super::hint::classic(&v, None, &[], None)) };
                let m: crate::engine::classic::Move = line.parse().map_err(|e| super::words::record_reason(Some(Edition::Classic), &e))?;
                let raised = super::hint::untied(&v, m);
                let m = raised.unwrap_or(m);
                let mut after = game.clone();
                let events = after.play(m).map_err(super::words::refusal)?;
                let mut h = super::hint::classic(&v, Some(m), &events, Some(after.board()));
                if raised.is_some() {
                    h.why.push(crate::said!(HintWhyRoundBid));
                }
                Ok(match chosen {
                    Some(c) => h.against_chosen(c == m),
                    None => h,
                })
            }
            AnySession::New(s) => {
                let (_, game, chosen) = hint_point(s);
                let v = game.view(Some(who));
                let line = line.ok_or_else(|| tr!(String ScreenBotNoMove))?;
                let m: newed::Move = line.parse().map_err(|e| super::words::record_reason(Some(Edition::New), &e))?;
                let mut after = game.clone();
                let events = after.play(m).map_err(super::words::refusal)?;
                let h = super::hint::new(&v, m, &events, Some(after.board()));
                Ok(match chosen {
                    Some(c) => h.against_chosen(c == m),
                    None => h,
                })
            }
        }
    }

    /// What to ask the computer after its hint `line` (New Edition: a card played or sold,
    /// where the hint was asked on an open decision): the record with that move and the seed, for
    /// the same person's next step of the turn — the first step of the card's action or the
    /// refill —, which says what the move prepares. `None`: nothing to ask.
    pub fn hint_follow(&self, line: &str, who: Colour) -> Option<(String, u64)> {
        let AnySession::New(s) = self else { return None };
        let (mut moves, game, chosen) = hint_point(s);
        let m: newed::Move = line.parse().ok()?;
        if chosen.is_some() || !matches!(m, newed::Move::Play { .. } | newed::Move::Sell { .. }) {
            return None;
        }
        let mut after = game;
        let events = after.play(m).ok()?;
        if events.iter().any(<newed::Game as crate::engine::Rules>::reveals) || !after.to_move().contains(&who) {
            return None;
        }
        moves.push(m);
        let record = s.seats.write(s.game.write(&s.setup, &s.names, &moves), s.players());
        Some((record, bot_seed(s.setup.seed, moves.len(), who)))
    }

    /// [`AnySession::hint`] for `line`, followed by the computer's next step `next` (its answer
    /// to [`AnySession::hint_follow`]; one that isn't a move then is left out).
    ///
    /// # Errors
    /// `line` isn't a move of this game now (in words).
    pub fn hint_then(&self, line: Option<&str>, next: Option<&str>, who: Colour) -> Result<Hint, String> {
        let h = self.hint(line, who)?;
        let (AnySession::New(s), Some(line), Some(next)) = (self, line, next) else { return Ok(h) };
        let (_, game, _) = hint_point(s);
        let (Ok(m), Ok(n)) = (line.parse::<newed::Move>(), next.parse::<newed::Move>()) else { return Ok(h) };
        let mut after = game;
        if after.play(m).is_err() {
            return Ok(h);
        }
        let v = after.view(Some(who));
        let mut later = after.clone();
        let Ok(events) = later.play(n) else { return Ok(h) };
        Ok(h.followed_by(super::hint::new(&v, n, &events, Some(later.board()))))
    }

    /// How this game's facts name its seats: the seating's colours with the players' names.
    pub fn names(&self) -> Names {
        crate::each!(self, s => s.names())
    }

    /// Counts a hint asked by `who`.
    pub fn hint_used(&mut self, who: Colour) {
        crate::each!(self, s => s.seats.hint_used(who))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::seats::Seats;
    use crate::engine::classic::{Setup, SetupKind};

    /// Plays seeded games of people with hints on (random legal moves of the holder), and at
    /// every step where something is staged or held back for "Confirm": the Hint button is
    /// there, the request replays to a position where the holder moves, and a hint there is
    /// words — to confirm what the holder chose when it is the hint's move, else to take it
    /// back first.
    fn staged_steps_have_hints<G: crate::app::table::TableWords>(mut s: Session<G>, seed: u64, want: usize, any: impl Fn(&Session<G>) -> AnySession) -> usize
    where
        G::Move: std::str::FromStr<Err = crate::engine::RecordReason> + std::fmt::Display,
    {
        use crate::app::hint::Pick;
        use crate::app::session::Command;
        s = s.with_seats(Seats { hints: Some(Default::default()), ..Default::default() });
        let mut checked = 0;
        for step in 0..4000u64 {
            let t = s.table();
            match t.screen.clone() {
                Screen::Over => break,
                Screen::Announcement(_) => s.apply(Command::Dismiss).unwrap(),
                Screen::HandOver(c) => s.apply(Command::TakeDevice(c)).unwrap(),
                Screen::Thinking(_) | Screen::Elsewhere(_) => panic!("people only"),
                Screen::Play(c) => {
                    if t.step.review {
                        s.apply(Command::EndReview).unwrap();
                        continue;
                    }
                    if t.step.staged > 0 || t.step.pending {
                        assert!(t.step.hint, "{c}: a staged step offers a hint");
                        let (record, who, _) = hint_request(&s).unwrap();
                        assert_eq!(who, c);
                        let (moves, game, chosen) = hint_point(&s);
                        let replayed = crate::engine::AnyRecord::parse(&record).unwrap().replay().unwrap();
                        assert!(replayed.to_move().contains(&c), "{c} decides in the hint's position: {record}");
                        let lines: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
                        let written: Vec<&str> = record.lines().filter(|l| !l.is_empty() && !l.starts_with('[')).collect();
                        assert_eq!(written, lines, "the request holds the staged steps");
                        let g = any(&s);
                        let legal = G::moves_of(&game.view(Some(c))).to_vec();
                        let pick = chosen.unwrap_or(legal[(step as usize * 7) % legal.len()]);
                        let h = g.hint(Some(&pick.to_string()), c).unwrap();
                        // A bid the hint raises (`hint::untied`) is not the bid chosen.
                        let raised = pick.to_string().contains(" bid ") && h.money().is_some_and(|n| !pick.to_string().contains(&format!(" bid {n}")));
                        match chosen {
                            Some(_) if !raised => assert_eq!(h.picks, vec![Pick::Confirm], "{pick}"),
                            Some(_) => assert_eq!(h.picks, vec![Pick::TakeBack], "{pick}"),
                            None => assert!(!h.picks.contains(&Pick::Confirm) && !h.picks.contains(&Pick::TakeBack), "{pick}"),
                        }
                        let text = h.text(&g.names());
                        assert!(!text.contains('{'), "{text}");
                        if chosen.is_some()
                            && let Some(other) = legal.iter().find(|&&m| Some(m) != chosen)
                        {
                            assert_eq!(g.hint(Some(&other.to_string()), c).unwrap().picks, vec![Pick::TakeBack], "{other}");
                        }
                        checked += 1;
                        if checked >= want {
                            break;
                        }
                    }
                    if t.step.must_confirm {
                        s.apply(Command::Confirm).unwrap();
                        continue;
                    }
                    if t.step.offer && step % 2 == 0 {
                        s.apply(Command::Pass).unwrap();
                        continue;
                    }
                    let moves = G::moves_of(&t.view);
                    let m = moves[(step.wrapping_mul(2654435761) ^ seed) as usize % moves.len()];
                    s.apply(Command::Act(m)).unwrap();
                }
            }
        }
        checked
    }

    #[test]
    fn a_staged_step_has_a_hint_in_both_editions() {
        crate::i18n::tests::install_all();
        let (mut classic, mut new, mut seed) = (0, 0, 0u64);
        while classic < 200 || new < 200 {
            seed += 1;
            assert!(seed < 100, "too few staged steps: {classic} Classic, {new} New Edition");
            let players = vec![Colour::Red, Colour::Yellow, Colour::Purple];
            let kind = if seed % 2 == 0 { SetupKind::Basic } else { SetupKind::Variable };
            let s = Session::<crate::engine::classic::game::Game>::new("c".into(), Setup::new(players, kind, seed), vec!["Ann".into(), "Ben".into(), "Cleo".into()]).unwrap();
            classic += staged_steps_have_hints(s, seed, 60, |s| AnySession::Classic(s.clone()));
            let setup = newed::Setup::new(vec![Colour::Red, Colour::Blue, Colour::Orange], seed);
            let s = Session::<newed::Game>::new("n".into(), setup, vec!["Ann".into(), "Ben".into(), "Cleo".into()]).unwrap();
            new += staged_steps_have_hints(s, seed, 60, |s| AnySession::New(s.clone()));
        }
    }

    #[test]
    fn a_computer_due_is_asked_once_and_its_answer_played_or_refused() {
        let setup = Setup::new(vec![Colour::Red, Colour::Yellow, Colour::Purple], SetupKind::Basic, 42);
        let s = Session::<crate::engine::classic::game::Game>::new("c".into(), setup, vec!["Ann".into(), "Ben".into(), "Cleo".into()]).unwrap();
        let mut g = AnySession::Classic(s.with_seats(Seats { bots: vec![(Colour::Red, Level::Easy)], hints: None, ..Default::default() }));
        let (job, record, _) = g.job().expect("red, a computer, starts");
        assert_eq!((job.colour, job.ply, job.due), (Colour::Red, 0, true));
        assert!(record.contains("[Bots \"red:easy\"]"));
        assert!(g.play_job(&job, None).is_err(), "a computer that must move can't pass");
        assert!(g.play_job(&job, Some("yellow decide 1")).is_err(), "nor move for another");
        assert!(g.play_job(&job, Some("red fly")).is_err(), "nor say nonsense");
        g.play_job(&job, Some("red decide 1 2")).unwrap();
        assert!(g.job().is_none(), "yellow, a person, is next");
    }
}
