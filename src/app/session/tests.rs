//! The session machine's tests, for both editions.

mod classic {
    use super::super::*;
    use crate::app::log::LogLine;
    use crate::engine::classic::game::Game;
    use crate::engine::classic::{Event, Move, Setup, SetupKind};

    type Session = super::super::Session<Game>;


    fn three() -> Session {
        let setup = Setup::new(vec![Colour::Red, Colour::Yellow, Colour::Purple], SetupKind::Basic, 42);
        Session::new("t".into(), setup, vec!["Ann".into(), "Ben".into(), "Cleo".into()]).unwrap()
    }

    #[test]
    fn against_computers_a_turn_can_be_taken_back_until_the_first_computer_move() {
        use crate::engine::ai::Level;
        let seats = crate::app::seats::Seats { bots: vec![(Colour::Yellow, Level::Easy), (Colour::Purple, Level::Easy)], hints: None, ..Default::default() };
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
    fn a_table_of_computers_alone_never_stops_for_an_announcement() {
        use crate::engine::ai::{self, Level};
        let seats = crate::app::seats::Seats { bots: vec![(Colour::Red, Level::Easy), (Colour::Yellow, Level::Easy), (Colour::Purple, Level::Easy)], hints: None, ..Default::default() };
        let mut s = three().with_seats(seats);
        let mut revealed = 0;
        for ply in 0..3000 {
            match s.screen() {
                Screen::Over => break,
                Screen::Thinking(c) => {
                    let lines = s.log.len();
                    match ai::decide(&s.game, c, Level::Easy, ply).unwrap().0 {
                        Some(m) => s.bot_move(m).unwrap(),
                        None => s.bot_pass(),
                    }
                    revealed += s.log[lines..].iter().filter(|l| matches!(l.said.key, crate::i18n::Key::LogActionCard | crate::i18n::Key::LogBidsRevealed)).count();
                }
                other => panic!("computers alone stopped at {other:?}"),
            }
        }
        assert_eq!(s.screen(), Screen::Over, "played to the end without a stop");
        assert!(revealed > 0, "cards were turned over on the way ({revealed})");
    }

    #[test]
    fn one_person_among_computers_never_sees_a_hand_over_and_the_record_names_the_computers() {
        use crate::engine::ai::{self, Level};
        let seats = crate::app::seats::Seats { bots: vec![(Colour::Red, Level::Easy), (Colour::Purple, Level::Easy)], hints: None, ..Default::default() };
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
                Screen::Elsewhere(c) => panic!("a session alone never waits for {c} elsewhere"),
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
        s.log.iter().find(|l| s.names().say(&l.said) == text).unwrap_or_else(|| panic!("no line '{text}' in {:#?}", s.log))
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
        assert!(!s.log.iter().any(|l| l.colour == Some(Colour::Grey) && s.names().say(&l.said).contains('+')), "{:#?}", s.log);
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
                let r = crate::app::table::TableWords::hand_over(&s).text(&s.names());
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
        assert_eq!(crate::app::table::TableWords::hand_over(&s).text(&s.names()), "Round 1: Ann is start player \u{2014} lay your decision.");
        assert_eq!(s.summary(), "Classic \u{b7} Ann, Ben, Cleo \u{b7} round 1");
        let english = s.log.clone();
        set_lang(Lang::De);
        assert_eq!(crate::app::table::TableWords::hand_over(&s).text(&s.names()), "Runde 1: Ann ist Startspieler \u{2013} leg deine Entscheidungskarte.");
        assert_eq!(s.summary(), "Klassisch \u{b7} Ann, Ben, Cleo \u{b7} Runde 1");
        assert_eq!(s.log.len(), english.len());
        assert!(s.log.iter().any(|l| s.names().say(&l.said).starts_with("Runde 1: Ann ist Startspieler")), "{:#?}", s.log);
        assert!(s.log.iter().any(|l| s.names().say(&l.said).starts_with("Aktionskarte ")), "{:#?}", s.log);
        set_lang(Lang::It);
        assert_eq!(crate::app::table::TableWords::hand_over(&s).text(&s.names()), "Round 1: Ann \u{e8} il primo giocatore \u{2013} gioca la tua carta decisione.");
        s.take_device(Colour::Red);
        s.act(Move::Decide { by: Colour::Red, first: 1, second: Some(2) }).unwrap();
        assert_eq!(crate::app::table::TableWords::hand_over(&s).text(&s.names()), "Gioca la tua carta decisione.");
        set_lang(Lang::En);
        assert!(s.log.iter().any(|l| s.names().say(&l.said) == "Ann chose 1 and 2."), "{:#?}", s.log);
    }

    /// The seats of the games played from afar in the two tests below.
    const PLAYED_FROM_AFAR: [Colour; 3] = [Colour::Red, Colour::Yellow, Colour::Purple];

    /// A Classic game of three whose every seat plays on its own device, and every move of a
    /// whole game of it (what a friend's device may send or ask about).
    fn played_from_afar(seed: u64) -> (Session, Vec<Move>) {
        let seats = crate::app::seats::Seats { remote: PLAYED_FROM_AFAR.iter().map(|&c| (c, true)).collect(), ..Default::default() };
        let setup = Setup::new(PLAYED_FROM_AFAR.to_vec(), SetupKind::Basic, seed);
        let (_, pool) = crate::engine::bot::play_out(Game::new(&setup).unwrap().0, seed);
        (Session::new("t".into(), setup, vec!["Ann".into(), "Ben".into(), "Cleo".into()]).unwrap().with_seats(seats), pool)
    }

    /// Issue 40 (SECURITY-REVIEW L6): "why would this be refused?" from a friend's device that
    /// isn't acting was answered by playing the move on the real game, which first resolves a
    /// finished choosing round — with the others' face-down decisions and the true deck. The
    /// answer must be the same in every game that looks the same to the one who asks.
    #[test]
    fn a_friends_question_is_answered_the_same_whatever_the_others_hold() {
        use crate::engine::bot::RandomBot;
        use rand::SeedableRng;
        let players = PLAYED_FROM_AFAR;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(40);
        let (mut asked, mut refused) = (0, 0);
        for seed in 0..4 {
            // Every move of a whole game: the questions a friend may ask, by colour.
            let (mut s, pool) = played_from_afar(seed);
            let mut bot = RandomBot::new(seed + 100);
            for _ in 0..600 {
                let Some(m) = bot.pick(&s.game) else { break };
                s.game.play(m).unwrap();
                // Nobody acts: every seat asks from a device that is not holding the turn.
                s.holder = None;
                for &c in &players {
                    let mut other = s.clone();
                    other.game = s.game.determinized(c, &mut rng);
                    if other.game.view(Some(c)) != s.game.view(Some(c)) {
                        // The sample redealt what c may see (others' bids under way): not a twin.
                        continue;
                    }
                    for q in pool.iter().filter(|q| q.by() == c).take(40) {
                        let here = s.apply_from(c, Command::Explain(*q));
                        asked += 1;
                        refused += usize::from(here.is_err());
                        assert_eq!(here, other.apply_from(c, Command::Explain(*q)), "{c} asks about {q} (seed {seed}): the answer depends on what {c} can't see");
                    }
                }
            }
        }
        assert!(asked > 10_000 && refused > 0, "{asked} questions, {refused} refused");
    }

    /// Issue 40: a move from afar that the engine takes but the seat's own view doesn't offer —
    /// a politics card named from a pile not opened — was answered "taken" or "not in that
    /// pile" (and a staged move is taken back at once), so a friend's device could read the
    /// piles unopened. Every move a friend's device sends is answered the same in every game
    /// that looks the same to it.
    #[test]
    fn a_friends_move_is_answered_the_same_whatever_the_others_hold() {
        use crate::engine::bot::RandomBot;
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(41);
        let (mut sent, mut refused, mut unopened) = (0, 0, 0);
        for seed in 0..4 {
            let (mut s, pool) = played_from_afar(seed);
            let mut bot = RandomBot::new(seed + 200);
            for _ in 0..600 {
                let Some(m) = bot.pick(&s.game) else { break };
                s.game.play(m).unwrap();
                s.shown = s.game.clone();
                // The seat to act holds the turn on its own device.
                s.holder = s.actor();
                let Some(c) = s.holder else { continue };
                let mut other = s.clone();
                other.game = s.game.determinized(c, &mut rng);
                other.shown = other.game.clone();
                if other.game.view(Some(c)) != s.game.view(Some(c)) {
                    continue;
                }
                let politics = matches!(s.game.phase(), crate::engine::classic::Phase::Perform { work: crate::engine::classic::game::Work::Politics { opened: None }, .. });
                for q in pool.iter().filter(|q| q.by() == c).take(60) {
                    let here = s.clone().apply_from(c, Command::Act(*q));
                    sent += 1;
                    refused += usize::from(here.is_err());
                    unopened += usize::from(politics && matches!(q, Move::Take { .. }));
                    assert_eq!(here, other.clone().apply_from(c, Command::Act(*q)), "{c} sends {q} (seed {seed}): the answer depends on what {c} can't see");
                }
            }
        }
        assert!(sent > 5_000 && refused > 0 && unopened > 0, "{sent} moves sent, {refused} refused, {unopened} taken from piles not opened");
    }

}

mod new_edition {
    use super::super::*;
    use crate::engine::newed::view::PhaseView;
    use crate::engine::newed::{Game, Move, Setup};

