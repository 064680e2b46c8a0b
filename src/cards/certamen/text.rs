//! Card text, generated from the card data: what a card says is what the
//! engine does. Nothing here is read from the card files.

use super::schema::*;

impl Trigger {
    fn text(self, this: &str) -> String {
        match self {
            Self::Enters => format!("When {this} enters"),
            Self::Dies => format!("When {this} dies"),
            Self::Attacks => format!("Whenever {this} attacks"),
            Self::Blocks => format!("Whenever {this} blocks"),
            Self::DealsCombatDamage => format!("Whenever {this} deals combat damage to a player"),
            Self::Upkeep => "At the beginning of your upkeep".into(),
            Self::EndStep => "At the beginning of your end step".into(),
            Self::CastSpell => "Whenever you cast a Rune or Snap".into(),
            Self::AllyDies => "Whenever another creature you control dies".into(),
            Self::PillarEnters => "Whenever a Pillar enters under your control".into(),
            Self::Attacked => "Whenever a creature attacks you".into(),
        }
    }
}

impl Keyword {
    /// What the keyword does, in a sentence, as `/card` and `/rule` remind
    /// players.
    pub fn reminder(self) -> &'static str {
        match self {
            Self::Skyborne => "Only creatures that have Skyborne or Aegis themselves can block it.",
            Self::Steadfast => "Attacking does not tap it, so it stays ready to block.",
            Self::Swiftfang => {
                "No summoning sickness: it may attack and pay tap costs on the turn it arrives. An \
                 Ascendant with Swiftfang may also use its minus ability on its first turn."
            }
            Self::Soulbind => "Whenever it deals combat damage, its controller gains as much Vitality.",
            Self::Oathbound => "The opponent's spells and activated abilities cannot choose it as a target.",
            Self::Dreadmarked => "Only Umbrage creatures and creatures wearing a Relic can block it.",
            Self::Veilshroud => "Nothing targets it: no spell or ability, its controller's included.",
            Self::Blazestride => {
                "In combat it strikes first, in the Blazestride window; what it kills there strikes no blow back."
            }
            Self::Wardenbound => "It never attacks, but it blocks, uses abilities and may be targeted as usual.",
            Self::Flickerborn => "It may be cast whenever a Rune could be, even on the opponent's turn.",
            Self::Overwhelm => "Combat damage beyond what its blockers need to die goes on to the defending player.",
            Self::Enduring => "Damage and destroy effects leave it on the Livingfield; exile still removes it.",
            Self::Aegis => "An opponent who targets it pays 2 more resources, or cannot target it at all.",
            Self::Surge => "Once a turn, in your own main phase, tap it to use its Surge ability.",
        }
    }
}

impl Filter {
    /// Words before the noun ("other untapped Umbrage").
    fn adjectives(&self) -> Vec<String> {
        let mut a = Vec::new();
        if self.other {
            a.push("other".to_owned());
        }
        match self.tapped {
            Some(true) => a.push("tapped".into()),
            Some(false) => a.push("untapped".into()),
            None => {}
        }
        if let Some(p) = self.pillar {
            a.push(p.name().into());
        }
        a
    }

    /// Words after the noun ("with Skyborne", "with power 2 or less").
    fn qualifiers(&self) -> Vec<String> {
        let mut q = Vec::new();
        if let Some(k) = self.keyword {
            q.push(format!("with {}", k.name()));
        }
        if let Some(n) = self.max_power {
            q.push(format!("with power {n} or less"));
        }
        if let Some(n) = self.min_power {
            q.push(format!("with power {n} or greater"));
        }
        if let Some(n) = self.max_cost {
            q.push(format!("with cost {n} or less"));
        }
        q
    }

    /// "a creature card with cost 3 or less", for cards in a zone.
    fn card_phrase(&self) -> String {
        let mut words = self.adjectives();
        words.push(self.kind.map_or("card".to_owned(), |k| format!("{} card", k.noun())));
        words.extend(self.qualifiers());
        article(&words.join(" "))
    }
}

fn article(phrase: &str) -> String {
    let vowel = phrase.chars().next().is_some_and(|c| "aeiouAEIOU".contains(c));
    format!("{} {phrase}", if vowel { "an" } else { "a" })
}

