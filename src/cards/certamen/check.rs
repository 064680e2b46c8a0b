//! Loading the Certamen pool from disk (`cardtable cards check`) and the
//! checks on it: every card's shape (each effect one the engine executes,
//! each field meaningful for the card's type) and the pool's composition
//! (cards per pillar, keyword coverage, Ascendants, legal starters).
//!
//! Every error names the file, the card (or Spellbook) and the field.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};


use super::{
    Ability, CardDef, CardType, CertamenDb, Effect, Keyword, Object, Pillar, Target, Trigger, CARD_FILES,
};
use crate::cards::LoadError;

/// Single-pillar cards each pillar needs at least (Pillar cards aside).
pub const MIN_PER_PILLAR: usize = 16;
/// Unique cards the pool needs at least.
pub const MIN_CARDS: usize = 100;
/// Cards carrying each keyword, at least.
pub const MIN_PER_KEYWORD: usize = 2;
/// Ascendants whose Ultimate wins or changes the game, at least.
pub const MIN_ASCENDANTS: usize = 5;
/// Colourless Relics and multicolour cards, at least of each.
pub const MIN_RELICS: usize = 5;
/// Multicolour cards, at least.
pub const MIN_MULTICOLOR: usize = 5;
/// The rulebook's recommendation for new players: Pillars, creatures,
/// spells (Runes and Snaps), utility (Rites, Relics, Ascendants).
pub const STARTER_SHAPE: [usize; 4] = [24, 20, 8, 8];
/// Highest power or vitality of a creature.
pub const MAX_STAT: u8 = 12;
/// Highest total cost of a card.
pub const MAX_COST: u8 = 9;

/// Reads and parses `dir/*.toml`: the card files (named as in the
/// embedded pool: a pillar's name, `relics`, `multicolor`, `pillars`) and
/// `spellbooks.toml`. Syntax errors give the file, the line and the card.
pub fn load_certamen(dir: &Path) -> Result<CertamenDb, LoadError> {
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
    let mut spellbooks = None;
    for path in paths {
        let text = fs::read_to_string(&path).map_err(|e| unreadable(&path, &e))?;
        let shown = path.display().to_string();
        if path.file_stem().is_some_and(|s| s == "spellbooks") {
            spellbooks = Some((shown, text));
        } else if order(&path) == usize::MAX {
            return Err(LoadError::Invalid {
                file: shown,
                card: String::new(),
                field: "file name".into(),
                reason: "card files are pillars.toml, a pillar's name (veilflux.toml …), relics.toml, \
                         multicolor.toml, or spellbooks.toml"
                    .into(),
            });
        } else {
            card_files.push((shown, text));
        }
    }
    let Some((book_path, book_text)) = spellbooks else {
        return Err(LoadError::Syntax {
            file: dir.join("spellbooks.toml").display().to_string(),
            line: 0,
            reason: "missing: the starter Spellbooks are listed in spellbooks.toml".into(),
        });
    };
    CertamenDb::parse(&card_files, (&book_path, &book_text))
}

fn unreadable(path: &Path, e: &std::io::Error) -> LoadError {
    LoadError::Syntax { file: path.display().to_string(), line: 0, reason: format!("cannot read: {e}") }
}


type Problem = (String, String);

fn problem(field: &str, reason: impl Into<String>) -> Problem {
    (field.to_owned(), reason.into())
}

