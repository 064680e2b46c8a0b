//! Loading the Athernum pool from disk (`cardtable cards check`) and the
//! checks on it: every card's and token's shape (each effect one the
//! engine executes, each field meaningful for the card's type, every
//! token, marker and subtype it names defined) and the pool's composition
//! (cards per faction, every card type, field, ability type and effect
//! present, legal starter decks).
//!
//! Every error names the file, the card (or token, or deck) and the field.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use super::{
    Ability, AthernumDb, CardDef, CardType, Condition, Duration, Effect, ExtraRule, Faction, Filter, Object, Stat,
    Trigger, CARD_FILES,
};
use crate::cards::LoadError;

/// Unique cards the pool needs at least.
pub const MIN_CARDS: usize = 80;
/// Cards each faction needs at least.
pub const MIN_PER_FACTION: usize = 16;
/// Main-character-eligible characters each faction needs at least.
pub const MIN_MAIN_PER_FACTION: usize = 2;
/// Cards with an objective ability, at least.
pub const MIN_OBJECTIVES: usize = 4;
/// Cards confined to the Extra Deck, at least.
pub const MIN_EXTRA_DECK: usize = 4;
/// Highest acquisition cost.
pub const MAX_COST: u8 = 8;
/// Highest OFV or DFV.
pub const MAX_VALUE: u8 = 10;
/// Most item slots on a card.
pub const MAX_SLOTS: u8 = 3;
/// Highest Victory Token Field.
pub const MAX_VICTORY: u8 = 9;

/// Reads and parses `dir/*.toml`: the card files (named as in the
/// embedded pool: a faction's key or `neutral`), `tokens.toml` and
/// `decks.toml`. Syntax errors give the file, the line and the card.
pub fn load_athernum(dir: &Path) -> Result<AthernumDb, LoadError> {
    let entries = fs::read_dir(dir).map_err(|e| unreadable(dir, &e))?;
    let mut paths: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    let order = |p: &PathBuf| {
        let name = p.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        CARD_FILES.iter().position(|(f, _)| f.ends_with(&format!("/{name}"))).unwrap_or(usize::MAX)
    };
    // Embedded order, so card ids match the bot's.
    paths.sort_by_key(|p| (order(p), p.clone()));
    let mut card_files = Vec::new();
    let mut tokens = None;
    let mut decks = None;
    for path in paths {
        let text = fs::read_to_string(&path).map_err(|e| unreadable(&path, &e))?;
        let shown = path.display().to_string();
        match path.file_stem().and_then(|s| s.to_str()) {
            Some("tokens") => tokens = Some((shown, text)),
            Some("decks") => decks = Some((shown, text)),
            _ if order(&path) == usize::MAX => {
                return Err(LoadError::Invalid {
                    file: shown,
                    card: String::new(),
                    field: "file name".into(),
                    reason: "card files are a faction's key (bastion.toml, ashen.toml, gloam.toml, \
                             thornwild.toml), neutral.toml, tokens.toml or decks.toml"
                        .into(),
                });
            }
            _ => card_files.push((shown, text)),
        }
    }
    let missing = |name: &str, what: &str| LoadError::Syntax {
        file: dir.join(name).display().to_string(),
        line: 0,
        reason: format!("missing: {what}"),
    };
    let (token_path, token_text) = tokens.ok_or_else(|| missing("tokens.toml", "the tokens and markers"))?;
    let (deck_path, deck_text) = decks.ok_or_else(|| missing("decks.toml", "the starter decks"))?;
    AthernumDb::parse(&card_files, (&token_path, &token_text), (&deck_path, &deck_text))
}

fn unreadable(path: &Path, e: &std::io::Error) -> LoadError {
    LoadError::Syntax { file: path.display().to_string(), line: 0, reason: format!("cannot read: {e}") }
}

type Problem = (String, String);

/// A question asked of each card.
type CardTest = dyn Fn(&CardDef) -> bool;

fn problem(field: &str, reason: impl Into<String>) -> Problem {
    (field.to_owned(), reason.into())
}

