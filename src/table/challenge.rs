//! Challenges: posting one, answering it, and opening the match.

use super::decks::{check_for_variant, resolve_deck, DeckSource, ResolvedDeck};
use super::error::{quote, refuse, TableError};
use super::loaded::Loaded;
use super::log::Step;
use super::lookup::game_named;
use super::match_options::{best_of_named, time_limit_named};
use super::protocol::{Outgoing, Place, PostKey, Request, Seating, Target, UserId, UserRef};
use super::Table;
use crate::engine::{MatchSetup, SeatSetup, SetupError};
use crate::games::{AnyState, Brings, GameId};
use crate::store::{ChallengeRow, ChallengeSeat, ChallengeStatus, NewChallenge, NewMatch, NewSeat};
use crate::view::Message;
use crate::view::{self, and_list, or_list, ChallengeInfo, DeckOption};

/// Checks a challenge's `variant:` (several may be combined, separated by
/// commas or spaces) against the game's variants; returns them joined by
/// commas as stored, or `None` for the standard game.
fn variants_named(
    info: &crate::games::GameInfo,
    variant: Option<&str>,
) -> Result<Option<String>, TableError> {
    let words: Vec<&str> =
        variant.unwrap_or("").split([',', ' ', '+']).map(str::trim).filter(|v| !v.is_empty()).collect();
    if words.is_empty() {
        return Ok(None);
    }
    if info.variants.is_empty() {
        return refuse(format!("{} has no variants; leave the variant out.", info.name));
    }
    let mut keys: Vec<&str> = Vec::new();
    for v in words {
        match info.variants.iter().find(|k| k.eq_ignore_ascii_case(v)) {
            Some(k) if !keys.contains(k) => keys.push(k),
            Some(_) => {}
            None => {
                return refuse(format!(
                    "{} has no variant {}; the variants are: {} (combine them with commas).",
                    info.name,
                    quote(v),
                    info.variants.join(", ")
                ))
            }
        }
    }
    Ok(Some(keys.join(",")))
}

/// What `/challenge` asked for, as typed (checked by [`Table::challenge`]).
pub(crate) struct Asked<'a> {
    pub opponent: &'a UserRef,
    pub game: &'a str,
    pub deck: Option<&'a str>,
    pub deadline_hours: Option<u32>,
    pub variant: Option<&'a str>,
    pub seating: &'a Seating,
}

impl Table {
    /// `/challenge`: checks everything that can be checked now and posts
    /// the challenge with Accept / Decline. (One parameter per option of
    /// `/challenge`.)
    #[allow(clippy::too_many_arguments)]
    pub(crate) async fn challenge(
        &self,
        req: &Request,
        asked: Asked<'_>,
    ) -> Result<Vec<Outgoing>, TableError> {
        let Asked { opponent, game, deck, deadline_hours, variant, seating } = asked;
        let me = &req.user;
        let game = game_named(game)?;
        let info = game.info();
        let variant = variants_named(info, variant)?;
        let best_of = best_of_named(info, seating.series.as_deref())?;
        let time_limit = time_limit_named(info, seating.time_limit.as_deref())?;
        let computer = super::computer::computer_opponent(opponent, seating)?;
        let opponent = computer.as_ref().map_or(opponent, |(c, _)| c);
        let (seats, mode) = lineup(info, me, opponent, seating)?;
        if let (Some(n), false) = (best_of, seats.len() == 2) {
            return refuse(format!(
                "match:best-of-{n} is a match between two players; this challenge names {}.",
                seats.len()
            ));
        }
        let assembly = match seating.assembly.as_deref().map(str::trim).filter(|a| !a.is_empty()) {
            None => None,
            Some(key) => Some(info.assembly(key).map_err(|e| super::UserError::quoting(e, key))?),
        };
        let brings = assembly.map_or(Brings::AnyDeck, |a| a.decks);
        if let (Some(a), Some(v)) = (assembly.filter(|_| brings == Brings::Nothing), variant.as_deref()) {
            // A variant with decks of its own (a different deck size) cannot
            // use the standard decks a building method makes.
            let catalog = self.library.catalog(game);
            let names =
                |decks: Vec<crate::cards::StarterDeck>| decks.into_iter().map(|d| d.name).collect::<Vec<_>>();
            if names(catalog.variant_decks(Some(v))) != names(catalog.starter_decks()) {
                let usable: Vec<&str> =
                    info.assemblies.iter().filter(|m| m.decks != Brings::Nothing).map(|m| m.key).collect();
                return refuse(format!(
                    "assembly:{} builds standard {} decks, and variant {v} plays decks of its own; \
                     use assembly {} with it.",
                    a.key,
                    info.name,
                    or_list(&usable)
                ));
            }
        }
        let limit = deadline_hours.unwrap_or(self.config.default_limit_hours);
        if limit == 0 || limit > self.config.max_limit_hours {
            return refuse(format!(
                "The deadline must be between 1 and {} hours per move (you asked for {limit}).",
                self.config.max_limit_hours
            ));
        }
        let now = self.clock.now();
        for them in seats.iter().filter(|p| p.id != me.id) {
            if let Some(open) =
                self.store.open_challenge_between(me.id.as_str(), them.id.as_str(), None, now).await?
            {
                let hours = (open.expires_at - now + 3599) / 3600;
                return refuse(format!(
                    "You and {} already have an open challenge (#{}). It must be accepted or declined first, \
                     or it expires in about {hours} h.",
                    them.name, open.id
                ));
            }
        }
        let deck = self
            .challengers_deck(me, game, deck, brings, assembly.map(|a| a.key), variant.as_deref())
            .await?;
        let assembly = assembly.map(|a| a.key.to_owned());
        let terms = Terms {
            game,
            variant,
            limit_hours: i64::from(limit),
            starts: None,
            mode,
            assembly,
            best_of,
            time_limit,
            seats,
        };
        let posted = self.post_challenge(&req.place, me, deck.as_ref(), terms).await?;
        match computer {
            Some((computer, _)) => self.computer_accepts(req, posted, &computer).await,
            None => Ok(posted),
        }
    }