/// One card's shape: the fields its type needs and no others, keywords
/// that mean something on it, and effects the engine can execute.
pub(crate) fn card_shape(c: &CardDef) -> Result<(), Problem> {
    let kind = c.kind;
    let creature = kind == CardType::Creature;
    match (kind, c.cost) {
        (CardType::Pillar, Some(_)) => {
            return Err(problem("cost", "a Pillar is played for free and has no cost"))
        }
        (CardType::Pillar, None) => {}
        (_, None) => return Err(problem("cost", format!("a {} needs a cost", kind.name()))),
        (_, Some(cost)) => {
            if cost.total() > MAX_COST {
                return Err(problem("cost", format!("costs {} in all; at most {MAX_COST}", cost.total())));
            }
            if cost.total() == 0 && kind != CardType::Relic {
                return Err(problem("cost", "only a Relic may cost nothing"));
            }
            if kind == CardType::Relic && !cost.pillars().is_empty() {
                return Err(problem("cost", "Relics are colorless: a generic cost only"));
            }
        }
    }
    if creature != (c.power.is_some() && c.vitality.is_some()) || (c.power.is_some() != c.vitality.is_some())
    {
        return Err(problem("power", "creatures, and only creatures, have power and vitality"));
    }
    if c.power.max(c.vitality).is_some_and(|n| n > MAX_STAT) {
        return Err(problem("power", format!("power and vitality are at most {MAX_STAT}")));
    }
    if c.vitality == Some(0) {
        return Err(problem("vitality", "a creature with 0 vitality would die at once"));
    }
    if (kind == CardType::Ascendant) != c.loyalty.is_some() {
        return Err(problem("loyalty", "Ascendants, and only Ascendants, have a starting loyalty"));
    }
    if (kind == CardType::Pillar) != c.produces.is_some() {
        return Err(problem("produces", "Pillars, and only Pillars, say which resource they produce"));
    }
    if c.equip.is_some() && kind != CardType::Relic {
        return Err(problem("equip", "only Relics are equipped"));
    }
    if c.enters_tapped && kind.is_spell() {
        return Err(problem("enters_tapped", "a Rune or Snap never enters the Livingfield"));
    }
    if kind.is_spell() == c.effects.is_empty() {
        return Err(problem(
            "effects",
            "Runes and Snaps, and only they, have effects (permanents have abilities)",
        ));
    }
    if kind.is_spell() && !c.abilities.is_empty() {
        return Err(problem("abilities", "a Rune or Snap resolves once; it has effects, not abilities"));
    }
    if matches!(kind, CardType::Rite | CardType::Ascendant) && c.abilities.is_empty() {
        return Err(problem("abilities", format!("a {} with no ability does nothing", kind.name())));
    }
    if kind == CardType::Relic && c.abilities.is_empty() && c.equip.is_none() {
        return Err(problem("abilities", "a Relic needs an ability or an equip"));
    }
    for k in &c.keywords {
        let fits = match k {
            Keyword::Flickerborn => !kind.is_spell() && kind != CardType::Pillar,
            Keyword::Swiftfang => creature || kind == CardType::Ascendant,
            _ => creature,
        };
        if !fits {
            return Err(problem("keywords", format!("{} means nothing on a {}", k.name(), kind.name())));
        }
    }
    let surges = c.abilities.iter().filter(|a| matches!(a, Ability::Surge { .. })).count();
    if c.keywords.contains(&Keyword::Surge) != (surges == 1) {
        return Err(problem("abilities", "a card with Surge has exactly one surge ability, and only it"));
    }
    let mut sorted = c.keywords.clone();
    sorted.sort();
    sorted.dedup();
    if sorted.len() != c.keywords.len() {
        return Err(problem("keywords", "a keyword is listed twice"));
    }
    if kind == CardType::Ascendant {
        ascendant_shape(c)?;
    }
    for e in &c.effects {
        effect_shape(e, false).map_err(|r| problem("effects", r))?;
    }
    for a in &c.abilities {
        ability_shape(c, a).map_err(|r| problem("abilities", r))?;
    }
    Ok(())
}

fn ascendant_shape(c: &CardDef) -> Result<(), Problem> {
    let plus =
        c.abilities.iter().filter(|a| matches!(a, Ability::Loyalty { change, .. } if *change > 0)).count();
    let minus =
        c.abilities.iter().filter(|a| matches!(a, Ability::Loyalty { change, .. } if *change < 0)).count();
    let ultimate = c.abilities.iter().find_map(|a| match a {
        Ability::Ultimate { cost, .. } => Some(*cost),
        _ => None,
    });
    let ults = c.abilities.iter().filter(|a| matches!(a, Ability::Ultimate { .. })).count();
    if plus != 1 || minus != 1 || ults != 1 {
        return Err(problem("abilities", "an Ascendant has one + ability, one − ability and one Ultimate"));
    }
    let loyalty = c.loyalty.unwrap_or(0);
    if loyalty == 0 {
        return Err(problem("loyalty", "an Ascendant starts with at least 1 loyalty"));
    }
    if ultimate.is_some_and(|u| u <= loyalty) {
        return Err(problem("abilities", "an Ultimate costs more loyalty than the Ascendant starts with"));
    }
    Ok(())
}

