//! Deck lists: parsing what players paste, resolving a deck by name (their
//! saved decks first, then the starter decks), and the `/deck` commands.

use std::sync::Arc;

use super::error::{quote, refuse, TableError, UserError};
use super::lookup::game_named;
use super::protocol::{DeckCommand, Outgoing, Request};
use super::Table;
use crate::cards::{search, Catalog};
use crate::games::{GameId, Library, GAMES};
use crate::store::Store;
use crate::view::{self, CustomId};

/// Longest deck name accepted.
pub const MAX_DECK_NAME: usize = 50;

/// Most decks one person keeps, over every game: enough for every
/// starter-deck variation a player tries, and few enough that listing and
/// suggesting them stays instant.
pub const MAX_DECKS: usize = 100;

/// Refuses a deck name holding characters that change how text around it
/// reads without showing themselves: control characters, bidirectional
/// overrides and isolates (a name could show reversed), and invisible
/// format characters (zero-width spaces and joiners).
pub fn check_deck_name_text(name: &str) -> Result<(), TableError> {
    match name.chars().find(|&c| view::is_hidden_char(c)) {
        Some(c) => refuse(format!(
            "A deck name cannot contain control, invisible or text-direction characters \
             (this one has U+{:04X}); type it in plain letters.",
            u32::from(c)
        )),
        None => match name.chars().find(|&c| view::is_markdown_char(c)) {
            // Discord would read them as formatting, links or mentions
            // wherever the name is shown.
            Some(c) => refuse(format!(
                "A deck name cannot contain {c} (nor any of * _ ~ ` | > < [ ] @ \\, which Discord \
                 reads as formatting); use letters, digits, spaces and other punctuation."
            )),
            None => Ok(()),
        },
    }
}

/// Whether `name` could be taken for `starter`: the same once case is
/// ignored and each character is replaced by the one it is confusable
/// with (Unicode TS #39 skeletons: a Cyrillic "о" reads as a Latin "o",
/// "rn" as "m").
pub fn confusable(name: &str, starter: &str) -> bool {
    use unicode_security::confusable_detection::skeleton;
    // Skeletons before and after lowercasing: a Greek "Κ" reads as "K",
    // whose lowercase is "k" (a lowercase "κ" alone reads otherwise).
    let key = |s: &str| skeleton(&skeleton(s).collect::<String>().to_lowercase()).collect::<String>();
    key(name) == key(starter)
}

/// One line of a deck list: `count` copies of `name`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeckEntry {
    /// Copies.
    pub count: u32,
    /// Card name as written.
    pub name: String,
    /// Where it was written ("line 3" or "entry 3").
    pub place: String,
}

/// Parses a deck list: one entry per line or comma-separated, each
/// `3 Ember Drake`, `3x Ember Drake`, `Ember Drake x3` or `Ember Drake`
/// (one copy). Blank lines and lines starting with `#` or `//` are skipped.
/// An error names the line and says how to write it.
pub fn parse_deck_list(text: &str) -> Result<Vec<DeckEntry>, UserError> {
    let multiline = text.lines().filter(|l| !l.trim().is_empty()).count() > 1;
    let mut entries = Vec::new();
    let mut n = 0;
    for (line_no, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') || trimmed.starts_with("//") {
            continue;
        }
        for part in trimmed.split(',').flat_map(split_at_counts) {
            let part = part.trim();
            n += 1;
            if part.is_empty() {
                continue;
            }
            let place = if multiline { format!("line {}", line_no + 1) } else { format!("entry {n}") };
            entries.push(parse_entry(part, &place)?);
        }
    }
    if entries.is_empty() {
        return Err(UserError::new(
            "The deck list is empty. Write one card per line (or separate them with commas), \
             like \"3 Ember Drake\".",
        ));
    }
    Ok(entries)
}