    /// The deck the challenger brings: the one named, else the first
    /// their assembly method allows; `None` when the match builds decks.
    async fn challengers_deck(
        &self,
        me: &UserRef,
        game: GameId,
        deck: Option<&str>,
        brings: Brings,
        method: Option<&str>,
        variant: Option<&str>,
    ) -> Result<Option<ResolvedDeck>, TableError> {
        let info = game.info();
        let named = deck.map(str::trim).filter(|d| !d.is_empty());
        let method = method.unwrap_or("");
        let starters: Vec<String> =
            self.library.catalog(game).variant_decks(variant).into_iter().map(|d| d.name).collect();
        let saved: Vec<String> =
            self.store.decks(me.id.as_str(), Some(game.key())).await?.into_iter().map(|d| d.name).collect();
        let name = match (brings, named) {
            (Brings::Nothing, Some(_)) => {
                return refuse(format!(
                    "assembly:{method} builds every deck during the match; leave deck out."
                ))
            }
            (Brings::Nothing, None) => return Ok(None),
            (Brings::Prebuilt, Some(n)) if !starters.iter().any(|s| s.eq_ignore_ascii_case(n)) => {
                return refuse(format!(
                    "assembly:{method} plays the prebuilt decks; {} is not one. The prebuilt decks: {}.",
                    quote(n),
                    starters.join(", ")
                ))
            }
            (Brings::Saved, Some(n)) if !saved.iter().any(|s| s.eq_ignore_ascii_case(n)) => {
                return refuse(format!(
                    "assembly:{method} plays decks you saved with /deck; you have none called {}.",
                    quote(n)
                ))
            }
            (_, Some(n)) => n.to_owned(),
            (Brings::Saved, None) => match saved.first() {
                Some(n) => n.clone(),
                None => {
                    return refuse(format!(
                        "assembly:{method} plays decks you designed: save a {} deck with /deck import first.",
                        info.name
                    ))
                }
            },
            (_, None) => starters.first().cloned().ok_or_else(|| {
                super::UserError::new(format!(
                    "{} has no starter decks yet; name one of your saved decks.",
                    info.name
                ))
            })?,
        };
        let deck = resolve_deck(&self.store, &self.library, me.id.as_str(), game, &name).await?;
        check_for_variant(self.library.catalog(game), game, variant, &deck)?;
        Ok(Some(deck))
    }

    async fn post_challenge(
        &self,
        place: &Place,
        me: &UserRef,
        deck: Option<&ResolvedDeck>,
        terms: Terms,
    ) -> Result<Vec<Outgoing>, TableError> {
        let Terms { game, variant, limit_hours, starts, mode, assembly, best_of, time_limit, seats } = terms;
        let invited: Vec<&UserRef> = seats.iter().filter(|p| p.id != me.id).collect();
        let Some(opponent) = invited.first().copied() else {
            return refuse("A challenge needs an opponent: name one with opponent:@someone.");
        };
        // The one gate every challenge passes, rematches included.
        for them in &invited {
            self.check_challenge_cap(me.id.as_str(), them.id.as_str(), &them.name).await?;
        }
        let computer = invited.iter().any(|p| !super::computer::pingable(&p.id));
        if computer {
            self.check_computer_cap(me.id.as_str()).await?;
        }
        let members: Vec<(&str, &str)> = seats.iter().map(|p| (p.id.as_str(), p.name.as_str())).collect();
        self.check_active_caps(place.guild.as_deref(), &members, me.id.as_str()).await?;
        // Only now, past every check, is anything kept about those invited.
        for them in &invited {
            self.store.get_or_create_user(them.id.as_str(), &them.name).await?;
        }
        let invited_ids: Vec<&str> = invited.iter().map(|p| p.id.as_str()).collect();
        let now = self.clock.now();
        // At the challenge's own time, so a challenge nobody saw can take them back.
        self.mark_challenge(me.id.as_str(), &invited_ids, now).await?;
        let id = self
            .store
            .create_challenge(&NewChallenge {
                guild: place.guild.clone(),
                channel: place.channel.clone(),
                thread: place.thread.clone(),
                challenger: me.id.to_string(),
                opponent: opponent.id.to_string(),
                game: game.key().to_owned(),
                challenger_deck: deck.map_or_else(|| DRAFTED.to_owned(), |d| d.name.clone()),
                variant: variant.clone(),
                deadline_hours: limit_hours,
                created_at: now,
                expires_at: now + self.config.challenge_hours * 3600,
                starts: starts.clone(),
                mode: mode.clone(),
                assembly: assembly.clone(),
                best_of: best_of.map(i64::from),
                time_limit: time_limit.and_then(|t| i64::try_from(t).ok()),
                seats: seats.iter().map(|p| p.id.to_string()).collect(),
            })
            .await?;
        let first =
            starts.as_ref().and_then(|id| seats.iter().find(|p| p.id.as_str() == id)).map(|p| p.name.clone());
        let names: Vec<&str> = invited.iter().map(|p| p.name.as_str()).collect();
        let terms = [
            variant,
            mode.map(|m| seating_text(&m, &seats)),
            best_of.map(|n| format!("best of {n}")),
            time_limit.map(|t| format!("match time limit {}", crate::engine::duration_text(t))),
        ]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>();
        let message = view::challenge(&ChallengeInfo {
            id,
            challenger: me.name.clone(),
            opponent: and_list(&names),
            game: game.info().name.to_owned(),
            variant: (!terms.is_empty()).then(|| terms.join(", ")),
            deck: deck.map(|d| d.name.clone()),
            assembly: assembly
                .as_deref()
                .and_then(|k| game.info().assembly(k).ok())
                .map(|a| format!("**{}** — {}", a.key, a.summary)),
            choose_deck: matches!(
                game.info().brings(assembly.as_deref()),
                Brings::AnyDeck | Brings::Prebuilt | Brings::Saved
            ),
            limit_hours,
            expires_in_hours: self.config.challenge_hours,
            first,
        });
        // Posted where it was typed (a thread too); the match opens in a
        // new thread of the channel.
        Ok(vec![Outgoing::Post {
            target: place.here(),
            message,
            // The computer is never invited (it starts a match at once), nor pinged.
            mentions: invited.iter().map(|p| p.id.clone()).filter(super::computer::pingable).collect(),
            key: Some(PostKey::Challenge(id)),
        }])
    }

