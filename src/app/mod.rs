//! Presentation logic of the browser game, free of the browser: the pass-and-play
//! session (who holds the device, staged moves, hand-overs), start parameters from a
//! link, the save format and the game log in words. It compiles and is tested natively;
//! `ui` draws it with Leptos.

pub mod any;
pub mod board;
pub mod computers;
pub mod hint;
pub mod history;
pub mod log;
pub mod net;
pub mod names;
pub mod palette;
pub mod panels;
pub mod params;

pub mod replay;
pub mod said;
pub mod save;
pub mod seats;
pub mod session;
pub mod share;
pub mod words;
pub mod since;
pub mod table;
pub mod tree;
pub mod targets;
pub mod tutorial;


#[cfg(test)]
mod tests {
    use crate::i18n::{set_lang, Lang};

    #[test]
    fn a_new_edition_record_never_opens_as_classic() {
        crate::i18n::tests::install_all();
        set_lang(Lang::De);
        let e = super::session::Session::<crate::engine::classic::game::Game>::from_record("t".into(), "[Edition \"new\"]\n[Players \"red blue orange\"]\n").unwrap_err();
        assert_eq!(e, "Zeile 1: dies ist ein Spiel der Neuauflage, kein klassisches");
        set_lang(Lang::En);
    }
}

pub use any::{AnyCommand, AnyReplay, AnySession, AnyTable};