/// Discord turns the line breaks of a pasted list into spaces, so
/// "3 Ember Drake 2 Fire Imp" is read as two entries: a part that starts
/// with a count is cut before every later count ("2", "2x").
fn split_at_counts(part: &str) -> Vec<String> {
    let words: Vec<&str> = part.split_whitespace().collect();
    if !words.first().is_some_and(|w| is_count(w)) {
        return vec![part.to_owned()];
    }
    let mut entries: Vec<Vec<&str>> = Vec::new();
    for (i, w) in words.iter().enumerate() {
        match entries.last_mut() {
            Some(entry) if !(is_count(w) && i > 0 && !is_count(words[i - 1])) => entry.push(w),
            _ => entries.push(vec![w]),
        }
    }
    entries.into_iter().map(|e| e.join(" ")).collect()
}

/// "3", "3x", "12X": a number of copies written before a card name.
fn is_count(word: &str) -> bool {
    let digits = word.strip_suffix(['x', 'X']).unwrap_or(word);
    (1..=2).contains(&digits.len()) && digits.bytes().all(|b| b.is_ascii_digit())
}

fn parse_entry(part: &str, place: &str) -> Result<DeckEntry, UserError> {
    let bad_count = |c: &str| {
        UserError::new(format!(
            "{place} ({}): {} is not a number of copies; write it like \"3 Ember Drake\".",
            quote(part),
            quote(c)
        ))
    };
    let (count, name) = match part.split_once(char::is_whitespace) {
        Some((first, rest)) if first.chars().next().is_some_and(|c| c.is_ascii_digit()) => {
            let digits = first.trim_end_matches(['x', 'X']);
            (digits.parse::<u32>().map_err(|_| bad_count(first))?, rest.trim())
        }
        _ => match part.rsplit_once(char::is_whitespace) {
            Some((rest, last))
                if last.len() > 1
                    && (last.starts_with('x') || last.starts_with('X'))
                    && last[1..].chars().all(|c| c.is_ascii_digit()) =>
            {
                (last[1..].parse::<u32>().map_err(|_| bad_count(last))?, rest.trim())
            }
            _ => (1, part),
        },
    };
    if count == 0 || count > 99 {
        return Err(UserError::new(format!(
            "{place} ({}): {count} copies? Write 1 to 99 copies.",
            quote(part)
        )));
    }
    if name.is_empty() {
        return Err(UserError::new(format!("{place} ({}): the card name is missing.", quote(part))));
    }
    Ok(DeckEntry { count, name: name.to_owned(), place: place.to_owned() })
}

/// Checks a parsed list against the game's catalogue: every card exists
/// and the deck is legal; every problem is listed at once, unknown cards
/// with the line they are on. Returns the cards, one entry per copy, and
/// the normalised text ("3 Ember Drake" lines).
pub fn check_list(catalog: &dyn Catalog, entries: &[DeckEntry]) -> Result<(Vec<String>, String), UserError> {
    let mut cards = Vec::new();
    let mut lines: Vec<(String, u32)> = Vec::new();
    let mut problems = Vec::new();
    for e in entries {
        let name = match catalog.canonical(&e.name) {
            Ok(name) => name,
            Err(why) => {
                let entry = quote(&format!("{} {}", e.count, e.name));
                problems.push(format!("{} ({entry}): {why}", e.place));
                continue;
            }
        };
        for _ in 0..e.count {
            cards.push(name.clone());
        }
        match lines.iter_mut().find(|(n, _)| *n == name) {
            Some((_, c)) => *c += e.count,
            None => lines.push((name, e.count)),
        }
    }
    if problems.is_empty() {
        problems = catalog.deck_problems(&cards);
        if !problems.is_empty() {
            return Err(UserError::new(format!("This deck is not legal: {}.", problems.join("; "))));
        }
    } else {
        // Unknown cards first; the size and copy rules are judged once they are fixed.
        let first = entries.first().map(|e| e.name.as_str()).unwrap_or_default();
        return Err(UserError::quoting(format!("{}.", problems.join("; ")), first));
    }
    let text = lines.iter().map(|(n, c)| format!("{c} {n}")).collect::<Vec<_>>().join("\n");
    Ok((cards, text))
}

/// A deck ready for a match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResolvedDeck {
    /// Its name.
    pub name: String,
    /// Its cards, one entry per copy.
    pub cards: Vec<String>,
}

/// Which deck a menu option means.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum DeckSource {
    /// The player's saved deck.
    Saved(String),
    /// A starter deck.
    Starter(String),
    /// A name typed by hand: saved first, then starter.
    Named(String),
}

