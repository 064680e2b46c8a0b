//! Card text, generated from the card data: what a card says is what the
//! engine does. Nothing here is read from the card files.

use super::schema::*;
use super::AthernumDb;

fn sign(n: i8) -> String {
    if n >= 0 {
        format!("+{n}")
    } else {
        format!("−{}", n.unsigned_abs())
    }
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    c.next().map(|f| f.to_uppercase().collect::<String>() + c.as_str()).unwrap_or_default()
}

fn article(phrase: &str) -> String {
    let vowel = phrase.chars().next().is_some_and(|c| "aeiouAEIOU".contains(c));
    format!("{} {phrase}", if vowel { "an" } else { "a" })
}

fn counted(n: u8, one: &str, many: &str) -> String {
    if n == 1 {
        article(one)
    } else {
        format!("{n} {many}")
    }
}

impl Trigger {
    fn text(self) -> &'static str {
        match self {
            Self::Enters => "When this enters the board",
            Self::Leaves => "When this leaves the board",
            Self::Attacks => "Whenever this attacks",
            Self::Targeted => "Whenever this is chosen as the target of an attack",
            Self::Defends => "Whenever this defends",
            Self::DealsCombatDamage => "Whenever this deals combat damage",
            Self::Defeats => "Whenever a permanent this fought is discarded or overwhelmed",
            Self::AllyEnters => "Whenever another character enters under your control",
            Self::AllyDiscarded => "Whenever another character you control is discarded",
            Self::EnemyDiscarded => "Whenever an opponent's character is discarded",
            Self::EnemyDefeated => "Whenever an opponent's character is discarded or overwhelmed",
            Self::LocationPlayed => "Whenever you play a location",
            Self::SupportUsed => "Whenever you activate a support ability",
            Self::AttachmentRevealed => "Whenever an attachment on this is turned face up",
            Self::Morning => "At your morning phase",
            Self::Day => "At your day phase",
            Self::Evening => "At your evening phase",
            Self::Night => "At the night phase after your turn",
            Self::LinkedAttacks => "Whenever the equipped permanent attacks",
            Self::LinkedDefends => "Whenever the equipped permanent defends",
        }
    }
}

impl Condition {
    /// "you control 2 or more Knight characters".
    pub fn text(&self) -> String {
        match self {
            Condition::Controls { count, filter } => {
                format!("you control {count} or more {}", filter.noun_phrase("character", true))
            }
            Condition::VictoryTokens { count } => format!("you have {count} or more Victory Tokens"),
            Condition::Behind => "you have fewer Victory Tokens than each opponent".into(),
            Condition::DiscardPile { count } => format!("your discard pile holds {count} or more cards"),
        }
    }
}

impl Filter {
    /// The filter around a noun ("ready Knight characters with OFV 2 or less").
    fn noun_phrase(&self, default_noun: &str, plural: bool) -> String {
        let mut words = Vec::new();
        if self.other {
            words.push("other".to_owned());
        }
        match self.exhausted {
            Some(true) => words.push("exhausted".into()),
            Some(false) => words.push("ready".into()),
            None => {}
        }
        match self.face_down {
            Some(true) => words.push("face-down".into()),
            Some(false) => words.push("face-up".into()),
            None => {}
        }
        if self.damaged {
            words.push("damaged".into());
        }
        match self.main {
            Some(true) => words.push("main".into()),
            Some(false) => words.push("non-main".into()),
            None => {}
        }
        if let Some(f) = self.faction {
            words.push(f.name().into());
        }
        if let Some(s) = &self.subtype {
            words.push(s.clone());
        }
        let noun = match self.kind {
            Some(k) => k.name().to_lowercase(),
            None => default_noun.to_owned(),
        };
        let noun = if plural {
            if noun.ends_with('y') {
                format!("{}ies", &noun[..noun.len() - 1])
            } else {
                format!("{noun}s")
            }
        } else {
            noun
        };
        words.push(noun);
        if let Some(n) = self.max_cost {
            words.push(format!("with acquisition cost {n} or less"));
        }
        if let Some(n) = self.max_ofv {
            words.push(format!("with OFV {n} or less"));
        }
        if let Some(n) = self.min_ofv {
            words.push(format!("with OFV {n} or more"));
        }
        if self.victory_field {
            words.push("with a Victory Token Field".into());
        }
        words.join(" ")
    }
}

