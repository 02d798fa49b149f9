//! The state the screens share: the game on this device (one [`AnySession`], so only one game is
//! ever shown), the table its screen draws from, and what belongs to this device's screen alone
//! (the tap mode, a choice being asked, notices, the language). Screens answer with commands
//! ([`Ctx::send`]); every change is saved at once.

use super::{crash, page, storage};
use crate::app::table::Command;
use crate::app::targets::{Mode, Tap};
use crate::app::table::Table;
use crate::app::{AnyCommand, AnyReplay, AnySession, AnyTable};
use crate::engine::{classic, newed, Space};
use crate::i18n::Lang;
use crate::tr;
use leptos::prelude::*;
use std::convert::Infallible;
use std::rc::Rc;

/// Where the game lives when friends play it on their own devices (`ui::net` sets one while
/// this page hosts or joins such a game).
pub trait Net {
    /// Runs a change of the game held on this device and returns true (the host's device: its
    /// host tells the friends), or returns false (a friend's device holds no game).
    fn change(&self, f: &mut dyn FnMut(&mut AnySession)) -> bool;
    /// Carries out a screen's command (the host's device checks it; a friend's device sends it).
    ///
    /// # Errors
    /// The engine's or the host's reason.
    fn send(&self, c: AnyCommand) -> Result<(), crate::engine::IllegalMove>;
    /// What this device's screen shows.
    fn table(&self) -> Option<AnyTable>;
    /// "Play with friends" from the game's menu (the host's device: its friends' panel).
    fn show_friends(&self);
    /// The game's menu where no game is held (a friend's device).
    fn menu(&self, open: RwSignal<bool>) -> AnyView;
    /// Ends remote play on this page (the connections close).
    fn close(&self);
    /// The seat this device plays at a friend's table (none on the host's device).
    fn seat(&self) -> Option<crate::engine::Colour> {
        None
    }
    /// True on a watcher's device (the watch link: the public table, no seat).
    fn watching(&self) -> bool {
        false
    }
}

/// What remote play shows on this page.
#[derive(Clone, PartialEq, Debug, Default)]
pub enum NetShown {
    /// Nothing: the game, if any, is this device's alone.
    #[default]
    Off,
    /// This device hosts the game: its table and the friends' panel.
    Host,
    /// This device joins a friend's game.
    Friend,
    /// A friend's reply opened where no host page takes it.
    Reply(String),
    /// A game that can't be hosted, or a link that can't be opened, and why.
    Failed(String),
}

thread_local! {
    static NET: std::cell::RefCell<Option<Rc<dyn Net>>> = const { std::cell::RefCell::new(None) };
}

/// Plays the game of this page across devices from now on (whatever remote play ran before
/// on this page ends).
pub fn set_net(net: Rc<dyn Net>) {
    if let Some(old) = NET.with(|n| n.borrow_mut().replace(net)) {
        old.close();
    }
}

/// Ends remote play on this page: the game, if any, is this device's own again.
pub fn clear_net() {
    if let Some(old) = NET.with(|n| n.borrow_mut().take()) {
        old.close();
    }
}

fn net() -> Option<Rc<dyn Net>> {
    NET.with(|n| n.borrow().clone())
}


/// "Play with friends on their devices" for game `id`: the friends' panel when this page hosts
/// it already, else remote play is asked to host it ([`Ctx::host_asked`]).
pub fn show_friends(ctx: Ctx, id: &str) {
    match net() {
        Some(n) => n.show_friends(),
        None => ctx.host_asked.set(Some(id.to_string())),
    }
}

/// The seat this device plays at a friend's table, if it is a friend's device.
pub fn net_seat() -> Option<crate::engine::Colour> {
    net().and_then(|n| n.seat())
}

/// True when this device watches a game played elsewhere.
pub fn net_watching() -> bool {
    net().is_some_and(|n| n.watching())
}

/// The game's menu of a device that holds no game (nothing without remote play).
pub fn net_menu(open: RwSignal<bool>) -> AnyView {
    net().map_or_else(|| ().into_any(), |n| n.menu(open))
}