impl DeckSource {
    pub fn encode(&self) -> String {
        match self {
            DeckSource::Saved(n) => format!("saved:{n}"),
            DeckSource::Starter(n) => format!("starter:{n}"),
            DeckSource::Named(n) => n.clone(),
        }
    }

    pub fn decode(value: &str) -> Self {
        if let Some(n) = value.strip_prefix("saved:") {
            DeckSource::Saved(n.to_owned())
        } else if let Some(n) = value.strip_prefix("starter:") {
            DeckSource::Starter(n.to_owned())
        } else {
            DeckSource::Named(value.to_owned())
        }
    }

    pub async fn resolve(
        &self,
        store: &Store,
        library: &Library,
        owner: &str,
        game: GameId,
    ) -> Result<ResolvedDeck, TableError> {
        let catalog = library.catalog(game);
        match self {
            DeckSource::Saved(n) => match store.deck(owner, game.key(), n).await? {
                Some(row) => saved_deck(catalog, &row.name, &row.cards),
                None => {
                    refuse(format!("You have no saved {} deck called {} (any more).", game.name(), quote(n)))
                }
            },
            DeckSource::Starter(n) => catalog
                .starter_deck(n)
                .map(|d| ResolvedDeck { name: d.name, cards: d.cards })
                .map_err(|e| UserError::quoting(sentence(&e.to_string()), n).into()),
            DeckSource::Named(n) => resolve_deck(store, library, owner, game, n).await,
        }
    }
}

fn saved_deck(catalog: &dyn Catalog, name: &str, text: &str) -> Result<ResolvedDeck, TableError> {
    let entries = parse_deck_list(text)?;
    let (cards, _) = check_list(catalog, &entries).map_err(|e| {
        UserError::new(format!("Your saved deck \"{name}\" no longer works: {e} Fix it with /deck import."))
    })?;
    Ok(ResolvedDeck { name: name.to_owned(), cards })
}

/// Checks that `deck` may play in a match of `variant` (the challenge's
/// variant list): a refusal names the broken rules and how to fix it.
pub fn check_for_variant(
    catalog: &dyn Catalog,
    game: GameId,
    variant: Option<&str>,
    deck: &ResolvedDeck,
) -> Result<(), UserError> {
    let problems = catalog.variant_deck_problems(variant, &deck.cards);
    if problems.is_empty() {
        return Ok(());
    }
    let rules = match variant {
        Some(v) => format!("variant {v}"),
        None => "the standard rules".to_owned(),
    };
    let starters: Vec<String> = catalog.variant_decks(variant).into_iter().map(|d| d.name).collect();
    let mut text = format!(
        "The deck {} cannot play a {} match under {rules}: {}.",
        quote(&deck.name),
        game.name(),
        problems.join("; ")
    );
    if !starters.is_empty() {
        text.push_str(&format!(" Choose a starter deck made for it ({})", starters.join(", ")));
        text.push_str(", or save a deck that fits with /deck import.");
    } else {
        text.push_str(" Save a deck that fits with /deck import.");
    }
    Err(UserError::new(text))
}

/// A deck by name: the owner's saved deck of that name, else the starter
/// deck; otherwise a refusal with "did you mean" and the choices.
pub async fn resolve_deck(
    store: &Store,
    library: &Library,
    owner: &str,
    game: GameId,
    name: &str,
) -> Result<ResolvedDeck, TableError> {
    let name = name.trim();
    let catalog = library.catalog(game);
    if let Some(row) = store.deck(owner, game.key(), name).await? {
        return saved_deck(catalog, &row.name, &row.cards);
    }
    if let Ok(d) = catalog.starter_deck(name) {
        return Ok(ResolvedDeck { name: d.name, cards: d.cards });
    }
    let saved: Vec<String> =
        store.decks(owner, Some(game.key())).await?.into_iter().map(|d| d.name).collect();
    let starters: Vec<String> =
        catalog.starter_decks().into_iter().chain(catalog.variant_only_decks()).map(|d| d.name).collect();
    let all = saved.iter().chain(&starters).map(String::as_str);
    let hint = search::did_you_mean(&search::suggestions(name, all));
    let mut text = format!("There is no {} deck called {}{hint}", game.name(), quote(name));
    if hint.is_empty() {
        text.push('.');
    }
    if !starters.is_empty() {
        text.push_str(&format!(" Starter decks: {}.", starters.join(", ")));
    }
    if !saved.is_empty() {
        text.push_str(&format!(" Your decks: {}.", saved.join(", ")));
    } else {
        text.push_str(" Save your own with /deck import.");
    }
    refuse(text)
}