    /// Loads an open challenge the requester may answer.
    async fn answerable(&self, req: &Request, id: i64) -> Result<ChallengeRow, TableError> {
        let ch = match self.store.challenge(id).await {
            Ok(c) => c,
            Err(crate::store::StoreError::NotFound(_)) => return refuse("That challenge no longer exists."),
            Err(e) => return Err(e.into()),
        };
        let now = self.clock.now();
        match ch.status {
            ChallengeStatus::Open if ch.expires_at > now => {}
            ChallengeStatus::Open | ChallengeStatus::Expired => {
                return refuse("That challenge has expired. Send a new one with /challenge.")
            }
            ChallengeStatus::Accepted => {
                return refuse("That challenge was already accepted; the match is on.")
            }
            ChallengeStatus::Declined => return refuse("That challenge was declined."),
            ChallengeStatus::Cancelled => return refuse("That challenge was withdrawn."),
        }
        if ch.challenger == req.user.id.as_str() {
            return refuse("This is your own challenge: wait for your opponent to accept it (or press Decline to withdraw it).");
        }
        let seats = self.store.challenge_seats(id).await?;
        match seats.iter().find(|s| s.user_id == req.user.id.as_str()) {
            Some(s) if s.deck_name.is_none() => Ok(ch),
            Some(s) => {
                let waiting = self.waiting_names(&seats).await?;
                refuse(format!(
                    "You have accepted this challenge already (with {}); waiting for {waiting} to accept.",
                    s.deck_name.as_deref().unwrap_or("your deck")
                ))
            }
            None => {
                let mut names = Vec::new();
                for s in seats.iter().filter(|s| s.user_id != ch.challenger) {
                    names.push(self.user_name(&s.user_id).await?);
                }
                refuse(format!(
                    "This challenge is for {}, not you. Start your own with /challenge.",
                    or_list(&names)
                ))
            }
        }
    }

    /// The players of a challenge who have not accepted yet: "Carol and Dave".
    async fn waiting_names(&self, seats: &[ChallengeSeat]) -> Result<String, TableError> {
        let mut names = Vec::new();
        for s in seats.iter().filter(|s| s.deck_name.is_none()) {
            names.push(self.user_name(&s.user_id).await?);
        }
        Ok(and_list(&names))
    }