/// Every card's and token's shape, and the names they refer to.
pub(crate) fn check_shapes(db: &AthernumDb) -> Result<(), LoadError> {
    let subtypes: BTreeSet<String> =
        db.cards.iter().chain(&db.tokens).flat_map(|c| c.subtypes.iter().map(|s| s.to_lowercase())).collect();
    let names = Names { db, subtypes: &subtypes };
    for (i, c) in db.cards.iter().enumerate() {
        card_shape(c, false, &names).map_err(|(field, reason)| LoadError::Invalid {
            file: db.files[i].clone(),
            card: c.name.clone(),
            field,
            reason,
        })?;
    }
    let mut seen = BTreeSet::new();
    for t in &db.tokens {
        let fail = |(field, reason): Problem| LoadError::Invalid {
            file: db.token_file.clone(),
            card: t.name.clone(),
            field,
            reason,
        };
        if !seen.insert(t.name.to_lowercase()) || db.find(&t.name).is_ok() {
            return Err(fail(problem("name", format!("\"{}\" names another card or token", t.name))));
        }
        card_shape(t, true, &names).map_err(fail)?;
    }
    for m in &db.markers {
        if m.ofv_each == 0 && m.dfv_each == 0 && m.exhaust_at.is_none() {
            return Err(LoadError::Invalid {
                file: db.token_file.clone(),
                card: m.name.clone(),
                field: "marker".into(),
                reason: "a marker type that does nothing (give ofv_each, dfv_each or exhaust_at)".into(),
            });
        }
    }
    Ok(())
}

/// What a card may refer to.
struct Names<'a> {
    db: &'a AthernumDb,
    subtypes: &'a BTreeSet<String>,
}

/// One card's (or token's) shape: the fields its type needs and no
/// others, and abilities the engine can execute.
fn card_shape(c: &CardDef, token: bool, names: &Names) -> Result<(), Problem> {
    let kind = c.kind;
    let character = kind == CardType::Character;
    if c.name.trim().is_empty() {
        return Err(problem("name", "a card needs a name"));
    }
    if kind == CardType::Resource && !token {
        return Err(problem("type", "resource is a token type; no card is a resource"));
    }
    match (character, c.cost, token) {
        (true, None, false) => return Err(problem("cost", "a character needs an acquisition cost")),
        (true, Some(0), false) => return Err(problem("cost", "an acquisition cost is at least 1")),
        (_, Some(_), true) => return Err(problem("cost", "tokens are created, never paid for: no cost")),
        (false, Some(_), _) => return Err(problem("cost", "only characters have an acquisition cost (2.2.1)")),
        (_, Some(n), _) if n > MAX_COST => return Err(problem("cost", format!("at most {MAX_COST}"))),
        _ => {}
    }
    if !character && c.ofv.is_some() {
        return Err(problem("ofv", "only characters have an OFV"));
    }
    if matches!(kind, CardType::Item | CardType::Resource) && c.dfv.is_some() {
        return Err(problem("dfv", format!("a {} has no DFV", kind.name())));
    }
    if c.ofv.max(c.dfv).is_some_and(|v| v > MAX_VALUE) {
        return Err(problem("ofv", format!("OFV and DFV are at most {MAX_VALUE}")));
    }
    if c.slots > MAX_SLOTS {
        return Err(problem("slots", format!("at most {MAX_SLOTS} item slots")));
    }
    if c.slots > 0 && !matches!(kind, CardType::Character | CardType::Location) {
        return Err(problem("slots", "only characters and locations have item slots (2.2.2, 2.4.5)"));
    }
    if let Some(v) = c.victory {
        if !matches!(kind, CardType::Character | CardType::Location) {
            return Err(problem("victory", "a Victory Token Field is on characters and locations only"));
        }
        if v == 0 || v > MAX_VICTORY {
            return Err(problem("victory", format!("a Victory Token Field holds 1 to {MAX_VICTORY}")));
        }
    }
    if token && c.faction.is_some() && kind == CardType::Resource {
        return Err(problem("faction", "a resource token takes its creator's faction; give none"));
    }
    for s in &c.subtypes {
        if s.trim().is_empty() || !s.starts_with(|ch: char| ch.is_uppercase()) || s.contains(' ') {
            return Err(problem("subtypes", format!("\"{s}\": a subtype is one capitalised word")));
        }
    }
    match (&c.extra_rule, token) {
        (Some(_), true) => return Err(problem("extra_rule", "tokens are not built into decks: no Extra Rule")),
        (Some(r), false) if r.extra_deck_only() && !character => {
            return Err(problem("extra_rule", format!("{} cards are characters that enter the board", r.keyword())))
        }
        (Some(ExtraRule::Ascend { condition }), false) => {
            condition_shape(condition, names).map_err(|r| problem("extra_rule", r))?
        }
        _ => {}
    }
    let supports = c.abilities.iter().filter(|a| matches!(a, Ability::Support { .. })).count();
    if supports > 1 {
        return Err(problem("abilities", "a card has at most one support ability (4.3.5f.IV)"));
    }
    if token && supports > 0 {
        return Err(problem("abilities", "a token is never in a hand: no support ability"));
    }
    if kind == CardType::Item && !c.abilities.iter().any(|a| matches!(a, Ability::Static { .. } | Ability::Equip { .. }))
    {
        return Err(problem("abilities", "an item needs a static or an equip ability to do anything"));
    }
    if c.has_objective() && c.victory.is_none() {
        return Err(problem("abilities", "an objective ability needs a Victory Token Field (4.3.5d.II)"));
    }
    for a in &c.abilities {
        ability_shape(c, a, names).map_err(|r| problem("abilities", format!("{} ability: {r}", a.kind_name())))?;
    }
    Ok(())
}

