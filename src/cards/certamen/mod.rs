//! The Certamen card database: the card pool and the starter Spellbooks,
//! parsed once from `cards/certamen/` (embedded in the binary at build
//! time).
//!
//! Certamen is not in the game registry yet (its rules engine comes
//! next); once it is, [`CertamenDb`] is its [`Catalog`] as it stands.

pub mod check;
pub mod schema;
pub mod text;

use std::collections::{BTreeMap, HashMap};
use std::path::Path;

use serde::{Deserialize, Serialize};

pub use check::{check_collection, load_certamen};
pub use schema::*;
pub use text::sentence;

use super::{rulings_mentioning, search, CardSheet, Catalog, CatalogSize, LoadError, NotFound, StarterDeck};

/// Index of a card definition in [`CertamenDb::cards`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct CardId(pub u16);

/// Cards in a Spellbook, exactly.
pub const SPELLBOOK_SIZE: usize = 60;
/// Copies of one card (by name) a Spellbook may hold.
pub const MAX_COPIES: usize = 4;
/// Copies of one Pillar card a Spellbook may hold.
pub const MAX_PILLAR_COPIES: usize = 20;
/// Copies of one Ascendant a Spellbook may hold.
pub const MAX_ASCENDANT_COPIES: usize = 1;
/// Pillar cards a Spellbook needs at least.
pub const MIN_PILLARS: usize = 20;

/// A starter Spellbook.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct SpellbookDef {
    /// Its name, as players type it.
    pub name: String,
    /// The one pillar it is built on.
    pub pillar: Pillar,
    /// One sentence on how it plays.
    pub summary: String,
    /// Entries "copies name" ("4 Mistcaller Adept"); no count is one copy.
    pub cards: Vec<String>,
}

impl SpellbookDef {
    /// The card list, one entry per copy.
    pub fn list(&self) -> Vec<String> {
        crate::cards::expand_entries(&self.cards)
    }
}

/// The Spellbook file: `[[spellbook]]` tables.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct SpellbookFile {
    #[serde(rename = "spellbook")]
    pub(crate) spellbooks: Vec<SpellbookDef>,
}

/// Card files of the pool, embedded so the binary needs nothing on disk.
pub const CARD_FILES: &[(&str, &str)] = &[
    ("cards/certamen/pillars.toml", include_str!("../../../cards/certamen/pillars.toml")),
    ("cards/certamen/veilflux.toml", include_str!("../../../cards/certamen/veilflux.toml")),
    ("cards/certamen/verdance.toml", include_str!("../../../cards/certamen/verdance.toml")),
    ("cards/certamen/umbrage.toml", include_str!("../../../cards/certamen/umbrage.toml")),
    ("cards/certamen/aetherlight.toml", include_str!("../../../cards/certamen/aetherlight.toml")),
    ("cards/certamen/emberwake.toml", include_str!("../../../cards/certamen/emberwake.toml")),
    ("cards/certamen/relics.toml", include_str!("../../../cards/certamen/relics.toml")),
    ("cards/certamen/multicolor.toml", include_str!("../../../cards/certamen/multicolor.toml")),
];

/// The starter Spellbook file, embedded.
pub const SPELLBOOK_FILE: (&str, &str) =
    ("cards/certamen/spellbooks.toml", include_str!("../../../cards/certamen/spellbooks.toml"));

/// `docs/rulings/certamen.md`, embedded for `/rule`.
pub const RULINGS: &str = include_str!("../../../docs/rulings/certamen.md");
/// `docs/rules/certamen.md`: the rules reference in our own words, one
/// section per keyword, step, card type, zone and way to win.
pub const RULES: &str = include_str!("../../../docs/rules/certamen.md");

/// `docs/rules/certamen-glossary.toml`: the game's words and the words players
/// bring from other games, each leading to its section of the rules.
pub const GLOSSARY: &str = include_str!("../../../docs/rules/certamen-glossary.toml");
/// What `/rule` searches: the rules reference, then the rulings.
pub const RULES_AND_RULINGS: &str =
    concat!(include_str!("../../../docs/rules/certamen.md"), "\n", include_str!("../../../docs/rulings/certamen.md"));