    type NewSession = super::super::Session<Game>;
    use super::super::Screen as NewScreen;


    fn three() -> NewSession {
        NewSession::new("t".into(), Setup::new(vec![Colour::Red, Colour::Blue, Colour::Orange], 42), vec!["Ann".into(), "Ben".into(), "Cleo".into()]).unwrap()
    }

    /// Plays the first legal move of whoever must act, confirming when the device must pass.
    fn step(s: &mut NewSession, pick: impl Fn(&[Move]) -> Move) {
        let a = s.actor().unwrap();
        s.take_device(a);
        let v = s.view();
        s.act(pick(&v.moves)).unwrap();
        if s.must_confirm() {
            s.confirm();
        }
        s.end_review();
    }

    #[test]
    fn placement_is_staged_until_confirmed_then_the_device_passes() {
        let mut s = three();
        assert_eq!(s.screen(), NewScreen::HandOver(Colour::Red));
        s.take_device(Colour::Blue);
        assert_eq!(s.screen(), NewScreen::HandOver(Colour::Red), "only red may take it");
        s.take_device(Colour::Red);
        let castle = s.view().moves[0];
        s.act(castle).unwrap();
        assert_eq!(s.moves.len(), 0, "staged");
        let knight = s.view().moves[0];
        s.act(knight).unwrap();
        assert!(s.must_confirm());
        assert_eq!(s.screen(), NewScreen::Play(Colour::Red), "the device stays until confirmed");
        s.undo();
        assert!(!s.must_confirm());
        assert_eq!(s.staged, vec![castle]);
        s.act(knight).unwrap();
        s.confirm();
        assert_eq!(s.moves, vec![castle, knight]);
        assert_eq!(s.screen(), NewScreen::HandOver(Colour::Blue));
        assert!(s.names().say(&s.log[0].said).contains("Ann placed a castle"), "{:?}", s.log);
    }