    /// Accept: asks the opponent which deck they bring.
    pub(crate) async fn accept(
        &self,
        req: &Request,
        id: i64,
        page: u32,
    ) -> Result<Vec<Outgoing>, TableError> {
        let ch = self.answerable(req, id).await?;
        // Before the deck menu: no deck is chosen for a match that cannot start.
        let me = [(req.user.id.as_str(), req.user.name.as_str())];
        self.check_active_caps(ch.guild.as_deref(), &me, req.user.id.as_str()).await?;
        let game = GameId::parse(&ch.game).map_err(|e| TableError::internal(anyhow::anyhow!(e)))?;
        let brings = game.info().brings(ch.assembly.as_deref());
        if matches!(brings, Brings::Nothing | Brings::ChallengersDeck) {
            // Nothing to choose: the seat is taken at once.
            return self.take_seat(req, ch, game, None).await;
        }
        let mut options = Vec::new();
        let saved = if brings == Brings::Prebuilt {
            Vec::new()
        } else {
            self.store.decks(req.user.id.as_str(), Some(game.key())).await?
        };
        for d in saved {
            options.push(DeckOption {
                label: d.name.clone(),
                value: DeckSource::Saved(d.name.clone()).encode(),
                description: "your saved deck".into(),
            });
        }
        let starters = if brings == Brings::Saved {
            Vec::new()
        } else {
            self.library.catalog(game).variant_decks(ch.variant.as_deref())
        };
        for d in starters {
            options.push(DeckOption {
                label: d.name.clone(),
                value: DeckSource::Starter(d.name).encode(),
                description: d.summary,
            });
        }
        if options.is_empty() {
            let why = if brings == Brings::Saved { "this challenge plays decks you designed" } else { "" };
            let why = if why.is_empty() { String::new() } else { format!(" ({why})") };
            return refuse(format!(
                "You have no {} deck to bring{why}; save one with /deck import.",
                game.info().name
            ));
        }
        let message = view::deck_choice(id, game.info().name, &options, page);
        Ok(vec![Outgoing::Ephemeral { to: req.user.id.clone(), message }])
    }

    /// The opponent chose a deck: the match starts.
    pub(crate) async fn accept_with_deck(
        &self,
        req: &Request,
        id: i64,
        value: &str,
    ) -> Result<Vec<Outgoing>, TableError> {
        let ch = self.answerable(req, id).await?;
        let game = GameId::parse(&ch.game).map_err(|e| TableError::internal(anyhow::anyhow!(e)))?;
        // Discord does not check a menu's answer: it must be one the
        // challenge's assembly method could have offered.
        let source = self.allowed_source(req, &ch, game, DeckSource::decode(value)).await?;
        let theirs = source.resolve(&self.store, &self.library, req.user.id.as_str(), game).await?;
        check_for_variant(self.library.catalog(game), game, ch.variant.as_deref(), &theirs)?;
        self.take_seat(req, ch, game, Some(theirs)).await
    }

    /// The deck a deck-menu answer names, if the challenge's assembly
    /// method lets players bring it (the menu offers only those, but a
    /// forged answer can name any): prebuilt decks under `pre-design`,
    /// the player's saved decks under `custom`, none where nobody chooses
    /// (a draft, mirror decks).
    async fn allowed_source(
        &self,
        req: &Request,
        ch: &ChallengeRow,
        game: GameId,
        source: DeckSource,
    ) -> Result<DeckSource, TableError> {
        let method = ch.assembly.as_deref().unwrap_or("");
        match (game.info().brings(ch.assembly.as_deref()), source) {
            (Brings::AnyDeck, s) => Ok(s),
            (Brings::Nothing, _) => refuse(format!(
                "assembly:{method} builds every deck during the match, so nobody chooses one: press Accept."
            )),
            (Brings::ChallengersDeck, _) => refuse(format!(
                "assembly:{method} plays copies of the challenger's deck, so nobody else chooses one: \
                 press Accept."
            )),
            (Brings::Prebuilt, source) => {
                let starters: Vec<String> = self
                    .library
                    .catalog(game)
                    .variant_decks(ch.variant.as_deref())
                    .into_iter()
                    .map(|d| d.name)
                    .collect();
                let (n, prebuilt) = match source {
                    DeckSource::Starter(n) | DeckSource::Named(n) => {
                        let found = starters.iter().find(|s| s.eq_ignore_ascii_case(&n)).cloned();
                        (n, found)
                    }
                    DeckSource::Saved(n) => (n, None),
                };
                match prebuilt {
                    Some(s) => Ok(DeckSource::Starter(s)),
                    None => refuse(format!(
                        "assembly:{method} plays the prebuilt decks, so {} cannot be chosen. The prebuilt \
                         decks: {}.",
                        quote(&n),
                        starters.join(", ")
                    )),
                }
            }
            (Brings::Saved, DeckSource::Saved(n) | DeckSource::Named(n)) => {
                match self.store.deck(req.user.id.as_str(), game.key(), &n).await? {
                    Some(_) => Ok(DeckSource::Saved(n)),
                    None => refuse(format!(
                        "assembly:{method} plays decks the players saved with /deck, and you have none \
                         called {}: choose one of your saved decks.",
                        quote(&n)
                    )),
                }
            }
            (Brings::Saved, DeckSource::Starter(n)) => refuse(format!(
                "assembly:{method} plays decks the players saved with /deck, so the prebuilt deck {} \
                 cannot be chosen: choose one of your saved decks.",
                quote(&n)
            )),
        }
    }

