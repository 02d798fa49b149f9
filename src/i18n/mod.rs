//! The game's words in English, German and Italian.
//!
//! Every text on screen is a [`Key`]: one line `Key = text` in each of the catalogues
//! `src/i18n/{en,de,it}/<area>.txt`. `build.rs` generates the keys from the English catalogue and
//! fails the build when the German or Italian one lacks a message, has another, orders them
//! differently or uses other `{placeholders}`. English is compiled in; German and Italian are
//! fetched when chosen (built into `lang-de.txt` / `lang-it.txt` next to the page and precached
//! by the service worker), so the first load carries one language. The words follow
//! `glossary.md`.
//!
//! A placeholder `{n}` takes a value; `{n|ducat|ducats}` takes none and says the first word when
//! `n` is 1, the second otherwise (the plural rule of all three languages), so "1 ducat" and
//! "3 ducats" are one message: `{n} {n|ducat|ducats}`.
//!
//! The language is per thread (the browser has one; native tests each set their own).

use std::cell::Cell;
use std::fmt::Display;
use std::sync::OnceLock;

include!(concat!(env!("OUT_DIR"), "/i18n_keys.rs"));

/// A message's placeholders (indices into [`PLACEHOLDER_NAMES`]), in the order English first
/// names them: how a fact's arguments are kept and sent.
pub fn places(key: Key) -> &'static [u8] {
    let i = key as usize;
    &PLACE_IDS[PLACE_AT[i] as usize..PLACE_AT[i + 1] as usize]
}

/// A language of the game.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// German.
    De,
    /// Italian.
    It,
}

impl Lang {
    /// All languages, in the order the menu offers them.
    pub const ALL: [Lang; 3] = [Lang::En, Lang::De, Lang::It];

    /// The BCP 47 code (`en`, `de`, `it`), as in links and `<html lang>`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::De => "de",
            Lang::It => "it",
        }
    }

    /// The language's own name for itself (the menu shows every language so).
    pub fn own_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::De => "Deutsch",
            Lang::It => "Italiano",
        }
    }

    /// The language of a code like `de`, `de-AT` or `it_IT` (case ignored).
    pub fn parse(code: &str) -> Option<Lang> {
        let primary = code.split(['-', '_']).next()?.to_ascii_lowercase();
        Lang::ALL.into_iter().find(|l| l.code() == primary)
    }

    fn index(self) -> usize {
        self as usize
    }
}

static TABLES: [OnceLock<Vec<&'static str>>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];

thread_local! {
    static CURRENT: Cell<Lang> = const { Cell::new(Lang::En) };
}

/// The texts of a catalogue file, in order (`Key = text` lines; comments and blank lines
/// skipped). `None` when it doesn't have exactly one text per key.
pub fn parse_catalogue(text: &str) -> Option<Vec<String>> {
    let out: Vec<String> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| l.split_once(" = ").map(|(_, v)| v.trim().to_string()))
        .collect::<Option<_>>()?;
    (out.len() == COUNT).then_some(out)
}

fn english() -> &'static [&'static str] {
    TABLES[0].get_or_init(|| {
        include_str!(concat!(env!("OUT_DIR"), "/en.txt")).lines().collect()
    })
}

/// Makes `lang`'s catalogue (the text of its `lang-xx.txt`) available. English needs none.
/// Refused (with the catalogue unchanged) when the text doesn't fit this build's keys.
pub fn install(lang: Lang, catalogue: &str) -> Result<(), String> {
    if lang == Lang::En || TABLES[lang.index()].get().is_some() {
        return Ok(());
    }
    let texts = parse_catalogue(catalogue).ok_or_else(|| format!("the {} catalogue doesn't fit this version of the game", lang.own_name()))?;
    let texts: Vec<&'static str> = texts.into_iter().map(|t| &*Box::leak(t.into_boxed_str())).collect();
    let _ = TABLES[lang.index()].set(texts);
    Ok(())
}

/// Whether `lang`'s words are available (English always is).
pub fn installed(lang: Lang) -> bool {
    lang == Lang::En || TABLES[lang.index()].get().is_some()
}

/// The language texts are given in (on this thread).
pub fn lang() -> Lang {
    CURRENT.with(Cell::get)
}

/// Speaks `lang` from now on (on this thread). A language not [`installed`] speaks English.
pub fn set_lang(lang: Lang) {
    CURRENT.with(|c| c.set(if installed(lang) { lang } else { Lang::En }));
}

/// A message's text in the current language. (Never inlined: it is called from hundreds of
/// places, and one call is smaller than its body.)
#[inline(never)]
pub fn text(key: Key) -> &'static str {
    let i = key as usize;
    match TABLES[lang().index()].get() {
        Some(t) => t[i],
        None => english()[i],
    }
}

/// A message's text as an owned `String` (one call instead of an allocation at every place).
#[inline(never)]
pub fn owned(key: Key) -> String {
    text(key).to_string()
}