    #[test]
    fn a_hand_is_seen_only_by_its_holder_and_a_drawn_card_is_never_taken_back() {
        let mut s = three();
        while matches!(s.shown.view(None).phase, PhaseView::Placement { .. }) {
            step(&mut s, |m| m[0]);
        }
        let a = s.actor().unwrap();
        s.take_device(a);
        assert_eq!(s.view().hand.as_ref().map(Vec::len), Some(3));
        // Sell a card, then draw: the draw confirms at once.
        let sell = *s.view().moves.iter().find(|m| matches!(m, Move::Sell { .. })).unwrap();
        let before = s.staged.len();
        s.act(sell).unwrap();
        assert_eq!(s.staged.len(), before + 1, "a sale is staged");
        let draw = *s.view().moves.iter().find(|m| matches!(m, Move::Draw { .. })).expect("the deck has cards");
        let sold = if let Move::Sell { card, .. } = sell { card } else { unreachable!() };
        assert!(!s.view().moves.contains(&Move::Take { by: a, card: sold }), "the card just sold is not offered back");
        s.act(draw).unwrap();
        assert!(s.staged.is_empty(), "a card drawn can't be taken back");
        assert_eq!(s.moves.last(), Some(&draw));
        // The drawer looks at the new hand, then passes the device.
        assert_eq!(s.screen(), NewScreen::Play(a));
        assert_eq!(s.view().hand.as_ref().map(Vec::len), Some(3));
        s.end_review();
        let NewScreen::HandOver(next) = s.screen() else { panic!("the device passes") };
        assert_ne!(next, a);
        // Behind the hand-over nobody's hand is in the view.
        assert!(s.view().hand.is_none());
        assert!(s.log.iter().any(|l| s.names().say(&l.said).contains("sold")), "{:?}", s.log);
    }

