//! A game being played on one device: committed moves, the moves the player holding the
//! device has staged but not yet confirmed, and who is holding the device.

use super::log::{describe_all, LogLine};
use crate::engine::classic::record::write_record;
use crate::engine::{Colour, Event, Game, IllegalMove, Move, PhaseView, Setup, View};
use crate::tr;

/// A neutral colour in a prompt ("Place a castle for the neutral grey."): lowercase as an
/// adjective in English and Italian; a German colour word used so is a noun („die neutrale Farbe Grau“).
pub(crate) fn neutral_colour(edition: crate::engine::Edition, c: Colour) -> String {
    let label = super::colour_name(edition, c);
    if crate::i18n::lang() == crate::i18n::Lang::De { label.to_string() } else { label.to_lowercase() }
}

/// A game in progress on this device.
#[derive(Clone, Debug)]
pub struct Session {
    /// Save id.
    pub id: String,
    /// The setup (the record's headers).
    pub setup: Setup,
    /// Names in seating order.
    pub names: Vec<String>,
    /// Confirmed moves.
    pub moves: Vec<Move>,
    /// The game after the confirmed moves.
    pub game: Game,
    /// Moves the current player has made but not confirmed (they can be taken back).
    pub staged: Vec<Move>,
    /// The game after the staged moves (what the board shows).
    pub shown: Game,
    /// A move of the holder that would turn up the next action card, reveal the bids or end the
    /// game: held back (not played) until the player confirms it, so it can still be taken back
    /// without anyone seeing what it reveals.
    pub pending: Option<Move>,
    /// The colour holding the device (after the hand-over screen was dismissed).
    pub holder: Option<Colour>,
    /// What each player missed while others held the device.
    pub since: super::since::Since,
    /// The player who just laid a decision card passed on playing a politics card.
    pub window_passed: bool,
    /// The game log (public information only).
    pub log: Vec<LogLine>,
    /// Public announcements still to be shown to the table (revealed bids), oldest first.
    pub announcements: Vec<String>,
    /// Score changes of the last confirmed step, for highlighting.
    pub last_score_changes: Vec<(Colour, i32)>,
    /// Computer seats and hints.
    pub seats: super::seats::Seats,
    /// After a person confirmed a turn that revealed nothing and handed the game to the
    /// computers: the number of moves before it, until the first computer move is shown.
    pub takeback: Option<usize>,
}

/// What the screen must show now.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Screen {
    /// A public announcement for everyone (no private information on screen).
    Announcement(String),
    /// Pass the device to this player.
    HandOver(Colour),
    /// The player holding the device acts.
    Play(Colour),
    /// A computer decides (the board shows what the person holding the device may see).
    Thinking(Colour),
    /// The game is over.
    Over,
}

impl Session {
    /// Starts a new game.
    ///
    /// # Errors
    /// The engine's reason when the setup is invalid.
    pub fn new(id: String, setup: Setup, names: Vec<String>) -> Result<Session, String> {
        let (game, events) = Game::new(&setup).map_err(|e| e.to_string())?;
        let mut s = Session {
            id,
            setup,
            names,
            moves: Vec::new(),
            shown: game.clone(),
            game,
            staged: Vec::new(),
            pending: None,
            holder: None,
            since: Default::default(),
            window_passed: false,
            log: Vec::new(),
            announcements: Vec::new(),
            last_score_changes: Vec::new(),
            seats: Default::default(),
            takeback: None,
        };
        s.record_events(&events, 0);
        Ok(s)
    }

    /// The same game with computers in some seats (and hints allowed or not).
    pub fn with_seats(mut self, seats: super::seats::Seats) -> Session {
        self.seats = seats;
        self.settle();
        self
    }

    /// With one person among computers, that person keeps the device: no hand-over screens,
    /// and what the computers do is marked for them as "since your turn".
    fn settle(&mut self) {
        let Some(me) = self.seats.solo(&self.setup.players) else { return };
        if self.actor().is_some_and(|a| a != me) {
            let v = self.game.view(None);
            self.since.hand_over(Some(me), me, self.log.len(), super::since::Snapshot { borders: v.borders, pieces: v.pieces });
        }
        self.holder = Some(me);
    }