/// A message's text in the current language with each `{placeholder}` written by `put(name,
/// forms, out)`: `forms` is a plural choice's two words (`{n|ducat|ducats}`), which `put` picks
/// by the value; `put` answers false for a name it has no value for (written as it stands).
pub fn render(key: Key, mut put: impl FnMut(&str, Option<(&str, &str)>, &mut String) -> bool) -> String {
    let template = text(key);
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(i) = rest.find('{') {
        out += &rest[..i];
        let Some(j) = rest[i..].find('}') else { break };
        let inner = &rest[i + 1..i + j];
        let (name, forms) = match inner.split_once('|') {
            Some((name, forms)) => (name, Some(forms.split_once('|').unwrap_or((forms, forms)))),
            None => (inner, None),
        };
        if !put(name, forms, &mut out) {
            debug_assert!(false, "{key:?}: no value for {{{name}}}");
            out += &rest[i..i + j + 1];
        }
        rest = &rest[i + j + 1..];
    }
    out + rest
}

/// A message's text with its `{placeholders}` filled in.
#[inline(never)]
pub fn fill(key: Key, args: &[(&str, &dyn Display)]) -> String {
    render(key, |name, forms, out| {
        let Some((_, v)) = args.iter().find(|(n, _)| *n == name) else { return false };
        match forms {
            None => *out += &v.to_string(),
            Some((one, many)) => *out += if v.to_string() == "1" { one } else { many },
        }
        true
    })
}