impl Table {
    /// `/deck …`.
    pub(crate) async fn deck_command(
        &self,
        req: &Request,
        cmd: &DeckCommand,
    ) -> Result<Vec<Outgoing>, TableError> {
        let me = req.user.id.as_str();
        let reply = |m| Ok(vec![Outgoing::Ephemeral { to: req.user.id.clone(), message: m }]);
        match cmd {
            DeckCommand::List => {
                let mut lines = Vec::new();
                let decks = self.store.decks(me, None).await?;
                if decks.is_empty() {
                    lines.push("You have no saved decks yet. Save one with /deck import.".to_owned());
                }
                for d in &decks {
                    let n: usize = parse_deck_list(&d.cards)
                        .map(|es| es.iter().map(|e| e.count as usize).sum())
                        .unwrap_or(0);
                    lines.push(format!("• **{}** ({}, {n} cards)", view::escape_markdown(&d.name), d.game));
                }
                for &g in GAMES {
                    let catalog = self.library.catalog(g);
                    let starters: Vec<String> = catalog.starter_decks().into_iter().map(|d| d.name).collect();
                    if !starters.is_empty() {
                        lines.push(format!("Starter decks for {}: {}", g.name(), starters.join(", ")));
                    }
                    let variant: Vec<String> =
                        catalog.variant_only_decks().into_iter().map(|d| d.name).collect();
                    if !variant.is_empty() {
                        lines.push(format!("Variant starter decks for {}: {}", g.name(), variant.join(", ")));
                    }
                }
                reply(view::info("Your decks", &lines, None))
            }
            DeckCommand::Import { name, game, list } => {
                let game = game_named(game)?;
                let name = name.trim();
                if name.is_empty() || name.chars().count() > MAX_DECK_NAME {
                    return refuse(format!("A deck name needs 1 to {MAX_DECK_NAME} characters."));
                }
                if name.contains(':') || name.contains('\n') {
                    return refuse("A deck name cannot contain ':' or line breaks.");
                }
                check_deck_name_text(name)?;
                let catalog = self.library.catalog(game);
                if catalog.starter_deck(name).is_ok() {
                    return refuse(format!("\"{name}\" is the name of a starter deck; pick another name."));
                }
                let starters: Vec<String> = catalog
                    .starter_decks()
                    .into_iter()
                    .chain(catalog.variant_only_decks())
                    .map(|d| d.name)
                    .collect();
                if let Some(starter) = starters.iter().find(|s| confusable(name, s)) {
                    return refuse(format!(
                        "That deck name looks like the starter deck {starter} (some of its letters only \
                         look like others); pick a name of your own."
                    ));
                }
                let old = self.store.deck(me, game.key(), name).await?;
                if old.is_none() {
                    self.check_deck_room(me).await?;
                }
                let (cards, text) = self.read_list(game, list).await?;
                if let Some(old) = old {
                    return reply(self.ask_to_replace(me, game, name, &old.cards, &text).await?);
                }
                let Some(row) = self.store.save_deck(me, game.key(), name, &text, MAX_DECKS).await? else {
                    return Err(self.full_of_decks().into());
                };
                reply(view::info(
                    &format!("Saved {} deck \"{}\"", game.name(), row.name),
                    &[format!("{} cards. Use it with /challenge … deck:{}", cards.len(), row.name)],
                    None,
                ))
            }
            DeckCommand::Show { name, game } | DeckCommand::Export { name, game } => {
                let export = matches!(cmd, DeckCommand::Export { .. });
                let (game, title, text) = match self.find_saved(me, name, game.as_deref()).await? {
                    Some(row) => {
                        let game =
                            GameId::parse(&row.game).map_err(|e| TableError::internal(anyhow::anyhow!(e)))?;
                        (game, row.name, row.cards)
                    }
                    None => {
                        let game_given = game.as_deref().map(game_named).transpose()?;
                        let game = game_given.unwrap_or(GAMES[0]);
                        let catalog = self.library.catalog(game);
                        let Ok(starter) = catalog.starter_deck(name) else {
                            return Err(self.no_such_deck(me, name, game_given).await);
                        };
                        let entries: Vec<DeckEntry> = starter
                            .cards
                            .iter()
                            .map(|c| DeckEntry { count: 1, name: c.clone(), place: String::new() })
                            .collect();
                        let (_, text) = check_list(catalog, &entries)
                            .map_err(|e| TableError::internal(anyhow::anyhow!(e.0)))?;
                        (game, format!("{} (starter deck)", starter.name), text)
                    }
                };
                let lines: Vec<String> = if export {
                    export_lines(game, &text)
                } else {
                    text.lines().map(str::to_owned).collect()
                };
                reply(view::info(&format!("{} · {title}", game.name()), &lines, None))
            }
            DeckCommand::Delete { name, game } => match self.find_saved(me, name, game.as_deref()).await? {
                Some(row) => {
                    self.store.delete_deck(me, &row.game, &row.name).await?;
                    reply(view::info(&format!("Deleted deck \"{}\"", row.name), &[], None))
                }
                None => {
                    let game = game.as_deref().map(game_named).transpose()?;
                    let games = game.as_ref().map_or(GAMES, std::slice::from_ref);
                    if let Some(starter) =
                        games.iter().find_map(|&g| self.library.catalog(g).starter_deck(name).ok())
                    {
                        return refuse(format!(
                            "\"{}\" is a starter deck: starter decks are built in, so they cannot be \
                             deleted. /deck delete removes only decks you saved with /deck import \
                             (see /deck list).",
                            starter.name
                        ));
                    }
                    Err(self.no_such_deck(me, name, game).await)
                }
            },
        }
    }