impl Target {
    /// The words for it.
    pub fn text(&self) -> String {
        match self.object {
            Object::This => return "this card".into(),
            Object::Linked => return "the equipped permanent".into(),
            Object::You => return "you".into(),
            Object::Opponent => return "each opponent".into(),
            Object::Player if self.all => return "each player".into(),
            Object::Player => return "target player".into(),
            _ => {}
        }
        let noun = match self.object {
            Object::Character => "character",
            Object::Location => "location",
            Object::Permanent => "permanent",
            Object::Defender => "permanent with a DFV",
            Object::Attachment => "attachment",
            _ => "effect",
        };
        let whose = match (self.object, self.whose, self.all) {
            (_, Side::Any, _) => "",
            (Object::Effect, Side::Yours, _) => " you control",
            (Object::Effect, Side::Theirs, _) => " an opponent controls",
            (_, Side::Yours, _) => " you control",
            (_, Side::Theirs, true) => " your opponents control",
            (_, Side::Theirs, false) => " an opponent controls",
        };
        let noun = if self.object == Object::Defender && self.all { "permanents with a DFV" } else { noun };
        if self.all {
            let phrase = self.filter.noun_phrase(noun, !noun.contains(' '));
            format!("all {phrase}{whose}")
        } else {
            format!("target {}{whose}", self.filter.noun_phrase(noun, false))
        }
    }

    fn verb(&self, one: &str, many: &str) -> String {
        if self.all || self.object == Object::You {
            many.to_owned()
        } else {
            one.to_owned()
        }
    }
}

impl Duration {
    fn text(self) -> &'static str {
        match self {
            Duration::Turn => " until end of turn",
            Duration::Source => " while this stays face up",
            Duration::Lasting => " for as long as it stays on the board",
        }
    }
}

impl Stat {
    fn name(self) -> &'static str {
        match self {
            Stat::Ofv => "OFV",
            Stat::Dfv => "DFV",
            Stat::Slots => "item slots",
        }
    }
}

impl Destination {
    fn text(self) -> &'static str {
        match self {
            Destination::Hand => "into your hand",
            Destination::Board => "onto the board",
        }
    }
}