    #[test]
    fn a_record_round_trips_through_a_session_and_a_whole_game_keeps_its_history() {
        let mut s = three();
        let mut guard = 0;
        while !s.game.is_over() {
            guard += 1;
            assert!(guard < 5000);
            // Prefer actions that change the board, never ending a card early.
            step(&mut s, |m| *m.iter().find(|m| !matches!(m, Move::Done { .. })).unwrap_or(&m[0]));
        }
        assert_eq!(s.screen(), NewScreen::Over);
        let again = NewSession::from_record("t".into(), &s.record()).unwrap();
        assert_eq!(again.game.summary(), s.game.summary());
        assert!(s.game.history().len() > 2);
        assert_eq!(again.game.history(), s.game.history(), "the history is the game's: a record replays it");
        let last = s.game.history().last().unwrap();
        for &c in s.game.players() {
            assert_eq!(last[c], s.game.score(c));
            let b = s.game.breakdown(c);
            assert_eq!(b.regions + b.expansions + b.losses + b.monopolies + b.bonuses, s.game.score(c) as i32, "{c}: the breakdown adds up");
        }
        assert!(s.log.iter().any(|l| s.names().say(&l.said).contains("game is over") || s.names().say(&l.said).contains("wins") || s.names().say(&l.said).contains("win")), "{:?}", s.log.last());
    }
}

/// The same behaviour asked of both editions' sessions, through one set of tests.
mod both {
    use super::super::*;
    use crate::app::seats::Seats;
    use crate::app::table::{Command, TableWords};
    use crate::engine::ai::Level;
    use crate::engine::{classic, newed};
    use crate::engine::classic::SetupKind;

    fn classic_game() -> Session<classic::game::Game> {
        let setup = classic::setup::Setup::new(vec![Colour::Red, Colour::Yellow, Colour::Purple], SetupKind::Variable, 11);
        Session::new("both".into(), setup, vec!["Ann".into(), "Ben".into(), "Cleo".into()]).unwrap()
    }

    fn new_game() -> Session<newed::Game> {
        let setup = newed::Setup::new(vec![Colour::Red, Colour::Blue, Colour::Orange], 11);
        Session::new("both".into(), setup, vec!["Ann".into(), "Ben".into(), "Cleo".into()]).unwrap()
    }

