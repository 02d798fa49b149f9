//! A hint that teaches: what to do in the player's words ("Lay decision cards 1 and 3", "Bid
//! 8 ducats and Treasure 10", "Put your castle on l12"), why in the game's terms (the points it
//! scores, the province or region it founds, the duel it is for, the money it brings), and what
//! it means on the screen: the spaces and edges on the board and the cards or buttons of the
//! step bar.
//!
//! The computer (in its worker) answers with a move; the page plays that move on its own copy of
//! the game and reads the events it causes up to the first that shows something new (a card
//! turned up, bids revealed, a card drawn): what follows a reveal is nothing the asker could
//! know, so no hint rests on it. The rest comes from the asker's own view.

use super::said::{Arg, Names, Said};
use crate::engine::classic::view::PhaseView as CPhase;
use crate::engine::newed::view::PhaseView as NPhase;
use crate::engine::classic::{event as cevent, moves as cmoves, view as cview};
use crate::engine::{newed, Colour, Edge, MineKind, Space};
use crate::engine::classic::{CardFace, PoliticsCard, Treasures};
use crate::engine::newed::PowerCardId;
use crate::i18n::Key;
use crate::said;

/// A hint: what to do, why, and what it points at.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Hint {
    /// What to do ("Place a border between d10 and e10").
    pub what: Said,
    /// Why, one fact a reason ("you found a province of 6 spaces: +4").
    pub why: Vec<Said>,
    /// Spaces to mark on the board: those the move names.
    pub spaces: Vec<Space>,
    /// Edges to mark on the board: the border's.
    pub edges: Vec<Edge>,
    /// Cards and buttons of the step bar to mark.
    pub picks: Vec<Pick>,
    /// What the computer would do next in the same turn, with why (New Edition: the first step
    /// of a card's action, the refill after a sale): what the move prepares.
    pub then: Option<(Said, Vec<Said>)>,
}

/// A card or button of the step bar a hint points at.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Pick {
    /// Classic: a decision card (1–3).
    Decision(u8),
    /// Classic: a politics pile to look through (1 or 2).
    Pile(u8),
    /// Classic: a card of the opened pile to take.
    Politics(PoliticsCard),
    /// Classic: a treasure card added to a sealed bid.
    Treasure(PoliticsCard),
    /// Classic: sealing the bid.
    SealBid,
    /// Classic: the ducats of a bid or an offer (the step bar's amount is set to it, `data-stake`).
    Money(u32),
    /// Classic negotiation: making the offer.
    Offer,
    /// Classic negotiation: accepting the standing offer.
    Accept,
    /// Classic negotiation: breaking off for a duel.
    Duel,
    /// Classic: letting the chance to play a politics card pass.
    NoPolitics,
    /// New Edition: a power card of the hand.
    Card(PowerCardId),
    /// New Edition: a card's sell button.
    Sell(PowerCardId),
    /// New Edition: a card's play button for action 1 or 2.
    Play(PowerCardId, u8),
    /// New Edition: a market card to take.
    Market(PowerCardId),
    /// New Edition: the deck.
    Deck,
    /// Confirming the step as staged (the computer would have made the same move).
    Confirm,
    /// Taking back the last step (the computer would have made another move).
    TakeBack,
}

impl Pick {
    /// The attribute and value the step bar's element carries (`data-decision="2"`).
    pub fn attr(self) -> (&'static str, String) {
        match self {
            Pick::Decision(n) => ("data-decision", n.to_string()),
            Pick::Pile(n) => ("data-open-pile", n.to_string()),
            Pick::Politics(c) => ("data-take", c.name()),
            Pick::Treasure(c) => ("data-treasure-bit", c.treasure_bit().unwrap_or(0).to_string()),
            Pick::SealBid => ("data-seal-bid", String::new()),
            Pick::Money(n) => ("data-stake", n.to_string()),
            Pick::Offer => ("data-offer", String::new()),
            Pick::Accept => ("data-accept", String::new()),
            Pick::Duel => ("data-duel", String::new()),
            Pick::NoPolitics => ("data-politics-pass", String::new()),
            Pick::Card(c) => ("data-card", c.to_string()),
            Pick::Sell(c) => ("data-sell", c.to_string()),
            Pick::Play(c, a) => ("data-play", format!("{c} {a}")),
            Pick::Market(c) => ("data-market", c.to_string()),
            Pick::Deck => ("data-deck", String::new()),
            Pick::Confirm => ("data-confirm", String::new()),
            Pick::TakeBack => ("data-undo", String::new()),
        }
    }
}

/// True when an element with attribute `k` = `v` is one of `picks`.
pub fn picked(picks: &[Pick], k: &str, v: &str) -> bool {
    picks.iter().any(|p| {
        let (a, b) = p.attr();
        a == k && b == v
    })
}

/// Marks the elements of a drawn tree that `picks` point at (`data-hinted`).
pub fn mark<A>(mut nodes: Vec<super::tree::Node<A>>, picks: &[Pick]) -> Vec<super::tree::Node<A>> {
    fn walk<A>(n: &mut super::tree::Node<A>, picks: &[Pick]) {
        if let super::tree::Node::El(e) = n {
            if e.attrs.iter().any(|(k, v)| picked(picks, k, v)) {
                e.attrs.push(("data-hinted", String::new()));
            }
            e.kids.iter_mut().for_each(|k| walk(k, picks));
        }
    }
    if !picks.is_empty() {
        nodes.iter_mut().for_each(|n| walk(n, picks));
    }
    nodes
}

impl Hint {
    /// The ducats the hint bids or offers (Classic), to set the step bar's amount to.
    pub fn money(&self) -> Option<u32> {
        self.picks.iter().find_map(|p| match p {
            Pick::Money(n) => Some(*n),
            _ => None,
        })
    }

    /// The treasure cards the hint bids (Classic).
    pub fn treasures(&self) -> Treasures {
        Treasures(self.picks.iter().filter_map(|p| match p {
            Pick::Treasure(c) => c.treasure_bit(),
            _ => None,
        }).fold(0, |a, b| a | b))
    }

    /// The hint asked where the holder has already chosen (a move held back for "Confirm", or
    /// the last step of a complete turn): `same` when the computer would have chosen it too —
    /// then confirm it —, else take it back for the hint's move. The marks stay the hint's.
    pub fn against_chosen(mut self, same: bool) -> Hint {
        if same {
            self.what = said!(HintKeep, what = self.what);
            self.picks = vec![Pick::Confirm];
        } else {
            self.what = said!(HintInstead, what = self.what);
            self.picks = vec![Pick::TakeBack];
        }
        self
    }

    /// What the computer would do next in the same turn (`next`, a hint on the position after
    /// this one's move): said after this one, its places marked too.
    pub fn followed_by(mut self, next: Hint) -> Hint {
        for s in next.spaces {
            if !self.spaces.contains(&s) {
                self.spaces.push(s);
            }
        }
        for e in next.edges {
            if !self.edges.contains(&e) {
                self.edges.push(e);
            }
        }
        self.then = Some((next.what, next.why));
        self
    }

    /// The hint as the notice says it: "Hint: <what> — <why>." (and "Then: <what> — <why>.").
    pub fn text(&self, names: &Names) -> String {
        let why = |why: &[Said]| if why.is_empty() { Arg::Text(String::new()) } else { Arg::Commas(why.iter().cloned().map(Arg::from).collect()) };
        let first = Said::new(Key::ScreenHintNotice, vec![("move", Arg::from(self.what.clone())), ("why", why(&self.why))]).text(names);
        match &self.then {
            Some((what, next)) => format!("{first} {}", said!(HintThen, what = what.clone(), why = why(next)).text(names)),
            None => first,
        }
    }
}

