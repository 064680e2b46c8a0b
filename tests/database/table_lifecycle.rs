//! The match lifecycle through `Table::handle`: challenge, accept, play to
//! the end, with the rules the table enforces along the way.

use crate::table_support;

use cardtable::engine::{Seat, Viewer};
use cardtable::games::AnyState;
use cardtable::table::{Command, Component, CustomId, Outgoing, PostKey, TableError};
use table_support::{spheres_challenge, user, Front};

async fn state(f: &Front, id: i64) -> (AnyState, i64) {
    let row = f.table.store().load_match(id).await.unwrap();
    (AnyState::from_json(&row.state, f.table.library()).unwrap(), row.version)
}

fn seat_user(seat: Seat) -> &'static str {
    ["Alice", "Bob"][seat.index()]
}

/// Plays by clicking a pseudo-random offered action of whoever must act,
/// until the game ends; returns the number of clicks.
async fn play_out(f: &mut Front, id: i64, max: usize) -> usize {
    let mut pick: u64 = 12345;
    for n in 0..max {
        let (s, version) = state(f, id).await;
        if s.outcome().is_some() {
            return n;
        }
        let seat = s.to_act()[0];
        let actions = s.view(Viewer::Seat(seat)).actions;
        assert!(!actions.is_empty(), "{seat} must act but is offered nothing");
        pick = pick.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let a = &actions[(pick >> 33) as usize % actions.len()];
        let custom = CustomId::Act { match_id: id, version, index: a.index }.encode();
        f.click(seat_user(seat), &custom).await.unwrap_or_else(|e| panic!("click {n} refused: {e}"));
    }
    panic!("the game did not end in {max} clicks");
}

#[tokio::test]
async fn challenge_accept_play_finish() {
    let mut f = Front::new().await;
    let id = f.start_match().await;
    // The first board went to the new thread, mentioning both players.
    let first_board = f.all.iter().find_map(|o| match o {
        Outgoing::Post { key: Some(PostKey::Board { .. }), mentions, .. } => Some(mentions.clone()),
        _ => None,
    });
    assert_eq!(first_board.unwrap().len(), 2);
    let clicks = play_out(&mut f, id, 20_000).await;
    assert!(clicks > 0);
    let row = f.table.store().load_match(id).await.unwrap();
    assert_eq!(row.status, cardtable::store::MatchStatus::Finished);
    assert!(row.outcome.is_some());
    // The last board offers a rematch, and every older board lost its buttons.
    let boards: Vec<_> = f.posts.iter().filter(|p| p.1.embed.is_some()).collect();
    let last = boards.last().unwrap();
    assert!(last.1.components.iter().any(|c| c.custom_id().starts_with("rematch:")));
    for b in &boards[..boards.len() - 1] {
        if b.1.components.iter().any(|c| c.custom_id().starts_with("a:")) {
            panic!("a superseded board kept its action buttons");
        }
    }
    // The replay of the log reproduces the stored snapshot.
    let report = f.table.replay(id).await.unwrap();
    assert!(report.snapshot_matches, "{report}");
    // Rematch posts a new challenge.
    let out = f.click("Bob", &CustomId::Rematch { match_id: id }.encode()).await.unwrap();
    assert!(matches!(&out[0], Outgoing::Post { mentions, .. } if mentions[0].0 == "alice"));
}