fn plural(noun: &str) -> String {
    if noun.ends_with('y') && !noun.ends_with("ey") {
        format!("{}ies", &noun[..noun.len() - 1])
    } else {
        format!("{noun}s")
    }
}

/// The verb agreeing with a player subject: "you discard", "your opponent discards".
fn verb(who: &Target, third: &'static str, second: &'static str) -> &'static str {
    if who.object == Object::You {
        second
    } else {
        third
    }
}

fn sign(n: i8) -> &'static str {
    if n >= 0 {
        "+"
    } else {
        ""
    }
}

/// Effects as one sentence: "Draw a card, then deal 2 damage to any target."
pub fn sentence(effects: &[Effect], this: &str) -> String {
    let parts: Vec<String> = effects.iter().map(|e| e.text(this)).collect();
    let mut s = match parts.len() {
        0 => String::new(),
        1 => parts[0].clone(),
        _ => format!("{}, then {}", parts[..parts.len() - 1].join(", "), parts[parts.len() - 1]),
    };
    if let Some(first) = s.get(..1) {
        s = first.to_uppercase() + &s[1..];
    }
    if !s.is_empty() {
        s.push('.');
    }
    s
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    c.next().map(|f| f.to_uppercase().collect::<String>() + c.as_str()).unwrap_or_default()
}

impl Target {
    /// The words for it on a card whose own object is called `this`.
    pub fn text(&self, this: &str) -> String {
        match self.object {
            Object::This => return this.to_owned(),
            Object::You => return "you".into(),
            Object::Opponent => return "your opponent".into(),
            Object::Player if self.all => return "each player".into(),
            Object::Player if self.whose == Side::Theirs => return "target opponent".into(),
            Object::Player => return "target player".into(),
            Object::Any if self.all => return "each creature and each player".into(),
            Object::Any => return "any target".into(),
            _ => {}
        }
        let noun = match (self.object, self.filter.kind) {
            (Object::Spell, Some(k)) if k.is_spell() => k.name().to_owned(),
            (Object::Spell, Some(k)) => format!("{} spell", k.noun()),
            (Object::Spell, None) => "spell".to_owned(),
            (Object::Permanent, Some(k)) => k.name().to_owned(),
            (Object::Permanent, None) => "permanent".to_owned(),
            _ => "creature".to_owned(),
        };
        let mut words = self.filter.adjectives();
        words.push(if self.all { plural(&noun) } else { noun });
        words.extend(self.filter.qualifiers());
        let whose = match (self.object, self.whose) {
            (_, Side::Any) => "",
            (Object::Spell, Side::Yours) => " you cast",
            (Object::Spell, Side::Theirs) => " an opponent cast",
            (_, Side::Yours) => " you control",
            (_, Side::Theirs) if self.all => " your opponent controls",
            (_, Side::Theirs) => " an opponent controls",
        };
        let body = words.join(" ");
        if self.all {
            format!("all {body}{whose}")
        } else {
            format!("target {body}{whose}")
        }
    }
}