    /// Refuses a new deck of `owner`'s once they keep [`MAX_DECKS`].
    async fn check_deck_room(&self, owner: &str) -> Result<(), TableError> {
        if self.store.deck_count(owner).await? >= MAX_DECKS {
            return Err(self.full_of_decks().into());
        }
        Ok(())
    }

    /// The refusal of a deck beyond [`MAX_DECKS`].
    fn full_of_decks(&self) -> UserError {
        UserError::new(format!(
            "You already keep {MAX_DECKS} saved decks, the most one person can keep (over every \
             game), so nothing was saved. Delete one you no longer play with /deck delete (see \
             /deck list), or import this list under the name of one to replace it."
        ))
    }

    /// Parses and checks a pasted deck list for `game` on a blocking
    /// thread: a long list costs the parser and the catalogue checks
    /// real time, which must not hold up the async workers that answer
    /// every other click.
    async fn read_list(&self, game: GameId, list: &str) -> Result<(Vec<String>, String), TableError> {
        let library = Arc::clone(&self.library);
        let list = list.to_owned();
        let read = tokio::task::spawn_blocking(move || {
            let entries = parse_deck_list(&list)?;
            check_list(library.catalog(game), &entries)
        });
        Ok(read.await.map_err(|e| TableError::internal(anyhow::anyhow!("deck list check: {e}")))??)
    }

    /// An import under a name the owner already uses: the differences, and
    /// a *Replace it* button (the new list waits in the store).
    async fn ask_to_replace(
        &self,
        owner: &str,
        game: GameId,
        name: &str,
        old: &str,
        new: &str,
    ) -> Result<view::Message, TableError> {
        let changes = list_changes(old, new);
        if changes.is_empty() {
            return Ok(view::info(
                &format!("Your {} deck \"{name}\" already has this list", game.name()),
                &["Nothing was changed.".to_owned()],
                None,
            ));
        }
        let now = self.clock.now();
        let id = self.store.propose_deck_replacement(owner, game.key(), name, new, now).await?;
        let mut lines = vec!["Replacing it with this list would change:".to_owned()];
        lines.extend(changes.iter().map(|c| format!("• {c}")));
        lines.push(String::new());
        lines.push(
            "Press **Replace it** to save the new list under this name. To keep both, import the \
             new list under another name; to keep the old one, do nothing."
                .to_owned(),
        );
        let mut message =
            view::info(&format!("You already have a {} deck \"{name}\"", game.name()), &lines, None);
        message.components.push(view::Component::button(
            CustomId::DeckReplace { replacement: id }.encode(),
            "Replace it",
            view::ButtonStyle::Danger,
        ));
        Ok(message)
    }