impl Effect {
    /// The sentence for this effect (no capital, no full stop).
    pub fn text(&self, db: Option<&AthernumDb>) -> String {
        let cards = |n: u8| counted(n, "card", "cards");
        match self {
            Effect::Damage { amount, to } => format!("deal {amount} damage to {}", to.text()),
            Effect::Heal { amount, target } => format!("heal {amount} damage from {}", target.text()),
            Effect::Draw { amount } => format!("draw {}", cards(*amount)),
            Effect::DiscardFromHand { amount, who } => {
                format!("{} {} {} from hand", who.text(), who.verb("discards", "discard"), cards(*amount))
            }
            Effect::DiscardTop { amount, who } => {
                let whose = if who.object == Object::You { "your" } else { "their" };
                format!("{} {} the top {} of {whose} deck", who.text(), who.verb("discards", "discard"), cards(*amount))
                    .replace("the top a card", "the top card")
            }
            Effect::Discard { target } => format!("discard {}", target.text()),
            Effect::Void { target } => format!("put {} into the void", target.text()),
            Effect::ReturnToHand { target } => format!("return {} to its owner's hand", target.text()),
            Effect::Exhaust { target } => format!("exhaust {}", target.text()),
            Effect::AddExhaustion { amount, target } => {
                format!("put {} on {}", counted(*amount, "exhaustion counter", "exhaustion counters"), target.text())
            }
            Effect::RemoveExhaustion { amount, target, turn_face_up } => {
                let then = if *turn_face_up { "; with none left, it turns face up" } else { "" };
                format!(
                    "remove {} from {}{then}",
                    counted(*amount, "exhaustion counter", "exhaustion counters"),
                    target.text()
                )
            }
            Effect::TurnFaceDown { target } => format!("turn {} face down", target.text()),
            Effect::Modify { target, ofv, dfv, slots, until } => {
                let mut parts = Vec::new();
                if *ofv != 0 {
                    parts.push(format!("{} OFV", sign(*ofv)));
                }
                if *dfv != 0 {
                    parts.push(format!("{} DFV", sign(*dfv)));
                }
                if *slots != 0 {
                    let s = if slots.unsigned_abs() == 1 { "" } else { "s" };
                    parts.push(format!("{} item slot{s}", sign(*slots)));
                }
                format!("{} {} {}{}", target.text(), target.verb("gets", "get"), parts.join(" and "), until.text())
            }
            Effect::SetValue { target, stat, value, until } => {
                format!("set the base {} of {} to {value}{}", stat.name(), target.text(), until.text())
            }
            Effect::Multiply { target, stat, factor, until } => {
                let times = if *factor == 2 { "double".to_owned() } else { format!("multiply by {factor}") };
                format!("{times} the {} of {}{}", stat.name(), target.text(), until.text())
            }
            Effect::PreventDamage { amount, target } => {
                format!("prevent the next {amount} damage to {} this turn", target.text())
            }
            Effect::CreateToken { count, token, attach_to } => {
                let what = db.and_then(|d| d.token(token)).map_or_else(|| token.clone(), token_phrase);
                let what = if *count == 1 { article(&what) } else { format!("{count} {what}s") };
                match attach_to {
                    Some(t) => format!("create {what} attached to {}", t.text()),
                    None => format!("create {what}"),
                }
            }
            Effect::Copy { target } => format!("create a token copy of {}", target.text()),
            Effect::CreateResourceToken { count, exhausted } => {
                let what = counted(*count, "resource token", "resource tokens");
                let ex = if *exhausted { ", exhausted" } else { "" };
                format!("create {what} of your faction{ex}")
            }
            Effect::AddResources { amount, faction } => {
                let of = if *faction { " of your faction" } else { " without a faction" };
                format!("add {}{of} to your pool", counted(*amount, "resource", "resources"))
            }
            Effect::PlaceVictoryTokens { amount, on } => {
                format!("place {} from the pool on {}", counted(*amount, "Victory Token", "Victory Tokens"), on.text())
            }
            Effect::RemoveVictoryTokens { amount, from, lose } => {
                let to = if *lose { "; they are lost" } else { " and return them to the pool" };
                format!("remove {} from {}{to}", counted(*amount, "Victory Token", "Victory Tokens"), from.text())
            }
            Effect::GainCommandTokens { amount } => {
                format!("gain {}", counted(*amount, "command token", "command tokens"))
            }
            Effect::RaiseCommandLimit { amount, until } => {
                format!("your command token maximum rises by {amount}{}", until.text())
            }
            Effect::PlaceMarkers { marker, amount, on } => {
                format!("put {} on {}", counted(*amount, &format!("{marker} marker"), &format!("{marker} markers")), on.text())
            }
            Effect::RemoveMarkers { marker, amount, from } => {
                format!(
                    "remove {} from {}",
                    counted(*amount, &format!("{marker} marker"), &format!("{marker} markers")),
                    from.text()
                )
            }
            Effect::SearchDeck { filter, to } => format!(
                "search your deck for {}, reveal it, put it {}, then shuffle",
                article(&filter.noun_phrase("card", false)),
                to.text()
            ),
            Effect::CallFromExtraDeck { filter, to } => format!(
                "put {} from your Extra Deck {}",
                article(&filter.noun_phrase("card", false)),
                to.text()
            ),
            Effect::ReturnFromDiscard { filter, to, top } => {
                let which = if *top {
                    format!(
                        "the top card of your discard pile (under this card) if it is {}",
                        article(&filter.noun_phrase("card", false))
                    )
                } else {
                    format!("{} from your discard pile", article(&filter.noun_phrase("card", false)))
                };
                format!("return {which} {}", to.text())
            }
            Effect::Neutralize { target, unless_pay: None } => format!("neutralize {}", target.text()),
            Effect::Neutralize { target, unless_pay: Some(n) } => {
                format!("neutralize {} unless its controller pays {{{n}}}", target.text())
            }
        }
    }
}