    /// Whoever must act takes the device and plays: each step is checked against the rules of
    /// staging and secrecy. `pick` chooses among the legal moves shown to the holder.
    fn play<G: TableWords>(s: &mut Session<G>, steps: usize, pick: impl Fn(&[G::Move], usize) -> G::Move) {
        for step in 0..steps {
            let t = s.table();
            match t.screen.clone() {
                Screen::Over => return,
                Screen::Announcement(_) => {
                    assert_eq!(G::viewer_of(&t.view), None, "an announcement shows nobody's secrets");
                    s.apply(Command::Dismiss).unwrap();
                }
                Screen::Thinking(c) => panic!("no computers here, yet {c} thinks"),
                Screen::Elsewhere(c) => panic!("a session alone never waits for {c} elsewhere"),
                Screen::HandOver(c) => {
                    // Behind a hand-over screen: nobody's secrets, nothing to tap, and only the
                    // colour named can take the device.
                    assert_eq!(G::viewer_of(&t.view), None);
                    assert!(G::moves_of(&t.view).is_empty());
                    assert!(t.reason.is_some(), "a hand-over says why");
                    let (other, holder) = (*s.players().iter().find(|&&p| p != c).unwrap(), s.holder);
                    s.apply(Command::TakeDevice(other)).unwrap();
                    assert_eq!((s.screen(), s.holder), (Screen::HandOver(c), holder), "nobody else takes {c}'s device");
                    s.apply(Command::TakeDevice(c)).unwrap();
                    assert_eq!(s.screen(), Screen::Play(c));
                }
                Screen::Play(c) => {
                    assert_eq!(G::viewer_of(&t.view), Some(c), "the holder sees their own view");
                    if t.step.review {
                        s.apply(Command::EndReview).unwrap();
                        continue;
                    }
                    if t.step.offer && step % 2 == 0 {
                        s.apply(Command::Pass).unwrap();
                        continue;
                    }
                    if t.step.must_confirm {
                        s.apply(Command::Confirm).unwrap();
                        continue;
                    }
                    let moves = G::moves_of(&t.view);
                    assert!(!moves.is_empty(), "{c} holds the device with nothing to do");
                    let m = pick(moves, step);
                    let (confirmed, shown) = (s.moves.len(), s.shown.summary());
                    s.apply(Command::Act(m)).unwrap();
                    if !s.staged.is_empty() || s.pending.is_some() {
                        // Staged or held back: not in the game yet, and taken back exactly.
                        assert_eq!(s.moves.len(), confirmed);
                        let staged = s.staged.clone();
                        s.apply(Command::Undo).unwrap();
                        if staged.len() <= 1 || s.pending.is_none() {
                            assert!(s.staged.len() < staged.len() || s.pending.is_none());
                        }
                        if s.staged.is_empty() && s.pending.is_none() {
                            assert_eq!(s.shown.summary(), s.game.summary(), "taking back restores the confirmed game");
                            assert_eq!(s.shown.summary(), shown);
                        }
                        s.apply(Command::UndoAll).unwrap();
                        for &m in &staged {
                            s.apply(Command::Act(m)).unwrap();
                        }
                        s.apply(Command::Act(m)).unwrap_or(());
                        if s.must_confirm() {
                            s.apply(Command::Confirm).unwrap();
                        }
                    }
                }
            }
        }
    }

    fn first_non_done<M: Copy + std::fmt::Display>(moves: &[M], step: usize) -> M {
        let keep: Vec<M> = moves.iter().copied().filter(|m| !m.to_string().ends_with(" done")).collect();
        let from = if keep.is_empty() { moves } else { &keep };
        from[step * 7 % from.len()]
    }

    fn staging_hand_over_and_record<G: TableWords>(mut s: Session<G>) {
        play(&mut s, 600, first_non_done::<G::Move>);
        assert!(s.moves.len() > 40, "a real stretch of game ({} moves)", s.moves.len());
        // The record replays to the same game, with the same log.
        let again = Session::<G>::from_record("again".into(), &s.record()).unwrap();
        assert_eq!(again.game.summary(), s.game.summary());
        assert_eq!(again.log, s.log);
        assert_eq!(again.moves, s.moves);
    }