/// A tap that could mean several moves waits for the player's choice (how to pay, which region).
#[derive(Clone, PartialEq, Debug, Default)]
pub enum Choice {
    /// Nothing to choose.
    #[default]
    None,
    /// Classic moves (a knight or an expansion, ways to pay).
    Classic(Vec<classic::moves::Move>),
    /// New Edition moves (which region takes the space).
    New(Vec<newed::Move>),
}

/// Shared UI state.
#[derive(Clone, Copy)]
pub struct Ctx {
    /// The game on this device (`None`: the start screen).
    pub game: RwSignal<Option<AnySession>>,
    /// What its screen shows now, in the page's language.
    pub table: Memo<Option<AnyTable>>,
    /// A short message to the player (why a tap was refused, …).
    pub notice: RwSignal<Option<String>>,
    /// A lasting warning (storage full).
    pub warning: RwSignal<Option<String>>,
    /// The tap mode (a card's second tap).
    pub mode: RwSignal<Mode>,
    /// A tap's moves waiting for the player's choice.
    pub choice: RwSignal<Choice>,
    /// A message shown on the start screen (a bad link, a broken save).
    pub start_message: RwSignal<Option<String>>,
    /// Bumped whenever saves change, so the start screen's list refreshes.
    pub saves_changed: RwSignal<u32>,
    /// A record being stepped through.
    pub replay: RwSignal<Option<AnyReplay>>,
    /// Spaces of the log line the player tapped (or a hint's), shown on the board.
    pub highlight: RwSignal<Vec<Space>>,
    /// The hint asked last, until the next move: its border on the board, its cards and
    /// buttons in the step bar.
    pub hint: RwSignal<Option<crate::app::hint::Hint>>,
    /// How fast computers' moves appear (`seats::Pace::code`).
    pub pace: RwSignal<u32>,
    /// Why a computer player stopped (the table can try again).
    pub bot_error: RwSignal<Option<String>>,
    /// A card's explanation, shown when it is tapped or reached with the keyboard.
    pub help: RwSignal<Option<String>>,
    /// The language the page speaks ([`super::lang::switch`] changes it).
    pub lang: RwSignal<Lang>,
    /// The "Learn the game" lesson, while one is on.
    pub tutorial: RwSignal<Option<crate::app::tutorial::Tutorial>>,
    /// Bumped when the table of a game played across devices changed ([`Net`]).
    pub net_changed: RwSignal<u32>,
    /// "Your games" is shown (on the start screen's side: no game is shown meanwhile).
    pub games: RwSignal<bool>,
    /// What remote play shows on this page (nothing: a game of this device alone).
    pub net: RwSignal<NetShown>,
    /// A game the player asked to host ("Play with friends" where this page hosts nothing):
    /// remote play, which watches it, starts hosting it.
    pub host_asked: RwSignal<Option<String>>,
}

/// Upper-cases the first letter.
pub fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

/// A command without a move.
pub fn plain(c: Command<Infallible>) -> AnyCommand {
    AnyCommand::Either(c)
}

impl Ctx {
    /// Fresh UI state around an optional game.
    pub fn new(game: Option<AnySession>) -> Ctx {
        let game = RwSignal::new(game);
        let lang = RwSignal::new(crate::i18n::lang());
        let net_changed = RwSignal::new(0);
        let table = Memo::new(move |_| {
            lang.track();
            net_changed.track();
            game.with(|g| match net() {
                Some(n) => n.table(),
                None => g.as_ref().map(AnySession::table),
            })
        });
        Ctx {
            game,
            table,
            notice: RwSignal::new(None),
            warning: RwSignal::new(None),
            mode: RwSignal::new(Mode::Normal),
            choice: RwSignal::new(Choice::None),
            start_message: RwSignal::new(None),
            saves_changed: RwSignal::new(0),
            replay: RwSignal::new(None),
            highlight: RwSignal::new(Vec::new()),
            hint: RwSignal::new(None),
            pace: RwSignal::new(super::storage::pace()),
            bot_error: RwSignal::new(None),
            help: RwSignal::new(None),
            lang,
            tutorial: RwSignal::new(None),
            net_changed,
            games: RwSignal::new(false),
            net: RwSignal::new(NetShown::Off),
            host_asked: RwSignal::new(None),
        }
    }