#[tokio::test]
async fn challenges_are_refused_with_reasons() {
    let mut f = Front::new().await;
    let challenge = |opponent: &str, game: &str, deck: Option<&str>| Command::Challenge {
        opponent: user(opponent),
        game: game.into(),
        deck: deck.map(Into::into),
        deadline_hours: None,
        variant: None,
        seating: Default::default(),
    };
    let err = |r: Result<Vec<Outgoing>, TableError>| match r {
        Err(TableError::User(e)) => e.0,
        other => panic!("expected a refusal, got {other:?}"),
    };
    let e = err(f.slash("Alice", challenge("Alice", "spheres", None)).await);
    assert!(e.contains("yourself"), "{e}");
    let mut bot = user("Robo");
    bot.bot = true;
    let cmd = Command::Challenge {
        opponent: bot,
        game: "spheres".into(),
        deck: None,
        deadline_hours: None,
        variant: None,
        seating: Default::default(),
    };
    assert!(err(f.slash("Alice", cmd).await).contains("bot"));
    let e = err(f.slash("Alice", challenge("Bob", "sphere", None)).await);
    assert!(e.contains("did you mean \"spheres\""), "{e}");
    let deck = f.table.library().catalog(cardtable::games::GameId::Spheres).starter_decks()[0].name.clone();
    let typo: String = deck.chars().take(deck.len() - 1).collect();
    let e = err(f.slash("Alice", challenge("Bob", "spheres", Some(&typo))).await);
    assert!(e.contains("did you mean"), "{e}");
    f.slash("Alice", challenge("Bob", "spheres", Some(&deck))).await.unwrap();
    let e = err(f.slash("Bob", challenge("Alice", "spheres", None)).await);
    assert!(e.contains("already have an open challenge"), "{e}");
    // Only Bob may accept.
    let accept = f.button_on_last_post("Accept");
    assert!(err(f.click("Alice", &accept).await).contains("your own challenge"));
    assert!(err(f.click("Carol", &accept).await).contains("for Bob"));
    // Bob declines; the challenge cannot be accepted afterwards.
    let decline = f.button_on_last_post("Decline");
    f.click("Bob", &decline).await.unwrap();
    assert!(err(f.click("Bob", &accept).await).contains("declined"));
}

#[tokio::test]
async fn challenges_expire() {
    let mut f = Front::new().await;
    let deck = f.table.library().catalog(cardtable::games::GameId::Spheres).starter_decks()[0].name.clone();
    f.slash("Alice", spheres_challenge(user("Bob"), &deck)).await.unwrap();
    let accept = f.button_on_last_post("Accept");
    let now = f.clock_now() + 73 * 3600;
    let out = f.table.tick(now).await.unwrap();
    assert!(out
        .iter()
        .any(|o| matches!(o, Outgoing::Post { message, .. } if message.content.contains("expired"))));
    f.clock.set(now);
    assert!(f.click("Bob", &accept).await.is_err());
}

#[tokio::test]
async fn a_stranger_cannot_act_or_see_a_hand() {
    let mut f = Front::new().await;
    let id = f.start_match().await;
    let (s, version) = state(&f, id).await;
    let seat = s.to_act()[0];
    let act = CustomId::Act { match_id: id, version, index: 0 }.encode();
    match f.click("Carol", &act).await {
        Err(TableError::User(e)) => assert!(e.0.contains("Only Alice and Bob play"), "{e}"),
        other => panic!("{other:?}"),
    }
    let other = seat_user(Seat(1 - seat.0));
    match f.click(other, &act).await {
        Err(TableError::User(e)) => assert!(e.0.contains("not your move"), "{e}"),
        other => panic!("{other:?}"),
    }
    assert!(f.click("Carol", &CustomId::Hand { match_id: id }.encode()).await.is_err());
    assert_eq!(state(&f, id).await.1, version, "nothing was applied");
}