fn ability_shape(c: &CardDef, a: &Ability, names: &Names) -> Result<(), String> {
    let permanent = c.kind != CardType::Item;
    let mut here = Place { permanent, equip: false, support: false, static_ability: false };
    match a {
        Ability::Static { .. } => here.static_ability = true,
        Ability::Triggered { when, condition, .. } => {
            trigger_shape(c, *when, false)?;
            if let Some(k) = condition {
                condition_shape(k, names)?;
            }
        }
        Ability::Activated { name, cost, exhaust, .. } | Ability::Command { name, cost, exhaust, .. } => {
            if name.trim().is_empty() {
                return Err("an activated ability has a name (4.3.5c)".into());
            }
            if !permanent && matches!(a, Ability::Activated { .. } | Ability::Command { .. }) {
                return Err("an item's own activated abilities are equip abilities".into());
            }
            let _ = (cost, exhaust);
        }
        Ability::Objective { when, condition, cost, exhaust, effects } => {
            match (when, cost.is_some() || *exhaust) {
                (Some(w), false) => trigger_shape(c, *w, false)?,
                (None, true) => {}
                _ => return Err("give `when` (triggered) or a cost or `exhaust` (activated), not both".into()),
            }
            if let Some(k) = condition {
                condition_shape(k, names)?;
            }
            let scores = effects.iter().any(|e| {
                matches!(e, Effect::PlaceVictoryTokens { on, .. } if on.object == Object::This)
            });
            if !scores {
                return Err("an objective places Victory Tokens on `this` card (4.3.5d.II)".into());
            }
        }
        Ability::Support { .. } => here.support = true,
        Ability::Equip { when, name, cost, exhaust, .. } => {
            if c.kind != CardType::Item {
                return Err("equip abilities are on items (4.3.5g.I)".into());
            }
            here.equip = true;
            match (when, name) {
                (Some(_), Some(_)) => return Err("an equip ability is triggered (`when`) or named, not both".into()),
                (Some(w), None) => trigger_shape(c, *w, true)?,
                (None, Some(n)) if n.trim().is_empty() => return Err("an empty name".into()),
                (None, None) if cost.is_some() || *exhaust => {
                    return Err("a static equip ability has no cost: give it a `name` to make it activated".into())
                }
                (None, None) => here.static_ability = true,
                _ => {}
            }
        }
    }
    if a.effects().is_empty() {
        return Err("an ability with no effects".into());
    }
    for e in a.effects() {
        effect_shape(e, &here, names).map_err(|r| format!("`{}`: {r}", e.kind_name()))?;
    }
    Ok(())
}

fn trigger_shape(c: &CardDef, when: Trigger, equip: bool) -> Result<(), String> {
    if when.equip_only() && !equip {
        return Err(format!("{when:?} is for equip abilities only"));
    }
    if when.needs_combat() && c.kind != CardType::Character {
        return Err(format!("{when:?} fires only for characters, which fight"));
    }
    if matches!(when, Trigger::Targeted) && c.dfv.is_none() {
        return Err("only a permanent with a DFV is attacked".into());
    }
    if matches!(when, Trigger::AttachmentRevealed) && c.slots == 0 {
        return Err("only a permanent with item slots has attachments".into());
    }
    Ok(())
}

fn condition_shape(k: &Condition, names: &Names) -> Result<(), String> {
    match k {
        Condition::Controls { count: 0, .. }
        | Condition::VictoryTokens { count: 0 }
        | Condition::DiscardPile { count: 0 } => Err("a condition of 0 always holds".into()),
        Condition::Controls { filter, .. } => filter_shape(filter, names),
        _ => Ok(()),
    }
}