/// "8 ducats", "3 ducats and Treasure 10", "Treasure 12": money and treasure cards as the
/// cards show them (`None`: nothing).
fn payment(money: u32, treasures: Treasures) -> Option<Arg> {
    let mut items: Vec<Arg> = Vec::new();
    if money > 0 {
        items.push(crate::app::log::ducats_said(money).into());
    }
    items.extend(treasures.cards().map(|c| Arg::from(crate::app::log::classic::card(c))));
    (!items.is_empty()).then_some(Arg::And(items))
}

/// Action number `n` of the face-up card, with what it is ("action 2 (place 2 borders)").
fn numbered(v: &cview::View, n: u8) -> Said {
    match v.card.map(|c| c.face()) {
        Some(CardFace::Actions(a)) if (1..=3).contains(&n) => said!(LogActionNamed, n = n, what = crate::app::log::classic::action(a[n as usize - 1])),
        _ => said!(LogActionNumber, n = n),
    }
}

/// A power card as its face shows it: its id and actions ("B3 (2 borders or Expand)").
fn power_card(card: PowerCardId) -> Said {
    let acts: Vec<Said> = card.card().actions.iter().flatten().map(|&a| crate::app::log::newed::power_action_said(a)).collect();
    match &acts[..] {
        [a, b] => said!(LogCardTwo, card = card.to_string(), a = a.clone(), b = b.clone()),
        [a] => said!(LogCardOne, card = card.to_string(), a = a.clone()),
        _ => said!(LogCardOne, card = card.to_string(), a = ""),
    }
}

fn mine(k: MineKind) -> Said {
    match k {
        MineKind::Gold => said!(LogMonoGold),
        MineKind::Silver => said!(LogMonoSilver),
        MineKind::Copper => said!(LogMonoCopper),
        MineKind::Gems => said!(LogMonoGems),
    }
}

/// What a score change says: for the asker, what it is for (`own`, else the points); for
/// another player, what they lose (`other`, else the points lost or gained).
fn score(me: Colour, colour: Colour, delta: i32, own: Option<Said>, other: Option<Said>) -> Said {
    if colour == me {
        own.unwrap_or_else(|| said!(HintWhyScores, delta = Arg::Signed(delta.into())))
    } else {
        other.unwrap_or_else(|| {
            if delta < 0 {
                said!(HintWhyLoses, name = Arg::Name(colour), n = delta.unsigned_abs())
            } else {
                said!(HintWhyGains, name = Arg::Name(colour), n = delta.unsigned_abs())
            }
        })
    }
}

/// Events up to (not including) the first that shows what the asker couldn't know.
fn known<E>(events: &[E], reveals: impl Fn(&E) -> bool) -> &[E] {
    &events[..events.iter().position(reveals).unwrap_or(events.len())]
}

fn castle_owner(provinces: impl Iterator<Item = (Colour, Space)>, castle: Space) -> Option<Colour> {
    provinces.into_iter().find(|&(_, c)| c == castle).map(|(o, _)| o)
}

fn piece_colour(pieces: &[(Space, crate::engine::Piece)], at: Space) -> Option<Colour> {
    pieces.iter().find(|(s, _)| *s == at).map(|(_, p)| p.colour)
}

/// What a border does for a castle of `me` not yet in a province, on the board after it: the
/// castle, and the fewest borders still to place to close in the ground around it (grown ring
/// by ring through open edges, up to three rings, never reaching another castle) with the
/// spaces they would close in — when the new border lies on that ground's rim and three borders
/// or fewer would do.
fn closing(board: &crate::engine::Board, me: Colour, edge: Edge) -> Option<(Space, usize, usize)> {
    use crate::engine::PieceKind;
    let grid = board.grid();
    let castle_at = |s: Space| board.piece(s).is_some_and(|p| p.kind == PieceKind::Castle);
    let leaks = |ball: &[Space]| ball.iter().flat_map(|&s| grid.neighbours(s)).filter(|&(n, e)| !ball.contains(&n) && !board.has_border(e)).count();
    let (a, b) = edge.spaces();
    board.castles(me).iter().filter(|&c| board.province_at(c).is_none()).find_map(|castle| {
        let mut ball = vec![castle];
        let mut best: Option<(usize, Vec<Space>)> = None;
        for _ in 0..3 {
            let mut ring: Vec<Space> = ball.iter().flat_map(|&s| grid.neighbours(s)).filter(|&(n, e)| !ball.contains(&n) && !board.has_border(e)).map(|(n, _)| n).collect();
            ring.sort_by_key(|s| s.to_string());
            ring.dedup();
            if ring.is_empty() || ring.iter().any(|&s| castle_at(s)) {
                break;
            }
            ball.extend(ring);
            let l = leaks(&ball);
            if best.as_ref().is_none_or(|(bl, bb)| l < *bl || (l == *bl && ball.len() > bb.len())) {
                best = Some((l, ball.clone()));
            }
        }
        let (l, ball) = best?;
        // More than a few borders away is no near goal to name.
        ((1..=3).contains(&l) && ball.contains(&a) != ball.contains(&b)).then_some((castle, l, ball.len()))
    })
}

/// A Classic bid of money the computers' search tries, raised by one ducat (or two) when another
/// bidder could bid the same sum and the purse allows: the search bids a few round sums, all
/// of a purse or half of it (`ai::classic::tried_amount`), so equal purses bid equal sums and an
/// equal top bid twice voids the duel. Another bidder's purse counts when the money is shown;
/// a bid of nothing stays nothing. `None`: the bid stands as it is.
pub fn untied(v: &cview::View, m: cmoves::Move) -> Option<cmoves::Move> {
    use crate::engine::ai::classic::tried_amount;
    let cmoves::Move::Bid { by, money, treasures } = m else { return None };
    let CPhase::Duel { ref bidders, .. } = v.phase else { return None };
    let purse = v.ducats[by]?;
    // Another bidder's money alone could come to `sum` (a hidden purse: one of the round sums).
    let could = |sum: u32| {
        bidders.iter().filter(|&&c| c != by).any(|&c| match v.ducats[c] {
            Some(p) => sum <= p && tried_amount(sum, p),
            None => tried_amount(sum, 0),
        })
    };
    if money == 0 || !could(money + treasures.value()) {
        return None;
    }
    (1..=2).map(|k| money + k).find(|&raised| raised <= purse && !could(raised + treasures.value())).map(|raised| cmoves::Move::Bid { by, money: raised, treasures })
}

fn hint(what: Said, why: Vec<Said>, spaces: Vec<Space>, edges: Vec<Edge>, picks: Vec<Pick>) -> Hint {
    Hint { what, why, spaces, edges, picks, then: None }
}