    /// A player takes their seat (with `theirs`, or with no deck when the
    /// assembly method needs none); the match starts once every seat is taken.
    pub(super) async fn take_seat(
        &self,
        req: &Request,
        ch: ChallengeRow,
        game: GameId,
        theirs: Option<ResolvedDeck>,
    ) -> Result<Vec<Outgoing>, TableError> {
        let id = ch.id;
        let brings = game.info().brings(ch.assembly.as_deref());
        let theirs = match theirs {
            Some(d) => d,
            None => self.unchosen_deck(&ch, game, brings).await?,
        };
        let challenger_name = self.user_name(&ch.challenger).await?;
        let members =
            [(req.user.id.as_str(), req.user.name.as_str()), (ch.challenger.as_str(), &challenger_name)];
        self.check_active_caps(ch.guild.as_deref(), &members, req.user.id.as_str()).await?;
        let Some(seats) = self.store.accept_seat(id, req.user.id.as_str(), &theirs.name).await? else {
            return refuse("That challenge was answered a moment ago (or just expired).");
        };
        if seats.iter().any(|s| s.deck_name.is_none()) {
            // Not everyone is in yet: say so, and wait for the others.
            let waiting = self.waiting_names(&seats).await?;
            return Ok(vec![Outgoing::Post {
                target: answer_target(&ch),
                message: Message::text(match brings {
                    Brings::Nothing | Brings::ChallengersDeck => format!(
                        "{} accepted {challenger_name}'s challenge. Waiting for {waiting} to accept.",
                        req.user.name
                    ),
                    _ => format!(
                        "{} accepted {challenger_name}'s challenge with {}. Waiting for {waiting} to accept.",
                        req.user.name, theirs.name
                    ),
                }),
                mentions: vec![],
                key: None,
            }]);
        }
        // Everyone is in: every seat's deck, the accepting player's as chosen now.
        let mut players = Vec::new();
        for s in &seats {
            let (name, deck) = if s.user_id == req.user.id.as_str() {
                (req.user.name.clone(), theirs.clone())
            } else if matches!(brings, Brings::Nothing | Brings::ChallengersDeck)
                && s.user_id != ch.challenger
            {
                (self.user_name(&s.user_id).await?, self.unchosen_deck(&ch, game, brings).await?)
            } else if brings == Brings::Nothing {
                (self.user_name(&s.user_id).await?, drafted())
            } else {
                let name = self.user_name(&s.user_id).await?;
                let deck_name = s.deck_name.clone().unwrap_or_default();
                match resolve_deck(&self.store, &self.library, &s.user_id, game, &deck_name).await {
                    Ok(d) => (name, d),
                    Err(_) => {
                        self.store.set_challenge_status(id, ChallengeStatus::Cancelled).await?;
                        return refuse(format!(
                            "{name}'s deck \"{deck_name}\" no longer exists, so this challenge is cancelled. \
                             Ask {challenger_name} to challenge you again."
                        ));
                    }
                }
            };
            players.push((s.user_id.clone(), name, deck));
        }
        let now = self.clock.now();
        let seed = match self.config.seed {
            Some(base) => base ^ (id as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15),
            None => rand::random(),
        };
        let first = ch
            .starts
            .as_ref()
            .and_then(|u| players.iter().position(|p| p.0 == *u))
            .map(|i| crate::engine::Seat(i as u8));
        let setup = MatchSetup {
            first,
            mode: ch.mode.clone(),
            assembly: ch.assembly.clone(),
            variant: ch.variant.clone(),
            best_of: ch.best_of.and_then(|n| u8::try_from(n).ok()),
            time_limit: ch.time_limit.and_then(|t| u64::try_from(t).ok()),
            seed,
            seats: players
                .iter()
                .map(|(_, name, deck)| SeatSetup {
                    name: name.clone(),
                    deck_name: deck.name.clone(),
                    deck: deck.cards.clone(),
                })
                .collect(),
        };
        let state = match AnyState::setup(game, &setup, &self.library) {
            Ok(s) => s,
            Err(SetupError::InvalidDeck { seat_name, reason }) => {
                return refuse(format!(
                    "The match cannot start: {seat_name}'s deck breaks a rule: {reason}. Choose another deck."
                ));
            }
            Err(SetupError::Invalid(reason)) => {
                return refuse(format!("The match cannot start: {reason}."));
            }
        };
        let to_act: Vec<i64> = state.to_act().iter().map(|s| i64::from(s.0)).collect();
        let new = NewMatch {
            game: game.key().to_owned(),
            variant: ch.variant.clone(),
            guild: ch.guild.clone(),
            channel: ch.channel.clone(),
            thread: None,
            setup: serde_json::to_string(&setup)?,
            state: serde_json::to_string(&state)?,
            seats: players
                .iter()
                .enumerate()
                .map(|(i, (user, _, deck))| NewSeat {
                    seat: i as i64,
                    user_id: user.clone(),
                    deck_name: deck.name.clone(),
                })
                .collect(),
            to_act: to_act.clone(),
            deadline_at: (!to_act.is_empty()).then_some(now + ch.deadline_hours * 3600),
            limit_hours: ch.deadline_hours,
            time_up_at: ch.time_limit.map(|t| now.saturating_add(t)),
            now,
        };
        let Some(match_id) = self.store.accept_challenge(id, now, &new).await? else {
            return refuse("That challenge was answered a moment ago (or just expired).");
        };
        let mut m = self.load(match_id).await?;

        // Opening forced answers (e.g. nothing to decide yet) are applied
        // and logged like any other.
        let mut state = m.state.clone();
        let steps: Vec<Step> = self.autopilot(&m, &mut state);
        let mut version = 0;
        if !steps.is_empty() {
            let done = self.commit(&m, &steps, &state, &super::play::BoardPlan::posted(&m, &steps)).await?;
            version = done.version;
            m.row.version = done.version;
            m.row.deadline_at = done.deadline_at;
        }
        m.state = state;

        let title = m.title();
        let mut out = Vec::new();
        if let Some(msg) = &ch.message_id {
            out.push(Outgoing::StripComponents { target: answer_target(&ch), message_ref: msg.clone() });
        }
        // The thread first: the accepted post links it (see `Outgoing::CreateThread`).
        out.push(Outgoing::CreateThread {
            parent_channel: ch.channel.clone(),
            name: title.clone(),
            match_id,
        });
        out.push(Outgoing::Post {
            target: answer_target(&ch),
            message: Message::text(format!(
                "{} accepted {challenger_name}'s challenge: {}. The match is on in the thread \"{title}\".",
                req.user.name,
                lineup_text(
                    &players
                        .iter()
                        .map(|(_, name, deck)| match brings {
                            Brings::Nothing => name.clone(),
                            _ => format!("{name} ({})", deck.name),
                        })
                        .collect::<Vec<_>>()
                )
            )),
            mentions: vec![],
            key: None,
        });
        let events: Vec<String> = steps
            .iter()
            .flat_map(|s| &s.events)
            .filter(|e| e.visible_to(None))
            .map(|e| e.text.clone())
            .collect();
        let Outgoing::Post { message, mentions, key, .. } =
            self.board_post(&m, &m.state, version, &events, None, Some(m.people()))
        else {
            unreachable!("board_post builds a Post")
        };
        out.push(Outgoing::Post { target: Target::MatchThread(match_id), message, mentions, key });
        if let Some(seat) = m.seat_of(&req.user.id) {
            let news: Vec<String> = steps
                .iter()
                .flat_map(|s| &s.events)
                .filter(|e| e.to == crate::engine::Visibility::Only(seat))
                .map(|e| e.text.clone())
                .collect();
            let mut hand = self.hand_now(&m, seat, &news, 0);
            hand.content = if m
                .state
                .view(crate::engine::Viewer::Public)
                .headline
                .starts_with("Deck assembly")
            {
                "The match has started: the decks are built first. Your pack and picks (only you can see this):".into()
            } else {
                "The match has started. Your hand (only you can see this):".into()
            };
            out.push(Outgoing::Ephemeral { to: req.user.id.clone(), message: hand });
        }
        Ok(out)
    }