/// "2/3 Thornling Beast character token".
fn token_phrase(t: &CardDef) -> String {
    let mut words = Vec::new();
    if let (Some(o), Some(d)) = (t.ofv, t.dfv) {
        words.push(format!("{o}/{d}"));
    }
    words.push(t.name.clone());
    words.push(t.kind.name().to_lowercase());
    words.push("token".into());
    words.join(" ")
}

/// Effects as one sentence: "Draw a card, then deal 2 damage to …."
pub fn sentence(effects: &[Effect], db: Option<&AthernumDb>) -> String {
    let parts: Vec<String> = effects.iter().map(|e| e.text(db)).collect();
    let s = match parts.len() {
        0 => String::new(),
        1 => parts[0].clone(),
        _ => format!("{}, then {}", parts[..parts.len() - 1].join(", "), parts[parts.len() - 1]),
    };
    if s.is_empty() {
        s
    } else {
        format!("{}.", capitalise(&s))
    }
}

fn cost_prefix(cost: &Option<Cost>, exhaust: bool, command: bool) -> String {
    let mut parts = Vec::new();
    if command {
        parts.push("Command token".to_owned());
    }
    if let Some(c) = cost {
        parts.push(c.to_string());
    }
    if exhaust {
        parts.push("Exhaust this".into());
    }
    if parts.is_empty() {
        String::new()
    } else {
        format!("{}: ", parts.join(", "))
    }
}

fn when_text(when: Trigger, condition: &Option<Condition>) -> String {
    match condition {
        Some(k) => format!("{}, if {},", when.text(), k.text()),
        None => format!("{},", when.text()),
    }
}

fn lower_first(s: &str) -> String {
    let mut c = s.chars();
    c.next().map(|f| f.to_lowercase().collect::<String>() + c.as_str()).unwrap_or_default()
}

impl Ability {
    /// The line card text shows for it.
    pub fn text(&self, db: Option<&AthernumDb>) -> String {
        let body = |effects: &[Effect]| sentence(effects, db);
        match self {
            Ability::Static { effects } => body(effects),
            Ability::Triggered { when, condition, effects } => {
                format!("{} {}", when_text(*when, condition), lower_first(&body(effects)))
            }
            Ability::Activated { name, cost, exhaust, once_per_turn, effects } => {
                let once = if *once_per_turn { " Once per turn." } else { "" };
                format!("*{name}* — {}{}{once}", cost_prefix(cost, *exhaust, false), body(effects))
            }
            Ability::Objective { when: Some(w), condition, effects, .. } => {
                format!("Objective — {} {}", when_text(*w, condition), lower_first(&body(effects)))
            }
            Ability::Objective { when: None, cost, exhaust, effects, .. } => {
                format!("Objective — {}{}", cost_prefix(cost, *exhaust, false), body(effects))
            }
            Ability::Command { name, cost, exhaust, effects } => {
                format!("Command *{name}* — {}{}", cost_prefix(cost, *exhaust, true), body(effects))
            }
            Ability::Support { fee, effects } => format!("Support {fee} — {}", body(effects)),
            Ability::Equip { when: Some(w), effects, .. } => {
                format!("Equip — {} {}", when_text(*w, &None), lower_first(&body(effects)))
            }
            Ability::Equip { name: Some(n), cost, exhaust, effects, .. } => {
                let c = cost_prefix(cost, false, false);
                let ex = if *exhaust { "Exhaust the equipped permanent: " } else { "" };
                let prefix = if !c.is_empty() && *exhaust {
                    format!("{}, Exhaust the equipped permanent: ", c.trim_end_matches(": "))
                } else {
                    format!("{c}{ex}")
                };
                format!("Equip *{n}* — {prefix}{}", body(effects))
            }
            Ability::Equip { effects, .. } => format!("Equip — {}", body(effects)),
        }
    }
}

