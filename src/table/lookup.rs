//! Commands that touch no match: cards and rules (answered by
//! [`crate::lookup`]), games, settings, and the list of a player's matches.

use super::decks::sentence;
use super::error::{quote, refuse, TableError, UserError};
use super::picture::BoardMode;
use super::protocol::{Outgoing, Place, Request, UserRef};
use super::Table;
use crate::engine::{MatchSetup, Outcome, Seat, Stops};
use crate::games::{game_keys, GameId, GAMES};
use crate::lookup::inline::{self, asked_cards, count_asked, game_prefix, MAX_CARDS};
use crate::lookup::rule_answer::{number_miss, section_answer, words_miss};
use crate::lookup::rulebook::{asked_number, how_to_ask, Part, Rulebook, Section};
use crate::store::{MatchStatus, UserSettings};
use crate::view::{self, CardKey, Message, SectionRef};

/// The game a person named in a `game:` option ("spheres", "Spheres"), or
/// a refusal listing the games.
pub(super) fn game_named(typed: &str) -> Result<GameId, UserError> {
    GameId::parse(typed).map_err(|e| {
        UserError::quoting(format!("{} The games are: {}.", sentence(&e.to_string()), game_keys()), typed)
    })
}

impl Table {
    /// `/card name`: exact, else the closest card, else suggestions. The
    /// name may name its game first ("certamen:Cinder Imp").
    pub(crate) fn card(
        &self,
        req: &Request,
        name: &str,
        game: Option<&str>,
    ) -> Result<Vec<Outgoing>, TableError> {
        let (named, name) = game_prefix(name.trim());
        if name.is_empty() {
            return refuse("Give part of a card's name, like /card name:drake.");
        }
        let game = match game.map(str::trim).filter(|g| !g.is_empty()).or(named) {
            Some(g) => Some(game_named(g)?),
            None => None,
        };
        let message = self.card_answer(name, game).map_err(UserError::new)?;
        Ok(vec![Outgoing::Ephemeral { to: req.user.id.clone(), message }])
    }

    /// The sheet of the card `name` means, or the refusal naming the
    /// closest cards (see [`crate::lookup::card_answer::card_answer`]).
    pub(crate) fn card_answer(&self, name: &str, game: Option<GameId>) -> Result<view::Message, String> {
        crate::lookup::card_answer::card_answer(&self.library, &self.cards, name, game)
    }

    /// A click on a card button: that card's sheet, privately (the button
    /// may sit on a public `[[…]]` answer).
    pub(crate) fn show_card(&self, req: &Request, at: &CardKey) -> Result<Vec<Outgoing>, TableError> {
        let game = game_named(&at.game)?;
        let Some(message) = crate::lookup::card_answer::card_by_key(&self.library, &self.cards, game, at)
        else {
            return refuse(format!(
                "The {} cards no longer hold one named like {}; look it up again with /card name:<name>.",
                game.name(),
                quote(&at.key)
            ));
        };
        Ok(vec![Outgoing::Ephemeral { to: req.user.id.clone(), message }])
    }

    /// `/rule query`: a section of the game's rules reference or rulings,
    /// by number ("4.2.2a", "rule 5c2") or by words, with buttons to the
    /// sections around it.
    pub(crate) fn rule(
        &self,
        req: &Request,
        query: &str,
        game: Option<&str>,
    ) -> Result<Vec<Outgoing>, TableError> {
        let query = query.trim();
        let game = match game {
            Some(g) => game_named(g)?,
            None => self.game_ruling_on(query),
        };
        let book = self.rulebooks().of(game);
        if book.is_empty() {
            return refuse(format!("There are no recorded rulings for {} yet.", game.name()));
        }
        if query.is_empty() {
            return refuse(format!(
                "Say what to look up in the {} rules. {}",
                game.name(),
                how_to_ask(book.sections())
            ));
        }
        if let Some(number) = asked_number(query) {
            let Some(hit) = book.number(&number.text) else {
                return refuse(number_miss(game, book, &number));
            };
            let note = hit.point.map(|p| {
                let of = hit.section.number.as_ref().map_or(hit.section.title, |n| n.text.as_str());
                format!("{p} is a point of {of}, below.")
            });
            let message = section_answer(game, book, hit.section, 0, note, &[]);
            return Ok(vec![Outgoing::Ephemeral { to: req.user.id.clone(), message }]);
        }
        let found = book.search(query);
        let Some((_, best)) = found.first() else {
            return refuse(words_miss(game, book, query));
        };
        let more: Vec<&Section<'_>> = found.iter().skip(1).take(5).map(|(_, s)| *s).collect();
        let message = section_answer(game, book, best, 0, None, &more);
        Ok(vec![Outgoing::Ephemeral { to: req.user.id.clone(), message }])
    }