    /// A computer's move, made at once (computers stage nothing).
    ///
    /// # Errors
    /// The engine's reason; nothing changes.
    pub fn bot_move(&mut self, m: Move) -> Result<(), IllegalMove> {
        if self.seats.person(m.by()) || !self.staged.is_empty() || self.pending.is_some() {
            return Err(IllegalMove::NotYourTurn);
        }
        let round = self.game.round();
        let ev = self.game.play(m)?;
        self.last_score_changes.clear();
        self.moves.push(m);
        self.record_events(&ev, round);
        self.shown = self.game.clone();
        self.window_passed = false;
        self.takeback = None;
        Ok(())
    }

    /// A computer lets its politics window pass.
    pub fn bot_pass(&mut self) {
        self.window_passed = true;
    }

    /// Writes the log again in the current language (the player switched languages): the
    /// confirmed moves are replayed on a fresh game; everything else stays as it is.
    pub fn relog(&mut self) {
        let Ok(mut fresh) = Session::new(self.id.clone(), self.setup.clone(), self.names.clone()) else { return };
        for &m in &self.moves {
            if fresh.play_logged(m).is_err() {
                return;
            }
        }
        let keep = fresh.announcements.len().saturating_sub(self.announcements.len());
        self.announcements = fresh.announcements.split_off(keep);
        self.log = fresh.log;
    }

    /// Plays a confirmed move of a record onto the game, logged as the table saw it (no
    /// screens: a record being read, or the log being retold).
    fn play_logged(&mut self, mv: Move) -> Result<(), IllegalMove> {
        let round = self.game.round();
        let ev = self.game.play(mv)?;
        self.moves.push(mv);
        self.record_events(&ev, round);
        Ok(())
    }

    /// Rebuilds a session from a record (a save or an import).
    ///
    /// # Errors
    /// The record's first problem, as `line N: reason`.
    pub fn from_record(id: String, text: &str) -> Result<Session, String> {
        let record = super::classic_record(text)?;
        let names = if record.names.len() == record.setup.players.len() {
            record.names.clone()
        } else {
            record.setup.players.iter().map(|&c| super::colour_label(c).to_string()).collect()
        };
        let mut s = Session::new(id, record.setup.clone(), names)?;
        s.seats = super::seats::Seats::from_record(text)?;
        for &(line, mv) in &record.moves {
            s.play_logged(mv).map_err(|e| format!("line {line}: {mv}: {e}"))?;
        }
        s.shown = s.game.clone();
        s.announcements.clear();
        s.last_score_changes.clear();
        s.settle();
        Ok(s)
    }

    /// The record of the confirmed moves.
    pub fn record(&self) -> String {
        self.seats.write(write_record(&self.setup, &self.names, &self.moves), &self.setup.players)
    }

    /// The display name of a colour.
    pub fn name(&self, c: Colour) -> String {
        match self.setup.players.iter().position(|&p| p == c) {
            Some(i) => super::player_name(crate::engine::Edition::Classic, c, self.names.get(i).map_or(super::colour_label(c), |n| n.as_str())),
            None => tr!(LogNeutral, colour = super::colour_name(crate::engine::Edition::Classic, c)),
        }
    }

    /// The player whose input or screen comes next (on the shown game).
    pub fn actor(&self) -> Option<Colour> {
        let g = &self.shown;
        // Unconfirmed moves keep the device with their player until confirmed or taken back.
        if !self.staged.is_empty() || self.pending.is_some() {
            return self.holder;
        }
        if g.is_over() {
            return None;
        }
        if let Some(w) = self.politics_offer() {
            return Some(w);
        }
        g.to_move().first().copied()
    }

    /// The player who just laid a decision card and may still play Alliance or Renegade with
    /// it (unless they passed).
    pub fn politics_offer(&self) -> Option<Colour> {
        let g = &self.shown;
        let (w, left) = g.politics_window()?;
        let can_play = g.legal_moves().iter().any(|m| matches!(m, Move::Alliance { by, .. } | Move::Renegade { by, .. } if *by == w));
        (!self.window_passed && left > 0 && can_play).then_some(w)
    }

    /// What to show now.
    pub fn screen(&self) -> Screen {
        if let Some(a) = self.announcements.first() {
            return Screen::Announcement(a.clone());
        }
        match self.actor() {
            None => Screen::Over,
            Some(a) if !self.seats.person(a) => Screen::Thinking(a),
            Some(a) if self.holder == Some(a) => Screen::Play(a),
            Some(a) => Screen::HandOver(a),
        }
    }