    /// The deck of a seat that chooses none: the challenger's (mirror
    /// decks), or none at all (the match builds it).
    async fn unchosen_deck(
        &self,
        ch: &ChallengeRow,
        game: GameId,
        brings: Brings,
    ) -> Result<ResolvedDeck, TableError> {
        if brings != Brings::ChallengersDeck {
            return Ok(drafted());
        }
        match resolve_deck(&self.store, &self.library, &ch.challenger, game, &ch.challenger_deck).await {
            Ok(d) => Ok(d),
            Err(_) => {
                self.store.set_challenge_status(ch.id, ChallengeStatus::Cancelled).await?;
                refuse(format!(
                    "The challenger's deck \"{}\" no longer exists, so this mirror-deck challenge is cancelled.",
                    ch.challenger_deck
                ))
            }
        }
    }

    /// Decline (by the opponent) or withdraw (by the challenger).
    pub(crate) async fn decline(&self, req: &Request, id: i64) -> Result<Vec<Outgoing>, TableError> {
        let ch = match self.store.challenge(id).await {
            Ok(c) => c,
            Err(crate::store::StoreError::NotFound(_)) => return refuse("That challenge no longer exists."),
            Err(e) => return Err(e.into()),
        };
        let me = req.user.id.as_str();
        // A decline pings the challenger (once per challenge, and challenges
        // are capped); a withdrawal pings nobody: the opponent was pinged by
        // the challenge itself, and challenge-withdraw loops must not ping.
        let seats = self.store.challenge_seats(id).await?;
        let (status, text, ping) = if ch.challenger == me {
            (ChallengeStatus::Cancelled, format!("{} withdrew the challenge.", req.user.name), None)
        } else if seats.iter().any(|s| s.user_id == me) {
            let who = self.user_name(&ch.challenger).await?;
            (
                ChallengeStatus::Declined,
                format!("{} declined {who}'s challenge.", req.user.name),
                Some(UserId(ch.challenger.clone())),
            )
        } else {
            let mut names = Vec::new();
            for s in seats.iter().filter(|s| s.user_id != ch.challenger) {
                names.push(self.user_name(&s.user_id).await?);
            }
            return refuse(format!("Only {} can decline this challenge.", or_list(&names)));
        };
        if !self.store.set_challenge_status(id, status).await? {
            return refuse("That challenge is no longer open.");
        }
        let mut out = Vec::new();
        if let Some(msg) = &ch.message_id {
            out.push(Outgoing::StripComponents { target: answer_target(&ch), message_ref: msg.clone() });
        }
        out.push(Outgoing::Post {
            target: answer_target(&ch),
            message: Message::text(text),
            mentions: ping.into_iter().collect(),
            key: None,
        });
        Ok(out)
    }