    /// A click on a section button: that section (that part of it), in
    /// place of the answer the button was on.
    pub(crate) fn show_section(&self, req: &Request, at: &SectionRef) -> Result<Vec<Outgoing>, TableError> {
        let game = game_named(&at.game)?;
        let book = self.rulebooks().of(game);
        let part = if at.ruling { Part::Rulings } else { Part::Rules };
        let Some(section) = book.by_key(part, &at.key) else {
            return refuse(format!(
                "The {} {} no longer have a section {}; look it up again with /rule game:{} query:<number or words>.",
                game.name(),
                if at.ruling { "rulings" } else { "rules" },
                quote(&at.key),
                game.key()
            ));
        };
        let message = section_answer(game, book, section, at.page, None, &[]);
        Ok(vec![Outgoing::Replace { to: req.user.id.clone(), message }])
    }

    /// The game `/rule query` (no game given) answers from: for a number,
    /// the first game with a section of that number; for words, the first
    /// game, unless it has nothing on them or another game has a section
    /// titled by them ("skyborne", "stack") while the first game has not.
    fn game_ruling_on(&self, query: &str) -> GameId {
        let books: Vec<(GameId, &Rulebook<'_>)> = self.rulebooks().all().collect();
        if let Some(n) = asked_number(query).map(|n| n.text) {
            let headed = books.iter().find(|(_, b)| b.number(&n).is_some_and(|h| h.point.is_none()));
            if let Some((g, _)) = headed.or_else(|| books.iter().find(|(_, b)| b.number(&n).is_some())) {
                return *g;
            }
        }
        let best: Vec<Option<u8>> =
            books.iter().map(|(_, b)| b.search(query).first().map(|x| x.0.tier)).collect();
        if best[0].is_some_and(|t| t > 0) {
            return GAMES[0];
        }
        // The best-titled of the others (the first on a tie), else the
        // first game with anything on the words.
        let mut titled: Option<(u8, GameId)> = None;
        for (i, t) in best.iter().enumerate().skip(1) {
            if let Some(t) = t.filter(|t| *t > 0) {
                if titled.is_none_or(|(a, _)| t > a) {
                    titled = Some((t, GAMES[i]));
                }
            }
        }
        let any = best.iter().position(Option::is_some).map(|i| GAMES[i]);
        titled.map(|(_, g)| g).or(any).unwrap_or(GAMES[0])
    }

    /// `/games`.
    pub(crate) fn games(&self, req: &Request) -> Outgoing {
        let mut lines = Vec::new();
        for &id in GAMES {
            let g = id.info();
            let players = match g.players {
                (min, max) if min == max => format!("{min} players"),
                (min, max) => format!("{min}–{max} players"),
            };
            lines.push(format!("**{}** (`{}`, {players})", g.name, g.key));
            lines.push(g.summary.to_owned());
            if !g.variants.is_empty() {
                lines.push(format!("Variants: {}", g.variants.join(", ")));
            }
            for d in self.library.catalog(id).starter_decks() {
                lines.push(format!("• {}: {}", d.name, d.summary));
            }
            lines.push(String::new());
        }
        lines.push("Start a match with /challenge opponent game deck.".into());
        Outgoing::Ephemeral { to: req.user.id.clone(), message: view::info("Games", &lines, None) }
    }

    /// `/settings`: shows, and changes what is given.
    pub(crate) async fn settings(
        &self,
        req: &Request,
        asked: Asked<'_>,
    ) -> Result<Vec<Outgoing>, TableError> {
        let me = req.user.id.as_str();
        // Everything typed is checked before anything is stored.
        let orders = asked.orders.map(standing_order_keys).transpose()?;
        let stops = asked.stops.map(stops_typed).transpose()?;
        let board = asked.board.map(|b| BoardMode::parse("board", b)).transpose()?;
        let server_board = asked.server_board.map(|b| BoardMode::parse("server_board", b)).transpose()?;
        // A server's default is its managers' to set ("" outside a server:
        // the console, direct messages).
        let guild = req.place.guild.clone().unwrap_or_default();
        if server_board.is_some() && !asked.manager {
            return refuse(
                "Only a server manager (the Manage Server permission) can set the server's server_board; \
                 your own is board:text, board:image or board:both.",
            );
        }
        if let Some(mode) = board {
            self.store.set_user_board(me, mode.key()).await?;
        }
        if let Some(mode) = server_board {
            self.store.set_server_board(&guild, mode.key()).await?;
        }
        if let Some(keys) = orders {
            self.store.set_user_orders(me, &keys).await?;
        }
        if let Some(stops) = stops {
            self.store.set_user_stops(me, &stops.to_text()).await?;
        }
        let given = self.store.user_orders(me).await?;
        let stops = Stops::parse(&self.store.user_stops(me).await?);
        let mut s: UserSettings = self.store.user_settings(me).await?;
        if asked.hold_priority.is_some()
            || asked.reminders.is_some()
            || asked.auto_pass.is_some()
            || asked.turn_dm.is_some()
        {
            s.hold_priority = asked.hold_priority.unwrap_or(s.hold_priority);
            s.dm_reminders = asked.reminders.unwrap_or(s.dm_reminders);
            s.turn_dm = asked.turn_dm.unwrap_or(s.turn_dm);
            s.auto_pass = asked.auto_pass.unwrap_or(s.auto_pass);
            self.store.set_user_settings(me, s).await?;
        }
        let server_mode = self.store.server_board(&guild).await?;
        let server_mode = server_mode.as_deref().and_then(|b| BoardMode::parse("server_board", b).ok());
        let own_mode = self.store.user_board(me).await?;
        let own_mode = own_mode.as_deref().and_then(|b| BoardMode::parse("board", b).ok());
        let onoff = |b: bool| if b { "on" } else { "off" };
        let mut lines = vec![
            format!(
                "Board: **{}** — `text` shows boards and your hand as text; `image` adds a picture of \
                 the table and leaves the seats' lists to it (when every player of a match chose \
                 `image`); `both` shows the picture and the whole text. {}",
                match own_mode {
                    Some(mode) => mode.key().to_owned(),
                    None => format!("{} (this server's default)", server_mode.unwrap_or_default().key()),
                },
                format_args!(
                    "This server's default: **{}** (server managers change it with /settings server_board:).",
                    server_mode.unwrap_or_default().key()
                )
            ),
            format!(
                "Hold priority: **{}** — when on, you answer even the prompts that have a single choice, \
                 and you are asked at every priority stop, even those a game passes for everyone; \
                 when off, the table answers them for you.",
                onoff(s.hold_priority)
            ),
            format!("Reminders by direct message: **{}**", onoff(s.dm_reminders)),
            format!(
                "Your turn by direct message: **{}** — when on, a turn of yours begins with your hand, \
                 buttons and all, sent to you by direct message, instead of a ping in the match thread \
                 (if your DMs are closed, you are pinged in the thread).",
                onoff(s.turn_dm)
            ),
            format!(
                "Auto-pass (ask me only when I can respond): **{}** — when on, the table passes for \
                 you whenever you have no answer (a retaliation or a response with nothing you could \
                 pay for). It is the fastest, but your opponents can then infer that your hand holds \
                 nothing playable; when off, you are asked.",
                onoff(s.auto_pass)
            ),
            format!(
                "Standing orders in every match: **{}** — answers the table gives for you without \
                 asking (the board shows that you have them, never why one fired). Orders: {}.",
                if given.is_empty() { "none".to_owned() } else { given.join(", ") },
                order_help()
            ),
            format!(
                "Stops in every match: **{}** — the priority windows you are asked at beyond each \
                 game's defaults, and those (`no-…`) passed for you whatever you hold (your \
                 opponents can tell only what you chose). Windows: {}.",
                if stops.is_empty() { "the games' defaults".to_owned() } else { stops.to_text() },
                window_help()
            ),
            "Change with /settings board:image hold_priority:on reminders:off turn_dm:off auto_pass:on \
             orders:never-block (or orders:none) stops:end,no-blockers (or stops:default)"
                .into(),
        ];
        lines.extend(self.caps_lines(req, asked.manager).await?);
        Ok(vec![Outgoing::Ephemeral {
            to: req.user.id.clone(),
            message: view::info("Your settings", &lines, None),
        }])
    }

    /// `/matches`: the requester's matches, most recent first.
    pub(crate) async fn list_matches(&self, req: &Request) -> Result<Vec<Outgoing>, TableError> {
        let rows = self.store.matches_for_user(req.user.id.as_str(), None).await?;
        let mut lines = Vec::new();
        for (row, seat) in rows.iter().take(40) {
            let setup: Option<MatchSetup> = serde_json::from_str(&row.setup).ok();
            let me = Seat(u8::try_from(*seat).unwrap_or(0));
            let others: Vec<String> = setup
                .as_ref()
                .map(|s| {
                    s.seats
                        .iter()
                        .enumerate()
                        .filter(|(i, _)| *i != me.index())
                        .map(|(_, s)| s.name.clone())
                        .collect()
                })
                .unwrap_or_default();
            let game = GameId::parse(&row.game).map(|g| g.name()).unwrap_or("?");
            let name_of = |s: i64| {
                setup
                    .as_ref()
                    .and_then(|x| x.seats.get(usize::try_from(s).unwrap_or(usize::MAX)))
                    .map_or("?".to_owned(), |x| x.name.clone())
            };
            let status = match row.status {
                MatchStatus::Active if row.paused.is_some() => {
                    let why = match row.paused.as_deref() {
                        Some("locked") => "its thread was locked by a moderator",
                        Some("deleted") => "its thread was deleted",
                        _ => "its channel is gone",
                    };
                    format!("**paused**: {why}; /resume match:{} to play on", row.id)
                }
                MatchStatus::Active => {
                    let waiting = row.seats_to_act().unwrap_or_default();
                    if waiting.contains(seat) {
                        "**your move**".to_owned()
                    } else {
                        format!(
                            "waiting for {}",
                            waiting.iter().map(|s| name_of(*s)).collect::<Vec<_>>().join(", ")
                        )
                    }
                }
                MatchStatus::Finished if row.ended_by.is_some() => "ended by a moderator".to_owned(),
                MatchStatus::Finished => {
                    let outcome: Option<Outcome> =
                        row.outcome.as_deref().and_then(|o| serde_json::from_str(o).ok());
                    match outcome {
                        Some(o) if o.winners.contains(&me) => "won".to_owned(),
                        Some(o) if o.winners.is_empty() => "draw".to_owned(),
                        Some(_) => "lost".to_owned(),
                        None => "finished".to_owned(),
                    }
                }
                MatchStatus::Corrupt => "set aside (damaged)".to_owned(),
            };
            let place = row.thread.as_deref().map(|t| format!(" · <#{t}>")).unwrap_or_default();
            lines.push(format!("#{} {game} vs {} — {status}{place}", row.id, others.join(", ")));
        }
        if lines.is_empty() {
            lines.push("No matches yet. Start one with /challenge.".into());
        }
        Ok(vec![Outgoing::Ephemeral {
            to: req.user.id.clone(),
            message: view::info("Your matches", &lines, None),
        }])
    }
}

/// The standing orders a player may set in `/settings` (those that last a
/// match, in any game), as "key (what it does)".
fn order_help() -> String {
    settable_orders()
        .iter()
        .map(|o| format!("`{}` ({})", o.key, o.label.to_lowercase()))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Orders that hold for a whole match, from every game, once each.
fn settable_orders() -> Vec<crate::engine::Order> {
    let mut out: Vec<crate::engine::Order> = Vec::new();
    for g in GAMES {
        for o in super::offers::all_orders(*g) {
            if !o.this_turn && !out.iter().any(|x| x.key == o.key) {
                out.push(o);
            }
        }
    }
    out
}

/// What `/settings` was asked to change (`None`: keep).
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Asked<'a> {
    pub hold_priority: Option<bool>,
    pub reminders: Option<bool>,
    pub turn_dm: Option<bool>,
    pub auto_pass: Option<bool>,
    pub orders: Option<&'a str>,
    pub stops: Option<&'a str>,
    pub board: Option<&'a str>,
    pub server_board: Option<&'a str>,
    pub manager: bool,
}

/// The windows of every game, for `/settings`: "Certamen: `end` (end
/// step, Stack empty (passed)), …".
fn window_help() -> String {
    GAMES
        .iter()
        .filter(|g| !g.info().windows.is_empty())
        .map(|g| {
            let windows: Vec<String> =
                g.info().windows.iter().map(|w| format!("`{}` ({})", w.key, w.summary)).collect();
            format!("{}: {}", g.info().name, windows.join(", "))
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// Reads `stops:` of `/settings`: window keys, `no-<key>`, or "default".
fn stops_typed(text: &str) -> Result<Stops, TableError> {
    let text = text.trim();
    if text.eq_ignore_ascii_case("default") || text.eq_ignore_ascii_case("none") || text.is_empty() {
        return Ok(Stops::default());
    }
    let stops = Stops::parse(text);
    let known: Vec<&str> = GAMES.iter().flat_map(|g| g.info().windows).map(|w| w.key).collect();
    if let Some(bad) = stops.unknown(&known).first() {
        return refuse(format!(
            "There is no window {} to stop at. Name windows to be asked at, `no-` before one to \
             skip it, or stops:default. The windows: {}.",
            quote(bad),
            window_help()
        ));
    }
    if let Some(both) = stops.ask.iter().find(|k| stops.skip.contains(k)) {
        return refuse(format!("{} is both asked at and skipped: keep one of the two.", quote(both)));
    }
    Ok(stops)
}

/// Reads `orders:` of `/settings`: comma-separated keys, or "none".
fn standing_order_keys(text: &str) -> Result<Vec<String>, TableError> {
    let text = text.trim();
    if text.eq_ignore_ascii_case("none") || text.is_empty() {
        return Ok(Vec::new());
    }
    let known = settable_orders();
    let mut keys: Vec<String> = Vec::new();
    for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let key = part.to_lowercase().replace(' ', "-");
        match known.iter().find(|o| o.key == key) {
            Some(o) if !keys.iter().any(|k| k == o.key) => keys.push(o.key.to_owned()),
            Some(_) => {}
            None => {
                return refuse(format!(
                    "There is no standing order {}. The orders are: {}; or orders:none to drop them all.",
                    quote(part),
                    order_help()
                ))
            }
        }
    }
    Ok(keys)
}

impl Table {
    /// `/card`'s autocomplete: up to `max` `(label, value)` choices for what
    /// was typed so far, from every game or the one named first
    /// ("certamen:imp"); the value is the card's own name. Nothing typed
    /// lists the first names alphabetically.
    pub fn card_choices(&self, partial: &str, max: usize) -> Vec<(String, String)> {
        let (named, partial) = game_prefix(partial.trim());
        let game = named.and_then(|g| GameId::parse(g).ok());
        if partial.is_empty() {
            let mut names: Vec<&str> = GAMES
                .iter()
                .filter(|g| game.is_none_or(|want| want == **g))
                .flat_map(|&g| self.library.catalog(g).card_names())
                .collect();
            names.sort_unstable();
            names.dedup();
            return names.into_iter().take(max).map(|n| (n.to_owned(), n.to_owned())).collect();
        }
        self.cards.rank(partial, game, max).into_iter().map(|h| (h.label(), h.card.name.clone())).collect()
    }
}

impl Table {
    /// A plain message someone wrote where the bot can read it: the cards
    /// its `[[…]]` ask for, each as a public post in the same place (a
    /// name nothing matches gets a short "did you mean"). Nothing for a
    /// bot's message or one that asks for no card.
    pub async fn inline_lookups(
        &self,
        author: &UserRef,
        place: &Place,
        text: &str,
    ) -> Result<Vec<Outgoing>, TableError> {
        if author.bot {
            return Ok(Vec::new());
        }
        let asked = asked_cards(text);
        if asked.is_empty() {
            return Ok(Vec::new());
        }
        let here = match &place.thread {
            Some(thread) => {
                self.store.match_in_thread(thread).await?.and_then(|row| GameId::parse(&row.game).ok())
            }
            None => None,
        };
        let mut out = Vec::new();
        for a in &asked {
            let message = self.inline_answer(a, here);
            out.push(Outgoing::Post { target: place.here(), message, mentions: Vec::new(), key: None });
        }
        let total = count_asked(text);
        if total > asked.len() {
            if let Some(Outgoing::Post { message, .. }) = out.last_mut() {
                let note = format!(
                    "(Only the first {MAX_CARDS} of the {total} cards in that message are looked up.)"
                );
                message.content = [message.content.as_str(), note.as_str()]
                    .iter()
                    .filter(|s| !s.is_empty())
                    .copied()
                    .collect::<Vec<_>>()
                    .join("\n");
            }
        }
        Ok(out)
    }

    /// One `[[…]]`'s answer: the card, or a line saying what was not found.
    fn inline_answer(&self, asked: &inline::Asked, match_game: Option<GameId>) -> Message {
        let named = match asked.game.as_deref().map(GameId::parse) {
            Some(Ok(g)) => Some(g),
            // `game_prefix` only splits off real games.
            Some(Err(_)) | None => None,
        };
        let answer = match (named, match_game) {
            (Some(g), _) => self.card_answer(&asked.name, Some(g)),
            (None, Some(g)) => {
                let close = self.cards.best(&asked.name, Some(g)).is_some_and(|h| h.is_close());
                if close {
                    self.card_answer(&asked.name, Some(g))
                } else {
                    self.card_answer(&asked.name, None)
                }
            }
            (None, None) => self.card_answer(&asked.name, None),
        };
        answer.unwrap_or_else(Message::text)
    }
}