    /// Why the device goes to the next player now (for the hand-over screen).
    pub fn hand_over_reason(&self) -> String {
        let v = self.shown.view(None);
        let action = |i: u8| {
            v.card
                .and_then(|c| match c.face() {
                    crate::engine::CardFace::Actions(a) => a.get(i as usize).map(|&x| tr!(LogQuoted, what = super::log::action_text(x))),
                    _ => None,
                })
                .unwrap_or_else(|| tr!(LogActionNumber, n = i + 1))
        };
        if self.politics_offer().is_some() {
            return tr!(String SessMayPlayPolitics);
        }
        match &v.phase {
            PhaseView::Placement { placer, colour, castle: None, .. } if placer != colour => tr!(SessPlaceNeutralCastle, colour = neutral_colour(crate::engine::Edition::Classic, *colour)),
            PhaseView::Placement { castle: None, .. } => tr!(String SessPlaceCastle),
            PhaseView::Placement { .. } => tr!(String SessPlaceKnight),
            PhaseView::Choosing { next, .. } if *next == v.start_player => tr!(SessStartDecide, round = v.round, name = self.name(*next)),
            PhaseView::Choosing { .. } => tr!(String SessDecide),
            PhaseView::Negotiation { action: a, pair, speaker, last, .. } => {
                let other = if pair[0] == *speaker { pair[1] } else { pair[0] };
                let i = if pair[0] == other { 0 } else { 1 };
                match last[i] {
                    Some(n) => tr!(SessOffer, name = self.name(other), amount = super::newed_log::ducats(n), action = action(*a)),
                    None => tr!(SessNegotiate, name = self.name(other), action = action(*a)),
                }
            }
            PhaseView::Duel { action: a, .. } => tr!(SessSealedBid, action = action(*a)),
            PhaseView::Perform { action: a, .. } => tr!(SessPerform, action = action(*a)),
            PhaseView::Over { .. } => String::new(),
        }
    }

    /// The view of the player holding the device (on the shown game).
    pub fn view(&self) -> View {
        match self.screen() {
            Screen::Play(c) => self.shown.view(Some(c)),
            // One person among computers keeps their own secrets on screen while they think.
            Screen::Thinking(_) | Screen::Announcement(_) if self.seats.solo(&self.setup.players).is_some() => self.shown.view(self.holder),
            _ => self.shown.view(None),
        }
    }

    /// The hand-over screen was dismissed by `c`.
    pub fn take_device(&mut self, c: Colour) {
        if self.screen() == Screen::HandOver(c) {
            let v = self.game.view(None);
            self.since.hand_over(self.holder, c, self.log.len(), super::since::Snapshot { borders: v.borders, pieces: v.pieces });
            self.holder = Some(c);
        }
    }

    /// The table has seen the oldest announcement.
    pub fn dismiss_announcement(&mut self) {
        if !self.announcements.is_empty() {
            self.announcements.remove(0);
        }
    }

    /// The player passes on playing a politics card with the decision just laid.
    pub fn pass_politics(&mut self) {
        self.window_passed = true;
    }

    /// True for moves that are staged (can be taken back) rather than confirmed at once.
    pub fn is_stageable(m: &Move) -> bool {
        matches!(m, Move::Castle { .. } | Move::Knight { .. } | Move::Border { .. } | Move::Expand { .. })
    }

    /// Makes a move for the player holding the device: staged if it can be taken back,
    /// otherwise confirmed at once (with anything staged before it).
    ///
    /// # Errors
    /// The engine's reason; nothing changes.
    pub fn act(&mut self, m: Move) -> Result<(), IllegalMove> {
        if Some(m.by()) != self.holder {
            return Err(IllegalMove::NotYourTurn);
        }
        self.since.acted();
        if self.pending.is_some() {
            return Err(IllegalMove::NotYourTurn);
        }
        let mut next = self.shown.clone();
        let events = next.play(m)?;
        // A card drawn, a bid revealed or the game's end can't be taken back once seen.
        let reveals = events.iter().any(|e| matches!(e, Event::CardDrawn { .. } | Event::BidsRevealed { .. } | Event::GameOver { .. }));
        // A board move (or ending an action) that would reveal something waits for "Confirm".
        if reveals && (Self::is_stageable(&m) || matches!(m, Move::Done { .. })) {
            self.pending = Some(m);
            return Ok(());
        }
        self.staged.push(m);
        self.shown = next;
        if !Self::is_stageable(&m) || reveals {
            self.confirm();
        }
        Ok(())
    }