    /// *Replace it*: the waiting list replaces the saved deck.
    pub(crate) async fn replace_deck(&self, req: &Request, id: i64) -> Result<Vec<Outgoing>, TableError> {
        let me = req.user.id.as_str();
        let now = self.clock.now();
        let Some(row) = self.store.replace_deck(id, me, now).await? else {
            return match self.store.deck_replacement(id, now).await? {
                Some(r) if r.owner == me => refuse(format!(
                    "You no longer have a deck {} to replace (it was deleted since). Import the list \
                     again to save it.",
                    quote(&r.name)
                )),
                Some(_) => refuse("Only the player who imported this list can replace their deck with it."),
                None => refuse(
                    "This replacement was already made, or it waited more than a day, or a newer \
                     import of that deck took its place. See /deck show, or import the list again.",
                ),
            };
        };
        let n: usize =
            parse_deck_list(&row.cards).map(|es| es.iter().map(|e| e.count as usize).sum()).unwrap_or(0);
        let game = GameId::parse(&row.game).map(|g| g.name()).unwrap_or("?");
        Ok(vec![Outgoing::Ephemeral {
            to: req.user.id.clone(),
            message: view::info(
                &format!("Replaced {game} deck \"{}\"", row.name),
                &[format!("{n} cards. Use it with /challenge … deck:{}", row.name)],
                None,
            ),
        }])
    }

    /// "You have no deck called …", with the closest saved and starter
    /// deck names (in `game`, or in every game).
    async fn no_such_deck(&self, owner: &str, name: &str, game: Option<GameId>) -> TableError {
        let games = game.as_ref().map_or(GAMES, std::slice::from_ref);
        let saved = match self.store.decks(owner, game.map(GameId::key)).await {
            Ok(rows) => rows.into_iter().map(|d| d.name).collect::<Vec<_>>(),
            Err(e) => return e.into(),
        };
        let starters: Vec<String> =
            games.iter().flat_map(|&g| self.library.catalog(g).starter_decks()).map(|d| d.name).collect();
        let hint = search::did_you_mean(&search::suggestions(
            name,
            saved.iter().chain(&starters).map(String::as_str),
        ));
        let mut text =
            format!("You have no deck called {} and no starter deck has that name{hint}", quote(name));
        if hint.is_empty() {
            text.push('.');
        }
        text.push_str(" See /deck list for your decks and the starter decks.");
        UserError::new(text).into()
    }

    /// The owner's saved deck of that name, in `game` or in whichever game
    /// has one (asking when two do).
    async fn find_saved(
        &self,
        owner: &str,
        name: &str,
        game: Option<&str>,
    ) -> Result<Option<crate::store::DeckRow>, TableError> {
        let name = name.trim();
        if let Some(g) = game {
            let g = game_named(g)?;
            return Ok(self.store.deck(owner, g.key(), name).await?);
        }
        let mut found: Vec<_> = self
            .store
            .decks(owner, None)
            .await?
            .into_iter()
            .filter(|d| d.name.eq_ignore_ascii_case(name))
            .collect();
        if found.len() > 1 {
            let games: Vec<String> = found.iter().map(|d| d.game.clone()).collect();
            return refuse(format!(
                "You have a deck \"{name}\" in several games ({}); add game:<game>.",
                games.join(", ")
            ));
        }
        Ok(found.pop())
    }
}

/// What `/deck export` shows: the list on one line (what a Discord
/// `list:` option holds) and one card per line; `/deck import` takes both.
fn export_lines(game: GameId, text: &str) -> Vec<String> {
    let one_line = text.lines().collect::<Vec<_>>().join(", ");
    vec![
        format!("On one line, to paste as the list of /deck import game:{}:", game.key()),
        format!("```\n{one_line}\n```"),
        "One card per line, to edit or keep (the console and /deck import read this too):".into(),
        format!("```\n{text}\n```"),
    ]
}