fn ability_shape(c: &CardDef, a: &Ability) -> Result<(), String> {
    let creature = c.kind == CardType::Creature;
    match a {
        Ability::Triggered { when, .. } => {
            let creature_only = matches!(
                when,
                Trigger::Dies | Trigger::Attacks | Trigger::Blocks | Trigger::DealsCombatDamage
            );
            if creature_only && !creature {
                return Err(format!("{when:?} fires only for creatures"));
            }
        }
        Ability::Activated { cost, tap, sacrifice, .. } => {
            if cost.is_none() && !tap && !sacrifice {
                return Err("an activated ability needs a cost: resources, tap or sacrifice".into());
            }
        }
        Ability::Surge { .. } if !creature => return Err("only creatures surge".into()),
        Ability::Surge { .. } => {}
        Ability::Static { affects, power, vitality, keywords } => {
            let ok_object = (affects.object == Object::Creature && affects.all)
                || (affects.object == Object::This && creature);
            if !ok_object {
                return Err("a static ability affects `this` creature or `all` matching creatures".into());
            }
            if *power == 0 && *vitality == 0 && keywords.is_empty() {
                return Err("a static ability that grants nothing".into());
            }
        }
        Ability::Loyalty { change: 0, .. } => return Err("a loyalty ability changes loyalty".into()),
        Ability::Loyalty { .. } | Ability::Ultimate { .. } if c.kind != CardType::Ascendant => {
            return Err("only Ascendants have loyalty abilities".into())
        }
        Ability::Loyalty { .. } | Ability::Ultimate { .. } => {}
    }
    if !matches!(a, Ability::Static { .. }) && a.effects().is_empty() {
        return Err("an ability with no effects".into());
    }
    for e in a.effects() {
        effect_shape(e, true)?;
    }
    Ok(())
}

/// An effect the engine can execute one way only: its target names the
/// kind of object the effect works on, amounts are positive, and only a
/// permanent's ability refers to `this`.
fn effect_shape(e: &Effect, on_permanent: bool) -> Result<(), String> {
    use Object::*;
    let allowed: &[Object] = match e {
        Effect::Damage { .. } => &[Creature, Player, Any, Opponent, This],
        Effect::Discard { .. } | Effect::Mill { .. } | Effect::LoseVitality { .. } => {
            &[Player, Opponent, You]
        }
        Effect::Destroy { .. } | Effect::Exile { .. } | Effect::ReturnToHand { .. } => {
            &[Creature, Permanent, This]
        }
        Effect::Counter { .. } | Effect::Copy { .. } => &[Spell],
        Effect::Pump { .. } | Effect::Grow { .. } => &[Creature, This],
        Effect::Tap { .. } | Effect::Untap { .. } => &[Creature, Permanent, This],
        _ => &[],
    };
    for t in e.targets() {
        if !allowed.contains(&t.object) {
            return Err(format!("`{}` cannot act on a {:?}", verb(e), t.object));
        }
        if t.object == This && !on_permanent {
            return Err("a Rune or Snap has no `this` to act on".into());
        }
        if t.object == Spell && t.all {
            return Err("spells on the stack are aimed at one by one, never `all`".into());
        }
        if t.all && t.object == Player && !matches!(e, Effect::Damage { .. }) {
            return Err(format!("`{}` on each player: use two effects", verb(e)));
        }
        filter_shape(t)?;
    }
    let amount = match e {
        Effect::Damage { amount, .. }
        | Effect::Draw { amount }
        | Effect::Discard { amount, .. }
        | Effect::Mill { amount, .. }
        | Effect::GainVitality { amount }
        | Effect::LoseVitality { amount, .. }
        | Effect::Grow { amount, .. }
        | Effect::AddMana { amount, .. } => *amount,
        Effect::CreateToken { count, token } => {
            if token.vitality == 0 {
                return Err("a token with 0 vitality".into());
            }
            *count
        }
        Effect::Pump { power, vitality, keywords, .. } => {
            u8::from(*power != 0 || *vitality != 0 || !keywords.is_empty())
        }
        _ => 1,
    };
    if amount == 0 {
        return Err(format!("`{}` of nothing", verb(e)));
    }
    Ok(())
}