    /// True when staged moves ended the player's part (they must confirm or take back).
    pub fn must_confirm(&self) -> bool {
        self.pending.is_some() || (!self.staged.is_empty() && self.shown.to_move().first().copied() != self.holder)
    }

    /// Takes back the last staged move.
    pub fn undo(&mut self) {
        if self.pending.take().is_some() {
            return;
        }
        if self.staged.pop().is_some() {
            let mut g = self.game.clone();
            for &m in &self.staged {
                if g.play(m).is_err() {
                    unreachable!("staged moves replay");
                }
            }
            self.shown = g;
        }
    }

    /// Takes back every staged move (leaving the game mid-action).
    pub fn undo_all(&mut self) {
        self.pending = None;
        self.staged.clear();
        self.shown = self.game.clone();
    }

    /// Confirms the staged moves.
    pub fn confirm(&mut self) {
        let mut staged = std::mem::take(&mut self.staged);
        staged.extend(self.pending.take());
        self.last_score_changes.clear();
        let before = self.moves.len();
        let mut revealed = false;
        for m in staged {
            let round = self.game.round();
            let Ok(ev) = self.game.play(m) else { unreachable!("staged moves replay") };
            revealed |= ev.iter().any(|e| matches!(e, Event::CardDrawn { .. } | Event::BidsRevealed { .. } | Event::GameOver { .. }));
            self.moves.push(m);
            self.record_events(&ev, round);
        }
        self.shown = self.game.clone();
        self.window_passed = false;
        let to_computer = self.actor().is_some_and(|a| !self.seats.person(a));
        self.takeback = (to_computer && !revealed && self.moves.len() > before).then_some(before);
        self.settle();
    }

    /// Against computers: takes back the turn just confirmed (before the first computer move
    /// is shown, and only when it revealed nothing): its moves are staged again.
    pub fn take_back_turn(&mut self) {
        let Some(n) = self.takeback.take() else { return };
        let again: Vec<Move> = self.moves[n..].to_vec();
        let mut s = self.clone();
        s.moves.truncate(n);
        let Ok(mut back) = Session::from_record(self.id.clone(), &s.record()) else { return };
        back.holder = self.holder;
        back.since = self.since.clone();
        for m in again {
            if back.shown.play(m).is_err() {
                return;
            }
            back.staged.push(m);
        }
        *self = back;
    }

    /// Logs the events of one move (or of the start), which began in `round`.
    fn record_events(&mut self, events: &[Event], round: u32) {
        for e in events {
            if let Event::Score { colour, delta, .. } = e {
                self.last_score_changes.push((*colour, *delta));
            }
        }
        let mut revealed = false;
        for (e, line) in describe_all(events, &|c| self.name(c), round) {
            match e {
                Event::BidsRevealed { .. } => {
                    self.announcements.push(line.text.clone());
                    revealed = true;
                }
                // The reveal names its outcome: the winner, a second duel, or nobody.
                Event::DuelWon { .. } | Event::DuelStarted { second: true, .. } | Event::DuelVoid { .. } if revealed => {
                    if let Some(a) = self.announcements.last_mut() {
                        *a = tr!(SessAnnouncement, a = a, b = line.text);
                    }
                    revealed = false;
                }
                _ => {}
            }
            self.log.push(line);
        }
    }