    /// Runs a change of the game on this device (through the host when friends play it on
    /// their devices); `None` when there is no game here.
    pub fn change<R>(&self, f: impl FnOnce(&mut AnySession) -> R) -> Option<R> {
        let mut f = Some(f);
        let mut out = None;
        self.change_with(&mut |g| out = f.take().map(|f| f(g)));
        out
    }

    fn change_with(&self, run: &mut dyn FnMut(&mut AnySession)) {
        match net() {
            Some(n) => {
                n.change(run);
            }
            None => self.game.update(|g| {
                if let Some(g) = g {
                    run(g);
                }
            }),
        }
    }

    /// `data-hinted` for a step bar element carrying `k`=`v` that the hint points at (tracked).
    pub fn hinted(&self, k: &'static str, v: impl ToString) -> Option<&'static str> {
        let v = v.to_string();
        self.hint.with(|h| h.as_ref().is_some_and(|h| crate::app::hint::picked(&h.picks, k, &v))).then_some("")
    }

    /// The step bar's tree with the elements the hint points at marked (tracked).
    pub fn mark_hinted<A>(&self, nodes: Vec<crate::app::tree::Node<A>>) -> Vec<crate::app::tree::Node<A>> {
        self.hint.with(|h| match h {
            Some(h) => crate::app::hint::mark(nodes, &h.picks),
            None => nodes,
        })
    }

    /// This device's table of edition `G`, if a game of that edition is shown (tracked).
    pub fn with_table<G: crate::app::table::TableWords, T>(&self, f: impl FnOnce(&Table<G>) -> T) -> Option<T>
    where
        for<'a> &'a Table<G>: TryFrom<&'a AnyTable>,
    {
        self.table.with(|t| t.as_ref().and_then(|t| <&Table<G>>::try_from(t).ok()).map(f))
    }

    /// Carries out a screen's command on the game; a refusal becomes the notice. A move (or
    /// taking one back) ends any choice or card mode in progress.
    pub fn send(&self, c: impl Into<AnyCommand>) {
        let c = c.into();
        let act = matches!(c, AnyCommand::Classic(Command::Act(_)) | AnyCommand::New(Command::Act(_)));
        if act {
            crash::crash_if_asked();
            let mv = match c {
                AnyCommand::Classic(Command::Act(m)) => m.to_string(),
                AnyCommand::New(Command::Act(m)) => m.to_string(),
                _ => String::new(),
            };
            let refused = self.tutorial.with_untracked(|t| self.game.with_untracked(|g| t.as_ref().zip(g.as_ref()).and_then(|(t, g)| t.refusal(g, &mv))));
            if let Some(why) = refused {
                self.notice.set(Some(why));
                return;
            }
        }
        let result = match net() {
            Some(n) => n.send(c),
            None => self.change(|g| g.apply(c)).unwrap_or(Ok(())),
        };
        if act || matches!(c, AnyCommand::Either(Command::Undo | Command::UndoAll | Command::TakeDevice(_))) {
            self.help.set(None);
            self.highlight.set(Vec::new());
            self.hint.set(None);
            self.mode.set(Mode::Normal);
            self.choice.set(Choice::None);
        }
        self.notice.set(result.err().map(|e| capitalise(&crate::app::words::refusal(e))));
        self.persist();
    }

    /// Does what a tap on the board decided: a move, a choice, the next mode, or words.
    pub fn tap<M: Clone>(&self, tap: Tap<M>, choose: impl FnOnce(Vec<M>) -> Choice)
    where
        Command<M>: Into<AnyCommand>,
    {
        self.choice.set(Choice::None);
        match tap {
            Tap::Play(m) => self.send(Command::Act(m)),
            Tap::Choose(options, notice) => {
                self.choice.set(choose(options));
                self.notice.set(Some(notice));
            }
            Tap::Mode(mode, notice) => {
                self.mode.set(mode);
                self.notice.set(Some(notice));
            }
            Tap::Explain { guess, at, if_legal } => {
                let result = match net() {
                    Some(n) => n.send(Command::Explain(guess).into()),
                    None => {
                        let mut result = Ok(());
                        self.game.update_untracked(|g| {
                            if let Some(g) = g {
                                result = g.apply(Command::Explain(guess).into());
                            }
                        });
                        result
                    }
                };
                self.notice.set(Some(match result {
                    Ok(()) => if_legal,
                    Err(e) => {
                        let reason = capitalise(&crate::app::words::refusal(e));
                        match at {
                            Some(at) => tr!(PanelTapWhy, at = at, reason = reason),
                            None => reason,
                        }
                    }
                }));
            }
            Tap::Notice(n) => self.notice.set(Some(n)),
            Tap::Nothing => {}
        }
    }

    /// Leaves a card's mode or a choice: nothing was chosen.
    pub fn cancel(&self) {
        self.mode.set(Mode::Normal);
        self.choice.set(Choice::None);
        self.notice.set(None);
    }

    /// Shows a game (or the start screen with `None`).
    pub fn show(&self, game: Option<AnySession>) {
        self.cancel();
        self.help.set(None);
        page::mark_address(game.as_ref().map(AnySession::id));
        self.game.set(game);
        self.bot_error.set(None);
    }

    /// The save id of the game shown.
    pub fn shown_id(&self) -> Option<String> {
        self.game.with_untracked(|g| g.as_ref().map(|g| g.id().to_string()))
    }

    /// Saves the confirmed moves; a refusal becomes the storage warning. When another tab or
    /// window went on with the game meanwhile, nothing is written and this tab follows it.
    pub fn persist(&self) {
        let before = self.shown_id().and_then(|id| storage::known_revision(&id));
        let result = self.game.with_untracked(|g| g.as_ref().map(|g| storage::save(g.id(), &g.summary(), &g.record())));
        let wrote = result == Some(Ok(()));
        match result {
            Some(Err(storage::SaveError::Refused(w))) => self.warning.set(Some(w)),
            Some(Err(storage::SaveError::MovedOn)) => self.follow(),
            Some(Ok(())) if self.warning.get_untracked().is_some() => self.warning.set(None),
            _ => {}
        }
        if wrote {
            self.keep_if_over(before);
        }
    }

    /// Keeps the game shown in "Your games" when the save just written (its revision moved on
    /// from `before`) is of a game that is over: once, on the write that ended it, so a game
    /// deleted from the list doesn't come back when its end is drawn again.
    fn keep_if_over(&self, before: Option<u64>) {
        let entry = self.game.with_untracked(|g| {
            let g = g.as_ref().filter(|g| storage::known_revision(g.id()) != before)?;
            crate::app::history::entry(g, js_sys::Date::now())
        });
        let Some(entry) = entry else { return };
        match storage::keep_finished(&entry) {
            Ok(0) => {}
            Ok(n) => self.warning.set(Some(tr!(HistoryDropped, n = n))),
            Err(w) => self.warning.set(Some(w)),
        }
        self.saves_changed.update(|n| *n += 1);
    }

    /// Shows the latest saved state of the game on screen, when another tab or window (or a
    /// newer version of the game) went on with it: steps staged here are dropped, the
    /// device is handed over as after a reload, and a warning says why.
    pub fn follow(&self) {
        let Some(id) = self.shown_id() else { return };
        match storage::load(&id) {
            Ok(s) => {
                self.warning.set(Some(tr!(String ScreenFollowed)));
                self.show(Some(s));
            }
            Err(e) => {
                self.show(None);
                self.start_message.set(Some(tr!(ScreenFollowFailed, why = e)));
            }
        }
    }

    /// Follows the shown game if its save is newer than this tab's state (after a storage
    /// event from another tab, or when the page becomes visible again).
    pub fn follow_if_moved_on(&self) {
        if self.shown_id().is_some_and(|id| storage::moved_on(&id)) {
            self.follow();
        }
    }
}