/// Where an effect is printed.
struct Place {
    permanent: bool,
    equip: bool,
    support: bool,
    static_ability: bool,
}

/// An effect the engine can execute one way only.
fn effect_shape(e: &Effect, at: &Place, names: &Names) -> Result<(), String> {
    use Object::{Attachment, Character, Defender, Linked, Location, Opponent, Permanent, Player, This, You};
    let allowed: &[Object] = match e {
        Effect::Damage { .. } | Effect::Heal { .. } | Effect::PreventDamage { .. } => {
            &[Character, Location, Defender, This, Linked]
        }
        Effect::DiscardFromHand { .. } | Effect::DiscardTop { .. } => &[Player, You, Opponent],
        Effect::Discard { .. } | Effect::Void { .. } | Effect::ReturnToHand { .. } => {
            &[Character, Location, Permanent, Attachment, This, Linked]
        }
        Effect::TurnFaceDown { .. } => {
            &[Character, Location, Permanent, Attachment, This, Linked]
        }
        Effect::Exhaust { .. } | Effect::AddExhaustion { .. } | Effect::RemoveExhaustion { .. } => {
            &[Character, Location, Permanent, This, Linked]
        }
        Effect::Modify { .. } | Effect::SetValue { .. } | Effect::Multiply { .. } => {
            &[Character, Location, Defender, This, Linked]
        }
        Effect::Copy { .. } => &[Character, Location],
        Effect::PlaceVictoryTokens { .. } | Effect::RemoveVictoryTokens { .. } => {
            &[Character, Location, Permanent, This, Linked]
        }
        Effect::PlaceMarkers { .. } | Effect::RemoveMarkers { .. } => &[Character, Location, Defender, This, Linked],
        Effect::Neutralize { .. } => &[Object::Effect],
        Effect::CreateToken { .. } => &[Character, Location, This, Linked],
        _ => &[],
    };
    for t in e.targets() {
        if !allowed.contains(&t.object) {
            return Err(format!("cannot act on a {:?}", t.object));
        }
        if t.object == This && !at.permanent {
            return Err("an item has no `this` on the board; an equip ability says `linked`".into());
        }
        if t.object == This && at.support {
            return Err("a support ability discards its card first: it has no `this`".into());
        }
        if t.object == Linked && !at.equip {
            return Err("only an equip ability has a `linked` target".into());
        }
        if t.object == Object::Effect && t.all {
            return Err("effects on the stack are neutralized one at a time".into());
        }
        if t.is_fixed() && (t.all || t.whose != super::Side::Any || t.filter != Filter::default()) {
            return Err(format!("`{:?}` is one fixed object: no `all`, `whose` or filter", t.object));
        }
        filter_shape(&t.filter, names)?;
    }
    if let Some(f) = e.zone_filter() {
        filter_shape(f, names)?;
        if f.exhausted.is_some() || f.face_down.is_some() || f.damaged || f.main.is_some() || f.other {
            return Err("cards in a zone are never exhausted, face down, damaged, main or `other`".into());
        }
    }
    let until = match e {
        Effect::Modify { until, .. }
        | Effect::SetValue { until, .. }
        | Effect::Multiply { until, .. }
        | Effect::RaiseCommandLimit { until, .. } => Some(*until),
        _ => None,
    };
    if until == Some(Duration::Source) && !at.static_ability {
        return Err("`until = \"source\"` (continuous) belongs to a static ability".into());
    }
    let amount = match e {
        Effect::Damage { amount, .. }
        | Effect::Heal { amount, .. }
        | Effect::Draw { amount }
        | Effect::DiscardFromHand { amount, .. }
        | Effect::DiscardTop { amount, .. }
        | Effect::AddExhaustion { amount, .. }
        | Effect::RemoveExhaustion { amount, .. }
        | Effect::PreventDamage { amount, .. }
        | Effect::AddResources { amount, .. }
        | Effect::PlaceVictoryTokens { amount, .. }
        | Effect::RemoveVictoryTokens { amount, .. }
        | Effect::GainCommandTokens { amount }
        | Effect::RaiseCommandLimit { amount, .. }
        | Effect::PlaceMarkers { amount, .. }
        | Effect::RemoveMarkers { amount, .. } => *amount,
        Effect::CreateToken { count, .. } | Effect::CreateResourceToken { count, .. } => *count,
        Effect::Modify { ofv, dfv, slots, .. } => u8::from(*ofv != 0 || *dfv != 0 || *slots != 0),
        Effect::Multiply { factor, stat, .. } => {
            if *stat == Stat::Slots {
                return Err("item slots are added to, never multiplied".into());
            }
            u8::from(*factor >= 2)
        }
        _ => 1,
    };
    if amount == 0 {
        return Err("of nothing (amounts are at least 1; a factor at least 2)".into());
    }
    match e {
        Effect::CreateToken { token, attach_to, .. } => {
            let Some(t) = names.db.token(token) else {
                return Err(format!("no token \"{token}\" in tokens.toml"));
            };
            if (t.kind == CardType::Item) != attach_to.is_some() {
                return Err("an item token is created attached (`attach_to`); other tokens are not".into());
            }
            if t.kind == CardType::Resource {
                return Err("resource tokens come from `create_resource_token`".into());
            }
        }
        Effect::PlaceMarkers { marker, .. } | Effect::RemoveMarkers { marker, .. }
            if names.db.marker(marker).is_none() =>
        {
            return Err(format!("no marker type \"{marker}\" in tokens.toml (10.5.1)"));
        }
        Effect::PlaceVictoryTokens { on, .. } if on.object != This && !on.filter.victory_field => {
            return Err("Victory Tokens go only on permanents with a Victory Token Field: filter \
                        `victory_field = true` (10.1.3)"
                .into());
        }
        _ => {}
    }
    Ok(())
}

