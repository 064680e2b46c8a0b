//! Look-ups that touch no match: cards, rulings, games, settings, and the
//! list of a player's matches.

use super::decks::sentence;
use super::error::{quote, refuse, TableError, UserError};
use super::protocol::{Outgoing, Request};
use super::Table;
use crate::engine::{MatchSetup, Outcome, Seat};
use crate::games::{game_keys, GameId, GAMES};
use crate::store::{MatchStatus, UserSettings};
use crate::view;

/// A section of a rulings file: its heading and its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Section<'a> {
    /// The heading, without the `#`s.
    pub title: &'a str,
    /// The text under it.
    pub body: String,
}

/// Splits a markdown file into sections at its `##`/`###` headings.
pub fn sections(markdown: &str) -> Vec<Section<'_>> {
    let mut out: Vec<Section<'_>> = Vec::new();
    for line in markdown.lines() {
        let t = line.trim_start();
        if t.starts_with("##") {
            out.push(Section { title: t.trim_start_matches('#').trim(), body: String::new() });
        } else if let Some(s) = out.last_mut() {
            s.body.push_str(line);
            s.body.push('\n');
        }
    }
    out.retain(|s| !s.title.is_empty());
    out
}

/// The sections that best match `query`, best first: a section number in
/// the heading ("5c2") wins, then the count of query words found.
pub fn search_sections<'a>(markdown: &'a str, query: &str) -> Vec<Section<'a>> {
    scored_sections(markdown, query).into_iter().map(|(_, s)| s).collect()
}

/// A score at or above this means the query is a whole word of the heading.
const TITLE_HIT: usize = 100;

/// [`search_sections`] with each section's score.
fn scored_sections<'a>(markdown: &'a str, query: &str) -> Vec<(usize, Section<'a>)> {
    let q = query.trim().to_lowercase();
    let words: Vec<&str> = q
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| w.len() > 1 || w.chars().all(|c| c.is_ascii_digit()))
        .collect();
    let mut scored: Vec<(usize, Section<'a>)> = sections(markdown)
        .into_iter()
        .filter_map(|s| {
            let title = s.title.to_lowercase();
            let body = s.body.to_lowercase();
            let mut score = 0;
            if !q.is_empty()
                && title
                    .split(|c: char| c.is_whitespace() || c == '(' || c == ')')
                    .any(|w| w.trim_matches(['.', ':', '§']) == q)
            {
                score += TITLE_HIT;
            }
            for w in &words {
                if title.contains(w) {
                    score += 5;
                }
                if body.contains(w) {
                    score += 1;
                }
            }
            (score > 0).then_some((score, s))
        })
        .collect();
    scored.sort_by_key(|s| std::cmp::Reverse(s.0));
    scored
}