/// The parsed pool.
#[derive(Debug)]
pub struct CertamenDb {
    /// Every card, indexed by [`CardId`].
    pub cards: Vec<CardDef>,
    /// The file each card came from, parallel to `cards`.
    pub files: Vec<String>,
    /// The starter Spellbooks.
    pub spellbooks: Vec<SpellbookDef>,
    /// The file the Spellbooks came from.
    pub spellbook_file: String,
    /// Names, lower-cased, to cards.
    by_name: HashMap<String, CardId>,
}

impl CertamenDb {
    /// Parses card files and the Spellbook file, checking every card's
    /// shape (each effect executable, each field meaningful for its type)
    /// and unique names. The pool's composition (counts, keyword coverage,
    /// legal starters) is checked by [`check_collection`].
    pub fn parse(files: &[(String, String)], spellbook_file: (&str, &str)) -> Result<Self, LoadError> {
        let mut cards = Vec::new();
        let mut sources = Vec::new();
        for (path, text) in files {
            let file: CardFile = toml::from_str(text).map_err(|e| crate::cards::syntax(path, text, &e, "card"))?;
            sources.extend(std::iter::repeat_n(path.clone(), file.cards.len()));
            cards.extend(file.cards);
        }
        let books: SpellbookFile = toml::from_str(spellbook_file.1)
            .map_err(|e| crate::cards::syntax(spellbook_file.0, spellbook_file.1, &e, "spellbook"))?;
        let mut by_name = HashMap::new();
        for (i, c) in cards.iter().enumerate() {
            if by_name.insert(c.name.to_lowercase(), CardId(i as u16)).is_some() {
                return Err(LoadError::Invalid {
                    file: sources[i].clone(),
                    card: c.name.clone(),
                    field: "name".into(),
                    reason: format!("\"{}\" is used by two cards", c.name),
                });
            }
            check::card_shape(c).map_err(|(field, reason)| LoadError::Invalid {
                file: sources[i].clone(),
                card: c.name.clone(),
                field,
                reason,
            })?;
        }
        Ok(CertamenDb {
            cards,
            files: sources,
            spellbooks: books.spellbooks,
            spellbook_file: spellbook_file.0.to_owned(),
            by_name,
        })
    }

    /// The definition of a card.
    pub fn card(&self, id: CardId) -> &CardDef {
        &self.cards[id.0 as usize]
    }

    /// Finds a card by name: any case, ignoring punctuation and spacing.
    pub fn find(&self, name: &str) -> Result<CardId, NotFound> {
        if let Some(id) = self.by_name.get(&name.trim().to_lowercase()) {
            return Ok(*id);
        }
        let key = search::normalise(name);
        self.cards
            .iter()
            .position(|c| search::normalise(&c.name) == key)
            .map(|i| CardId(i as u16))
            .ok_or_else(|| NotFound::among("Certamen card", name, self.cards.iter().map(|c| c.name.as_str())))
    }