    /// Rematch: the same players, game, decks and limit, as a new challenge.
    pub(crate) async fn rematch(&self, req: &Request, match_id: i64) -> Result<Vec<Outgoing>, TableError> {
        let m: Loaded = self.load(match_id).await?;
        let seat = m.require_seat(req)?;
        if m.state.outcome().is_none() && m.row.status == crate::store::MatchStatus::Active {
            return refuse("This match is not over yet.");
        }
        let Some(other) = m.seats.iter().find(|s| s.user_id != req.user.id.as_str()) else {
            return refuse("There is nobody to rematch.");
        };
        if m.seats.iter().any(|s| super::privacy::is_erased(&s.user_id)) {
            return refuse(
                "No rematch: a player of this match erased their data (/privacy), so the bot no longer \
                 knows who they are and cannot invite them. Challenge the others with /challenge.",
            );
        }
        let my_deck = m
            .seats
            .iter()
            .find(|s| s.seat == i64::from(seat.0))
            .map(|s| s.deck_name.clone())
            .unwrap_or_default();
        let place = Place { guild: m.row.guild.clone(), channel: m.row.channel.clone(), thread: None };
        let now = self.clock.now();
        if let Some(open) =
            self.store.open_challenge_between(req.user.id.as_str(), other.user_id.as_str(), None, now).await?
        {
            return refuse(format!("There is already an open challenge between you two (#{}).", open.id));
        }
        let setup = serde_json::from_str::<MatchSetup>(&m.row.setup).ok();
        let assembly = setup.as_ref().and_then(|s| s.assembly.clone());
        let deck = match m.game.info().brings(assembly.as_deref()) {
            Brings::Nothing => None,
            _ => {
                Some(resolve_deck(&self.store, &self.library, req.user.id.as_str(), m.game, &my_deck).await?)
            }
        };
        let me = UserRef::new(req.user.id.to_string(), req.user.name.clone());
        // Everyone keeps their seat; the first turn passes clockwise from
        // the last match's first player.
        let mut seats: Vec<_> = m.seats.iter().collect();
        seats.sort_by_key(|s| s.seat);
        let seats: Vec<UserRef> = seats
            .iter()
            .map(|s| UserRef::new(s.user_id.clone(), m.name_of(crate::engine::Seat(s.seat as u8))))
            .collect();
        let starts = m.state.starter().and_then(|first| {
            let next = (first.index() + 1) % m.seats.len().max(1);
            m.seats.iter().find(|s| s.seat == next as i64).map(|s| s.user_id.clone())
        });
        let best_of = setup.as_ref().and_then(|s| s.best_of);
        let time_limit = setup.as_ref().and_then(|s| s.time_limit);
        let mode = setup.and_then(|s| s.mode);
        let terms = Terms {
            game: m.game,
            variant: m.row.variant.clone(),
            limit_hours: m.row.limit_hours,
            starts,
            mode,
            assembly,
            best_of,
            time_limit,
            seats,
        };
        let posted = self.post_challenge(&place, &me, deck.as_ref(), terms).await?;
        // The computer takes a rematch at once, as it took the match.
        match super::computer::computer_level(&other.user_id) {
            Some(_) => {
                let computer = UserRef {
                    id: UserId(other.user_id.clone()),
                    name: self.user_name(&other.user_id).await?,
                    bot: true,
                };
                self.computer_accepts(req, posted, &computer).await
            }
            None => Ok(posted),
        }
    }

    /// Expires challenges whose time is up: each one's notices, by challenge.
    pub(crate) async fn expire_challenges(&self, now: i64) -> Result<Vec<(i64, Vec<Outgoing>)>, TableError> {
        let mut expired = Vec::new();
        for ch in self.store.expire_due_challenges(now).await? {
            let mut out = Vec::new();
            if let Some(msg) = &ch.message_id {
                out.push(Outgoing::StripComponents { target: answer_target(&ch), message_ref: msg.clone() });
            }
            let (a, b) = (self.user_name(&ch.challenger).await?, self.user_name(&ch.opponent).await?);
            out.push(Outgoing::Post {
                target: answer_target(&ch),
                message: Message::text(format!("{a}'s challenge to {b} expired unanswered.")),
                mentions: vec![],
                key: None,
            });
            expired.push((ch.id, out));
        }
        Ok(expired)
    }

    /// The front end could not post challenge `id` (Discord refused it):
    /// nobody can see it or answer it, so it is forgotten: it blocks no new
    /// challenge between the players and does not count against
    /// [`super::cooldown::CHALLENGES_PER_HOUR`]. Returns whether it was still open.
    pub async fn challenge_not_posted(&self, id: i64) -> Result<bool, TableError> {
        let row = self.store.challenge(id).await.ok();
        let seats = self.store.challenge_seats(id).await?;
        let withdrawn = self.store.forget_unposted_challenge(id).await?;
        if withdrawn {
            tracing::info!(challenge = id, "the challenge could not be posted; withdrawn");
            // Nobody saw it: it counts against no limit either.
            if let Some(ch) = row {
                let invited: Vec<&str> =
                    seats.iter().map(|s| s.user_id.as_str()).filter(|u| *u != ch.challenger).collect();
                self.unmark_challenge(&ch.challenger, &invited, ch.created_at).await?;
            }
        }
        Ok(withdrawn)
    }

    /// A user's display name as last seen.
    pub(crate) async fn user_name(&self, id: &str) -> Result<String, TableError> {
        Ok(self
            .store
            .user(id)
            .await?
            .map(|u| u.name)
            .filter(|n| !n.is_empty())
            .unwrap_or_else(|| id.to_owned()))
    }
}