fn filter_shape(t: &Target) -> Result<(), String> {
    let f = &t.filter;
    let creature_words = f.keyword.is_some() || f.max_power.is_some() || f.min_power.is_some();
    if creature_words && !matches!(t.object, Object::Creature | Object::Any) {
        return Err("power and keyword filters apply to creatures only".into());
    }
    if f.kind.is_some() && !matches!(t.object, Object::Spell | Object::Permanent) {
        return Err("a type filter applies to spells and permanents only".into());
    }
    if f.kind.is_some_and(CardType::is_spell) && t.object == Object::Permanent {
        return Err("Runes and Snaps are never permanents".into());
    }
    Ok(())
}

fn verb(e: &Effect) -> String {
    serde_json::to_value(e)
        .ok()
        .and_then(|v| v.get("do").and_then(|d| d.as_str()).map(str::to_owned))
        .unwrap_or_default()
}

/// True when an Ultimate wins the game or changes it for good: it wins,
/// takes an extra turn, acts on every matching object at once, or
/// creates an army (three tokens or more).
pub fn changes_the_game(effects: &[Effect]) -> bool {
    effects.iter().any(|e| match e {
        Effect::WinGame | Effect::ExtraTurn => true,
        Effect::CreateToken { count, .. } => *count >= 3,
        _ => e.targets().iter().any(|t| t.all),
    })
}

/// The pool's composition: card files hold what their names say, at
/// least 16 single-pillar cards per pillar, colourless Relics and
/// multicolour cards, 100 cards in all, every keyword on two cards,
/// five Ascendants whose Ultimate changes the game, and five legal
/// starter Spellbooks, one per pillar, of 24 Pillars, 20 creatures, 8
/// spells and 8 utility cards.
pub fn check_collection(db: &CertamenDb) -> Result<(), LoadError> {
    // `i` is the card the error points at (the last card when none is at fault).
    let invalid = |i: usize, field: &str, reason: String| LoadError::Invalid {
        file: db.files.get(i).cloned().unwrap_or_else(|| db.spellbook_file.clone()),
        card: db.cards.get(i).map(|c| c.name.clone()).unwrap_or_default(),
        field: field.into(),
        reason,
    };
    for (i, c) in db.cards.iter().enumerate() {
        let stem = Path::new(&db.files[i]).file_stem().map(|s| s.to_string_lossy().to_lowercase());
        let pillars = c.pillars();
        let fits = match stem.as_deref() {
            Some("pillars") => c.kind == CardType::Pillar,
            Some("relics") => c.kind == CardType::Relic,
            Some("multicolor") => pillars.len() >= 2,
            Some(s) => {
                c.kind != CardType::Pillar && pillars.len() == 1 && pillars[0].name().eq_ignore_ascii_case(s)
            }
            None => false,
        };
        if !fits {
            let what = if pillars.is_empty() {
                "colorless".to_owned()
            } else {
                pillars.iter().map(|p| p.name()).collect::<Vec<_>>().join("/")
            };
            return Err(invalid(
                i,
                "cost",
                format!("a {what} {} does not belong in this file", c.kind.name()),
            ));
        }
    }
    let last_in = |pred: &dyn Fn(&CardDef) -> bool| db.cards.iter().rposition(pred).unwrap_or(0);
    for p in Pillar::ALL {
        let mono = |c: &CardDef| c.kind != CardType::Pillar && c.pillars() == [p];
        let n = db.cards.iter().filter(|c| mono(c)).count();
        if n < MIN_PER_PILLAR {
            return Err(invalid(
                last_in(&mono),
                "cost",
                format!("{} has {n} cards; at least {MIN_PER_PILLAR}", p.name()),
            ));
        }
        if !db.cards.iter().any(|c| c.kind == CardType::Pillar && c.produces == Some(p) && !c.enters_tapped) {
            return Err(invalid(0, "produces", format!("no basic Pillar produces {}", p.name())));
        }
    }
    let relics = db.cards.iter().filter(|c| c.kind == CardType::Relic).count();
    let multi = db.cards.iter().filter(|c| c.pillars().len() >= 2).count();
    if relics < MIN_RELICS || multi < MIN_MULTICOLOR {
        return Err(invalid(
            db.cards.len().saturating_sub(1),
            "type",
            format!(
                "{relics} Relics and {multi} multicolor cards; at least {MIN_RELICS} and {MIN_MULTICOLOR}"
            ),
        ));
    }
    if db.cards.len() < MIN_CARDS {
        return Err(invalid(
            db.cards.len().saturating_sub(1),
            "name",
            format!("{} cards; at least {MIN_CARDS}", db.cards.len()),
        ));
    }
    for k in Keyword::ALL {
        let n = db.cards.iter().filter(|c| c.keywords.contains(&k)).count();
        if n < MIN_PER_KEYWORD {
            return Err(invalid(
                db.cards.len().saturating_sub(1),
                "keywords",
                format!("{} is on {n} cards; every keyword is on at least {MIN_PER_KEYWORD}", k.name()),
            ));
        }
    }
    let great = db
        .cards
        .iter()
        .filter(|c| {
            c.abilities
                .iter()
                .any(|a| matches!(a, Ability::Ultimate { effects, .. } if changes_the_game(effects)))
        })
        .count();
    if great < MIN_ASCENDANTS {
        return Err(invalid(
            last_in(&|c| c.kind == CardType::Ascendant),
            "abilities",
            format!("{great} Ascendants have an Ultimate that wins or changes the game; at least {MIN_ASCENDANTS}"),
        ));
    }
    check_spellbooks(db)
}