fn filter_shape(f: &Filter, names: &Names) -> Result<(), String> {
    if let Some(s) = &f.subtype {
        if !names.subtypes.contains(&s.to_lowercase()) {
            return Err(format!("no card or token has the subtype \"{s}\""));
        }
    }
    if f.kind == Some(CardType::Resource) && (f.max_cost.is_some() || f.subtype.is_some()) {
        return Err("resource tokens have no cost or subtype".into());
    }
    Ok(())
}

/// The pool's composition: card files hold what their names say; four
/// factions of at least [`MIN_PER_FACTION`] cards, each with main
/// characters; [`MIN_CARDS`] cards in all; every card type, item slots,
/// Victory Token Fields, objectives, every ability type, Unique and Extra
/// Deck cards, tokens and markers, every effect kind used; four legal
/// starter decks, one per faction, holding only their faction's and
/// factionless cards, each with an Extra Deck.
pub fn check_collection(db: &AthernumDb) -> Result<(), LoadError> {
    let last = db.cards.len().saturating_sub(1);
    let invalid = |i: usize, field: &str, reason: String| LoadError::Invalid {
        file: db.files.get(i).cloned().unwrap_or_else(|| db.deck_file.clone()),
        card: db.cards.get(i).map(|c| c.name.clone()).unwrap_or_default(),
        field: field.into(),
        reason,
    };
    for (i, c) in db.cards.iter().enumerate() {
        let stem = Path::new(&db.files[i]).file_stem().map(|s| s.to_string_lossy().to_lowercase());
        let fits = match (stem.as_deref(), c.faction) {
            (Some("neutral"), None) => true,
            (Some(s), Some(f)) => f.key() == s,
            _ => false,
        };
        if !fits {
            let home = c.faction.map_or("neutral", Faction::key);
            return Err(invalid(i, "faction", format!("this card belongs in {home}.toml, not in this file")));
        }
    }
    let last_in = |pred: &dyn Fn(&CardDef) -> bool| db.cards.iter().rposition(pred).unwrap_or(last);
    for f in Faction::ALL {
        let of = |c: &CardDef| c.faction == Some(f);
        let n = db.cards.iter().filter(|c| of(c)).count();
        if n < MIN_PER_FACTION {
            return Err(invalid(last_in(&of), "faction", format!("{} has {n} cards; at least {MIN_PER_FACTION}", f.name())));
        }
        let mains = db.cards.iter().filter(|c| of(c) && c.main_eligible() && c.kind == CardType::Character).count();
        if mains < MIN_MAIN_PER_FACTION {
            return Err(invalid(
                last_in(&of),
                "victory",
                format!("{} has {mains} characters that can be main characters; at least {MIN_MAIN_PER_FACTION}", f.name()),
            ));
        }
    }
    if db.cards.len() < MIN_CARDS {
        return Err(invalid(last, "name", format!("{} cards; at least {MIN_CARDS}", db.cards.len())));
    }
    let count = |pred: &dyn Fn(&CardDef) -> bool| db.cards.iter().filter(|c| pred(c)).count();
    let needs: [(&str, &str, usize, &CardTest); 12] = [
        ("type", "characters", 1, &|c| c.kind == CardType::Character),
        ("type", "items", 1, &|c| c.kind == CardType::Item),
        ("type", "locations", 1, &|c| c.kind == CardType::Location),
        ("slots", "cards with item slots", 1, &|c| c.slots > 0),
        ("victory", "locations with a Victory Token Field", 1, &|c| {
            c.kind == CardType::Location && c.victory.is_some()
        }),
        ("abilities", "cards with an objective ability", MIN_OBJECTIVES, &|c| c.has_objective()),
        ("extra_rule", "Unique cards", 1, &|c| c.unique()),
        ("extra_rule", "Extra Deck cards", MIN_EXTRA_DECK, &|c| c.extra_deck_only()),
        ("extra_rule", "Reserve cards", 1, &|c| c.extra_rule == Some(ExtraRule::Reserve)),
        ("extra_rule", "Ascend cards", 1, &|c| matches!(c.extra_rule, Some(ExtraRule::Ascend { .. }))),
        ("abilities", "tokens created", 1, &|c| c.effects().any(|e| matches!(e, Effect::CreateToken { .. }))),
        ("abilities", "markers placed", 1, &|c| c.effects().any(|e| matches!(e, Effect::PlaceMarkers { .. }))),
    ];
    for (field, what, min, pred) in needs {
        let n = count(pred);
        if n < min {
            return Err(invalid(last, field, format!("{n} {what}; at least {min}")));
        }
    }
    for kind in ["static", "triggered", "activated", "objective", "command", "support", "equip"] {
        if !db.cards.iter().any(|c| c.abilities.iter().any(|a| a.kind_name() == kind)) {
            return Err(invalid(last, "abilities", format!("no card has a {kind} ability")));
        }
    }
    let used: BTreeSet<&str> = db.cards.iter().chain(&db.tokens).flat_map(|c| c.effects().map(Effect::kind_name)).collect();
    for kind in Effect::KINDS {
        if !used.contains(kind) {
            return Err(invalid(last, "abilities", format!("no card uses the effect `{kind}`")));
        }
    }
    check_decks(db)
}

