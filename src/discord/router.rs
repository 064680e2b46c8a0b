//! Every button and select menu, through the global event handler, routed
//! by `custom_id` alone — no collectors, so clicks keep working after a
//! restart. The table decodes the id and decides (including refusing a
//! stale click, a stranger's click or a click in a finished match, which
//! the person sees as an ephemeral explanation).

use serenity::all::{ComponentInteraction, ComponentInteractionDataKind, FullEvent, Http, Interaction};
use tracing::warn;

use super::error::apology;
use super::interaction::Reply;
use super::supervise::supervised;
use super::{outbox, Data, Error};
use crate::table::{Message, Request, RequestKind, Table, UserError};

/// poise's event handler: component interactions go to the table; slash
/// commands and autocomplete are poise's own.
pub async fn on_event(ctx: &serenity::all::Context, event: &FullEvent, data: &Data) -> Result<(), Error> {
    if let FullEvent::InteractionCreate { interaction: Interaction::Component(component) } = event {
        on_component(&ctx.http, &data.table, component).await;
    }
    Ok(())
}

/// Answers one click or selection: acknowledges it, hands it to the table
/// and carries out the answer. Whatever happens, the person gets an answer
/// (an explanation, never "This interaction failed").
pub async fn on_component(http: &Http, table: &Table, interaction: &ComponentInteraction) {
    // Acknowledge before anything else: Discord allows 3 seconds.
    let mut reply = match Reply::defer_component(http, interaction).await {
        Ok(reply) => reply,
        Err(e) => {
            warn!(custom_id = %interaction.data.custom_id, "could not acknowledge a click: {e}");
            return;
        }
    };
    let handled = supervised("a click", async {
        match request_kind(&interaction.data.custom_id, &interaction.data.kind) {
            Ok(kind) => {
                let request = Request { user: reply.user(), place: reply.place(), kind };
                outbox::answer(http, table, &mut reply, request).await;
            }
            Err(e) => outbox::conclude(http, &mut reply, Err(e.into())).await,
        }
    })
    .await;
    // A bug: the person still gets an answer, with the id in the log.
    if let Err(error_id) = handled {
        if let Err(e) = reply.private(http, &Message::text(apology(&error_id))).await {
            warn!(error_id, "could not apologise for a failed click: {e}");
        }
        let _ = reply.finish(http).await;
    }
}

/// What the person did, in the table's words.
pub fn request_kind(custom_id: &str, kind: &ComponentInteractionDataKind) -> Result<RequestKind, UserError> {
    let custom_id = custom_id.to_owned();
    match kind {
        ComponentInteractionDataKind::Button => Ok(RequestKind::Click { custom_id }),
        ComponentInteractionDataKind::StringSelect { values } => match values.first() {
            Some(value) => Ok(RequestKind::Select { custom_id, value: value.clone() }),
            None => Err(UserError::new("Nothing was chosen; pick one of the options.")),
        },
        _ => Err(UserError::new("That kind of menu is not one of mine; use the buttons on the board.")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_button_is_a_click_and_a_menu_choice_a_select() {
        let click = request_kind("hand:3", &ComponentInteractionDataKind::Button).unwrap();
        assert_eq!(click, RequestKind::Click { custom_id: "hand:3".into() });
        let menu = ComponentInteractionDataKind::StringSelect { values: vec!["7".into()] };
        let select = request_kind("as:3:9", &menu).unwrap();
        assert_eq!(select, RequestKind::Select { custom_id: "as:3:9".into(), value: "7".into() });
    }

    #[test]
    fn an_empty_choice_or_a_foreign_menu_is_explained() {
        let empty = ComponentInteractionDataKind::StringSelect { values: vec![] };
        assert!(request_kind("as:3:9", &empty).is_err());
        let users = ComponentInteractionDataKind::UserSelect { values: vec![] };
        assert!(request_kind("x", &users).is_err());
    }
}