/// A Classic hint for the viewer of `v` (the asker): the move (`None`: let the chance to play a
/// politics card pass), the events playing it caused and the board after it.
pub fn classic(v: &cview::View, m: Option<cmoves::Move>, events: &[cevent::Event], after: Option<&crate::engine::Board>) -> Hint {
    use cevent::{Event, ScoreReason};
    use cmoves::Move;
    let me = v.viewer.or_else(|| m.map(|m| m.by())).unwrap_or(Colour::Red);
    let Some(m) = m else { return hint(said!(HintNoPolitics), vec![said!(HintWhyKeepCards)], vec![], vec![], vec![Pick::NoPolitics]) };
    let events = known(events, |e| matches!(e, Event::CardDrawn { .. } | Event::BidsRevealed { .. } | Event::GameOver { .. }));
    // Scores, and what an expansion takes from whom.
    let mut scores: Vec<Said> = Vec::new();
    let mut founded = events.iter().filter_map(|e| match e {
        Event::ProvinceFounded { colour, spaces, .. } if *colour == me => Some(*spaces),
        _ => None,
    });
    for e in events {
        match e {
            Event::Score { colour, delta, reason } => {
                let d = Arg::Signed((*delta).into());
                let own = match reason {
                    ScoreReason::Founding => Some(said!(HintWhyFounds, n = founded.next().unwrap_or(0), delta = d)),
                    ScoreReason::Expansion => Some(said!(HintWhyGrows, delta = d)),
                    _ => None,
                };
                scores.push(score(me, *colour, *delta, own, None));
            }
            Event::SpaceTaken { by, from: Some(c), .. } if *by == me && *c != me => scores.push(said!(HintWhyTakesFrom, name = Arg::Name(*c))),
            Event::NeutralZoneFormed { loser, .. } if *loser != me => scores.push(said!(HintWhyZone, name = Arg::Name(*loser))),
            _ => {}
        }
    }
    let paid = events.iter().find_map(|e| match e {
        Event::Paid { by, money, treasures } if *by == me => payment(*money, *treasures),
        Event::Unallied { by, money, treasures, .. } if *by == me => payment(*money, *treasures),
        _ => None,
    });
    let paying = |what: Said| match &paid {
        Some(p) => said!(HintPaying, what = what, pay = p.clone()),
        None => what,
    };
    let or_scores = |why: Said| if scores.is_empty() { vec![why] } else { scores.clone() };
    let and_scores = |why: Vec<Said>| why.into_iter().chain(scores.iter().cloned()).collect::<Vec<_>>();
    let placing = match v.phase {
        CPhase::Placement { colour, .. } => Some(colour),
        _ => None,
    };
    let contest = match v.phase {
        CPhase::Negotiation { action, pair, .. } => Some((action, pair.into_iter().find(|&c| c != me).unwrap_or(me))),
        CPhase::Duel { action, ref bidders, .. } => Some((action, bidders.iter().copied().find(|&c| c != me).unwrap_or(me))),
        _ => None,
    };
    // The phase counts its action from 0 (the card's first is 0); decision cards and the
    // words count from 1.
    let contested = numbered(v, contest.map_or(0, |c| c.0 + 1));
    let rival = Arg::Name(contest.map_or(me, |c| c.1));
    match m {
        Move::Castle { at, .. } => match placing {
            Some(c) if c != me => hint(said!(HintCastleFor, name = Arg::Name(c), at = at), and_scores(vec![said!(HintWhyNeutral)]), vec![at], vec![], vec![]),
            _ => hint(said!(HintCastle, at = at), and_scores(vec![said!(HintWhyCastle)]), vec![at], vec![], vec![]),
        },
        Move::Knight { at, .. } => {
            let what = match placing {
                Some(c) if c != me => said!(HintKnightFor, name = Arg::Name(c), at = at),
                _ => said!(HintKnight, at = at),
            };
            // Inside a province of one's own: how many knights it then has (superiority).
            let count = v.provinces.iter().find(|p| p.owner == me && p.spaces.contains(&at)).map(|p| said!(HintWhyKnights, castle = p.castle, n = p.knights + 1));
            let why = if scores.is_empty() { count.into_iter().chain([said!(HintWhyKnight)]).collect() } else { scores.clone() };
            hint(paying(what), why, vec![at], vec![], vec![])
        }
        Move::Decide { first, second, .. } => {
            let mut why = Vec::new();
            let mut picks = Vec::new();
            for n in std::iter::once(first).chain(second) {
                picks.push(Pick::Decision(n));
                why.push(said!(HintWhyWants, action = numbered(v, n)));
                let others: Vec<Arg> = (n as usize).checked_sub(1).and_then(|i| v.choices.get(i)).into_iter().flatten().filter(|&&c| c != me).map(|&c| Arg::Name(c)).collect();
                why.push(if others.is_empty() { said!(HintWhyAlone) } else { said!(HintWhyAlsoChose, names = Arg::And(others)) });
            }
            let what = match second {
                Some(b) => said!(HintDecideTwo, a = first, b = b),
                None => said!(HintDecideOne, n = first),
            };
            hint(what, and_scores(why), vec![], vec![], picks)
        }
        Move::Alliance { own, other, .. } => {
            let owner = castle_owner(v.provinces.iter().map(|p| (p.owner, p.castle)), other).unwrap_or(me);
            hint(said!(HintAlliance, own = own, other = other), and_scores(vec![said!(HintWhyAlliance, name = Arg::Name(owner))]), vec![own, other], vec![], vec![])
        }
        Move::Renegade { remove, place, .. } => {
            let victim = piece_colour(&v.pieces, remove).unwrap_or(me);
            hint(paying(said!(HintRenegade, remove = remove, place = place)), and_scores(vec![said!(HintWhyRenegade, name = Arg::Name(victim))]), vec![remove, place], vec![], vec![])
        }
        Move::Offer { amount, .. } => hint(said!(HintOffer, name = rival.clone(), n = amount), and_scores(vec![said!(HintWhyOffer, action = contested, name = rival)]), vec![], vec![], vec![Pick::Money(amount), Pick::Offer]),
        Move::Accept { .. } => {
            let amount = events.iter().find_map(|e| match e {
                Event::Accepted { amount, .. } => Some(*amount),
                _ => None,
            });
            let amount = amount.or(match v.phase {
                CPhase::Negotiation { standing, .. } => standing,
                _ => None,
            });
            let n = amount.unwrap_or(0);
            hint(said!(HintAccept, name = rival.clone(), n = n), and_scores(vec![said!(HintWhyAccept, n = n, name = rival, action = contested)]), vec![], vec![], vec![Pick::Accept])
        }
        Move::Duel { .. } => hint(said!(HintDuel, name = rival), and_scores(vec![said!(HintWhyDuel, action = contested)]), vec![], vec![], vec![Pick::Duel]),
        Move::Bid { money, treasures, .. } => {
            let what = match payment(money, treasures) {
                Some(bid) => said!(HintBid, bid = bid),
                None => said!(HintBidNothing),
            };
            let picks = [Pick::Money(money)].into_iter().chain(treasures.cards().map(Pick::Treasure)).chain([Pick::SealBid]).collect();
            // What the bid keeps back, and what the rivals could bid when their money is shown.
            let mut why = vec![said!(HintWhyBid, action = contested)];
            why.extend(v.ducats[me].filter(|_| money > 0).map(|purse| said!(HintWhyBidKeeps, n = purse.saturating_sub(money))));
            if let CPhase::Duel { ref bidders, .. } = v.phase {
                why.extend(bidders.iter().filter(|&&c| c != me).filter_map(|&c| Some(said!(HintWhyRivalHas, name = Arg::Name(c), n = v.ducats[c]?))));
            }
            hint(what, and_scores(why), vec![], vec![], picks)
        }
        Move::Border { edge, .. } => {
            let (a, b) = edge.spaces();
            let close = after.and_then(|b| closing(b, me, edge)).map(|(castle, n, spaces)| said!(HintWhyCloses, n = n, spaces = spaces, castle = castle));
            hint(said!(HintBorder, a = a, b = b), or_scores(close.unwrap_or_else(|| said!(HintWhyBorder))), vec![], vec![edge], vec![])
        }
        Move::Expand { at, castle, .. } => {
            let from_event = events.iter().find_map(|e| match e {
                Event::SpaceTaken { by, castle, at: s, .. } if *by == me && *s == at => Some(*castle),
                _ => None,
            });
            let what = match from_event.or(castle) {
                Some(c) => said!(HintExpand, castle = c, at = at),
                None => said!(HintExpandOnto, at = at),
            };
            hint(what, or_scores(said!(HintWhyExpand)), std::iter::once(at).chain(castle).collect(), vec![], vec![])
        }
        Move::Open { pile, .. } => hint(said!(HintOpen, n = pile), and_scores(vec![said!(HintWhyOpen)]), vec![], vec![], vec![Pick::Pile(pile)]),
        Move::Take { pile, card, .. } => {
            let why = match card {
                PoliticsCard::Deeds(n) => said!(HintWhyDeeds, n = n),
                PoliticsCard::Treasure(n) => said!(HintWhyTreasure, n = n),
                PoliticsCard::Alliance => said!(HintWhyAllianceCard),
                PoliticsCard::Renegade => said!(HintWhyRenegadeCard),
            };
            hint(said!(HintTake, card = crate::app::log::classic::card(card), n = pile), vec![why], vec![], vec![], vec![Pick::Politics(card)])
        }
        Move::Done { .. } => hint(said!(HintDone), or_scores(said!(HintWhyDone)), vec![], vec![], vec![]),
        Move::Unally { a, b, .. } => {
            let mine = v.provinces.iter().any(|p| p.castle == a && p.owner == me);
            let theirs = if mine { b } else { a };
            let owner = castle_owner(v.provinces.iter().map(|p| (p.owner, p.castle)), theirs).unwrap_or(me);
            hint(paying(said!(HintUnally, a = a, b = b)), and_scores(vec![said!(HintWhyUnally, name = Arg::Name(owner))]), vec![a, b], vec![], vec![])
        }
    }
}