/// How sections are named, with an example from the rulings themselves:
/// "Sections are named by their rule number and a title, like "5c2 Siege":
/// ask for the number (/rule query:5c2) or words of the title or text."
fn how_to_ask(all: &[Section<'_>]) -> String {
    // The most specific number ("5c1" rather than "1") shows the form best.
    let number_len = |t: &str| t.split_whitespace().next().map_or(0, str::len);
    let numbered = all
        .iter()
        .map(|s| s.title)
        .filter(|t| t.starts_with(|c: char| c.is_ascii_digit()))
        .rev()
        .max_by_key(|t| number_len(t));
    match numbered {
        Some(title) => {
            let number = title.split_whitespace().next().unwrap_or(title);
            let word = title.split_whitespace().nth(1).unwrap_or(number).to_lowercase();
            format!(
                "Sections are named by the rule number of the rulebook and a title, like \"{title}\": \
                 ask for the number (/rule query:{number}) or for words of the title or text \
                 (/rule query:{word})."
            )
        }
        None => "Ask for words of a section's title or text.".to_owned(),
    }
}

/// The game a person named in a `game:` option ("spheres", "Spheres"), or
/// a refusal listing the games.
pub(super) fn game_named(typed: &str) -> Result<GameId, UserError> {
    GameId::parse(typed).map_err(|e| {
        UserError::quoting(format!("{} The games are: {}.", sentence(&e.to_string()), game_keys()), typed)
    })
}

impl Table {
    /// `/card name`: exact, else the closest card, else suggestions.
    pub(crate) fn card(
        &self,
        req: &Request,
        name: &str,
        game: Option<&str>,
    ) -> Result<Vec<Outgoing>, TableError> {
        let name = name.trim();
        if name.is_empty() {
            return refuse("Give part of a card's name, like /card name:drake.");
        }
        let game = match game {
            Some(g) => game_named(g)?,
            None => self.game_holding(name),
        };
        let message = match self.library.catalog(game).find(name) {
            Ok((sheet, guessed)) => {
                let mut m = view::card_sheet(game.name(), &sheet);
                if guessed {
                    m.content =
                        format!("No card is named exactly {}; closest: {}.", quote(name), sheet.title);
                }
                m
            }
            Err(e) if e.suggestions.is_empty() => {
                return refuse(format!("No {} card is named anything like {}.", game.name(), quote(name)));
            }
            Err(e) => {
                return refuse(format!(
                    "No card is named {}. Did you mean: {}?",
                    quote(name),
                    e.suggestions.join(", ")
                ));
            }
        };
        Ok(vec![Outgoing::Ephemeral { to: req.user.id.clone(), message }])
    }

    /// `/rule query`: the best-matching section of the game's rulings.
    pub(crate) fn rule(
        &self,
        req: &Request,
        query: &str,
        game: Option<&str>,
    ) -> Result<Vec<Outgoing>, TableError> {
        let game = match game {
            Some(g) => game_named(g)?,
            None => self.game_ruling_on(query),
        };
        let text = self.library.catalog(game).rulings();
        if text.trim().is_empty() {
            return refuse(format!("There are no recorded rulings for {} yet.", game.name()));
        }
        let found = search_sections(text, query);
        let Some(best) = found.first() else {
            let all = sections(text);
            let titles: Vec<&str> = all.iter().map(|s| s.title).take(15).collect();
            return refuse(format!(
                "No {} ruling mentions {}. {} Sections include: {}.",
                game.name(),
                quote(query),
                how_to_ask(&all),
                titles.join("; ")
            ));
        };
        let mut lines: Vec<String> = best.body.trim().lines().map(str::to_owned).collect();
        if found.len() > 1 {
            let more: Vec<&str> = found.iter().skip(1).take(5).map(|s| s.title).collect();
            lines.push(String::new());
            lines.push(format!("See also: {}", more.join("; ")));
        }
        let message =
            view::info(&format!("{} · {}", game.name(), best.title), &lines, Some("docs/rulings".into()));
        Ok(vec![Outgoing::Ephemeral { to: req.user.id.clone(), message }])
    }

    /// The game whose catalogue `name` (no game given) is looked up in:
    /// the first game with a card of exactly that name, else the game with
    /// the closest name (the first game on a tie).
    fn game_holding(&self, name: &str) -> GameId {
        if let Some(g) = GAMES.iter().find(|g| self.library.catalog(**g).card(name).is_some()) {
            return *g;
        }
        let mut best = (GAMES[0], f64::MIN);
        for &g in GAMES {
            let names = self.library.catalog(g).card_names();
            if let Some(hit) = crate::cards::search::closest(name, names.iter().copied()) {
                if hit.score > best.1 {
                    best = (g, hit.score);
                }
            }
        }
        best.0
    }

    /// The game `/rule query` (no game given) answers from: the first game,
    /// unless it has nothing on `query` or another game has a section
    /// titled by it ("skyborne", "stack") while the first game has not.
    fn game_ruling_on(&self, query: &str) -> GameId {
        let best = |g: GameId| scored_sections(self.library.catalog(g).rulings(), query).first().map(|x| x.0);
        let first = best(GAMES[0]).unwrap_or(0);
        if first >= TITLE_HIT {
            return GAMES[0];
        }
        let titled = GAMES.iter().skip(1).find(|g| best(**g).is_some_and(|x| x >= TITLE_HIT));
        let any = GAMES.iter().skip(1).find(|g| best(**g).is_some());
        match (titled, first) {
            (Some(g), _) => *g,
            (None, 0) => any.copied().unwrap_or(GAMES[0]),
            (None, _) => GAMES[0],
        }
    }

    /// `/games`.
    pub(crate) fn games(&self, req: &Request) -> Outgoing {
        let mut lines = Vec::new();
        for &id in GAMES {
            let g = id.info();
            lines.push(format!("**{}** (`{}`, {}–{} players)", g.name, g.key, g.players.0, g.players.1));
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
        hold_priority: Option<bool>,
        reminders: Option<bool>,
        auto_pass: Option<bool>,
        orders: Option<&str>,
    ) -> Result<Vec<Outgoing>, TableError> {
        let me = req.user.id.as_str();
        if let Some(text) = orders {
            let keys = standing_order_keys(text)?;
            self.store.set_user_orders(me, &keys).await?;
        }
        let given = self.store.user_orders(me).await?;
        let mut s: UserSettings = self.store.user_settings(me).await?;
        if hold_priority.is_some() || reminders.is_some() || auto_pass.is_some() {
            s.hold_priority = hold_priority.unwrap_or(s.hold_priority);
            s.dm_reminders = reminders.unwrap_or(s.dm_reminders);
            s.auto_pass = auto_pass.unwrap_or(s.auto_pass);
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
            "Change with /settings hold_priority:on reminders:off auto_pass:on orders:never-block (or orders:none)"
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

#[cfg(test)]
mod tests {
    use super::*;

    const DOC: &str = "# Rulings\n\n## 5c2 Tower destroyed\nA destroyed tower energizes two cards.\n\n## Retaliation timing\nRetaliate after blocks.\n";

    #[test]
    fn rule_search_prefers_section_numbers_then_words() {
        assert_eq!(search_sections(DOC, "5c2")[0].title, "5c2 Tower destroyed");
        assert_eq!(search_sections(DOC, "retaliate blocks")[0].title, "Retaliation timing");
        assert!(search_sections(DOC, "zebra").is_empty());
    }

    #[test]
    fn rule_not_found_shows_a_section_name_and_how_to_ask() {
        let hint = how_to_ask(&sections(DOC));
        assert!(hint.contains("like \"5c2 Tower destroyed\""), "{hint}");
        assert!(hint.contains("/rule query:5c2"), "{hint}");
        assert!(hint.contains("/rule query:tower"), "{hint}");
    }
}
