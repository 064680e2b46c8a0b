//! The console as a piped script.

use cardtable::console::run;

async fn transcript(script: &str) -> String {
    let mut out = Vec::new();
    run("sqlite::memory:", script.as_bytes(), &mut out).await.unwrap();
    String::from_utf8(out).unwrap()
}

#[tokio::test]
async fn a_scripted_challenge_opens_a_thread_with_a_board() {
    let text = transcript(
        "# two friends\n\
         seed 3\n\
         @alice /challenge opponent:@bob game:spheres deck:\"Clockwork Skies\"\n\
         @bob click Accept\n\
         @bob select Moonlit Veil\n\
         @alice /hand\n",
    )
    .await;
    println!("{text}");
    assert!(text.contains("[#general] @bob Alice challenges Bob to a game of Spheres!"), "{text}");
    assert!(text.contains("[1] Accept  [2] Decline"));
    assert!(
        text.contains("(thread #alice-vs-bob-spheres-1 opened: \"Alice vs Bob · Spheres #1\")"),
        "{text}"
    );
    assert!(text.contains("[#alice-vs-bob-spheres-1] @alice @bob"));
    assert!(text.contains("[only @alice]"));
}

#[tokio::test]
async fn bad_lines_explain_themselves_and_never_stop_the_console() {
    let text = transcript(
        "hello\n\
         @alice /hnad\n\
         @alice /challenge opponent:@alice game:spheres\n\
         @bob click Accept\n\
         @bob select 9\n\
         @alice /challenge opponent:@bob game:chess\n\
         @alice /deck import name:x game:spheres list:3 Nosuchcard\n\
         @alice /card name:zzzzzzzz\n\
         help\n",
    )
    .await;
    println!("{text}");
    assert!(text.contains("error: lines start with @user"));
    assert!(text.contains("error: there is no /hnad (did you mean /hand?)"));
    assert!(text.contains("[only @alice] You cannot challenge yourself"));
    assert!(text.contains("error: @bob sees no message with buttons"));
    assert!(text.contains("error: @bob sees no menu"));
    assert!(text.contains("No game is named \"chess\""));
    assert!(text.contains("The games are: spheres"));
    assert!(text.contains("entry 1 (\"3 Nosuchcard\")"));
    assert!(text.contains("wait 13h"));
}

/// Thousands of mangled lines after a match has started: every one gets an
/// answer, none stops or panics the console.
#[tokio::test]
async fn random_lines_never_crash_the_console() {
    use cardtable::console::Console;
    let mut c = Console::new(cardtable::store::Store::open_memory().await.unwrap());
    for line in [
        "seed 5",
        "@alice /challenge opponent:@bob game:spheres deck:\"Clockwork Skies\"",
        "@bob click Accept",
        "@bob select 2",
    ] {
        c.line(line).await;
    }
    let pieces = [
        "@alice",
        "@bob",
        "@carol",
        "@",
        "click",
        "select",
        "/hand",
        "/board",
        "/concede",
        "/matches",
        "/deck",
        "import",
        "list",
        "show",
        "name:",
        "game:spheres",
        "list:3",
        "\"",
        "1",
        "2",
        "0",
        "99",
        "-1",
        "My",
        "hand",
        "/challenge",
        "opponent:@bob",
        "opponent:@alice",
        "deck:",
        "/card",
        "/rule",
        "query:",
        "/settings",
        "hold_priority:on",
        "reminders:nope",
        "#",
        "#general",
        "wait",
        "13h",
        "tick",
        "help",
        "Concede",
        "Yes,",
        "concede",
        "Rematch",
        "Accept",
        "é",
        "💥",
        ":",
        "::",
        "\\n",
        "Moonlit",
        "Veil",
        "deadline_hours:0",
    ];
    let mut x: u64 = 99;
    let mut next = |n: usize| {
        x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (x >> 33) as usize % n
    };
    for _ in 0..3000 {
        let len = 1 + next(6);
        let line: Vec<&str> = (0..len).map(|_| pieces[next(pieces.len())]).collect();
        let out = c.line(&line.join(" ")).await;
        let first = out.lines().next().unwrap_or_default();
        assert!(
            out.is_empty()
                || first.starts_with('[')
                || first.starts_with('(')
                || first.starts_with("error: ")
                || first.starts_with("Every line"),
            "{line:?} → {out}"
        );
    }
}