    /// A short description for the list of saved games.
    pub fn summary(&self) -> String {
        let who: Vec<String> = self.setup.players.iter().map(|&c| self.name(c)).collect();
        let state = match self.game.view(None).phase {
            PhaseView::Over { .. } => tr!(String SessFinished),
            PhaseView::Placement { .. } => tr!(String SessSettingUp),
            _ => tr!(SessRound, n = self.game.round()),
        };
        tr!(SessSummaryClassic, players = who.join(", "), state = state)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::SetupKind;

    fn three() -> Session {
        let setup = Setup::new(vec![Colour::Red, Colour::Yellow, Colour::Purple], SetupKind::Basic, 42);
        Session::new("t".into(), setup, vec!["Ann".into(), "Ben".into(), "Cleo".into()]).unwrap()
    }

    #[test]
    fn against_computers_a_turn_can_be_taken_back_until_the_first_computer_move() {
        use crate::engine::ai::Level;
        let seats = crate::app::seats::Seats { bots: vec![(Colour::Yellow, Level::Easy), (Colour::Purple, Level::Easy)], hints: None };
        let mut s = three().with_seats(seats);
        assert_eq!(s.screen(), Screen::Play(Colour::Red));
        s.act(Move::Decide { by: Colour::Red, first: 1, second: Some(3) }).unwrap();
        assert_eq!(s.screen(), Screen::Thinking(Colour::Yellow));
        assert_eq!(s.takeback, Some(0), "the decision revealed nothing");
        let record = s.record();
        s.take_back_turn();
        assert_eq!(s.moves.len(), 0);
        assert_eq!(s.staged, vec![Move::Decide { by: Colour::Red, first: 1, second: Some(3) }], "staged again");
        assert_eq!(s.screen(), Screen::Play(Colour::Red));
        s.undo();
        s.act(Move::Decide { by: Colour::Red, first: 2, second: Some(3) }).unwrap();
        assert_ne!(s.record(), record, "a different decision");
        s.bot_move(Move::Decide { by: Colour::Yellow, first: 1, second: None }).unwrap();
        assert_eq!(s.takeback, None, "never across a computer's move");
        let moves = s.moves.clone();
        s.take_back_turn();
        assert_eq!(s.moves, moves);
    }

    #[test]
    fn one_person_among_computers_never_sees_a_hand_over_and_the_record_names_the_computers() {
        use crate::engine::ai::{self, Level};
        let seats = crate::app::seats::Seats { bots: vec![(Colour::Red, Level::Easy), (Colour::Purple, Level::Easy)], hints: None };
        let mut s = three().with_seats(seats.clone());
        // Red (a computer) starts: it thinks, with yellow's own secrets on screen.
        assert_eq!(s.screen(), Screen::Thinking(Colour::Red));
        assert_eq!(s.view().viewer, Some(Colour::Yellow));
        assert!(s.act(Move::Decide { by: Colour::Red, first: 1, second: None }).is_err(), "a person can't move for a computer");
        let mut people_turns = 0;
        for ply in 0..400 {
            match s.screen() {
                Screen::Over => break,
                Screen::HandOver(c) => panic!("hand-over to {c} at a table with one person"),
                Screen::Announcement(_) => s.dismiss_announcement(),
                Screen::Thinking(c) => {
                    let due = s.game.to_move().contains(&c);
                    match ai::decide(&s.game, c, Level::Easy, ply).unwrap().0 {
                        Some(m) => s.bot_move(m).unwrap(),
                        None => {
                            assert!(!due);
                            s.bot_pass();
                        }
                    }
                }
                Screen::Play(c) => {
                    assert_eq!(c, Colour::Yellow);
                    people_turns += 1;
                    let m = s.view().moves.first().copied().expect("yellow has a move");
                    s.act(m).unwrap();
                    if !s.staged.is_empty() || s.pending.is_some() {
                        s.confirm();
                    }
                }
            }
        }
        assert!(people_turns > 3 && s.moves.len() > 20, "a real stretch of game");
        let record = s.record();
        assert!(record.contains("[Bots \"red:easy purple:easy\"]"), "{record}");
        let again = Session::from_record("again".into(), &record).unwrap();
        assert_eq!(again.seats, seats, "a save keeps the computers");
        assert_eq!(again.moves, s.moves);
        assert_ne!(again.screen(), Screen::HandOver(Colour::Yellow));
    }

    #[test]
    fn the_device_goes_to_whoever_must_act_behind_a_hand_over() {
        let mut s = three();
        assert_eq!(s.screen(), Screen::HandOver(Colour::Red));
        // Nobody else can dismiss Ann's hand-over screen.
        s.take_device(Colour::Yellow);
        assert_eq!(s.screen(), Screen::HandOver(Colour::Red));
        s.take_device(Colour::Red);
        assert_eq!(s.screen(), Screen::Play(Colour::Red));
        assert_eq!(s.view().viewer, Some(Colour::Red));
        s.act(Move::Decide { by: Colour::Red, first: 1, second: Some(2) }).unwrap();
        assert_eq!(s.screen(), Screen::HandOver(Colour::Yellow));
        // Behind a hand-over the view holds nobody's secrets.
        assert_eq!(s.view().viewer, None);
        assert!(s.view().hands.0.iter().all(|h| h.is_none()));
    }

    #[test]
    fn staged_moves_can_be_taken_back_until_confirmed() {
        let mut s = three();
        // Play until someone performs a borders action.
        let mut guard = 0;
        loop {
            guard += 1;
            assert!(guard < 500);
            let a = s.actor().unwrap();
            s.take_device(a);
            let v = s.view();
            if let Some(m) = v.moves.iter().find(|m| matches!(m, Move::Border { .. })) {
                let before = s.shown.summary();
                let confirmed = s.moves.len();
                s.act(*m).unwrap();
                assert_eq!(s.moves.len(), confirmed, "a border is staged, not confirmed");
                assert_eq!(s.staged.len(), 1);
                s.undo();
                assert_eq!(s.shown.summary(), before);
                assert!(s.staged.is_empty());
                break;
            }
            let m = v.moves.iter().find(|m| !matches!(m, Move::Unally { .. } | Move::Alliance { .. } | Move::Renegade { .. })).copied().unwrap();
            s.act(m).unwrap();
            if !s.staged.is_empty() {
                s.confirm();
            }
            while !s.announcements.is_empty() {
                s.dismiss_announcement();
            }
        }
    }

    #[test]
    fn the_device_stays_with_a_player_until_their_staged_moves_are_confirmed() {
        let mut s = three();
        for (c, d) in [(Colour::Red, (1, Some(3))), (Colour::Yellow, (1, None)), (Colour::Purple, (2, None))] {
            s.take_device(c);
            s.act(Move::Decide { by: c, first: d.0, second: d.1 }).unwrap();
        }
        // Purple alone chose "place 2 borders".
        s.take_device(Colour::Purple);
        let edges: Vec<Move> = s.view().moves.iter().copied().filter(|m| matches!(m, Move::Border { .. })).collect();
        s.act(edges[0]).unwrap();
        let second = s.view().moves.iter().copied().find(|m| matches!(m, Move::Border { .. })).unwrap();
        s.act(second).unwrap();
        assert!(s.must_confirm(), "the action ended: purple must confirm");
        assert_eq!(s.screen(), Screen::Play(Colour::Purple));
        s.confirm();
        // Red chose action 3 (knight or expand) and performs next.
        assert_eq!(s.screen(), Screen::HandOver(Colour::Red));
        assert_eq!(s.moves.len(), 5);
    }

    /// Red's province f6–g8 (castle f7) beside yellow's h6–i8 (castle i8) on the basic map
    /// (tests/rules.rs draws it): the borders around both.
    const SIDE_BY_SIDE: &str = "e6-f6 g6-h6 i6-j6 e7-f7 g7-h7 i7-j7 e8-f8 g8-h8 i8-j8 f5-f6 g5-g6 h5-h6 i5-i6 f8-f9 g8-g9 h8-h9 i8-i9";

    /// Purple's province d6–e8 (castle d7) to the left of SIDE_BY_SIDE's two.
    const THREE_IN_A_ROW: &str = "c6-d6 e6-f6 g6-h6 i6-j6 c7-d7 e7-f7 g7-h7 i7-j7 c8-d8 e8-f8 g8-h8 i8-j8 d5-d6 e5-e6 f5-f6 g5-g6 h5-h6 i5-i6 d8-d9 e8-e9 f8-f9 g8-g9 h8-h9 i8-i9";

    /// A session from a custom-setup record of `players` with the given headers and moves.
    fn custom(players: &str, headers: &str, moves: &str) -> Session {
        let text = format!("[Edition \"classic\"]\n[Players \"{players}\"]\n[Setup \"custom\"]\n[Seed \"1\"]\n{headers}\n{moves}");
        Session::from_record("t".into(), &text).unwrap_or_else(|e| panic!("{e}\n{text}"))
    }

    /// The log line with this text.
    fn line<'a>(s: &'a Session, text: &str) -> &'a LogLine {
        s.log.iter().find(|l| l.text == text).unwrap_or_else(|| panic!("no line '{text}' in {:#?}", s.log))
    }

    // R-C4: the neutral colour's province is founded, but it scores nothing, so its log line
    // claims no points.
    #[test]
    fn a_neutral_province_is_logged_without_points() {
        // Two players, grey neutral. h6–h8 is open land holding yellow's castle h6 and grey's h8;
        // red takes the city h7 between them, which founds both.
        let s = custom(
            "red yellow",
            "[Neutral \"grey\"]\n[Castles \"red:f7 yellow:h6 grey:h8\"]\n[Knights \"red:g7\"]\n[Borders \"e6-f6 g6-h6 h6-i6 e7-f7 g7-h7 h7-i7 e8-f8 g8-h8 h8-i8 f5-f6 g5-g6 h5-h6 f8-f9 g8-g9 h8-h9\"]\n[Deck \"B2 B1\"]\n[Start \"red\"]",
            "red decide 3 1\nyellow decide 1\nred expand h7\n",
        );
        assert_eq!(s.game.score(Colour::Grey), 0);
        line(&s, "Yellow founded a 1-space province at h6: +3.");
        line(&s, "Grey (neutral) founded a 1-space province at h8.");
        assert!(!s.log.iter().any(|l| l.colour == Some(Colour::Grey) && l.text.contains('+')), "{:#?}", s.log);
    }

    // A second tie voids the last action of card B2, and the same move draws card B1: the lines
    // of the old card name its actions and its round, not the new card's.
    #[test]
    fn a_move_that_draws_the_next_card_logs_the_old_card_in_its_round() {
        let s = custom(
            "red yellow purple",
            &format!("[Castles \"red:f7 yellow:i8\"]\n[Borders \"{SIDE_BY_SIDE}\"]\n[Deck \"B2 B1\"]\n[Start \"red\"]"),
            "red decide 3 1\nyellow decide 3\npurple decide 3\nyellow bid 5\npurple bid 2\nred bid 5\nred bid 3\nyellow bid 3\n",
        );
        assert_eq!(s.game.round(), 2, "card B1 is up");
        assert_eq!(line(&s, "Duel for action 3 (1 knight or expand): Red, Yellow, Purple.").round, 1);
        assert_eq!(line(&s, "Tied again: nobody performs action 3 (1 knight or expand).").round, 1);
        assert_eq!(line(&s, "Round 2: Yellow is start player.").round, 2);
    }

    // R-B7: ending an alliance costs 10, paid with money or treasure cards (R-C1); the log says which.
    #[test]
    fn ending_an_alliance_is_logged_with_what_paid_for_it() {
        let unally = |hand: &str, pay: &str| {
            custom(
                "red yellow purple",
                &format!("[Castles \"purple:d7 red:f7 yellow:i8\"]\n[Knights \"red:g7,g8 yellow:i7\"]\n[Borders \"{THREE_IN_A_ROW}\"]\n[Hands \"red:alliance{hand}\"]\n[Deck \"B2 B1\"]\n[Start \"red\"]"),
                &format!("red decide 3 1\nred alliance f7 i8\nyellow decide 1\npurple decide 1\nred unally i8 f7{pay}\n"),
            )
        };
        let s = unally(",treasure10", " treasure10");
        assert_eq!(s.game.hand(Colour::Red), [], "the treasure card paid");
        line(&s, "Red paid a treasure card (10) to end the alliance of f7 and i8.");
        let s = unally(",treasure8", " treasure8");
        line(&s, "Red paid 2 ducats and a treasure card (8) to end the alliance of f7 and i8.");
        let s = unally("", "");
        line(&s, "Red paid 10 ducats to end the alliance of f7 and i8.");
    }

    #[test]
    fn a_record_round_trips_through_a_session() {
        let mut s = three();
        s.take_device(Colour::Red);
        s.act(Move::Decide { by: Colour::Red, first: 1, second: Some(3) }).unwrap();
        let again = Session::from_record("t".into(), &s.record()).unwrap();
        assert_eq!(again.moves, s.moves);
        assert_eq!(again.names, s.names);
        assert_eq!(again.game.summary(), s.game.summary());
    }

    #[test]
    fn a_round_ending_border_waits_for_confirm_and_can_be_taken_back() {
        let mut s = three();
        let mut guard = 0;
        loop {
            guard += 1;
            assert!(guard < 3000, "no round-ending border in this game");
            let a = s.actor().unwrap();
            s.take_device(a);
            let v = s.view();
            // A border whose action ends the round (the next action card would be turned up).
            let ends_round = v.moves.iter().copied().find(|&m| {
                matches!(m, Move::Border { .. }) && s.shown.clone().play(m).is_ok_and(|ev| ev.iter().any(|e| matches!(e, Event::CardDrawn { .. })))
            });
            if let Some(m) = ends_round {
                let (round, confirmed, card) = (s.shown.round(), s.moves.len(), s.shown.view(None).card);
                s.act(m).unwrap();
                assert_eq!(s.pending, Some(m));
                assert!(s.must_confirm());
                assert_eq!(s.screen(), Screen::Play(a), "the device stays until confirmed");
                assert_eq!((s.shown.round(), s.moves.len(), s.shown.view(None).card), (round, confirmed, card), "no card turned up yet");
                s.undo();
                assert_eq!(s.pending, None, "taken back");
                assert!(s.view().moves.contains(&m), "and can be placed again");
                s.act(m).unwrap();
                s.confirm();
                assert_eq!(s.moves.last(), Some(&m));
                assert!(s.shown.view(None).card != card || s.shown.round() != round, "confirmed: the next card is up");
                break;
            }
            let m = v.moves.iter().find(|m| !matches!(m, Move::Unally { .. } | Move::Alliance { .. } | Move::Renegade { .. })).copied().unwrap();
            s.act(m).unwrap();
            if s.must_confirm() {
                s.confirm();
            }
            while !s.announcements.is_empty() {
                s.dismiss_announcement();
            }
        }
    }

    #[test]
    fn every_hand_over_says_why_the_device_is_passed() {
        let mut s = three();
        let mut reasons = Vec::new();
        for _ in 0..400 {
            let Some(a) = s.actor() else { break };
            if s.screen() == Screen::HandOver(a) {
                let r = s.hand_over_reason();
                assert!(!r.is_empty(), "a reason for {a}");
                reasons.push(r);
                s.take_device(a);
            }
            while !s.announcements.is_empty() {
                s.dismiss_announcement();
            }
            let v = s.view();
            let Some(&m) = v.moves.iter().find(|m| !matches!(m, Move::Unally { .. } | Move::Alliance { .. } | Move::Renegade { .. })) else { break };
            s.act(m).unwrap();
            if s.must_confirm() {
                s.confirm();
            }
        }
        assert!(reasons.iter().any(|r| r.starts_with("Round 1: Ann is start player")), "{reasons:?}");
        assert!(reasons.iter().any(|r| r.starts_with("Perform \u{201c}") || r.starts_with("Your sealed bid for \u{201c}") || r.contains("for \u{201c}")), "{reasons:?}");
    }

    #[test]
    fn prompts_summary_and_log_follow_the_language() {
        use crate::i18n::{set_lang, tests::install_all, Lang};
        install_all();
        set_lang(Lang::En);
        let mut s = three();
        assert_eq!(s.hand_over_reason(), "Round 1: Ann is start player \u{2014} lay your decision.");
        assert_eq!(s.summary(), "Classic \u{b7} Ann, Ben, Cleo \u{b7} round 1");
        let english = s.log.clone();
        set_lang(Lang::De);
        assert_eq!(s.hand_over_reason(), "Runde 1: Ann ist Startspieler \u{2013} leg deine Entscheidungskarte.");
        assert_eq!(s.summary(), "Klassisch \u{b7} Ann, Ben, Cleo \u{b7} Runde 1");
        s.relog();
        assert_eq!(s.log.len(), english.len());
        assert!(s.log.iter().any(|l| l.text.starts_with("Runde 1: Ann ist Startspieler")), "{:#?}", s.log);
        assert!(s.log.iter().any(|l| l.text.starts_with("Aktionskarte ")), "{:#?}", s.log);
        set_lang(Lang::It);
        assert_eq!(s.hand_over_reason(), "Round 1: Ann \u{e8} il primo giocatore \u{2013} gioca la tua carta decisione.");
        s.take_device(Colour::Red);
        s.act(Move::Decide { by: Colour::Red, first: 1, second: Some(2) }).unwrap();
        assert_eq!(s.hand_over_reason(), "Gioca la tua carta decisione.");
        set_lang(Lang::En);
        s.relog();
        assert!(s.log.iter().any(|l| l.text == "Ann chose 1 and 2."), "{:#?}", s.log);
    }
}