impl Effect {
    /// The sentence for this effect (no capital, no full stop).
    pub fn text(&self, this: &str) -> String {
        let cards = |n: u8| if n == 1 { "a card".to_owned() } else { format!("{n} cards") };
        match self {
            Effect::Damage { amount, to } => format!("deal {amount} damage to {}", to.text(this)),
            Effect::Draw { amount } => format!("draw {}", cards(*amount)),
            Effect::Discard { amount, who } => {
                format!("{} {} {}", who.text(this), verb(who, "discards", "discard"), cards(*amount))
            }
            Effect::Mill { amount, who } => {
                let whose = if who.object == Object::You { "your" } else { "their" };
                format!(
                    "{} {} the top {} of {whose} Archive into {whose} Hollow",
                    who.text(this),
                    verb(who, "puts", "put"),
                    cards(*amount)
                )
            }
            Effect::GainVitality { amount } => format!("you gain {amount} Vitality"),
            Effect::LoseVitality { amount, who } => {
                format!("{} {} {amount} Vitality", who.text(this), verb(who, "loses", "lose"))
            }
            Effect::CreateToken { count, token } => {
                let mut kw = token.keywords.iter().map(|k| k.name()).collect::<Vec<_>>().join(", ");
                if !kw.is_empty() {
                    kw = format!(" with {kw}");
                }
                let pillar = token.pillar.map_or("colorless", Pillar::name);
                let what =
                    format!("{}/{} {pillar} {} creature token", token.power, token.vitality, token.name);
                if *count == 1 {
                    format!("create {}{kw}", article(&what))
                } else {
                    format!("create {count} {what}s{kw}")
                }
            }
            Effect::Destroy { target } => format!("destroy {}", target.text(this)),
            Effect::Exile { target } => format!("exile {}", target.text(this)),
            Effect::ReturnToHand { target } => {
                format!(
                    "return {} to {} owner's hand",
                    target.text(this),
                    if target.all { "their" } else { "its" }
                )
            }
            Effect::Counter { target, unless_pay: None } => format!("counter {}", target.text(this)),
            Effect::Counter { target, unless_pay: Some(n) } => {
                format!("counter {} unless its controller pays {{{n}}}", target.text(this))
            }
            Effect::Pump { target, power, vitality, keywords } => {
                let mut parts = Vec::new();
                if *power != 0 || *vitality != 0 {
                    parts.push(format!("{}{power}/{}{vitality}", sign(*power), sign(*vitality)));
                }
                let kw = keywords.iter().map(|k| k.name()).collect::<Vec<_>>().join(" and ");
                let verb = if target.all { "get" } else { "gets" };
                let have = if target.all { "gain" } else { "gains" };
                match (parts.is_empty(), kw.is_empty()) {
                    (false, true) => format!("{} {verb} {} until end of turn", target.text(this), parts[0]),
                    (true, false) => format!("{} {have} {kw} until end of turn", target.text(this)),
                    _ => {
                        format!("{} {verb} {} and {have} {kw} until end of turn", target.text(this), parts[0])
                    }
                }
            }
            Effect::Grow { target, amount } => {
                let n = if *amount == 1 {
                    "a +1/+1 counter".to_owned()
                } else {
                    format!("{amount} +1/+1 counters")
                };
                format!("put {n} on {}", target.text(this))
            }
            Effect::Tap { target } => format!("tap {}", target.text(this)),
            Effect::Untap { target } => format!("untap {}", target.text(this)),
            Effect::Copy { target } => {
                format!("copy {} (you may choose new targets for the copy)", target.text(this))
            }
            Effect::AddMana { pillar, amount } => match (pillar, amount) {
                (Some(p), 1) => format!("add one {} resource", p.name()),
                (Some(p), n) => format!("add {n} {} resources", p.name()),
                (None, 1) => "add one resource of any pillar".into(),
                (None, n) => format!("add {n} resources of any one pillar"),
            },
            Effect::SearchArchive { filter, to, tapped } => {
                let place = match (to, tapped) {
                    (Destination::Hand, _) => "into your hand".to_owned(),
                    (Destination::Livingfield, true) => "onto the Livingfield tapped".into(),
                    (Destination::Livingfield, false) => "onto the Livingfield".into(),
                };
                format!("search your Archive for {}, put it {place}, then shuffle", filter.card_phrase())
            }
            Effect::ReturnFromHollow { filter, to } => {
                let place = match to {
                    Destination::Hand => "to your hand",
                    Destination::Livingfield => "to the Livingfield under your control",
                };
                format!("return {} from your Hollow {place}", filter.card_phrase())
            }
            Effect::WinGame => "you win the game".into(),
            Effect::ExtraTurn => "you take an extra turn after this one".into(),
        }
    }
}