    /// Every construction rule the Spellbook `list` (names, one entry per
    /// copy) breaks, one plain sentence each; empty when it is legal.
    pub fn spellbook_problems(&self, list: &[String]) -> Vec<String> {
        let mut problems = Vec::new();
        let mut unknown: Vec<&str> = Vec::new();
        let mut counts: BTreeMap<CardId, usize> = BTreeMap::new();
        for n in list {
            match self.find(n) {
                Ok(id) => *counts.entry(id).or_default() += 1,
                Err(e) if !unknown.contains(&n.trim()) => {
                    unknown.push(n.trim());
                    problems.push(e.to_string());
                }
                Err(_) => {}
            }
        }
        if list.len() != SPELLBOOK_SIZE {
            problems.push(format!(
                "a Spellbook holds exactly {SPELLBOOK_SIZE} cards; this one has {}",
                list.len()
            ));
        }
        for (id, n) in &counts {
            let c = self.card(*id);
            let (limit, rule) = match c.kind {
                CardType::Pillar => (MAX_PILLAR_COPIES, "a Pillar card"),
                CardType::Ascendant => (MAX_ASCENDANT_COPIES, "an Ascendant"),
                _ => (MAX_COPIES, "a card other than a Pillar"),
            };
            if *n > limit {
                let copies = if limit == 1 { "1 copy".to_owned() } else { format!("{limit} copies") };
                problems.push(format!(
                    "{} has {n} copies; a Spellbook may hold at most {copies} of {rule}",
                    c.name
                ));
            }
        }
        let pillars: usize =
            counts.iter().filter(|(id, _)| self.card(**id).kind == CardType::Pillar).map(|(_, n)| n).sum();
        if pillars < MIN_PILLARS {
            problems.push(format!(
                "a Spellbook needs at least {MIN_PILLARS} Pillar cards; this one has {pillars}"
            ));
        }
        problems
    }

    /// A starter Spellbook by name (any case).
    pub fn spellbook(&self, name: &str) -> Result<&SpellbookDef, NotFound> {
        let key = search::normalise(name);
        self.spellbooks.iter().find(|b| search::normalise(&b.name) == key).ok_or_else(|| {
            NotFound::among("Certamen Spellbook", name, self.spellbooks.iter().map(|b| b.name.as_str()))
        })
    }

    /// The sheet `/card` shows: cost, pillar identity, type and stats;
    /// the rules text; an Ascendant's loyalty abilities (+, −, Ultimate);
    /// each keyword the card names with its reminder; the starter
    /// Spellbooks holding it and the rulings mentioning it.
    pub fn sheet(&self, id: CardId) -> CardSheet {
        let c = self.card(id);
        let this = c.this();
        let pillars = c.pillars();
        let identity = if pillars.is_empty() {
            "Colorless".to_owned()
        } else {
            pillars.iter().map(|p| p.name()).collect::<Vec<_>>().join("/")
        };
        let mut head = vec![match c.cost {
            Some(cost) => format!("Cost {cost}"),
            None if c.kind == CardType::Pillar => "Played for free, one Pillar a turn".to_owned(),
            None => "No cost".to_owned(),
        }];
        head.push(format!("Pillar: {identity}"));
        if let (Some(p), Some(v)) = (c.power, c.vitality) {
            head.push(format!("{p}/{v} (Power/Vitality)"));
        }
        if let Some(l) = c.loyalty {
            head.push(format!("Loyalty {l}"));
        }
        let loyalty: Vec<String> = c
            .abilities
            .iter()
            .filter(|a| matches!(a, Ability::Loyalty { .. } | Ability::Ultimate { .. }))
            .map(|a| a.text(this))
            .collect();
        let mut text = vec![head.join(" · ")];
        text.extend(c.text().into_iter().filter(|l| !loyalty.contains(l)));
        if !c.flavor.is_empty() {
            text.push(format!("*{}*", c.flavor));
        }
        let mut sections = vec![(c.kind.name().to_owned(), text)];
        if !loyalty.is_empty() {
            let mut lines = vec![format!(
                "Enters with {} Loyalty; one loyalty ability per turn, in your main phase with an empty Stack.",
                c.loyalty.unwrap_or(0)
            )];
            lines.extend(loyalty);
            sections.push(("Loyalty abilities".to_owned(), lines));
        }
        let keywords = c.keywords_named();
        if !keywords.is_empty() {
            let lines = keywords.iter().map(|k| format!("**{}**: {}", k.name(), k.reminder())).collect();
            sections.push(("Keywords".to_owned(), lines));
        }
        CardSheet {
            title: c.name.clone(),
            subtitle: c.type_line(),
            sections,
            decks: self
                .spellbooks
                .iter()
                .filter(|b| b.list().iter().any(|n| n.eq_ignore_ascii_case(&c.name)))
                .map(|b| b.name.clone())
                .collect(),
            rulings: rulings_mentioning(RULINGS, &c.name),
        }
    }
}