fn check_decks(db: &AthernumDb) -> Result<(), LoadError> {
    let bad = |deck: &str, field: &str, reason: String| LoadError::Invalid {
        file: db.deck_file.clone(),
        card: deck.to_owned(),
        field: field.into(),
        reason,
    };
    for f in Faction::ALL {
        let n = db.decks.iter().filter(|d| d.faction == f).count();
        if n != 1 {
            return Err(bad("", "faction", format!("{n} starter decks of the {}; one per faction", f.name())));
        }
    }
    for d in &db.decks {
        let (main, extra) = (d.main_list(), d.extra_list());
        let problems = db.deck_problems_split(&main, &extra);
        if !problems.is_empty() {
            return Err(bad(&d.name, "cards", problems.join("; ")));
        }
        if extra.is_empty() {
            return Err(bad(&d.name, "extra", "a starter deck comes with an Extra Deck".into()));
        }
        for n in main.iter().chain(&extra) {
            let Ok(id) = db.find(n) else { continue };
            let c = db.card(id);
            if c.faction.is_some_and(|f| f != d.faction) {
                return Err(bad(
                    &d.name,
                    "cards",
                    format!("a {} starter holds only its own and factionless cards, not {}", d.faction.name(), c.name),
                ));
            }
        }
        for n in &extra {
            if db.find(n).is_ok_and(|id| !db.card(id).extra_deck_only()) {
                return Err(bad(
                    &d.name,
                    "extra",
                    format!("{n}: a starter's Extra Deck holds only Reserve and Ascend cards, so the flat list splits back"),
                ));
            }
        }
        let main_faction = main.iter().filter_map(|n| db.find(n).ok()).any(|id| {
            let c = db.card(id);
            c.main_eligible() && c.faction == Some(d.faction)
        });
        if !main_faction {
            return Err(bad(&d.name, "cards", format!("no {} main character in the deck", d.faction.name())));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::cards::athernum::{Object, Target};

    #[test]
    fn a_fixed_target_takes_no_filter() {
        let t = Target { object: Object::This, all: true, ..Target::default() };
        assert!(t.is_fixed() && !t.is_targeted());
    }
}