/// A message in the current language: `tr!(Key)` gives a `&'static str`, `tr!(String Key)` a
/// `String`;
/// `tr!(Key, name = value, …)` fills the placeholders and gives a `String`.
#[macro_export]
macro_rules! tr {
    ($key:ident) => {
        $crate::i18n::text($crate::i18n::Key::$key)
    };
    (String $key:ident) => {
        $crate::i18n::owned($crate::i18n::Key::$key)
    };
    ($key:ident, $($name:ident = $value:expr),+ $(,)?) => {
        $crate::i18n::fill($crate::i18n::Key::$key, &[$((stringify!($name), &$value as &dyn ::std::fmt::Display)),+])
    };
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// Installs German and Italian from the source catalogues (as the build bundles them).
    pub(crate) fn install_all() {
        for l in [Lang::De, Lang::It] {
            install(l, &bundle(l)).expect("catalogue fits");
        }
    }

    /// A language's catalogue as `scripts/sw-precache.mjs` bundles it: the area files in order.
    pub(crate) fn bundle(l: Lang) -> String {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/i18n").join(l.code());
        let mut names: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).filter(|p| p.extension().is_some_and(|x| x == "txt")).collect();
        names.sort();
        names.iter().map(|p| std::fs::read_to_string(p).unwrap() + "\n").collect()
    }

    #[test]
    fn every_language_has_a_text_for_every_key_and_they_differ_from_english() {
        install_all();
        for l in Lang::ALL {
            set_lang(l);
            assert_eq!(lang(), l);
            assert!(!text(Key::LangMenu).is_empty());
        }
        set_lang(Lang::De);
        let de: Vec<&str> = (0..COUNT).map(|i| TABLES[1].get().unwrap()[i]).collect();
        let same = de.iter().zip(english()).filter(|(a, b)| a == b && b.chars().filter(|c| c.is_alphabetic()).count() > 12).count();
        assert!(same * 20 < COUNT, "{same} German texts are the English ones");
    }

    #[test]
    fn placeholders_are_filled_by_name_in_any_order() {
        install_all();
        set_lang(Lang::En);
        assert_eq!(tr!(IllegalCastleTooClose, min_distance = 3), "castles of one colour must be at least 3 spaces apart (counted orthogonally)");
        set_lang(Lang::En);
    }

    /// The words of a text (letters only).
    fn words(t: &str) -> impl Iterator<Item = &str> {
        t.split(|c: char| !c.is_alphabetic()).filter(|w| !w.is_empty())
    }

    #[test]
    fn german_says_du_to_the_player_and_the_own_panel_cant_read_as_she() {
        // glossary.md §10 (issue 22): the German UI says "du"; the own panel's heading is set in
        // capitals, where "ANNA (SIE)" read as "Anna (she)".
        install_all();
        let polite = ["Sie", "Ihr", "Ihre", "Ihren", "Ihrem", "Ihrer", "Ihres", "Ihnen"];
        let de = TABLES[Lang::De.index()].get().unwrap();
        let formal: Vec<&str> = de.iter().copied().filter(|t| words(t).any(|w| polite.contains(&w))).collect();
        assert!(formal.is_empty(), "{formal:#?}");
        set_lang(Lang::De);
        assert_eq!(tr!(PanelYou, name = "Anna").to_uppercase(), "ANNA (DU)");
        set_lang(Lang::En);
    }

    #[test]
    fn german_and_italian_name_the_seed_in_their_own_words() {
        // Issue 22: "Seed" was left in English. Only the link's parameter keeps its name, in brackets
        // (and the placeholder its own).
        install_all();
        for l in [Lang::De, Lang::It] {
            let texts = TABLES[l.index()].get().unwrap();
            let english: Vec<&str> = texts.iter().copied().filter(|t| words(&t.replace("(seed)", "").replace("{seed}", "")).any(|w| w.eq_ignore_ascii_case("seed"))).collect();
            assert!(english.is_empty(), "{l:?}: {english:#?}");
        }
        set_lang(Lang::De);
        assert_eq!(tr!(ScreenSeed), "Startzahl");
        set_lang(Lang::It);
        assert_eq!(tr!(ScreenSeed), "Numero di partenza");
        set_lang(Lang::En);
    }

    #[test]
    fn counts_read_right_with_one_and_two_in_every_language() {
        // Issue 21/22: "1 ducats", "(1 cards)", "The link gives 1 names". A plural choice
        // `{n|one|many}` picks the first form for 1 only.
        install_all();
        let cases: [(Lang, Key, &str, &str); 9] = [
            (Lang::En, Key::PanelDeckCount, "1 card in the deck", "2 cards in the deck"),
            (Lang::De, Key::PanelDeckCount, "1 Karte im Nachziehstapel", "2 Karten im Nachziehstapel"),
            (Lang::It, Key::PanelDeckCount, "1 carta nel mazzo", "2 carte nel mazzo"),
            (Lang::En, Key::LogShortKnights, "1 knight", "2 knights"),
            (Lang::De, Key::LogShortBorders, "1 Grenze", "2 Grenzen"),
            (Lang::It, Key::LogShortKnights, "1 cavaliere", "2 cavalieri"),
            (Lang::En, Key::HintWhyDeeds, "it scores 1 point at the end", "it scores 2 points at the end"),
            (Lang::De, Key::HintWhyDeeds, "es bringt am Spielende 1 Punkt", "es bringt am Spielende 2 Punkte"),
            (Lang::It, Key::LogActDucats, "ricevi 1 ducato", "ricevi 2 ducati"),
        ];
        for (l, key, one, two) in cases {
            set_lang(l);
            assert_eq!(fill(key, &[("n", &1)]), one);
            assert_eq!(fill(key, &[("n", &2)]), two);
        }
        set_lang(Lang::En);
        assert_eq!(tr!(AppLinkNameCount, names = 1, players = 4), "The link gives 1 name for 4 players.");
        assert_eq!(tr!(LogProvinceCities, spaces = 6, cities = 1), "a 6-space province with 1 city");
        assert_eq!(tr!(PanelInfo, round = 2, left = 1, stack = "B", borders = 1), "Round 2 · 1 action card left (next: stack B) · 1 border in stock");
    }

    #[test]
    fn no_english_count_is_followed_by_a_fixed_plural() {
        // Every "{n} ducats" says "1 ducat" when n is 1: either a plural choice or a message only
        // ever used for many (its `…One` sibling says the one), a count that is never 1, or a name
        // before the noun ("more {card} cards").
        let never_one = ["PanelDucatsMany", "PanelCardsMany", "PanelKnightsMany", "PanelBoardEdgesMany", "PanelLookPileMany", "LogDucats", "ScreenPlayerCount", "IllegalCastleTooClose", "PanelPromptCastle", "PanelPromptNeutralCastle", "PanelNewPromptCastle", "PanelNewPromptNeutralCastle", "SetupCastlesOnMeadows", "RecordTooLong", "RecordLineTooLong", "SetupPilesTooMany"];
        let nouns = ["ducats", "borders", "knights", "cards", "spaces", "cities", "names", "players", "edges", "castles", "bytes"];
        let text = include_str!(concat!(env!("OUT_DIR"), "/en.txt"));
        let keys = include_str!(concat!(env!("OUT_DIR"), "/i18n_keys.rs"));
        let names: Vec<&str> = keys.lines().filter(|l| l.starts_with("    ") && l.trim().ends_with(',') && !l.contains("///")).map(|l| l.trim().trim_end_matches(',')).collect();
        let mut bad = vec![];
        for (name, t) in names.iter().zip(text.lines()) {
            if never_one.contains(name) {
                continue;
            }
            let mut rest = t;
            while let Some(i) = rest.find("} ") {
                let after = &rest[i + 2..];
                let word: String = after.chars().take_while(|c| c.is_alphabetic()).collect();
                let next = after.split(' ').nth(1).unwrap_or("");
                if nouns.contains(&word.as_str()) || (word == "action" && next.starts_with("cards")) {
                    bad.push(format!("{name}: {t}"));
                }
                rest = after;
            }
        }
        assert!(bad.is_empty(), "{bad:#?}");
    }

    #[test]
    fn a_catalogue_of_another_build_is_refused() {
        assert!(parse_catalogue("A = b\n").is_none());
        assert_eq!(Lang::parse("de-AT"), Some(Lang::De));
        assert_eq!(Lang::parse("it_IT"), Some(Lang::It));
        assert_eq!(Lang::parse("fr"), None);
    }
}
