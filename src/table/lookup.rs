//! Look-ups that touch no match: cards, rulings, games, settings, and the
//! list of a player's matches.

use super::decks::sentence;
use super::error::{quote, refuse, TableError, UserError};
use super::protocol::{Outgoing, Request};
use super::rulebook::{asked_number, how_to_ask, Number, Part, Rulebook, Section};
use super::Table;
use crate::cards::search;
use crate::engine::{MatchSetup, Outcome, Seat, Stops};
use crate::games::{game_keys, GameId, GAMES};
use crate::store::{MatchStatus, UserSettings};
use crate::view::{self, SectionLink, SectionRef, SectionView};

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
        let (named, name) = super::inline::game_prefix(name.trim());
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

    /// The sheet of the card `name` means, in `game` or (none given) in
    /// every game: the card of exactly that name, face or code, else the
    /// closest close one (saying it was a guess). Otherwise the refusal,
    /// with the nearest names.
    pub(crate) fn card_answer(&self, name: &str, game: Option<GameId>) -> Result<view::Message, String> {
        let games: Vec<GameId> = game.map_or_else(|| GAMES.to_vec(), |g| vec![g]);
        if let Some((g, sheet)) = games.iter().find_map(|g| Some((*g, self.library.catalog(*g).card(name)?)))
        {
            return Ok(view::card_sheet(g.name(), &sheet));
        }
        let hits = self.cards.rank(name, game, search::SUGGESTIONS);
        let in_game = game.map(|g| format!("{} ", g.name())).unwrap_or_default();
        let Some(best) = hits.first() else {
            return Err(format!("No {in_game}card is named anything like {}.", quote(name)));
        };
        let sheet = self.library.catalog(best.card.game).card(&best.card.name);
        match sheet.filter(|_| best.is_close()) {
            Some(sheet) => {
                let mut m = view::card_sheet(best.card.game.name(), &sheet);
                let of = if game.is_none() { format!(" ({})", best.card.game.name()) } else { String::new() };
                m.content =
                    format!("No card is named exactly {}; closest: {}{of}.", quote(name), sheet.title);
                Ok(m)
            }
            None => {
                let named: Vec<String> = hits
                    .iter()
                    .map(|h| match game {
                        Some(_) => h.card.name.clone(),
                        None => format!("{} ({})", h.card.name, h.card.game.name()),
                    })
                    .collect();
                Err(format!("No {in_game}card is named {}. Did you mean: {}?", quote(name), named.join(", ")))
            }
        }
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
        let catalog = self.library.catalog(game);
        let book = Rulebook::new(catalog.rules(), catalog.rulings());
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
                return refuse(number_miss(game, &book, &number));
            };
            let note = hit.point.map(|p| {
                let of = hit.section.number.as_ref().map_or(hit.section.title, |n| n.text.as_str());
                format!("{p} is a point of {of}, below.")
            });
            let message = section_answer(game, &book, hit.section, 0, note, &[]);
            return Ok(vec![Outgoing::Ephemeral { to: req.user.id.clone(), message }]);
        }
        let found = book.search(query);
        let Some((_, best)) = found.first() else {
            return refuse(words_miss(game, &book, query));
        };
        let more: Vec<&Section<'_>> = found.iter().skip(1).take(5).map(|(_, s)| *s).collect();
        let message = section_answer(game, &book, best, 0, None, &more);
        Ok(vec![Outgoing::Ephemeral { to: req.user.id.clone(), message }])
    }

    /// A click on a section button: that section (that part of it), in
    /// place of the answer the button was on.
    pub(crate) fn show_section(&self, req: &Request, at: &SectionRef) -> Result<Vec<Outgoing>, TableError> {
        let game = game_named(&at.game)?;
        let catalog = self.library.catalog(game);
        let book = Rulebook::new(catalog.rules(), catalog.rulings());
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
        let message = section_answer(game, &book, section, at.page, None, &[]);
        Ok(vec![Outgoing::Replace { to: req.user.id.clone(), message }])
    }

    /// The game `/rule query` (no game given) answers from: for a number,
    /// the first game with a section of that number; for words, the first
    /// game, unless it has nothing on them or another game has a section
    /// titled by them ("skyborne", "stack") while the first game has not.
    fn game_ruling_on(&self, query: &str) -> GameId {
        let books: Vec<(GameId, Rulebook<'_>)> = GAMES
            .iter()
            .map(|g| {
                let c = self.library.catalog(*g);
                (*g, Rulebook::new(c.rules(), c.rulings()))
            })
            .collect();
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
        if let Some(keys) = orders {
            self.store.set_user_orders(me, &keys).await?;
        }
        if let Some(stops) = stops {
            self.store.set_user_stops(me, &stops.to_text()).await?;
        }
        let given = self.store.user_orders(me).await?;
        let stops = Stops::parse(&self.store.user_stops(me).await?);
        let mut s: UserSettings = self.store.user_settings(me).await?;
        if asked.hold_priority.is_some() || asked.reminders.is_some() || asked.auto_pass.is_some() {
            s.hold_priority = asked.hold_priority.unwrap_or(s.hold_priority);
            s.dm_reminders = asked.reminders.unwrap_or(s.dm_reminders);
            s.auto_pass = asked.auto_pass.unwrap_or(s.auto_pass);
            self.store.set_user_settings(me, s).await?;
        }
        let onoff = |b: bool| if b { "on" } else { "off" };
        let lines = vec![
            format!(
                "Hold priority: **{}** — when on, you answer even the prompts that have a single choice, \
                 and you are asked at every priority stop, even those a game passes for everyone; \
                 when off, the table answers them for you.",
                onoff(s.hold_priority)
            ),
            format!("Reminders by direct message: **{}**", onoff(s.dm_reminders)),
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
            "Change with /settings hold_priority:on reminders:off auto_pass:on orders:never-block (or orders:none) \
             stops:end,no-blockers (or stops:default)"
                .into(),
        ];
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
    pub auto_pass: Option<bool>,
    pub orders: Option<&'a str>,
    pub stops: Option<&'a str>,
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

/// The answer showing `section` (part `page` of it), linked to the
/// sections around it; `see_also` are other matches of the words asked.
fn section_answer(
    game: GameId,
    book: &Rulebook<'_>,
    section: &Section<'_>,
    page: u32,
    note: Option<String>,
    see_also: &[&Section<'_>],
) -> view::Message {
    // "Ruling" sets a ruling apart from the rule of the same number, where
    // the game has a rules reference; otherwise every section is one.
    let apart = book.sections().iter().any(|s| s.part == Part::Rules);
    let link = |s: &Section<'_>| -> Option<SectionLink> {
        let to = SectionRef {
            game: game.key().to_owned(),
            ruling: s.part == Part::Rulings,
            key: s.key()?,
            page: 0,
        };
        let label = match s.part {
            Part::Rules => s.title.to_owned(),
            Part::Rulings if apart => format!("Ruling {}", s.title),
            Part::Rulings => s.title.to_owned(),
        };
        Some(SectionLink { label, to })
    };
    let links = |list: Vec<&Section<'_>>| list.into_iter().filter_map(link).collect::<Vec<_>>();
    let related = match section.part {
        Part::Rules => "Rulings on this rule",
        Part::Rulings => "Rules it reads",
    };
    let footer = match section.part {
        Part::Rules => format!("{} rules reference · /rule query:<number or words>", game.name()),
        Part::Rulings => format!("{} rulings (docs/rulings) · /rule query:<number or words>", game.name()),
    };
    let title = match section.part {
        Part::Rules => format!("{} · {}", game.name(), section.title),
        Part::Rulings if apart => format!("{} · Ruling {}", game.name(), section.title),
        Part::Rulings => format!("{} · {}", game.name(), section.title),
    };
    // Each section is listed once: as the parent, a child, a related
    // section, a citation or a further match, in that order.
    let parent = book.parent(section);
    let children = book.children(section);
    let related_sections = book.related(section);
    let shown = |s: &Section<'_>| {
        parent.is_some_and(|p| p == s) || children.contains(&s) || related_sections.contains(&s)
    };
    let cited: Vec<&Section<'_>> = book.cited(section).into_iter().filter(|c| !shown(c)).collect();
    let more: Vec<&Section<'_>> =
        see_also.iter().copied().filter(|m| !shown(m) && !cited.iter().any(|c| c == m)).collect();
    let v = SectionView {
        title,
        note,
        body: section.body.trim().to_owned(),
        at: link(section).map(|l| l.to.at_page(page)),
        footer,
        parent: parent.and_then(link),
        children: links(children.clone()),
        related: (related.to_owned(), links(related_sections.clone())),
        cited: links(cited),
        see_also: links(more),
    };
    view::rule_section(&v)
}

/// The refusal for a number no section has: the nearest section above it
/// and what is under that, and how to ask.
fn number_miss(game: GameId, book: &Rulebook<'_>, number: &Number) -> String {
    let mut text = format!("No {} rule or ruling is numbered {}.", game.name(), quote(&number.text));
    match book.nearest_above(number) {
        Some(above) => {
            let under: Vec<String> = book
                .children(above)
                .iter()
                .filter_map(|s| s.number.as_ref().map(|n| n.text.clone()))
                .collect();
            text.push_str(&format!(" The nearest is {}", above.title));
            if under.is_empty() {
                text.push('.');
            } else {
                text.push_str(&format!(", which holds {}.", under.join(", ")));
            }
        }
        None => {
            let roots: Vec<&str> = book.roots().iter().map(|s| s.title).take(15).collect();
            if !roots.is_empty() {
                text.push_str(&format!(" The rules start at: {}.", roots.join("; ")));
            }
        }
    }
    text.push(' ');
    text.push_str(&how_to_ask(book.sections()));
    text
}

/// The refusal for words no section holds: the closest topics, and how to ask.
fn words_miss(game: GameId, book: &Rulebook<'_>, query: &str) -> String {
    let mut closest = book.closest_topics(query, 5);
    if closest.is_empty() {
        closest = book.roots().iter().map(|s| s.title).take(15).collect();
    }
    if closest.is_empty() {
        closest = book.sections().iter().map(|s| s.title).take(15).collect();
    }
    let rules = book.sections().iter().any(|s| s.part == Part::Rules);
    let head = format!(
        "No {} ruling mentions {}{}. {} Closest topics: ",
        game.name(),
        quote(query),
        if rules { ", and no rule does" } else { "" },
        how_to_ask(book.sections()),
    );
    // A refusal stays short on a phone: topics are listed while they fit.
    let mut text = head;
    for (i, topic) in closest.iter().enumerate() {
        let sep = if i == 0 { "" } else { "; " };
        if i > 0 && text.chars().count() + sep.len() + topic.chars().count() > MISS_REPLY_CHARS {
            break;
        }
        text.push_str(sep);
        text.push_str(topic);
    }
    text.push('.');
    text
}

/// The longest reply to a query no section answers, in characters.
const MISS_REPLY_CHARS: usize = 560;