#[tokio::test]
async fn a_stale_click_gets_the_current_board_and_applies_nothing() {
    let mut f = Front::new().await;
    let id = f.start_match().await;
    let (s, version) = state(&f, id).await;
    let who = seat_user(s.to_act()[0]);
    let act = CustomId::Act { match_id: id, version, index: 0 }.encode();
    f.click(who, &act).await.unwrap();
    let after = state(&f, id).await.1;
    assert!(after > version);
    let out = f.click(who, &act).await.unwrap();
    assert_eq!(out.len(), 1);
    match &out[0] {
        Outgoing::Ephemeral { to, message } => {
            assert_eq!(to.0, who.to_lowercase());
            assert!(message.content.contains("moved on"));
            assert!(message.embed.is_some(), "the current board comes with it");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(state(&f, id).await.1, after, "the stale click applied nothing");
    let log = f.table.store().match_actions(id).await.unwrap();
    assert_eq!(log.len() as i64, after);
}

#[tokio::test]
async fn fifty_simultaneous_clicks_apply_once() {
    let mut f = Front::new().await;
    let id = f.start_match().await;
    let (s, version) = state(&f, id).await;
    let who = seat_user(s.to_act()[0]);
    let act = CustomId::Act { match_id: id, version, index: 0 }.encode();
    let mut tasks = Vec::new();
    for _ in 0..50 {
        let table = f.table.clone();
        let req = f.request(who, cardtable::table::RequestKind::Click { custom_id: act.clone() });
        tasks.push(tokio::spawn(async move { table.handle(req).await }));
    }
    let mut boards = 0;
    let mut moved_on = 0;
    for t in tasks {
        let out = t.await.unwrap().unwrap();
        if out.iter().any(|o| o.board_version().is_some()) {
            boards += 1;
        } else if out
            .iter()
            .any(|o| matches!(o, Outgoing::Ephemeral { message, .. } if message.content.contains("moved on")))
        {
            moved_on += 1;
        }
    }
    assert_eq!(boards, 1, "exactly one click applies");
    assert_eq!(moved_on, 49);
    let log = f.table.store().match_actions(id).await.unwrap();
    let players = log.iter().filter(|r| r.action.contains("\"by\":\"player\"")).count();
    assert_eq!(players, 1);
}

#[tokio::test]
async fn hands_only_go_to_their_owner() {
    let mut f = Front::new().await;
    let id = f.start_match().await;
    play_some(&mut f, id, 60).await;
    for who in ["Alice", "Bob"] {
        f.click(who, &CustomId::Hand { match_id: id }.encode()).await.unwrap();
        f.slash(who, Command::Hand).await.unwrap();
    }
    for o in &f.all {
        match o {
            Outgoing::Post { message, .. } | Outgoing::Edit { message, .. } => {
                let title = message.embed.as_ref().map(|e| e.title.clone()).unwrap_or_default();
                assert!(!title.starts_with("Your hand"), "a hand was posted publicly");
            }
            Outgoing::Ephemeral { .. }
            | Outgoing::File { .. }
            | Outgoing::RefreshHand { .. }
            | Outgoing::Replace { .. }
            | Outgoing::StripComponents { .. }
            | Outgoing::CreateThread { .. } => {}
            // A hand by direct message (the start of a turn) goes to a player of the match; what it holds is checked in `a_turn_begins_with_the_hand_by_direct_message`.
            Outgoing::DirectMessage { to, .. } => {
                assert!(["alice", "bob"].contains(&to.0.as_str()), "a DM to {to:?}")
            }
        }
    }
    // Each player's hand message holds exactly the cards the rules show that seat.
    let (s, _) = state(&f, id).await;
    for (seat, who) in [(Seat(0), "alice"), (Seat(1), "bob")] {
        let cards = s.view(Viewer::Seat(seat)).hand.unwrap_or_default();
        let other = s.view(Viewer::Seat(Seat(1 - seat.0))).hand.unwrap_or_default();
        let last = f.ephemerals.iter().rev().find(|(to, _)| to == who).unwrap();
        // A long name is wrapped over lines of a phone: read it as one.
        let flat = cardtable::console::read_through;
        let text = flat(&cardtable::console::message_text(&last.1));
        for c in &cards {
            assert!(text.contains(&c.name), "{who}'s hand shows {}: {text}", c.name);
        }
        for c in other.iter().filter(|c| !cards.iter().any(|m| m.name == c.name)) {
            let hand_field =
                last.1.embed.as_ref().unwrap().fields.iter().filter(|f| f.name.starts_with("Hand"));
            for field in hand_field {
                assert!(!flat(&field.value).contains(&format!("• {}", c.name)), "{who} sees {}", c.name);
            }
        }
    }
    // Every ephemeral went to the person who asked.
    // (Front::send only delivers ephemerals returned to the requester.)
}

async fn play_some(f: &mut Front, id: i64, clicks: usize) {
    for n in 0..clicks {
        let (s, version) = state(f, id).await;
        if s.outcome().is_some() {
            return;
        }
        let seat = s.to_act()[0];
        let actions = s.view(Viewer::Seat(seat)).actions;
        let a = &actions[n % actions.len()];
        let custom = CustomId::Act { match_id: id, version, index: a.index }.encode();
        f.click(seat_user(seat), &custom).await.unwrap();
    }
}

#[tokio::test]
async fn conceding_ends_the_match() {
    let mut f = Front::new().await;
    let id = f.start_match().await;
    let out = f.click("Alice", &CustomId::Concede { match_id: id }.encode()).await.unwrap();
    let Outgoing::Ephemeral { message, .. } = &out[0] else { panic!() };
    let confirm = message.components[0].custom_id().to_owned();
    assert!(f.click("Carol", &confirm).await.is_err());
    f.click("Alice", &confirm).await.unwrap();
    let (s, _) = state(&f, id).await;
    let outcome = s.outcome().expect("over");
    assert_eq!(outcome.winners, vec![Seat(1)]);
    assert!(f.click("Alice", &confirm).await.is_err(), "cannot concede twice");
}

#[tokio::test]
async fn deadlines_remind_then_offer_the_win() {
    let mut f = Front::new().await;
    let id = f.start_match().await;
    let (s, version) = state(&f, id).await;
    let late = s.to_act()[0];
    let waiting = seat_user(Seat(1 - late.0));
    let claim = CustomId::Claim { match_id: id, version }.encode();
    // Too early to claim.
    assert!(f.click(waiting, &claim).await.is_err());
    let t0 = f.clock_now();
    let at = |h: i64| t0 + h * 3600 + 1;
    // A ping in the match thread (direct messages are opt-in).
    let dms = |out: &[Outgoing]| {
        out.iter()
            .filter(|o| matches!(o, Outgoing::Post { message, .. } if message.content.contains("Your move is waiting")))
            .count()
    };
    assert_eq!(dms(&f.table.tick(at(1)).await.unwrap()), 0);
    assert_eq!(dms(&f.table.tick(at(12)).await.unwrap()), 1);
    assert_eq!(dms(&f.table.tick(at(13)).await.unwrap()), 0, "each reminder once");
    assert_eq!(dms(&f.table.tick(at(24)).await.unwrap()), 1);
    let out = f.table.tick(at(72)).await.unwrap();
    let offer = out.iter().find_map(|o| match o {
        Outgoing::Post { message, .. } => message.components.first().map(|c| c.custom_id().to_owned()),
        _ => None,
    });
    assert_eq!(offer.as_deref(), Some(claim.as_str()));
    assert!(f.table.tick(at(80)).await.unwrap().is_empty());
    f.clock.set(at(72));
    // The late player cannot claim; the waiting one can.
    assert!(f.click(seat_user(late), &claim).await.is_err());
    f.click(waiting, &claim).await.unwrap();
    let (s, _) = state(&f, id).await;
    assert_eq!(s.outcome().unwrap().winners, vec![Seat(1 - late.0)]);
}

#[tokio::test]
async fn a_late_players_move_posts_a_board_without_claim_the_win() {
    let mut f = Front::new().await;
    let id = f.start_match().await;
    let t0 = f.clock_now();
    // The deadline passes and its notice goes out; then the late player moves.
    f.clock.set(t0 + 72 * 3600 + 1);
    let notice = f.table.tick(f.clock_now()).await.unwrap();
    assert!(
        notice.iter().any(
            |o| matches!(o, Outgoing::Post { message, .. } if message.content.contains("may claim the win"))
        ),
        "no deadline notice: {notice:?}"
    );
    let (s, version) = state(&f, id).await;
    let late = s.to_act()[0];
    let action = &s.view(Viewer::Seat(late)).actions[0];
    let out = f
        .click(seat_user(late), &CustomId::Act { match_id: id, version, index: action.index }.encode())
        .await
        .unwrap();
    let boards: Vec<_> = out
        .iter()
        .filter_map(|o| match o {
            Outgoing::Post { key: Some(PostKey::Board { .. }), message, .. }
            | Outgoing::Edit { key: Some(PostKey::Board { .. }), message, .. } => Some(message),
            _ => None,
        })
        .collect();
    assert!(!boards.is_empty(), "the move shows a board: {out:?}");
    for board in boards {
        assert!(
            !board
                .components
                .iter()
                .any(|c| matches!(c, Component::Button { label, .. } if label == "Claim the win")),
            "a fresh decision offers no claim: {:?}",
            board.components
        );
    }
}

impl Front {
    fn clock_now(&self) -> i64 {
        use cardtable::table::Clock;
        self.clock.now()
    }
}

#[tokio::test]
async fn spheres_setup_1_a_rematch_passes_the_first_turn_clockwise() {
    let mut f = Front::new().await;
    let id = f.start_match().await;
    let (s, _) = state(&f, id).await;
    let first = s.starter().expect("Spheres has a first lord");
    // Match 1 seats Alice 0 and Bob 1; the next lord clockwise starts next.
    let next = ["alice", "bob"][(first.index() + 1) % 2];
    f.slash("Bob", Command::Concede).await.unwrap();
    f.click("Bob", &CustomId::ConcedeConfirm { match_id: id }.encode()).await.unwrap();
    f.click("Bob", &CustomId::Rematch { match_id: id }.encode()).await.unwrap();
    let post = &f.posts.last().unwrap().1;
    let text = serde_json::to_string(post).unwrap();
    let next_name = if next == "alice" { "Alice" } else { "Bob" };
    assert!(text.contains(&format!("{next_name} takes the first turn")), "{text}");
    // Alice accepts the rematch with a starter deck.
    let accept = f.button_on_last_post("Accept");
    let out = f.click("Alice", &accept).await.unwrap();
    let Some(Outgoing::Ephemeral { message, .. }) = out.first() else { panic!("no deck choice: {out:?}") };
    let Some(cardtable::table::Component::Select { custom_id, options, .. }) = message.components.first()
    else {
        panic!("no deck select")
    };
    let (custom_id, value) = (custom_id.clone(), options[0].value.clone());
    let out = f.select("Alice", &custom_id, &value).await.unwrap();
    let rematch = out
        .iter()
        .find_map(|o| match o {
            Outgoing::CreateThread { match_id, .. } => Some(*match_id),
            _ => None,
        })
        .expect("the rematch starts");
    let (s, _) = state(&f, rematch).await;
    let (row, seats) = f.table.store().load_match_with_seats(rematch).await.unwrap();
    let starter = s.starter().unwrap();
    let starter_user = seats.iter().find(|x| x.seat == i64::from(starter.0)).unwrap().user_id.clone();
    assert_eq!(starter_user, next, "state {}", row.state.len());
    let board = serde_json::to_string(&s.view(Viewer::Public)).unwrap();
    assert!(board.contains("in a rematch the first turn passes clockwise"), "{board}");
}

/// Clicks an offered action of whoever must act until a new turn begins
/// with its player to act; returns that click's effects and the player.
async fn click_to_next_turn(f: &mut Front, id: i64) -> (Vec<Outgoing>, Seat) {
    let (s, _) = state(f, id).await;
    let turn = s.turn().map(|t| t.number);
    for n in 0..400 {
        let (s, version) = state(f, id).await;
        assert!(s.outcome().is_none(), "the match ended before a new turn");
        let seat = s.to_act()[0];
        let actions = s.view(Viewer::Seat(seat)).actions;
        let a = &actions[n % actions.len()];
        let custom = CustomId::Act { match_id: id, version, index: a.index }.encode();
        let out = f.click(seat_user(seat), &custom).await.unwrap();
        let (s, _) = state(f, id).await;
        if let Some(t) = s.turn().filter(|t| Some(t.number) != turn && s.to_act().contains(&t.active)) {
            return (out, t.active);
        }
    }
    panic!("no new turn in 400 clicks")
}

/// A turn begins with its player's hand by direct message (`turn_dm`, on
/// by default): the board does not ping them, the message holds the
/// buttons `/hand` would show them and its buttons play; with the setting
/// off, the board pings them and no message is sent.
#[tokio::test]
async fn a_turn_begins_with_the_hand_by_direct_message() {
    let mut f = Front::new().await;
    let id = f.start_match().await;
    for _ in 0..2 {
        let (out, seat) = click_to_next_turn(&mut f, id).await;
        let who = seat_user(seat);
        let me = who.to_lowercase();
        let board = out
            .iter()
            .find_map(|o| match o {
                Outgoing::Post { mentions, key: Some(PostKey::Board { .. }), .. } => Some(mentions),
                _ => None,
            })
            .expect("a new turn posts the board");
        assert!(!board.iter().any(|u| u.0 == me), "the board does not ping {who}: {board:?}");
        let dms: Vec<_> = out
            .iter()
            .filter_map(|o| match o {
                Outgoing::DirectMessage { to, message, fallback } => Some((to, message, fallback)),
                _ => None,
            })
            .collect();
        assert_eq!(dms.len(), 1, "one direct message: {dms:?}");
        let (to, dm, fallback) = dms[0];
        assert_eq!(to.0, me);
        assert!(dm.content.contains("Your turn"), "{}", dm.content);
        assert!(
            matches!(fallback.as_deref(), Some(Outgoing::Post { mentions, .. }) if mentions.iter().any(|u| u.0 == me)),
            "closed DMs fall back to a ping in the thread"
        );
        let hand = f.slash(who, Command::Hand).await.unwrap();
        let Some(Outgoing::Ephemeral { message: shown, .. }) = hand.first() else { panic!("{hand:?}") };
        assert!(!dm.components.is_empty());
        assert_eq!(dm.components, shown.components, "the DM offers what /hand offers");
        assert_eq!(dm.embed, shown.embed, "the DM shows the hand /hand shows");
        // Its buttons play.
        let act = dm
            .components
            .iter()
            .find(|c| matches!(CustomId::decode(c.custom_id()), Some(CustomId::Act { .. })))
            .expect("a move in the DM");
        f.click(who, act.custom_id()).await.unwrap();
    }
    for who in ["Alice", "Bob"] {
        let off = Command::Settings {
            hold_priority: None,
            reminders: None,
            turn_dm: Some(false),
            auto_pass: None,
            orders: None,
            stops: None,
            board: None,
            server_board: None,
            manager: false,
        };
        f.slash(who, off).await.unwrap();
    }
    let (out, seat) = click_to_next_turn(&mut f, id).await;
    let me = seat_user(seat).to_lowercase();
    assert!(!out.iter().any(|o| matches!(o, Outgoing::DirectMessage { .. })), "no DM when it is off");
    assert!(
        out.iter().any(|o| matches!(o, Outgoing::Post { mentions, key: Some(PostKey::Board { .. }), .. }
            if mentions.iter().any(|u| u.0 == me))),
        "the board pings them when it is off"
    );
}

/// Issue 35, finding 6: a server that removes the bot pauses its matches
/// (no reminders, no deadline notices) while other servers' go on; added
/// back, they resume with their clocks moved on by the pause; removed
/// again, the ticker purges them `SERVER_PURGE_DAYS` after the bot left.
#[tokio::test]
async fn a_server_that_removes_the_bot_pauses_its_matches_then_purges_them() {
    use cardtable::store::StoreError;
    use cardtable::table::SERVER_PURGE_DAYS;

    let mut f = Front::new().await;
    f.place.guild = Some("server-1".into());
    let gone = f.start_match().await;
    let deck = f.table.library().catalog(cardtable::games::GameId::Spheres).starter_decks()[0].name.clone();
    f.slash("Alice", spheres_challenge(user("Carol"), &deck)).await.unwrap();
    f.place.guild = Some("server-2".into());
    let stays = f.start_match().await;
    let (t0, day, hour) = (f.clock_now(), 24 * 3600, 3600);
    let due_for = |due: &[cardtable::table::Due]| -> Vec<i64> {
        due.iter()
            .filter_map(|d| match d.about {
                cardtable::table::DueAbout::Match { match_id, .. } => Some(match_id),
                _ => None,
            })
            .collect()
    };

    // The front end delivers what each pass finds due (a notice counts as
    // sent once delivered).
    let table = f.table.clone();
    let pass = |now: i64| {
        let table = table.clone();
        async move {
            let due = table.tick_due(now).await.unwrap();
            for d in &due {
                table.delivery_succeeded(d).await.unwrap();
            }
            due
        }
    };
    f.table.server_left("server-1").await.unwrap();
    // The other server's match is reminded at 12 hours; the paused one
    // gets nothing, not even its deadline notice days later.
    assert_eq!(due_for(&pass(t0 + 12 * hour + 1).await), [stays]);
    let expired = |due: &[cardtable::table::Due]| {
        due.iter().any(|d| matches!(d.about, cardtable::table::DueAbout::Challenge(_)))
    };
    for h in [24, 72, 24 * 7] {
        let due = pass(t0 + h * hour + 1).await;
        assert!(!due_for(&due).contains(&gone), "paused match due at {h} h: {due:?}");
        assert!(!expired(&due), "a paused server's challenge expired at {h} h: {due:?}");
    }

    // Added back after 10 days: its first reminder falls 12 hours of play
    // after its turn started, as if the pause had not been.
    f.clock.set(t0 + 10 * day);
    assert_eq!(f.table.server_present("server-1").await.unwrap(), Some(10 * day));
    assert_eq!(f.table.server_present("server-1").await.unwrap(), None, "a reconnect resumes nothing");
    assert!(!due_for(&pass(t0 + 10 * day + 11 * hour).await).contains(&gone));
    assert_eq!(due_for(&pass(t0 + 10 * day + 12 * hour + 1).await), [gone]);
    // Its open challenge has its 72 hours from the return on.
    assert!(!expired(&pass(t0 + 10 * day + 71 * hour).await));
    assert!(expired(&pass(t0 + 10 * day + 72 * hour + 1).await));

    // Removed again: kept SERVER_PURGE_DAYS, then purged by the ticker
    // with its challenge; the other server's match stays.
    let left = t0 + 11 * day;
    f.clock.set(left);
    f.table.server_left("server-1").await.unwrap();
    f.table.tick(left + SERVER_PURGE_DAYS * day - 1).await.unwrap();
    assert!(f.table.store().load_match(gone).await.is_ok(), "purged too early");
    f.table.tick(left + SERVER_PURGE_DAYS * day).await.unwrap();
    assert!(matches!(f.table.store().load_match(gone).await, Err(StoreError::NotFound(_))));
    assert!(f.table.store().load_match(stays).await.is_ok());
    let alice = f.table.store().personal_data("alice").await.unwrap();
    let count = |part: &str| alice.iter().find(|(p, _)| p == part).map(|(_, rows)| rows.len());
    assert_eq!((count("matches"), count("challenges")), (Some(1), Some(1)), "only server-2's are left");
}