fn check_spellbooks(db: &CertamenDb) -> Result<(), LoadError> {
    let bad = |book: &str, field: &str, reason: String| LoadError::Invalid {
        file: db.spellbook_file.clone(),
        card: book.to_owned(),
        field: field.into(),
        reason,
    };
    for p in Pillar::ALL {
        let n = db.spellbooks.iter().filter(|b| b.pillar == p).count();
        if n != 1 {
            return Err(bad("", "pillar", format!("{n} starter Spellbooks of {}; one per pillar", p.name())));
        }
    }
    for b in &db.spellbooks {
        let list = b.list();
        let problems = db.spellbook_problems(&list);
        if !problems.is_empty() {
            return Err(bad(&b.name, "cards", problems.join("; ")));
        }
        let mut shape = [0usize; 4];
        let mut off_pillar = BTreeMap::new();
        for name in &list {
            let Ok(id) = db.find(name) else { continue };
            let c = db.card(id);
            let slot = match c.kind {
                CardType::Pillar => 0,
                CardType::Creature => 1,
                CardType::Rune | CardType::Snap => 2,
                CardType::Rite | CardType::Relic | CardType::Ascendant => 3,
            };
            shape[slot] += 1;
            let pillars = c.pillars();
            if !pillars.is_empty() && pillars != [b.pillar] {
                off_pillar.insert(c.name.clone(), ());
            }
        }
        if shape != STARTER_SHAPE {
            return Err(bad(
                &b.name,
                "cards",
                format!(
                    "{} Pillars, {} creatures, {} spells and {} utility cards; a starter holds {} / {} / {} / {}",
                    shape[0],
                    shape[1],
                    shape[2],
                    shape[3],
                    STARTER_SHAPE[0],
                    STARTER_SHAPE[1],
                    STARTER_SHAPE[2],
                    STARTER_SHAPE[3]
                ),
            ));
        }
        if !off_pillar.is_empty() {
            let names: Vec<String> = off_pillar.into_keys().collect();
            return Err(bad(
                &b.name,
                "cards",
                format!(
                    "a {} starter holds only {} or colorless cards, not {}",
                    b.pillar.name(),
                    b.pillar.name(),
                    names.join(", ")
                ),
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mass_effect_changes_the_game_and_a_single_target_does_not() {
        let one = Effect::Destroy { target: Target::default() };
        let all = Effect::Destroy { target: Target { all: true, ..Target::default() } };
        assert!(!changes_the_game(&[one]));
        assert!(changes_the_game(&[all]));
        assert!(changes_the_game(&[Effect::WinGame]));
    }
}