impl Catalog for CertamenDb {
    fn embedded() -> Result<Self, LoadError> {
        let files: Vec<(String, String)> =
            CARD_FILES.iter().map(|(p, t)| ((*p).to_owned(), (*t).to_owned())).collect();
        let db = CertamenDb::parse(&files, SPELLBOOK_FILE)?;
        check_collection(&db)?;
        Ok(db)
    }

    fn load_dir(dir: &Path) -> Result<Self, LoadError> {
        let db = load_certamen(dir)?;
        check_collection(&db)?;
        Ok(db)
    }

    fn noun(&self) -> &str {
        "Certamen card"
    }

    fn size(&self) -> CatalogSize {
        CatalogSize { cards: self.cards.len(), decks: self.spellbooks.len() }
    }

    fn card_names(&self) -> Vec<&str> {
        self.cards.iter().map(|c| c.name.as_str()).collect()
    }

    fn card(&self, name: &str) -> Option<CardSheet> {
        self.find(name).ok().map(|id| self.sheet(id))
    }

    /// Each token the cards create, by name: every form it comes in
    /// (a Wolf may be 2/2 from one card, 3/3 from another) and the cards
    /// that make it.
    fn tokens(&self) -> Vec<CardSheet> {
        // A form of a token ("2/2 verdance creature token") and the cards
        // making it.
        type Forms = Vec<(String, Vec<String>)>;
        // name → its forms, in card order.
        let mut by_name: Vec<(String, Forms)> = Vec::new();
        for c in &self.cards {
            let effects = c.effects.iter().chain(c.abilities.iter().flat_map(Ability::effects));
            for e in effects {
                let Effect::CreateToken { token, .. } = e else { continue };
                let mut form = format!(
                    "{}/{} {} creature token",
                    token.power,
                    token.vitality,
                    token.pillar.map_or("colorless", Pillar::name)
                );
                if !token.keywords.is_empty() {
                    let kw: Vec<&str> = token.keywords.iter().map(|k| k.name()).collect();
                    form = format!("{form} with {}", kw.join(", "));
                }
                let at = match by_name.iter().position(|(n, _)| n.eq_ignore_ascii_case(&token.name)) {
                    Some(at) => at,
                    None => {
                        by_name.push((token.name.clone(), Vec::new()));
                        by_name.len() - 1
                    }
                };
                let forms = &mut by_name[at].1;
                match forms.iter_mut().find(|(f, _)| *f == form) {
                    Some((_, makers)) if !makers.contains(&c.name) => makers.push(c.name.clone()),
                    Some(_) => {}
                    None => forms.push((form, vec![c.name.clone()])),
                }
            }
        }
        by_name
            .into_iter()
            .map(|(name, forms)| CardSheet {
                rulings: rulings_mentioning(RULINGS, &name),
                title: name,
                subtitle: "Token creature (made by cards, never in a deck)".to_owned(),
                sections: vec![(
                    "Token".to_owned(),
                    forms.iter().map(|(f, makers)| format!("{f} — made by {}", makers.join(", "))).collect(),
                )],
                decks: Vec::new(),
            })
            .collect()
    }

    fn canonical_name(&self, name: &str) -> Option<String> {
        self.find(name).ok().map(|id| self.card(id).name.clone())
    }

    fn starter_decks(&self) -> Vec<StarterDeck> {
        self.spellbooks
            .iter()
            .map(|b| StarterDeck { name: b.name.clone(), summary: b.summary.clone(), cards: b.list() })
            .collect()
    }

    fn deck_problems(&self, cards: &[String]) -> Vec<String> {
        self.spellbook_problems(cards)
    }

    fn rulings(&self) -> &'static str {
        RULINGS
    }

    fn rules(&self) -> &'static str {
        RULES
    }

    fn glossary(&self) -> &'static str {
        GLOSSARY
    }
}