/// Where a challenge's answers go: the thread it was posted in, else its channel.
pub(crate) fn answer_target(ch: &ChallengeRow) -> Target {
    match &ch.thread {
        Some(thread) => Target::Thread(thread.clone()),
        None => Target::Channel(ch.channel.clone()),
    }
}

/// What a challenge offers besides the challenger's deck.
struct Terms {
    game: GameId,
    variant: Option<String>,
    limit_hours: i64,
    /// The user who takes the first turn (a rematch).
    starts: Option<String>,
    /// The multiplayer mode.
    mode: Option<String>,
    /// The deck assembly method.
    assembly: Option<String>,
    /// Games the match is the best of; `None`: one game.
    best_of: Option<u8>,
    /// The match time limit in seconds.
    time_limit: Option<u64>,
    /// Every player, the challenger included, in seat order.
    seats: Vec<UserRef>,
}

/// The deck name recorded for a seat whose deck the match builds.
pub const DRAFTED: &str = "(built in the match)";

/// The deck of a seat whose deck the match builds: no cards yet.
fn drafted() -> ResolvedDeck {
    ResolvedDeck { name: DRAFTED.to_owned(), cards: Vec::new() }
}

/// The modes that seat teams of two opposite each other (team play, and
/// Spheres' tag team and citadel).
const TEAM_MODES: &[&str] = &["teams", "tag-team", "citadel"];

pub(crate) fn has_teams(mode: Option<&str>) -> bool {
    mode.is_some_and(|m| TEAM_MODES.contains(&m))
}

/// The players of a challenge in seat order, and its mode: the challenger
/// first, then the opponents as named; in team play the teams (the
/// challenger and `partner:`, then the opponents two by two) sit opposite.
fn lineup(
    info: &crate::games::GameInfo,
    me: &UserRef,
    opponent: &UserRef,
    seating: &Seating,
) -> Result<(Vec<UserRef>, Option<String>), TableError> {
    let mut invited: Vec<&UserRef> = seating.partner.iter().collect();
    invited.push(opponent);
    invited.extend(&seating.others);
    for (i, p) in invited.iter().enumerate() {
        if p.id == me.id {
            return refuse("You cannot challenge yourself. Pick someone else as the opponent.");
        }
        if p.bot && super::computer::computer_level(p.id.as_str()).is_none() {
            return refuse(format!("{} is a bot and cannot play. Challenge a person instead.", p.name));
        }
        if invited[..i].iter().any(|q| q.id == p.id) {
            return refuse(format!("{} is named twice; name each player once.", p.name));
        }
    }
    let n = invited.len() + 1;
    let (min, max) = info.players;
    if n < min || n > max {
        return refuse(format!(
            "{} is played by {min} to {max} players; this challenge names {n} (you and {}).",
            info.name,
            invited.len()
        ));
    }
    let mode = match seating.mode.as_deref().map(str::trim).filter(|m| !m.is_empty()) {
        None => None,
        Some(m) => match info.modes.iter().find(|k| k.eq_ignore_ascii_case(m)) {
            Some(k) => Some((*k).to_owned()),
            None if info.modes.is_empty() => {
                return refuse(format!("{} has no modes; leave the mode out.", info.name))
            }
            None => {
                return refuse(format!(
                    "{} has no mode {}; the modes are: {}.",
                    info.name,
                    quote(m),
                    info.modes.join(", ")
                ))
            }
        },
    };
    let mut seats: Vec<UserRef> = std::iter::once(me).chain(invited.iter().copied()).cloned().collect();
    if has_teams(mode.as_deref()) {
        let m = mode.as_deref().unwrap_or_default();
        if seating.partner.is_none() {
            return refuse(format!("mode:{m} needs your teammate: name them with partner:@someone."));
        }
        if n % 2 != 0 || n < 4 {
            return refuse(format!(
                "mode:{m} is for teams of two, so 4 or 6 players; this challenge names {n}."
            ));
        }
        // Teams (0, 1), (2, 3), …: the first of each team in the first half
        // of the table, their teammates opposite them.
        let firsts = seats.iter().step_by(2).cloned();
        let seconds = seats.iter().skip(1).step_by(2).cloned();
        seats = firsts.chain(seconds).collect();
    } else if seating.partner.is_some() {
        return refuse(
            "partner: is for team play; add mode:teams (or tag-team, citadel), or name them as an opponent.",
        );
    }
    Ok((seats, mode))
}

/// How a challenge's mode seats its players, for the challenge post:
/// "teams: Alice & Carol vs Bob & Dave".
fn seating_text(mode: &str, seats: &[UserRef]) -> String {
    if !has_teams(Some(mode)) {
        return mode.to_owned();
    }
    let half = seats.len() / 2;
    let teams: Vec<String> =
        (0..half).map(|i| format!("{} & {}", seats[i].name, seats[i + half].name)).collect();
    format!("{mode}: {}", teams.join(" vs "))
}

/// The players of a match as the accepted post names them: "Alice (deck)
/// against Bob (deck)", or a list for three and more.
fn lineup_text(players: &[String]) -> String {
    match players {
        [a, b] => format!("{a} against {b}"),
        _ => and_list(players),
    }
}