/// The Extra Rule Field as one line: the keyword, then its rules text.
pub fn extra_rule_text(rule: &ExtraRule) -> String {
    match rule {
        ExtraRule::Unique => "Unique — One copy across your deck and Extra Deck.".into(),
        ExtraRule::Reserve => {
            "Reserve — Built into the Extra Deck only; it leaves it only when an effect calls it.".into()
        }
        ExtraRule::Ascend { condition } => format!(
            "Ascend — Built into the Extra Deck only. In your day phase, if {}, you may put it from your Extra Deck \
             into a free character slot without paying.",
            condition.text()
        ),
    }
}

/// "Cost 3 · OFV 2 · DFV 4 · 1 item slot".
pub fn values_line(c: &CardDef) -> String {
    let mut v = Vec::new();
    if let Some(n) = c.cost {
        let of = c.faction.map(|f| format!(" (one {})", f.symbol())).unwrap_or_default();
        v.push(format!("Cost {n}{of}"));
    }
    if let Some(n) = c.ofv {
        v.push(format!("OFV {n}"));
    }
    if let Some(n) = c.dfv {
        v.push(format!("DFV {n}"));
    }
    match c.slots {
        0 => {}
        1 => v.push("1 item slot".into()),
        n => v.push(format!("{n} item slots")),
    }
    v.join(" · ")
}

impl CardDef {
    /// "Character — Knight Human · Bastion Accord", "Item · Factionless".
    pub fn type_line(&self) -> String {
        let faction = self.faction.map_or("Factionless", Faction::name);
        let mut kind = self.kind.name().to_owned();
        if !self.subtypes.is_empty() {
            kind = format!("{kind} — {}", self.subtypes.join(" "));
        }
        format!("{kind} · {faction}")
    }

    /// The rules text, one line per ability, generated from the data, then
    /// the explanation of each custom marker it places (10.5.2).
    pub fn text(&self, db: &AthernumDb) -> Vec<String> {
        let mut lines: Vec<String> = self.abilities.iter().map(|a| a.text(Some(db))).collect();
        let mut explained = Vec::new();
        for e in self.effects() {
            if let Effect::PlaceMarkers { marker, .. } = e {
                if let Some(m) = db.marker(marker) {
                    if !explained.contains(&m.name) {
                        explained.push(m.name.clone());
                        lines.push(marker_text(m));
                    }
                }
            }
        }
        lines
    }
}

/// "(A permanent gets −1 DFV for each Hex marker on it. …)"
pub fn marker_text(m: &MarkerDef) -> String {
    let mut parts = Vec::new();
    if m.ofv_each != 0 || m.dfv_each != 0 {
        let mut vals = Vec::new();
        if m.ofv_each != 0 {
            vals.push(format!("{} OFV", sign(m.ofv_each)));
        }
        if m.dfv_each != 0 {
            vals.push(format!("{} DFV", sign(m.dfv_each)));
        }
        parts.push(format!("A permanent gets {} for each {} marker on it.", vals.join(" and "), m.name));
    }
    if let Some(n) = m.exhaust_at {
        parts.push(format!(
            "With {n} or more {} markers at a state-based check, it is exhausted and loses them all.",
            m.name
        ));
    }
    format!("({})", parts.join(" "))
}
