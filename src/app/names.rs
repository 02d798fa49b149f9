//! How colours and players are named on screen, in the player's language (both editions).

use crate::engine::{Colour, Edition};

/// The English name of a colour: the name a seat without a typed name is stored under (in
/// records, saves and links), whatever the language. Not for display: show a colour with
/// [`colour_name`] and a stored player name with [`player_name`].
pub fn colour_label(c: Colour) -> &'static str {
    match c {
        Colour::Red => "Red",
        Colour::Yellow => "Yellow",
        Colour::Purple => "Purple",
        Colour::Grey => "Grey",
        Colour::Blue => "Blue",
        Colour::Orange => "Orange",
    }
}

/// The display name of a colour in the current language (a glossary word, one per colour and
/// language). The New Edition's yellow has a message of its own because that edition's rules
/// have no yellow seat (ours, RULES.md): an edition whose own rules named it otherwise would say
/// so there. Today every language names it as Classic's rules do (German „Ocker“).
pub fn colour_name(edition: Edition, c: Colour) -> &'static str {
    use crate::tr;
    match c {
        Colour::Red => tr!(AppColourRed),
        Colour::Yellow if edition == Edition::New => tr!(AppColourYellowNew),
        Colour::Yellow => tr!(AppColourYellow),
        Colour::Purple => tr!(AppColourPurple),
        Colour::Grey => tr!(AppColourGrey),
        Colour::Blue => tr!(AppColourBlue),
        Colour::Orange => tr!(AppColourOrange),
    }
}

/// A stored player name as shown: a seat whose player typed no name is stored under its
/// colour's English name ([`colour_label`]) and shown as the colour in the current language;
/// a typed name is shown as typed.
pub fn player_name(edition: Edition, c: Colour, stored: &str) -> String {
    if stored == colour_label(c) { colour_name(edition, c).to_string() } else { stored.to_string() }
}


/// A colour's name as it stands before or after a noun ("a neutral purple castle", "yellow
/// castle"): lower case as an adjective in English and Italian; German colour words used so are
/// nouns („die neutrale Farbe Grau“, „Burg (Ocker)“).
pub fn colour_adj(edition: Edition, c: Colour) -> String {
    let label = colour_name(edition, c);
    if crate::i18n::lang() == crate::i18n::Lang::De { label.to_string() } else { label.to_lowercase() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{set_lang, Lang};

    #[test]
    fn colours_and_untyped_names_are_shown_in_the_players_language() {
        crate::i18n::tests::install_all();
        set_lang(Lang::En);
        assert_eq!(colour_name(Edition::Classic, Colour::Yellow), "Yellow");
        assert_eq!(player_name(Edition::Classic, Colour::Grey, "Grey"), "Grey");
        set_lang(Lang::De);
        assert_eq!(colour_name(Edition::Classic, Colour::Yellow), "Ocker");
        assert_eq!(colour_name(Edition::New, Colour::Yellow), "Ocker", "one name per colour in both editions");
        assert_eq!(player_name(Edition::Classic, Colour::Red, "Red"), "Rot");
        assert_eq!(player_name(Edition::Classic, Colour::Red, "Ann"), "Ann");
        set_lang(Lang::It);
        assert_eq!(player_name(Edition::New, Colour::Orange, "Orange"), "Arancione");
        assert_eq!(colour_label(Colour::Orange), "Orange", "stored names stay English");
        set_lang(Lang::En);
    }
}