impl Ability {
    /// The line card text shows for it.
    pub fn text(&self, this: &str) -> String {
        match self {
            Ability::Triggered { when, effects } => {
                let body = sentence(effects, this);
                let mut chars = body.chars();
                let lower = chars.next().map(|c| c.to_lowercase().collect::<String>() + chars.as_str());
                format!("{}, {}", when.text(this), lower.unwrap_or_default())
            }
            Ability::Activated { cost, tap, sacrifice, effects } => {
                let mut parts = Vec::new();
                if let Some(c) = cost {
                    parts.push(c.to_string());
                }
                if *tap {
                    parts.push("Tap".into());
                }
                if *sacrifice {
                    parts.push(format!("Sacrifice {this}"));
                }
                format!("{}: {}", parts.join(", "), sentence(effects, this))
            }
            Ability::Surge { effects } => format!("Surge — Tap: {}", sentence(effects, this)),
            Ability::Static { affects, power, vitality, keywords } => {
                let plural = affects.all;
                let mut parts = Vec::new();
                if *power != 0 || *vitality != 0 {
                    parts.push(format!(
                        "{} {}{power}/{}{vitality}",
                        if plural { "get" } else { "gets" },
                        sign(*power),
                        sign(*vitality)
                    ));
                }
                if !keywords.is_empty() {
                    let kw = keywords.iter().map(|k| k.name()).collect::<Vec<_>>().join(" and ");
                    parts.push(format!("{} {kw}", if plural { "have" } else { "has" }));
                }
                let who = affects.text(this);
                let mut who_cap = who.clone();
                if let Some(f) = who.get(..1) {
                    who_cap = f.to_uppercase() + &who[1..];
                }
                format!("{who_cap} {}.", parts.join(" and "))
            }
            Ability::Loyalty { change, effects } => {
                let c =
                    if *change > 0 { format!("+{change}") } else { format!("−{}", change.unsigned_abs()) };
                format!("{c}: {}", sentence(effects, this))
            }
            Ability::Ultimate { cost, effects } => format!("Ultimate −{cost}: {}", sentence(effects, this)),
        }
    }
}

impl CardDef {
    /// How the card calls itself in its own text.
    pub fn this(&self) -> &'static str {
        match self.kind {
            CardType::Creature => "this creature",
            CardType::Ascendant => "this Ascendant",
            CardType::Relic => "this Relic",
            CardType::Rite => "this Rite",
            CardType::Pillar => "this Pillar",
            CardType::Rune | CardType::Snap => "this spell",
        }
    }

    /// "Creature — Veilflux", "Relic — Colorless", "Rune — Umbrage/Emberwake".
    pub fn type_line(&self) -> String {
        let pillars = self.pillars();
        let colour = if pillars.is_empty() {
            "Colorless".to_owned()
        } else {
            pillars.iter().map(|p| p.name()).collect::<Vec<_>>().join("/")
        };
        format!("{} — {colour}", self.kind.name())
    }

    /// The keywords its text names (its own, and those it grants or looks
    /// for), in rulebook order.
    pub fn keywords_named(&self) -> Vec<Keyword> {
        let text = self.text().join(" ");
        let words: Vec<&str> = text.split(|c: char| !c.is_alphanumeric()).collect();
        Keyword::ALL.into_iter().filter(|k| words.contains(&k.name())).collect()
    }

    /// The rules text, one line per paragraph, generated from the data.
    pub fn text(&self) -> Vec<String> {
        let this = self.this();
        let mut lines = Vec::new();
        if !self.keywords.is_empty() {
            lines.push(self.keywords.iter().map(|k| k.name()).collect::<Vec<_>>().join(", "));
        }
        if self.enters_tapped {
            lines.push(format!("{} enters tapped.", capitalise(this)));
        }
        if let Some(p) = self.produces {
            lines.push(format!("Tap: Add one {} resource.", p.name()));
        }
        if !self.effects.is_empty() {
            lines.push(sentence(&self.effects, this));
        }
        lines.extend(self.abilities.iter().map(|a| a.text(this)));
        if let Some(e) = &self.equip {
            let mut gives = Vec::new();
            if e.power != 0 || e.vitality != 0 {
                gives.push(format!("gets {}{}/{}{}", sign(e.power), e.power, sign(e.vitality), e.vitality));
            }
            if !e.keywords.is_empty() {
                gives.push(format!(
                    "has {}",
                    e.keywords.iter().map(|k| k.name()).collect::<Vec<_>>().join(" and ")
                ));
            }
            lines.push(format!("Equipped creature {}. Equip {}", gives.join(" and "), e.cost));
        }
        lines
    }
}