/// A New Edition hint for the viewer of `v` (the asker): the move, the events playing it
/// caused and the board after it.
pub fn new(v: &newed::View, m: newed::Move, events: &[newed::Event], after: Option<&crate::engine::Board>) -> Hint {
    use newed::{Event, Move, ScoreReason};
    let me = v.viewer.unwrap_or_else(|| m.by());
    let events = known(events, |e| matches!(e, Event::Drew { .. } | Event::GameOver { .. }));
    let mut founded = events.iter().filter_map(|e| match e {
        Event::RegionFounded { colour, spaces, .. } if *colour == me => Some(*spaces),
        _ => None,
    });
    let mut scores: Vec<Said> = Vec::new();
    for e in events {
        match e {
            Event::Score { colour, delta, reason } => {
                let d = Arg::Signed((*delta).into());
                let (own, other) = match *reason {
                    ScoreReason::Founding => (Some(said!(HintWhyFoundsRegion, n = founded.next().unwrap_or(0), delta = d)), None),
                    ScoreReason::Expansion => (Some(said!(HintWhyGrowsRegion, delta = d)), None),
                    ScoreReason::MonopolyWon(k) => (Some(said!(HintWhyMonopoly, mine = mine(k), delta = d)), None),
                    ScoreReason::MonopolyLost(k) => (None, Some(said!(HintWhyMonopolyLost, name = Arg::Name(*colour), mine = mine(k)))),
                    ScoreReason::DucatBonus => (Some(said!(HintWhyDucatBonus, delta = d)), None),
                    ScoreReason::LostSpace | ScoreReason::NeutralZone => (None, None),
                };
                scores.push(score(me, *colour, *delta, own, other));
            }
            Event::SpaceTaken { by, from: Some(c), .. } if *by == me && *c != me => scores.push(said!(HintWhyTakesFrom, name = Arg::Name(*c))),
            Event::NeutralZoneFormed { loser, .. } if *loser != me => scores.push(said!(HintWhyZone, name = Arg::Name(*loser))),
            _ => {}
        }
    }
    let or_scores = |why: Said| if scores.is_empty() { vec![why] } else { scores.clone() };
    let and_scores = |why: Vec<Said>| why.into_iter().chain(scores.iter().cloned()).collect::<Vec<_>>();
    let placing = match v.phase {
        NPhase::Placement { colour, .. } => Some(colour),
        _ => None,
    };
    let owner = |castle: Space| castle_owner(v.regions.iter().map(|r| (r.owner, r.castle)), castle).unwrap_or(me);
    match m {
        Move::Castle { at, .. } => match placing {
            Some(c) if c != me => hint(said!(HintCastleFor, name = Arg::Name(c), at = at), and_scores(vec![said!(HintWhyNeutral)]), vec![at], vec![], vec![]),
            _ => hint(said!(HintCastle, at = at), and_scores(vec![said!(HintWhyCastleRegion)]), vec![at], vec![], vec![]),
        },
        Move::Knight { at, .. } => {
            let cost = events.iter().find_map(|e| match e {
                Event::KnightPlaced { by, cost, .. } if *by == me && *cost > 0 => Some(*cost),
                _ => None,
            });
            let what = match placing {
                Some(c) if c != me => said!(HintKnightFor, name = Arg::Name(c), at = at),
                _ => said!(HintKnight, at = at),
            };
            let what = match cost {
                Some(n) => said!(HintPaying, what = what, pay = crate::app::log::ducats_said(n)),
                None => what,
            };
            let count = v.regions.iter().find(|r| r.owner == me && r.spaces.contains(&at)).map(|r| said!(HintWhyKnightsRegion, castle = r.castle, n = r.knights + 1));
            let why = if scores.is_empty() { count.into_iter().chain([said!(HintWhyKnightRegion)]).collect() } else { scores.clone() };
            hint(what, why, vec![at], vec![], vec![])
        }
        Move::Sell { card, .. } => {
            let n = events.iter().find_map(|e| match e {
                Event::Sold { ducats, .. } => Some(*ducats),
                _ => None,
            });
            let n = n.unwrap_or(card.card().sale);
            let have = v.ducats[me].unwrap_or(0);
            let total = crate::app::log::ducats_said(have + n);
            // What the sale prepares: the dearest card of the hand it lets one pay for, else
            // how far the cheapest one still out of reach then is.
            let hand: Vec<PowerCardId> = v.hand.iter().flatten().copied().filter(|&c| c != card).collect();
            let price = |c: &&PowerCardId| c.card().price;
            let prepares = match hand.iter().filter(|c| price(c) > have && price(c) <= have + n).max_by_key(price) {
                Some(&c) => Some(said!(HintWhySellAfford, card = power_card(c), n = c.card().price)),
                None => hand.iter().filter(|c| price(c) > have + n).min_by_key(price).map(|&c| said!(HintWhySellShort, card = power_card(c), n = c.card().price - have - n)),
            };
            let why = std::iter::once(said!(HintWhySell, n = n, total = total)).chain(prepares).collect();
            hint(said!(HintSell, card = power_card(card), n = n), and_scores(why), vec![], vec![], vec![Pick::Card(card), Pick::Sell(card)])
        }
        Move::Play { card, action, .. } => {
            let keeps = v.ducats[me].map(|d| said!(HintWhyPlayLeaves, n = d.saturating_sub(card.card().price)));
            let why = card.action(action).map(|a| said!(HintWhyPlay, action = crate::app::log::newed::power_action(a))).into_iter().chain(keeps).collect();
            hint(said!(HintPlay, card = power_card(card), n = card.card().price), and_scores(why), vec![], vec![], vec![Pick::Card(card), Pick::Play(card, action)])
        }
        Move::Border { edge, .. } => {
            let (a, b) = edge.spaces();
            let close = after.and_then(|b| closing(b, me, edge)).map(|(castle, n, spaces)| said!(HintWhyCloses, n = n, spaces = spaces, castle = castle));
            hint(said!(HintBorder, a = a, b = b), or_scores(close.unwrap_or_else(|| said!(HintWhyBorderRegion))), vec![], vec![edge], vec![])
        }
        Move::Expand { at, castle, .. } => {
            let from_event = events.iter().find_map(|e| match e {
                Event::SpaceTaken { by, castle, at: s, .. } if *by == me && *s == at => Some(*castle),
                _ => None,
            });
            let what = match from_event.or(castle) {
                Some(c) => said!(HintExpandRegion, castle = c, at = at),
                None => said!(HintExpandOnto, at = at),
            };
            hint(what, or_scores(said!(HintWhyExpandRegion)), std::iter::once(at).chain(castle).collect(), vec![], vec![])
        }
        Move::Renegade { region, place, .. } => {
            hint(said!(HintNewRenegade, at = place, region = region), and_scores(vec![said!(HintWhyRenegade, name = Arg::Name(owner(region)))]), vec![region, place], vec![], vec![])
        }
        Move::Remove { at, .. } => {
            let what = match piece_colour(&v.pieces, at) {
                Some(c) if c != me => said!(HintRemoveFor, name = Arg::Name(c), at = at),
                _ => said!(HintRemove, at = at),
            };
            hint(what, or_scores(said!(HintWhyRemove)), vec![at], vec![], vec![])
        }
        Move::Alliance { own, other, .. } => {
            hint(said!(HintNewAlliance, own = own, other = other), and_scores(vec![said!(HintWhyAllianceRegion, name = Arg::Name(owner(other)))]), vec![own, other], vec![], vec![])
        }
        Move::Done { .. } => hint(said!(HintDone), or_scores(said!(HintWhyDone)), vec![], vec![], vec![]),
        Move::Draw { .. } => hint(said!(HintDraw), or_scores(said!(HintWhyDraw)), vec![], vec![], vec![Pick::Deck]),
        Move::Take { card, .. } => hint(said!(HintTakeMarket, card = power_card(card)), or_scores(said!(HintWhyTakeMarket)), vec![], vec![], vec![Pick::Market(card)]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::ai::Searchable;
    use crate::engine::bot::RandomBot;
    use crate::engine::Edition;
    use crate::i18n::{set_lang, Lang};
    use std::collections::BTreeMap;

    const NAMES: [&str; 4] = ["Ann", "Ben", "Cleo", "Dora"];

    /// The walk of a seeded game through the hint tests: two moves in three from the playout
    /// policy (it builds: regions to expand, knights to turn), random legal moves for the rest.
    struct Walk<G: Searchable> {
        bot: RandomBot<G::Move>,
        rng: rand_chacha::ChaCha8Rng,
        buf: Vec<G::Move>,
    }

    impl<G: Searchable> Walk<G> {
        fn new(seed: u64) -> Walk<G> {
            Walk { bot: RandomBot::new(seed), rng: <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(seed), buf: Vec::new() }
        }

        /// The move played at `ply` of `g` (`None`: the game is over).
        fn next(&mut self, g: &G, ply: usize) -> Option<G::Move> {
            let policy = if ply % 3 == 2 { None } else { g.actor().and_then(|c| g.policy(c, &mut self.buf, &mut self.rng)) };
            policy.or_else(|| self.bot.pick(g))
        }
    }

    /// A Classic game of seating `seating` of three (2, 3 or 4 players, taken modulo 3; purple
    /// neutral with 2) for the hint tests, with its players' names.
    fn classic_game(seating: u64, seed: u64, kind: crate::engine::classic::SetupKind) -> (crate::engine::classic::game::Game, Names) {
        let seatings = [vec![Colour::Red, Colour::Yellow], vec![Colour::Red, Colour::Yellow, Colour::Purple], vec![Colour::Grey, Colour::Red, Colour::Yellow, Colour::Purple]];
        let players = seatings[seating as usize % 3].clone();
        let mut setup = crate::engine::classic::Setup::new(players.clone(), kind, seed);
        if players.len() == 2 {
            setup.neutral = Some(Colour::Purple);
        }
        (crate::engine::classic::game::Game::new(&setup).unwrap().0, names(Edition::Classic, &players))
    }

    fn names(edition: Edition, players: &[Colour]) -> Names {
        Names { edition, players: players.iter().copied().zip(NAMES.iter().map(|n| n.to_string())).collect() }
    }

    /// What a record line names on the board, read from the line itself: its spaces and edges.
    fn places(line: &str) -> (Vec<Space>, Vec<Edge>) {
        let mut spaces: Vec<Space> = line.split_whitespace().filter_map(Space::parse).collect();
        spaces.sort_by_key(|s| s.to_string());
        spaces.dedup();
        (spaces, line.split_whitespace().filter_map(Edge::parse).collect())
    }

    /// The hint's words in every language: something to do and a why, no placeholder left, no
    /// record notation (the line's words after its colour, a politics card's record name, an
    /// edge as `d10-e10`, a verb only records use, the colour word the line begins with); and
    /// the marks on the board are the move's own places.
    fn check(h: &Hint, line: &str, names: &Names, scored: Option<i32>) {
        let (colour, rest) = line.split_once(' ').unwrap_or((line, ""));
        let verb = rest.split_whitespace().next().unwrap_or("");
        let mut seen = Vec::new();
        for lang in Lang::ALL {
            set_lang(lang);
            let what = h.what.text(names);
            let text = h.text(names);
            assert!(!what.trim().is_empty() && !h.why.is_empty(), "{lang:?} {line}: {text}");
            for w in &h.why {
                assert!(!w.text(names).trim().is_empty(), "{lang:?} {line}: {text}");
            }
            assert!(!text.contains('{') && !text.contains('}'), "{lang:?} {line}: {text}");
            assert!(!rest.contains(' ') || !text.contains(rest), "{lang:?} {line}: {text}");
            assert!(!what.starts_with(colour) && what.split_whitespace().next() != Some(verb), "{lang:?} {line}: {text}");
            for tok in text.split(|c: char| c.is_whitespace() || ",.;:()—–".contains(c)).filter(|t| !t.is_empty()) {
                assert!(Edge::parse(tok).is_none(), "{lang:?} {line}: an edge in notation: {text}");
                assert!(!PoliticsCard::parse(tok).is_some_and(|c| matches!(c, PoliticsCard::Deeds(_) | PoliticsCard::Treasure(_))), "{lang:?} {line}: {text}");
                assert!(!["decide", "unally"].contains(&tok.to_lowercase().as_str()), "{lang:?} {line}: {text}");
            }
            if let Some(d) = scored {
                let signed = if d >= 0 { format!("+{d}") } else { format!("−{}", d.unsigned_abs()) };
                assert!(text.contains(&signed), "{lang:?} {line}: the points it scores ({signed}): {text}");
            }
            seen.push(what);
        }
        set_lang(Lang::En);
        assert!(seen[0] != seen[1] && seen[0] != seen[2], "{line}: said in three languages: {seen:?}");
        let (spaces, edges) = places(line);
        let mut marked = h.spaces.clone();
        marked.sort_by_key(|s| s.to_string());
        assert_eq!((marked, h.edges.clone()), (spaces, edges), "{line}: the marks are the move's places");
    }

    fn kind(line: &str) -> String {
        line.split_whitespace().nth(1).unwrap_or("pass").to_string()
    }

    /// Of the mover's legal moves, one of the kind met least so far (the first of them, or the
    /// one `fallback` picked when it is of that kind).
    fn rarest<M: Copy + std::fmt::Display>(moves: &[M], kinds: &BTreeMap<String, usize>, fallback: M) -> M {
        let count = |m: &M| kinds.get(&kind(&m.to_string())).copied().unwrap_or(0);
        let least = moves.iter().map(count).min().unwrap_or(0);
        if count(&fallback) == least { fallback } else { moves.iter().copied().find(|m| count(m) == least).unwrap_or(fallback) }
    }

    /// Positions of seeded games of random legal moves, each with the mover's legal moves: the
    /// hint is asked for one of them (not always the one played, to meet more kinds of move).
    #[test]
    fn classic_hints_over_200_positions_say_what_and_why_in_every_language_and_mark_the_moves_places() {
        use crate::engine::classic::game::Game;
        use crate::engine::classic::moves::Move;
        use crate::engine::classic::SetupKind;
        const WANTED: [&str; 16] = ["castle", "knight", "decide", "alliance", "renegade", "offer", "accept", "duel", "bid", "border", "expand", "open", "take", "done", "unally", "pass"];
        crate::i18n::tests::install_all();
        let mut kinds: BTreeMap<String, usize> = BTreeMap::new();
        let (mut positions, mut seed) = (0, 0u64);
        while positions < 200 || (seed < 60 && WANTED.iter().any(|k| !kinds.contains_key(*k))) {
            seed += 1;
            // Seatings 1 and 2 have 3 and 4 players: every other one starts from the basic setup.
            let (mut g, names) = classic_game(seed, 500 + seed, if seed % 2 == 0 && seed % 3 != 0 { SetupKind::Basic } else { SetupKind::Variable });
            let mut walk = Walk::new(seed);
            let mut moves = Vec::new();
            for ply in 0..3000 {
                let Some(played) = walk.next(&g, ply) else { break };
                let who = played.by();
                g.legal_moves_into(&mut moves);
                moves.retain(|m| m.by() == who);
                // Every third position, and any that offers a kind of move not met yet.
                if ply % 11 == 0 || moves.iter().any(|m| !kinds.contains_key(&kind(&m.to_string()))) {
                    let m = if ply % 2 == 0 { played } else { rarest(&moves, &kinds, played) };
                    let v = g.view(Some(who));
                    let mut after = g.clone();
                    let events = after.play(m).unwrap();
                    let cut = events.iter().position(<Game as crate::engine::Rules>::reveals).unwrap_or(events.len());
                    let scored: i32 = events[..cut].iter().filter_map(|e| match e {
                        crate::engine::classic::Event::Score { colour, delta, .. } if *colour == who => Some(*delta),
                        _ => None,
                    }).sum();
                    let h = classic(&v, Some(m), &events, Some(after.board()));
                    let line = m.to_string();
                    let only = events[..cut].iter().filter(|e| matches!(e, crate::engine::classic::Event::Score { colour, .. } if *colour == who)).count() == 1;
                    check(&h, &line, &names, only.then_some(scored));
                    let want: Vec<Pick> = match m {
                        Move::Decide { first, second, .. } => std::iter::once(first).chain(second).map(Pick::Decision).collect(),
                        Move::Open { pile, .. } => vec![Pick::Pile(pile)],
                        Move::Take { card, .. } => vec![Pick::Politics(card)],
                        Move::Bid { money, treasures, .. } => [Pick::Money(money)].into_iter().chain(treasures.cards().map(Pick::Treasure)).chain([Pick::SealBid]).collect(),
                        Move::Offer { amount, .. } => vec![Pick::Money(amount), Pick::Offer],
                        Move::Accept { .. } => vec![Pick::Accept],
                        Move::Duel { .. } => vec![Pick::Duel],
                        _ => vec![],
                    };
                    assert_eq!(h.picks, want, "{line}");
                    let inside = |at: Space| v.provinces.iter().find(|p| p.owner == who && p.spaces.contains(&at));
                    if let (Move::Knight { at, .. }, false) = (m, scored != 0)
                        && let Some(p) = inside(at)
                    {
                        let text = h.text(&names);
                        assert!(text.contains(&format!("province at {} then has {} knight", p.castle, p.knights + 1)), "{line}: {text}");
                        *kinds.entry("knight in a province".into()).or_default() += 1;
                    }
                    *kinds.entry(kind(&line)).or_default() += 1;
                    positions += 1;
                    if crate::engine::Rules::optional_mover(&g) == Some(who) {
                        let h = classic(&v, None, &[], None);
                        check(&h, &format!("{who} "), &names, None);
                        assert_eq!(h.picks, vec![Pick::NoPolitics]);
                        *kinds.entry("pass".into()).or_default() += 1;
                    }
                }
                g.play(played).unwrap();
            }
        }
        eprintln!("classic hints: {kinds:?}");
        for k in WANTED {
            assert!(kinds.contains_key(k), "no {k} among {kinds:?}");
        }
    }

    #[test]
    fn new_edition_hints_over_200_positions_say_what_and_why_in_every_language_and_mark_the_moves_places() {
        use crate::engine::newed::{Event, Game, Move, Setup};
        // Renegade and its removal are rare in such games: `a_new_edition_renegade_names_both_regions_knights` has them.
        const WANTED: [&str; 10] = ["castle", "knight", "sell", "play", "border", "expand", "alliance", "done", "draw", "take"];
        crate::i18n::tests::install_all();
        let mut kinds: BTreeMap<String, usize> = BTreeMap::new();
        let (mut positions, mut seed) = (0, 0u64);
        let seatings = [vec![Colour::Red, Colour::Blue], vec![Colour::Red, Colour::Blue, Colour::Orange], vec![Colour::Yellow, Colour::Red, Colour::Blue, Colour::Orange]];
        while positions < 200 || (seed < 60 && WANTED.iter().any(|k| !kinds.contains_key(*k))) {
            seed += 1;
            let players = seatings[seed as usize % 3].clone();
            let mut setup = Setup::new(players.clone(), 900 + seed);
            if players.len() == 2 {
                setup.neutral = Some(Colour::Orange);
            }
            let (mut g, _) = Game::new(&setup).unwrap();
            let names = names(Edition::New, &players);
            let mut walk = Walk::new(seed);
            let mut moves = Vec::new();
            for ply in 0..3000 {
                let Some(played) = walk.next(&g, ply) else { break };
                let who = played.by();
                g.legal_moves_into(&mut moves);
                moves.retain(|m| m.by() == who);
                // Every third position, and any that offers a kind of move not met yet.
                if ply % 23 == 0 || moves.iter().any(|m| !kinds.contains_key(&kind(&m.to_string()))) {
                    let m = if ply % 2 == 0 { played } else { rarest(&moves, &kinds, played) };
                    let v = g.view(Some(who));
                    let mut after = g.clone();
                    let events = after.play(m).unwrap();
                    let cut = events.iter().position(<Game as crate::engine::Rules>::reveals).unwrap_or(events.len());
                    let own: Vec<i32> = events[..cut].iter().filter_map(|e| match e {
                        Event::Score { colour, delta, .. } if *colour == who => Some(*delta),
                        _ => None,
                    }).collect();
                    let h = new(&v, m, &events, Some(after.board()));
                    let line = m.to_string();
                    check(&h, &line, &names, (own.len() == 1).then(|| own[0]));
                    let want: Vec<Pick> = match m {
                        Move::Sell { card, .. } => vec![Pick::Card(card), Pick::Sell(card)],
                        Move::Play { card, action, .. } => vec![Pick::Card(card), Pick::Play(card, action)],
                        Move::Take { card, .. } => vec![Pick::Market(card)],
                        Move::Draw { .. } => vec![Pick::Deck],
                        _ => vec![],
                    };
                    assert_eq!(h.picks, want, "{line}");
                    *kinds.entry(kind(&line)).or_default() += 1;
                    positions += 1;
                }
                g.play(played).unwrap();
            }
        }
        eprintln!("new edition hints: {kinds:?}");
        for k in WANTED {
            assert!(kinds.contains_key(k), "no {k} among {kinds:?}");
        }
    }

    /// Seeded Classic games of random legal moves with the playout policy: every position where
    /// the mover negotiates or bids, with each of the mover's legal moves there (every offer and
    /// bid amount the step bar offers), until `n` such hints were checked.
    #[test]
    fn a_classic_contest_hint_names_the_prompts_action_and_the_amount_it_lights() {
        use crate::app::table::{Step, TableWords};
        use crate::engine::classic::game::Game;
        use crate::engine::classic::moves::Move;
        use crate::engine::classic::SetupKind;
        crate::i18n::tests::install_all();
        let (mut checked, mut seed) = (0, 0u64);
        let mut kinds: BTreeMap<String, usize> = BTreeMap::new();
        while checked < 200 || kinds.len() < 4 {
            seed += 1;
            assert!(seed < 200, "too few contests: {kinds:?}");
            let (mut g, names) = classic_game(seed, 700 + seed, SetupKind::Basic);
            let mut walk = Walk::new(seed);
            let mut moves = Vec::new();
            for ply in 0..400 {
                let Some(played) = walk.next(&g, ply) else { break };
                let who = played.by();
                let v = g.view(Some(who));
                if let CPhase::Negotiation { action, .. } | CPhase::Duel { action, .. } = v.phase {
                    let Some(CardFace::Actions(acts)) = v.card.map(|c| c.face()) else { panic!("a contest without its card") };
                    let prompt = <Game as TableWords>::prompt(&v, &Step::default(), None);
                    g.legal_moves_into(&mut moves);
                    moves.retain(|m| m.by() == who);
                    for (i, &m) in moves.iter().enumerate() {
                        // Every kind, and a few amounts of each.
                        if i % 5 != 0 && !matches!(m, Move::Accept { .. } | Move::Duel { .. }) {
                            continue;
                        }
                        let mut after = g.clone();
                        let events = after.play(m).unwrap();
                        let h = classic(&v, Some(m), &events, Some(after.board()));
                        for lang in Lang::ALL {
                            set_lang(lang);
                            let (text, asked) = (h.text(&names), prompt.text(&names));
                            let words = crate::app::log::classic::action(acts[action as usize]).text(&names);
                            assert!(asked.contains(&words), "{lang:?}: the prompt names the action: {asked}");
                            assert!(text.contains(&words), "{lang:?} {m}: the hint names the prompt's action ({words}): {text} / {asked}");
                            for (j, &other) in acts.iter().enumerate() {
                                let w = crate::app::log::classic::action(other).text(&names);
                                assert!(j == action as usize || !text.contains(&w) || words.contains(&w), "{lang:?} {m}: the hint names another action ({w}): {text}");
                            }
                        }
                        set_lang(Lang::En);
                        // The amount the step bar is set to is the one the words name.
                        let named = match m {
                            Move::Offer { amount, .. } => Some(amount),
                            Move::Bid { money, .. } => Some(money),
                            _ => None,
                        };
                        assert_eq!(h.money(), named, "{m}");
                        if let Move::Bid { treasures, .. } = m {
                            assert_eq!(h.treasures(), treasures, "{m}");
                        }
                        let words = match m {
                            Move::Bid { money: 0, treasures, .. } if treasures == Treasures::NONE => Some("Bid nothing".to_string()),
                            Move::Bid { money: 0, .. } => None,
                            _ => named.map(|n| format!(" {n} ducat")),
                        };
                        if let Some(w) = words {
                            assert!(h.what.text(&names).contains(&w), "{m}: {}", h.text(&names));
                        }
                        *kinds.entry(kind(&m.to_string())).or_default() += 1;
                        checked += 1;
                    }
                }
                g.play(played).unwrap();
            }
        }
        eprintln!("contest hints: {kinds:?}");
    }

    /// A custom New Edition game (reference tiles) with these castles, knights, borders and red
    /// hand, then `moves`.
    fn custom(castles: &str, knights: &str, borders: &str, red: &str, moves: &str) -> crate::app::AnySession {
        let record = format!(
            "[Edition \"new\"]\n[Players \"red blue orange\"]\n[Names \"Ann, Ben, Cleo\"]\n[Setup \"custom\"]\n[Seed \"5\"]\n[Tiles \"A0 B0 C0 D0 K0 E0 F0 G0 H0\"]\n[Deck \"D1 D2 D3 D4 D5 D6\"]\n\
             [Castles \"{castles}\"]\n[Knights \"{knights}\"]\n[Borders \"{borders}\"]\n[Hands \"red:{red} blue:D10,D11,D12 orange:D13,D14,D15\"]\n\n{moves}\n"
        );
        crate::app::AnySession::from_record("t".into(), &record).unwrap()
    }

    /// Red's region at a1 with a knight on a3 and blue's at d1 with knights on c1 and d2, red
    /// holding the Renegade C11, then `moves`.
    fn two_regions(moves: &str) -> crate::app::AnySession {
        custom("red:a1 blue:d1", "red:a3 blue:c1,d2", "a3-a4 b3-b4 b1-c1 b2-c2 b3-c3 d1-e1 d2-e2 d3-e3 c3-c4 d3-d4", "C11,A1,A2", moves)
    }

    #[test]
    fn a_border_says_how_many_more_close_in_the_ground_around_ones_castle() {
        crate::i18n::tests::install_all();
        // The ground of red's castle a1: a1–a3 and b1–b3, closed but for b2-c2 and b3-c3.
        let g = custom("red:a1 blue:d1", "red:a3 blue:d2", "a3-a4 b3-b4 b1-c1", "A3,A1,A2", "red play A3");
        let names = g.names();
        let h = g.hint(Some("red border b2-c2"), Colour::Red).unwrap();
        set_lang(Lang::En);
        assert_eq!(h.text(&names), "Hint: Place a border between b2 and c2 — 1 more border would close in 6 spaces around your castle at a1.");
        set_lang(Lang::De);
        assert_eq!(h.text(&names), "Tipp: Setze eine Grenze zwischen b2 und c2 – noch 1 Grenze schließt 6 Felder um deine Burg bei a1 ein.");
        set_lang(Lang::En);
        // The last one founds the region: its points, not a count.
        let g = custom("red:a1 blue:d1", "red:a3 blue:d2", "a3-a4 b3-b4 b1-c1 b2-c2", "A3,A1,A2", "red play A3");
        let h = g.hint(Some("red border b3-c3"), Colour::Red).unwrap();
        let text = h.text(&names);
        assert!(text.starts_with("Hint: Place a border between b3 and c3 — you found a region of 6 spaces: +"), "{text}");
    }

    #[test]
    fn a_card_played_or_sold_says_what_it_prepares_from_the_computers_next_step() {
        crate::i18n::tests::install_all();
        set_lang(Lang::En);
        let g = custom("red:a1 blue:d1", "red:a3 blue:d2", "a3-a4 b3-b4 b1-c1", "A3,A1,A2", "");
        let names = g.names();
        // Playing A3 (2 borders): the computer is asked again on the position after the play.
        let (record, _) = g.hint_follow("red play A3", Colour::Red).expect("a card's first step to ask for");
        assert!(record.trim_end().ends_with("red play A3"), "{record}");
        let h = g.hint_then(Some("red play A3"), Some("red border b2-c2"), Colour::Red).unwrap();
        let text = h.text(&names);
        assert!(text.starts_with("Hint: Play A3 (2 borders) for "), "{text}");
        assert!(text.ends_with(". Then: Place a border between b2 and c2 — 1 more border would close in 6 spaces around your castle at a1."), "{text}");
        assert_eq!(h.edges, vec![Edge::parse("b2-c2").unwrap()], "the next step's border is marked");
        assert_eq!(h.picks, vec![Pick::Card(PowerCardId::parse("A3").unwrap()), Pick::Play(PowerCardId::parse("A3").unwrap(), 1)]);
        set_lang(Lang::De);
        assert!(h.text(&names).contains(". Dann: Setze eine Grenze zwischen b2 und c2 – "), "{}", h.text(&names));
        set_lang(Lang::En);
        // A sale: the refill.
        assert!(g.hint_follow("red sell A1", Colour::Red).is_some());
        let h = g.hint_then(Some("red sell A1"), Some("red draw"), Colour::Red).unwrap();
        assert!(h.text(&names).ends_with(". Then: Draw the top card of the deck — no market card is worth more to you than an unseen one."), "{}", h.text(&names));
        // Nothing to ask after a border, nor after a move that isn't one now; a next step that
        // isn't a move is left out.
        let played = custom("red:a1 blue:d1", "red:a3 blue:d2", "a3-a4 b3-b4 b1-c1", "A3,A1,A2", "red play A3");
        assert!(played.hint_follow("red border b2-c2", Colour::Red).is_none());
        assert!(g.hint_follow("red fly", Colour::Red).is_none());
        assert_eq!(g.hint_then(Some("red sell A1"), Some("red fly"), Colour::Red).unwrap().then, None);
    }

    #[test]
    fn a_bid_of_a_sum_another_bidders_search_tries_is_raised_by_a_ducat_when_the_purse_allows() {
        use crate::engine::classic::PhaseView;
        let setup = crate::engine::classic::Setup::new(vec![Colour::Red, Colour::Yellow, Colour::Purple], crate::engine::classic::SetupKind::Basic, 42);
        let (g, _) = crate::engine::classic::Game::new(&setup).unwrap();
        let mut v = g.view(Some(Colour::Red));
        v.phase = PhaseView::Duel { action: 1, bidders: vec![Colour::Red, Colour::Yellow], second: false, have_bid: vec![], own_bid: None };
        v.ducats[Colour::Red] = Some(12);
        let bid = |money: u32| cmoves::Move::Bid { by: Colour::Red, money, treasures: Treasures::NONE };
        // Yellow's purse hidden: the round sums are the ones its search tries.
        assert_eq!(untied(&v, bid(5)), Some(bid(6)));
        assert_eq!(untied(&v, bid(8)), Some(bid(9)));
        assert_eq!(untied(&v, bid(6)), None, "not a sum the search tries");
        assert_eq!(untied(&v, bid(0)), None, "nothing stays nothing");
        assert_eq!(untied(&v, bid(12)), None, "no more in the purse");
        // Yellow's purse shown (12): all of it and half of it too, and nothing above it.
        v.ducats[Colour::Yellow] = Some(12);
        assert_eq!(untied(&v, bid(8)), Some(bid(9)));
        assert_eq!(untied(&v, bid(5)), Some(bid(7)), "6 is half of yellow's purse");
        v.ducats[Colour::Yellow] = Some(4);
        assert_eq!(untied(&v, bid(5)), None, "yellow can't bid 5");
        // Not a bid, or not in a duel: as it is.
        assert_eq!(untied(&v, cmoves::Move::Duel { by: Colour::Red }), None);
        v.phase = PhaseView::Over { winners: vec![] };
        assert_eq!(untied(&v, bid(5)), None);
    }

    fn sp(s: &str) -> Space {
        Space::parse(s).unwrap()
    }

    #[test]
    fn a_new_edition_renegade_names_both_regions_knights() {
        crate::i18n::tests::install_all();
        set_lang(Lang::En);
        let g = two_regions("red play C11");
        let names = g.names();
        let h = g.hint(Some("red renegade d1 b3"), Colour::Red).unwrap();
        assert_eq!(h.text(&names), "Hint: Play Renegade: put a knight on b3; the owner of the region at d1 removes one of theirs — Ben loses a knight and you gain one.");
        assert_eq!((h.spaces.clone(), h.edges.clone()), (vec![sp("d1"), sp("b3")], vec![]));
        check(&h, "red renegade d1 b3", &names, None);
        // Blue chooses which knight leaves.
        let g = two_regions("red play C11\nred renegade d1 b3");
        let h = g.hint(Some("blue remove c1"), Colour::Blue).unwrap();
        set_lang(Lang::De);
        assert_eq!(h.text(&names), "Tipp: Nimm deinen Ritter von c1 – der Ritter, den du am wenigsten vermisst.");
        check(&h, "blue remove c1", &names, None);
        assert_eq!(h.spaces, vec![sp("c1")]);
        // An answer that isn't a move now is said as such, not shown as a hint.
        assert!(g.hint(Some("blue remove a3"), Colour::Blue).is_err());
        assert!(g.hint(Some("blue fly"), Colour::Blue).is_err());
    }

    #[test]
    fn the_hinted_card_and_its_button_are_marked_in_the_step_bar() {
        crate::i18n::tests::install_all();
        set_lang(Lang::En);
        let g = two_regions("");
        let names = g.names();
        let h = g.hint(Some("red sell A1"), Colour::Red).unwrap();
        assert_eq!(h.text(&names), "Hint: Sell A1 (1 border) to the market for 1 ducat — you gain 1 ducat (then 9 ducats).");
        let crate::app::AnySession::New(s) = &g else { panic!("a New Edition game") };
        let mut s = s.clone();
        s.take_device(Colour::Red);
        let tree = mark(crate::app::panels::newed::hand_choice(&s.table()), &h.picks);
        let marked = crate::app::tree::find_all(&tree, "data-hinted", "");
        assert_eq!(marked.len(), 2, "the card and its sell button");
        assert_eq!(marked[0].get("data-card"), Some("A1"));
        assert_eq!(marked[1].get("data-sell"), Some("A1"));
        // Nothing is marked without a hint.
        assert!(crate::app::tree::find_all(&mark(crate::app::panels::newed::hand_choice(&s.table()), &[]), "data-hinted", "").is_empty());
    }

    #[test]
    fn a_classic_hint_names_the_decision_cards_the_treasures_bid_and_passing() {
        use crate::engine::classic::{PhaseView, Treasures};
        crate::i18n::tests::install_all();
        let names = names(Edition::Classic, &[Colour::Red, Colour::Yellow, Colour::Purple]);
        let setup = crate::engine::classic::Setup::new(vec![Colour::Red, Colour::Yellow, Colour::Purple], crate::engine::classic::SetupKind::Basic, 42);
        let (g, _) = crate::engine::classic::Game::new(&setup).unwrap();
        let v = g.view(Some(Colour::Red));
        let m = cmoves::Move::Decide { by: Colour::Red, first: 1, second: Some(3) };
        let h = classic(&v, Some(m), &g.clone().play(m).unwrap(), None);
        set_lang(Lang::En);
        let text = h.text(&names);
        assert!(text.starts_with("Hint: Lay decision cards 1 and 3 — you want action 1 ("), "{text}");
        assert_eq!(h.picks, vec![Pick::Decision(1), Pick::Decision(3)]);
        // A bid of money and a treasure card, as the card shows it, for the duel's action.
        let mut v = v;
        // The phase counts its actions from 0: its action 1 is the card's second.
        v.phase = PhaseView::Duel { action: 1, bidders: vec![Colour::Red, Colour::Yellow], second: false, have_bid: vec![], own_bid: None };
        let bid = cmoves::Move::Bid { by: Colour::Red, money: 3, treasures: Treasures(PoliticsCard::Treasure(10).treasure_bit().unwrap()) };
        let h = classic(&v, Some(bid), &[], None);
        let text = h.text(&names);
        assert!(text.starts_with("Hint: Bid 3 ducats and Treasure 10 — to win the duel for action 2 ("), "{text}");
        set_lang(Lang::It);
        assert!(h.text(&names).starts_with("Suggerimento: Offri 3 ducati e Tesoro 10 – per vincere il duello per l'azione 2 ("), "{}", h.text(&names));
        set_lang(Lang::En);
        assert_eq!(h.picks, vec![Pick::Money(3), Pick::Treasure(PoliticsCard::Treasure(10)), Pick::SealBid]);
        assert_eq!((h.money(), h.treasures()), (Some(3), Treasures(PoliticsCard::Treasure(10).treasure_bit().unwrap())));
        let pass = classic(&v, None, &[], None);
        assert_eq!(pass.text(&names), "Hint: Play no politics card now — your politics cards may serve you better later.");
    }
}