/// How the list `new` differs from `old`, card by card ("Ember Drake: 1 →
/// 3", "Fire Imp: 2 → none"), in the order the lists name them; empty
/// when they hold the same cards.
fn list_changes(old: &str, new: &str) -> Vec<String> {
    let counts = |text: &str| {
        let mut counts: Vec<(String, u32)> = Vec::new();
        for e in parse_deck_list(text).unwrap_or_default() {
            match counts.iter_mut().find(|(n, _)| n.eq_ignore_ascii_case(&e.name)) {
                Some((_, c)) => *c += e.count,
                None => counts.push((e.name, e.count)),
            }
        }
        counts
    };
    let (old, new) = (counts(old), counts(new));
    let count_in = |list: &[(String, u32)], name: &str| {
        list.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map_or(0, |(_, c)| *c)
    };
    let mut changes = Vec::new();
    for (name, _) in new.iter().chain(&old) {
        let (was, now) = (count_in(&old, name), count_in(&new, name));
        let line = match (was, now) {
            _ if was == now => continue,
            (0, n) => format!("{name}: {n} (new)"),
            (w, 0) => format!("{name}: {w} → none"),
            (w, n) => format!("{name}: {w} → {n}"),
        };
        if !changes.contains(&line) {
            changes.push(line);
        }
    }
    changes
}

/// The text with its first letter in upper case.
pub(crate) fn capitalised(text: &str) -> String {
    let mut c = text.chars();
    c.next().map(|f| f.to_uppercase().chain(c).collect()).unwrap_or_default()
}

/// The text as a sentence: capitalised, ending in a full stop unless it
/// already ends in punctuation.
pub(crate) fn sentence(text: &str) -> String {
    let mut s = capitalised(text.trim());
    if !s.ends_with(['.', '?', '!']) {
        s.push('.');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deck_lists_parse_lines_and_commas() {
        let e = parse_deck_list("3 Ember Drake\n\n# comment\n2x Fire Imp\nStone Wall x2\nOwl").unwrap();
        let got: Vec<(u32, &str)> = e.iter().map(|e| (e.count, e.name.as_str())).collect();
        assert_eq!(got, vec![(3, "Ember Drake"), (2, "Fire Imp"), (2, "Stone Wall"), (1, "Owl")]);
        assert_eq!(e[1].place, "line 4");
        let e = parse_deck_list("3 Ember Drake, 2 Fire Imp").unwrap();
        assert_eq!(e[1].place, "entry 2");
    }

    #[test]
    fn a_list_whose_line_breaks_became_spaces_still_parses() {
        let e = parse_deck_list("3 Ember Drake 2x Fire Imp 1 Owl").unwrap();
        let got: Vec<(u32, &str)> = e.iter().map(|e| (e.count, e.name.as_str())).collect();
        assert_eq!(got, vec![(3, "Ember Drake"), (2, "Fire Imp"), (1, "Owl")]);
        // A name without a count in front is left whole.
        assert_eq!(parse_deck_list("Stone Wall x2").unwrap()[0].name, "Stone Wall");
    }

    #[test]
    fn list_changes_name_each_card_whose_count_changed() {
        let changes = list_changes("3 Owl\n2 Fire Imp\n1 Stone Wall", "3 Owl\n3 Fire Imp\n2 Ember Drake");
        assert_eq!(changes, ["Fire Imp: 2 → 3", "Ember Drake: 2 (new)", "Stone Wall: 1 → none"]);
        assert!(list_changes("3 Owl, 1 Imp", "1 imp\n3 owl").is_empty());
    }

    #[test]
    fn deck_list_errors_name_the_line() {
        let err = parse_deck_list("3 Ember Drake\n3y Fire Imp").unwrap_err();
        assert!(err.0.starts_with("line 2"), "{err}");
        assert!(parse_deck_list("  \n").is_err());
        assert!(parse_deck_list("0 Owl").is_err());
    }
}
