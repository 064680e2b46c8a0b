//! Every answer a player can give to a prompt.

use serde::{Deserialize, Serialize};

use super::state::{TargetRef, Uid};

/// How an item card is played (2.3.1, 2.3.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ItemMode {
    /// Played directly: its static effects go on the stack, then it is discarded.
    Direct,
    /// Attached to `host`'s item slot, face up or face down.
    Attach {
        /// The linked target.
        host: Uid,
        /// Face down: its effects wait until it is turned face up.
        face_down: bool,
    },
}

/// One answer to the pending decision.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Action {
    /// Choose this card of the deck as the main character (8.0.1).
    ChooseMain {
        /// The card's uid in the deck.
        card: Uid,
    },
    /// Pass priority (or, in the day phase with no stack, end the day).
    Pass,
    /// Acquisition: a command token to draw a card (9.2.2).
    Acquisition,
    /// Solvency: a command token for a resource token, once per turn (9.2.3).
    Solvency,
    /// Contingency: a command token to put a Victory Token on `on` (9.2.4).
    Contingency {
        /// A permanent of yours with a Victory Token Field.
        on: Uid,
    },
    /// Play a character card from the hand (9.2.5).
    PlayCharacter {
        /// The card.
        card: Uid,
    },
    /// Play a location card from the hand (9.2.6).
    PlayLocation {
        /// The card.
        card: Uid,
    },
    /// Play an item card from the hand (9.2.7).
    PlayItem {
        /// The card.
        card: Uid,
        /// Directly or attached.
        mode: ItemMode,
    },
    /// Turn a face-down attachment face up (9.2.8, 2.1.2d).
    Reveal {
        /// The attachment.
        attachment: Uid,
    },
    /// Discard a face-up attachment on a permanent of yours (2.1.2g).
    DiscardAttachment {
        /// The attachment.
        attachment: Uid,
    },
    /// Activate an ability of a permanent or attachment (activated,
    /// command, objective or equip), paying its costs (9.2.9).
    Activate {
        /// The permanent or attachment.
        source: Uid,
        /// Index in its abilities.
        ability: u8,
    },
    /// Activate the support ability of a card in the hand (4.3.5f).
    Support {
        /// The card.
        card: Uid,
    },
    /// Put an Ascend card from the Extra Deck into a character slot.
    Ascend {
        /// The card in the Extra Deck.
        card: Uid,
    },
    /// Enter the combat phase (9.2.11).
    EnterCombat,
    /// Declare an attack ahead, as the next of a plan (see the rulings,
    /// "9.3 Attacks declared as a plan"): from the day phase it also enters
    /// the combat phase (9.2.11). The plan is fought on [`Action::Fight`],
    /// or on a pass, which ends the combat phase after it.
    Attack {
        /// The attacker.
        attacker: Uid,
        /// The attacked permanent.
        target: Uid,
    },
    /// Fight the planned attacks in order, then choose again in the
    /// combat phase.
    Fight,
    /// Declare a defender for the attacked permanent (9.3.7), or none.
    Defend {
        /// The defender; `None` lets the attack through.
        defender: Option<Uid>,
    },
    /// Choose the target of the effect being put on the stack.
    Target {
        /// The target; `None` when nothing is chosen (no legal target).
        target: TargetRef,
    },
    /// Discard this card of the hand (an effect asks).
    DiscardCard {
        /// The card.
        card: Uid,
    },
    /// Take this card (a search, the Extra Deck, the discard pile).
    Take {
        /// The card.
        card: Uid,
    },
    /// Take nothing (no card qualifies, or the player declines a search).
    TakeNothing,
    /// Put this one of your simultaneous triggered abilities on the stack
    /// next (9.2.1): the earlier it goes on, the later it resolves.
    StackNext {
        /// The triggered ability waiting to go on the stack.
        trigger: Uid,
    },
    /// Pay to keep an effect from being neutralized.
    Pay,
    /// Do not pay: the effect is neutralized.
    DeclineToPay,
    /// Acquisition with an empty deck, confirmed: the draw loses the game
    /// (4.2.4b).
    DrawFromEmptyDeck,
    /// Take back the choice that asked for confirmation (Acquisition with
    /// an empty deck): nothing is spent and the day goes on.
    Cancel,
}