/// A console database is kept: a second session finds the match, and a new
/// match between the same players gets its own thread name (its number).
#[tokio::test]
async fn a_second_session_resumes_the_match() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("console.db").display());
    let script = "@alice /challenge opponent:@bob game:spheres deck:\"Clockwork Skies\"\n\
                  @bob click Accept\n\
                  @bob select 1\n";
    let mut out = Vec::new();
    run(&url, script.as_bytes(), &mut out).await.unwrap();
    let mut out = Vec::new();
    run(&url, "@alice /matches\n@alice /board\n@alice click My hand\n".as_bytes(), &mut out).await.unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains("#1 Spheres vs Bob"), "{text}");
    assert!(text.contains("[#alice-vs-bob-spheres-1]"), "{text}");
    assert!(text.contains("[only @alice]\n  ┌ Your hand"), "{text}");
    let mut out = Vec::new();
    let again = "@bob /concede\n@bob click Yes, concede\n@alice /challenge opponent:@bob game:spheres\n@bob click Accept\n@bob select 1\n";
    run(&url, again.as_bytes(), &mut out).await.unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains("thread #alice-vs-bob-spheres-2 opened"), "{text}");
}

/// `wait` moves the console's clock: reminders arrive by DM (for a player
/// who asked for them), then the waiting player may claim the win.
#[tokio::test]
async fn waiting_past_the_deadline_lets_the_opponent_claim() {
    let text = transcript(
        "seed 3\n\
         @alice /settings reminders:true\n\
         @alice /challenge opponent:@bob game:spheres deck:\"Clockwork Skies\" deadline_hours:24\n\
         @bob click Accept\n\
         @bob select Moonlit Veil\n\
         wait 13h\n\
         wait 12h\n",
    )
    .await;
    assert!(text.contains("[dm @alice] ⏰ Reminder"), "{text}");
    assert!(text.contains("[1] Claim the win"), "{text}");
    // Seed 3 gives Alice the first move; Bob claims.
    let text = transcript(
        "seed 3\n\
         @alice /challenge opponent:@bob game:spheres deck:\"Clockwork Skies\" deadline_hours:24\n\
         @bob click Accept\n\
         @bob select Moonlit Veil\n\
         wait 25h\n\
         @alice click Claim the win\n\
         @bob click Claim the win\n",
    )
    .await;
    assert!(text.contains("[only @alice] You cannot claim this match"), "{text}");
    // The board wraps at a phone's 40 columns.
    assert!(text.contains("Alice ran out of time; Bob claimed"), "{text}");
    assert!(text.contains("The game is over: Bob won!"), "{text}");
}

#[tokio::test]
async fn a_click_number_that_could_mean_two_messages_is_refused() {
    let text = transcript(
        "seed 3\n\
         @alice /challenge opponent:@bob game:spheres deck:\"Clockwork Skies\"\n\
         @bob click Accept\n\
         @bob select Moonlit Veil\n\
         @alice /hand\n\
         @bob /board\n\
         @alice click 1\n",
    )
    .await;
    // Alice asked for her hand; Bob's /board came after it: "1" could be either.
    assert!(text.contains("`click 1` is ambiguous"), "{text}");
}

#[tokio::test]
async fn board_settings_work_in_the_console_and_bad_values_name_the_choices() {
    let text = transcript(
        "seed 3\n\
         @alice /settings board:pictures\n\
         @alice /settings board:image\n\
         @bob /settings server_board:both\n\
         manager @bob\n\
         @bob /settings server_board:both\n\
         @alice /challenge opponent:@bob game:spheres deck:\"Clockwork Skies\"\n\
         @bob click Accept\n\
         @bob select Moonlit Veil\n\
         @alice /hand\n",
    )
    .await;
    println!("{text}");
    assert!(
        text.contains("board: \"pictures\" is not a choice; type board:text, board:image or board:both."),
        "{text}"
    );
    assert!(text.contains("Board: **image**") || text.contains("Board: image"), "{text}");
    assert!(text.contains("Only a server manager"), "{text}");
    assert!(
        text.contains("This server's default: both") || text.contains("This server's default: **both**"),
        "{text}"
    );
    // Alice wants the picture alone, Bob (the server's default) both: the
    // board carries the picture and keeps its text; Alice's hand too.
    assert!(text.contains("🖼 board.png ("), "{text}");
    assert!(text.contains("🖼 hand.png ("), "{text}");
    assert!(text.contains("/settings board:image"), "the help names it: {text}");
}