    // Issue 22: taking a politics card is a step like the others: staged (the game doesn't have
    // it yet, the prompt says which card was taken), taken back to choose another from the pile
    // still open, then confirmed.
    #[test]
    fn a_politics_card_taken_is_staged_and_can_be_taken_back() {
        use crate::engine::classic::Move;
        let mut s = classic_game();
        for step in 0..4000 {
            let t = s.table();
            match t.screen.clone() {
                Screen::Over | Screen::Thinking(_) => break,
                Screen::Elsewhere(c) => panic!("a session alone never waits for {c} elsewhere"),
                Screen::Announcement(_) => s.apply(Command::Dismiss).unwrap(),
                Screen::HandOver(c) => s.apply(Command::TakeDevice(c)).unwrap(),
                Screen::Play(_) if t.step.review => s.apply(Command::EndReview).unwrap(),
                Screen::Play(_) if t.step.offer => s.apply(Command::Pass).unwrap(),
                Screen::Play(_) if t.step.must_confirm => s.apply(Command::Confirm).unwrap(),
                Screen::Play(_) => {
                    let moves = t.view.moves.clone();
                    if let Some(&take) = moves.iter().find(|m| matches!(m, Move::Take { .. })) {
                        let confirmed = s.moves.len();
                        s.apply(Command::Act(take)).unwrap();
                        assert_eq!((s.moves.len(), s.staged.clone()), (confirmed, vec![take]), "staged, not in the game yet");
                        let prompt = s.table().say(&s.table().prompt);
                        assert!(prompt.contains("you took"), "{prompt}");
                        s.apply(Command::Undo).unwrap();
                        assert!(s.staged.is_empty());
                        assert!(s.table().view.moves.contains(&take), "the pile is still open to choose from");
                        s.apply(Command::Act(take)).unwrap();
                        if s.must_confirm() {
                            s.apply(Command::Confirm).unwrap();
                        } else {
                            s.confirm();
                        }
                        assert_eq!(s.moves.last(), Some(&take), "confirmed");
                        return;
                    }
                    let m = moves.iter().copied().find(|m| matches!(m, Move::Open { .. })).unwrap_or_else(|| first_non_done(&moves, step));
                    s.apply(Command::Act(m)).unwrap();
                }
            }
        }
        panic!("no politics card was taken in {} moves", s.moves.len());
    }

    #[test]
    fn both_editions_stage_take_back_and_hand_over_alike() {
        staging_hand_over_and_record(classic_game());
        staging_hand_over_and_record(new_game());
    }

    /// A person against computers: no hand-over ever; the turn just confirmed can be taken back
    /// until a computer has moved; the computers' moves are marked as "since your turn".
    fn undo_against_computers<G: TableWords>(mut s: Session<G>) {
        let me = s.players()[0];
        let bots: Vec<(Colour, Level)> = s.players()[1..].iter().map(|&c| (c, Level::Easy)).collect();
        s = s.with_seats(Seats { bots, hints: None, ..Default::default() });
        let mut took_back = 0;
        for ply in 0..400 {
            match s.screen() {
                Screen::Over => break,
                Screen::HandOver(c) => panic!("a hand-over to {c} with one person at the table"),
                Screen::Elsewhere(c) => panic!("a session alone never waits for {c} elsewhere"),
                Screen::Announcement(_) => s.apply(Command::Dismiss).unwrap(),
                Screen::Thinking(c) => {
                    assert_eq!(G::viewer_of(&s.table().view), Some(me), "my secrets stay on screen while computers think");
                    let legal: Vec<G::Move> = {
                        let mut v = Vec::new();
                        s.game.legal_moves_into(&mut v);
                        v.into_iter().filter(|m| G::mover(m) == c).collect()
                    };
                    match legal.first() {
                        Some(&m) if s.game.to_move().contains(&c) => s.bot_move(m).unwrap(),
                        _ => s.bot_pass(),
                    }
                    assert!(s.takeback.is_none(), "never across a computer's move");
                }
                Screen::Play(c) => {
                    assert_eq!(c, me);
                    let t = s.table();
                    if t.step.must_confirm {
                        let before = s.moves.len();
                        s.apply(Command::Confirm).unwrap();
                        if let Some(n) = s.takeback {
                            assert_eq!(n, before);
                            let record = s.record();
                            s.apply(Command::TakeBackTurn).unwrap();
                            assert_eq!(s.moves.len(), before, "the turn is taken back");
                            assert!(!s.staged.is_empty(), "its moves are staged again");
                            took_back += 1;
                            s.apply(Command::Confirm).unwrap();
                            assert_eq!(s.record(), record, "and confirmed again, the same game");
                        }
                        continue;
                    }
                    if t.step.offer {
                        s.apply(Command::Pass).unwrap();
                        continue;
                    }
                    let m = first_non_done(G::moves_of(&t.view), ply);
                    s.apply(Command::Act(m)).unwrap();
                }
            }
        }
        assert!(took_back > 0, "a turn was taken back");
        assert!(s.moves.len() > 30);
    }

    #[test]
    fn both_editions_take_back_a_turn_against_computers_until_they_move() {
        undo_against_computers(classic_game());
        undo_against_computers(new_game());
    }
}
