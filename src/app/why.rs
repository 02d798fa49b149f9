//! A hint's one line of why, in the player's language. The computer (in its worker) answers
//! with a move; the page plays that move on its own copy of the game and says what it does
//! (the engine's `Searchable::explain` says the same in English for the referee).

use crate::engine::{newed, Colour, Edition};
use crate::tr;

/// What a score change is, in words.
fn scored(edition: Edition, what: String, colour: Colour, me: Colour, delta: i32) -> String {
    if colour == me {
        tr!(WhyScore, what = what, delta = format_args!("{delta:+}"))
    } else {
        tr!(WhyScoreOther, what = what, colour = super::names::colour_name(edition, colour), delta = format_args!("{delta:+}"))
    }
}

/// Why a Classic move is good for `me`, from the events it caused.
pub fn classic(m: &crate::engine::Move, events: &[crate::engine::Event], me: Colour) -> String {
    use crate::engine::{Event, Move, ScoreReason};
    let parts: Vec<String> = events
        .iter()
        .filter_map(|e| match e {
            Event::Score { colour, delta, reason } => {
                let what = match reason {
                    ScoreReason::Founding => tr!(WhyFoundsProvince),
                    ScoreReason::Expansion => tr!(WhyExpands),
                    ScoreReason::LostSpace | ScoreReason::NeutralZone => tr!(WhyCostsRival),
                    ScoreReason::SilverFind => tr!(WhySilverFind),
                    ScoreReason::FinalMountains => tr!(WhyMountains),
                    ScoreReason::Deeds => tr!(WhyDeeds),
                };
                Some(scored(Edition::Classic, what.into(), *colour, me, *delta))
            }
            _ => None,
        })
        .collect();
    if !parts.is_empty() {
        return parts.join(", ");
    }
    match *m {
        Move::Border { .. } => tr!(String WhyClosesIn),
        Move::Knight { .. } => tr!(String WhyStrengthens),
        Move::Expand { .. } => tr!(String WhyTakesSpace),
        Move::Decide { first, .. } => tr!(WhyWantsAction, n = first),
        Move::Offer { amount, .. } => tr!(WhyOffers, n = amount),
        Move::Accept { .. } => tr!(String WhyTakesMoney),
        Move::Duel { .. } => tr!(String WhyDuel),
        Move::Bid { money, .. } => tr!(WhyBids, n = money),
        Move::Alliance { .. } => tr!(String WhyAllies),
        Move::Renegade { .. } => tr!(String WhyRenegade),
        Move::Open { .. } | Move::Take { .. } => tr!(String WhyPolitics),
        Move::Done { .. } => tr!(String WhyDone),
        Move::Castle { .. } => tr!(String WhyRoom),
        Move::Unally { .. } => tr!(String WhyUnally),
    }
}

/// Why a New Edition move is good for `me`, from the events it caused.
pub fn new(m: &newed::Move, events: &[newed::Event], me: Colour) -> String {
    use newed::{Event, Move, ScoreReason};
    let parts: Vec<String> = events
        .iter()
        .filter_map(|e| match e {
            Event::Score { colour, delta, reason } => {
                let what = match reason {
                    ScoreReason::Founding => tr!(String WhyFoundsRegion),
                    ScoreReason::Expansion => tr!(String WhyExpands),
                    ScoreReason::LostSpace | ScoreReason::NeutralZone => tr!(String WhyCostsRival),
                    ScoreReason::MonopolyWon(k) => tr!(WhyWinsMonopoly, mine = super::log::newed::mine_text(*k)),
                    ScoreReason::MonopolyLost(k) => tr!(WhyBreaksMonopoly, mine = super::log::newed::mine_text(*k)),
                    ScoreReason::DucatBonus => tr!(String WhyDucatBonus),
                };
                Some(scored(Edition::New, what, *colour, me, *delta))
            }
            _ => None,
        })
        .collect();
    if !parts.is_empty() {
        return parts.join(", ");
    }
    match *m {
        Move::Sell { card, .. } => tr!(WhySells, card = card, n = card.card().sale),
        Move::Play { card, .. } => tr!(WhyPlays, card = card),
        Move::Border { .. } => tr!(String WhyClosesIn),
        Move::Knight { .. } => tr!(String WhyStrengthens),
        Move::Expand { .. } => tr!(String WhyTakesSpace),
        Move::Renegade { .. } => tr!(String WhyRenegade),
        Move::Remove { .. } => tr!(String WhyRemove),
        Move::Alliance { .. } => tr!(String WhyAllies),
        Move::Done { .. } => tr!(String WhyDone),
        Move::Draw { .. } => tr!(String WhyDraws),
        Move::Take { card, .. } => tr!(WhyTakesMarket, card = card),
        Move::Castle { .. } => tr!(String WhyRoom),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{set_lang, Lang};

    // The English words are the engine's own (its explanation for the referee), so a hint
    // reads the same as before in English and is translated otherwise.
    #[test]
    fn english_reasons_match_the_engines_and_others_are_translated() {
        let m = crate::engine::Move::Offer { by: Colour::Red, amount: 4 };
        set_lang(Lang::En);
        assert_eq!(classic(&m, &[], Colour::Red), "offers 4 ducats");
        let e = [crate::engine::Event::Score { colour: Colour::Red, delta: 5, reason: crate::engine::ScoreReason::Founding }];
        assert_eq!(classic(&crate::engine::Move::Done { by: Colour::Red }, &e, Colour::Red), "founds a province: +5");
        crate::i18n::tests::install_all();
        set_lang(Lang::De);
        assert!(classic(&crate::engine::Move::Done { by: Colour::Red }, &e, Colour::Red).contains("Provinz"));
        set_lang(Lang::It);
        assert_eq!(classic(&m, &[], Colour::Red), "fa un'offerta di 4");
        set_lang(Lang::En);
    }
}
