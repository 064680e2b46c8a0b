//! Discord's rules that its API description cannot say (counts across a
//! list, characters summed over an embed, a required option after an
//! optional one, duplicate ids, …), for messages and for the command
//! registration. The fake Discord applies them to every message and
//! registration it receives, and `discord_render` to every message the
//! view layer renders.

use serde_json::Value;

use cardtable::view::limits;

/// Discord's limits for application commands.
const MAX_NAME: usize = 32;
const MAX_DESCRIPTION: usize = 100;
const MAX_OPTIONS: usize = 25;
const MAX_CHOICES: usize = 25;
const MAX_COMMAND_CHARS: usize = 4000;
pub const MAX_GLOBAL_COMMANDS: usize = 100;

/// Option types that hold sub-options.
pub const SUB_COMMAND: u64 = 1;
const SUB_COMMAND_GROUP: u64 = 2;

pub fn text<'a>(v: &'a Value, key: &str) -> &'a str {
    v.get(key).and_then(Value::as_str).unwrap_or("")
}

pub fn options(v: &Value) -> &[Value] {
    v.get("options").and_then(Value::as_array).map_or(&[], Vec::as_slice)
}

/// Discord: 1 to 32 characters, lowercase, letters, digits, `-` and `_`.
fn name_problem(name: &str) -> Option<String> {
    let n = name.chars().count();
    if n == 0 || n > MAX_NAME {
        return Some(format!("name {name:?} has {n} characters (1 to {MAX_NAME})"));
    }
    if name.to_lowercase() != name {
        return Some(format!("name {name:?} is not lowercase"));
    }
    if !name.chars().all(|c| c.is_alphanumeric() || c == '-' || c == '_') {
        return Some(format!("name {name:?} has characters other than letters, digits, - and _"));
    }
    None
}

fn description_problem(what: &str, description: &str) -> Option<String> {
    let n = description.chars().count();
    (n == 0 || n > MAX_DESCRIPTION)
        .then(|| format!("{what}: description has {n} characters (1 to {MAX_DESCRIPTION})"))
}

/// Every problem of an option list (recursively), as "path: problem".
fn option_problems(path: &str, opts: &[Value], problems: &mut Vec<String>) {
    if opts.len() > MAX_OPTIONS {
        problems.push(format!("{path}: {} options (at most {MAX_OPTIONS})", opts.len()));
    }
    let mut names: Vec<&str> = opts.iter().map(|o| text(o, "name")).collect();
    names.sort_unstable();
    if names.windows(2).any(|w| w[0] == w[1]) {
        problems.push(format!("{path}: two options share a name"));
    }
    let mut optional_seen = false;
    for o in opts {
        let name = text(o, "name");
        let here = format!("{path} {name}");
        problems.extend(name_problem(name).map(|p| format!("{here}: {p}")));
        problems.extend(description_problem(&here, text(o, "description")));
        let kind = o.get("type").and_then(Value::as_u64).unwrap_or(0);
        if kind == SUB_COMMAND || kind == SUB_COMMAND_GROUP {
            option_problems(&here, options(o), problems);
            continue;
        }
        let required = o.get("required").and_then(Value::as_bool).unwrap_or(false);
        if required && optional_seen {
            problems.push(format!("{here}: a required option after an optional one"));
        }
        optional_seen |= !required;
        let choices = o.get("choices").and_then(Value::as_array).map_or(0, Vec::len);
        if choices > MAX_CHOICES {
            problems.push(format!("{here}: {choices} choices (at most {MAX_CHOICES})"));
        }
        let autocomplete = o.get("autocomplete").and_then(Value::as_bool).unwrap_or(false);
        if autocomplete && choices > 0 {
            problems.push(format!("{here}: autocomplete and fixed choices together"));
        }
        if let Some(max) = o.get("max_length").and_then(Value::as_u64) {
            if !(1..=6000).contains(&max) {
                problems.push(format!("{here}: max_length {max} (1 to 6000)"));
            }
        }
    }
}

/// The characters Discord counts against a command's 4000.
fn counted_chars(v: &Value) -> usize {
    let own = text(v, "name").chars().count() + text(v, "description").chars().count();
    let choices: usize = v.get("choices").and_then(Value::as_array).map_or(0, |cs| {
        cs.iter().map(|c| text(c, "name").chars().count() + c["value"].to_string().len()).sum()
    });
    own + choices + options(v).iter().map(counted_chars).sum::<usize>()
}

/// Every way `commands` (a registration body) breaks Discord's rules for
/// application commands that its API description cannot say (a required
/// option after an optional one, counts, the 4000 characters of a
/// command, …), as "/command option: problem".
pub fn command_problems(commands: &[Value]) -> Vec<String> {
    let mut problems = Vec::new();
    for c in commands {
        let name = text(c, "name");
        let path = format!("/{name}");
        problems.extend(name_problem(name).map(|p| format!("{path}: {p}")));
        problems.extend(description_problem(&path, text(c, "description")));
        option_problems(&path, options(c), &mut problems);
        let chars = counted_chars(c);
        if chars > MAX_COMMAND_CHARS {
            problems.push(format!("{path}: {chars} characters in all (at most {MAX_COMMAND_CHARS})"));
        }
    }
    if commands.len() > MAX_GLOBAL_COMMANDS {
        problems.push(format!("{} commands (at most {MAX_GLOBAL_COMMANDS})", commands.len()));
    }
    let mut names: Vec<&str> = commands.iter().map(|c| text(c, "name")).collect();
    names.sort_unstable();
    if names.windows(2).any(|w| w[0] == w[1]) {
        problems.push("two commands share a name".into());
    }
    problems
}

/// Where a message body sits in a request: the body itself, or the first
/// message of a forum post (`POST /channels/{id}/threads`).
pub fn message_in(method: &str, route: &str, body: &Value) -> Option<Value> {
    let segments: Vec<&str> =
        route.split('?').next().unwrap_or("").trim_start_matches('/').split('/').collect();
    match (method, segments.as_slice()) {
        ("POST", ["channels", _, "messages"])
        | ("PATCH", ["channels", _, "messages", _])
        | ("POST", ["webhooks", _, _])
        | ("PATCH", ["webhooks", _, _, "messages", _]) => Some(body.clone()),
        ("POST", ["channels", _, "threads"]) => body.get("message").cloned(),
        ("POST", ["interactions", _, _, "callback"]) => {
            body.get("data").filter(|d| d.get("content").is_some() || d.get("embeds").is_some()).cloned()
        }
        _ => None,
    }
}

/// Registration bodies (`PUT …/commands`).
pub fn is_registration(method: &str, route: &str) -> bool {
    method == "PUT" && route.split('?').next().unwrap_or("").ends_with("/commands")
}

pub fn chars(v: &Value) -> usize {
    v.as_str().map_or(0, |s| s.chars().count())
}

pub fn array(v: &Value) -> &[Value] {
    v.as_array().map_or(&[], Vec::as_slice)
}

/// Every way `payload` (a message as sent to Discord) breaks Discord's rules.
pub fn message_problems(payload: &Value) -> Vec<String> {
    let mut bad = Vec::new();
    let limit = |bad: &mut Vec<String>, what: &str, v: &Value, max: usize| {
        let n = chars(v);
        if n > max {
            bad.push(format!("{what}: {n} characters (at most {max})"));
        }
    };
    limit(&mut bad, "content", &payload["content"], limits::CONTENT);
    let embeds = array(&payload["embeds"]);
    let mut total = 0;
    for e in embeds {
        limit(&mut bad, "title", &e["title"], limits::EMBED_TITLE);
        limit(&mut bad, "description", &e["description"], limits::EMBED_DESCRIPTION);
        limit(&mut bad, "footer", &e["footer"]["text"], limits::FOOTER);
        total += chars(&e["title"]) + chars(&e["description"]) + chars(&e["footer"]["text"]);
        let fields = array(&e["fields"]);
        if fields.len() > limits::EMBED_FIELDS {
            bad.push(format!("{} fields", fields.len()));
        }
        for f in fields {
            limit(&mut bad, "field name", &f["name"], limits::FIELD_NAME);
            limit(&mut bad, "field value", &f["value"], limits::FIELD_VALUE);
            if chars(&f["name"]) == 0 || chars(&f["value"]) == 0 {
                bad.push("an empty field name or value".into());
            }
            total += chars(&f["name"]) + chars(&f["value"]);
        }
        if [&e["title"], &e["description"]].iter().all(|v| chars(v) == 0)
            && fields.is_empty()
            && e["footer"].is_null()
        {
            bad.push("an empty embed".into());
        }
    }
    if total > limits::EMBED_TOTAL {
        bad.push(format!("embeds total {total} characters"));
    }
    // An edit may change only the components; anything posted has text.
    let edits_components_only = payload.get("content").is_none() && payload.get("embeds").is_none();
    if chars(&payload["content"]) == 0 && embeds.is_empty() && !edits_components_only {
        bad.push("neither content nor embed".into());
    }

    let rows = array(&payload["components"]);
    if rows.len() > limits::ROWS {
        bad.push(format!("{} rows", rows.len()));
    }
    let mut ids = Vec::new();
    for row in rows {
        let items = array(&row["components"]);
        if row["type"] != 1 || items.is_empty() {
            bad.push("a row that is not a non-empty action row".into());
        }
        let selects = items.iter().filter(|c| c["type"] == 3).count();
        if selects > 0 && items.len() > 1 {
            bad.push("a select sharing its row".into());
        }
        if items.len() > limits::BUTTONS_PER_ROW {
            bad.push(format!("a row of {} buttons", items.len()));
        }
        for c in items {
            let id = c["custom_id"].as_str().unwrap_or("").to_owned();
            if id.is_empty() || id.chars().count() > limits::CUSTOM_ID {
                bad.push(format!("custom id {id:?}"));
            }
            ids.push(id);
            match c["type"].as_u64() {
                Some(2) => {
                    let n = chars(&c["label"]);
                    if n == 0 || n > limits::BUTTON_LABEL {
                        bad.push(format!("button label of {n} characters"));
                    }
                }
                Some(3) => {
                    let options = array(&c["options"]);
                    if options.is_empty() || options.len() > limits::SELECT_OPTIONS {
                        bad.push(format!("a select of {} options", options.len()));
                    }
                    if chars(&c["placeholder"]) > limits::PLACEHOLDER {
                        bad.push("placeholder too long".into());
                    }
                    let mut values: Vec<&str> =
                        options.iter().map(|o| o["value"].as_str().unwrap_or("")).collect();
                    for o in options {
                        for key in ["label", "value"] {
                            let n = chars(&o[key]);
                            if n == 0 || n > limits::OPTION_TEXT {
                                bad.push(format!("option {key} of {n} characters"));
                            }
                        }
                        if chars(&o["description"]) > limits::OPTION_TEXT {
                            bad.push("option description too long".into());
                        }
                    }
                    values.sort_unstable();
                    if values.windows(2).any(|w| w[0] == w[1]) {
                        bad.push("two options share a value".into());
                    }
                }
                other => bad.push(format!("component type {other:?}")),
            }
        }
    }
    ids.sort_unstable();
    if ids.windows(2).any(|w| w[0] == w[1]) {
        bad.push("two components share a custom id".into());
    }
    let parse = array(&payload["allowed_mentions"]["parse"]);
    if !parse.is_empty() {
        bad.push(format!("allowed_mentions parses {parse:?}: only named users may be pinged"));
    }
    bad
}

/// One file part of a multipart request (`files[n]`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FilePart {
    /// The form field: `files[0]`, …
    pub field: String,
    /// The part's `filename`.
    pub filename: String,
    /// Its `Content-Type`, if given.
    pub content_type: Option<String>,
    /// Its bytes.
    pub bytes: Vec<u8>,
}

/// The most a bot may upload in one message (Discord's default limit).
pub const MAX_UPLOAD: usize = 10 * 1024 * 1024;

const PNG_SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";

/// Every way the files of a request break Discord's rules for uploads
/// ("Uploading Files"): each file is a `files[n]` part with a name, listed
/// in `payload_json`'s `attachments` with `id` n (and the same filename
/// when one is given there); an `attachments` entry with a small id names
/// an uploaded part; an embed's `attachment://NAME` image names a file of
/// the request's `attachments`; a `.png` is a PNG; the whole fits the
/// upload limit.
pub fn file_problems(payload: &Value, files: &[FilePart]) -> Vec<String> {
    let mut problems = Vec::new();
    let listed = array(payload.get("attachments").unwrap_or(&Value::Null));
    let mut total = 0;
    for f in files {
        total += f.bytes.len();
        let Some(n) = f.field.strip_prefix("files[").and_then(|r| r.strip_suffix(']')) else {
            problems.push(format!("a file part is named {:?}, not files[n]", f.field));
            continue;
        };
        if f.filename.is_empty() {
            problems.push(format!("{} has no filename", f.field));
        }
        match listed
            .iter()
            .find(|a| a.get("id").map(|id| id.to_string().trim_matches('"') == n) == Some(true))
        {
            None => problems.push(format!("{} is not listed in attachments", f.field)),
            Some(a) => {
                let named = text(a, "filename");
                if !named.is_empty() && named != f.filename {
                    problems
                        .push(format!("{} is {:?} but attachments name it {named:?}", f.field, f.filename));
                }
            }
        }
        if f.filename.ends_with(".png") && !f.bytes.starts_with(PNG_SIGNATURE) {
            problems.push(format!("{} ({}) is not a PNG", f.field, f.filename));
        }
    }
    if total > MAX_UPLOAD {
        problems.push(format!("{total} bytes of files (at most {MAX_UPLOAD})"));
    }
    for a in listed {
        let id = a.get("id").map(|id| id.to_string().trim_matches('"').to_owned()).unwrap_or_default();
        // Uploads are numbered from 0; kept attachments have snowflake ids.
        let upload = id.parse::<u64>().is_ok_and(|n| n < 10);
        if upload && !files.iter().any(|f| f.field == format!("files[{id}]")) {
            problems.push(format!("attachments lists id {id}, but no files[{id}] was sent"));
        }
    }
    for embed in array(payload.get("embeds").unwrap_or(&Value::Null)) {
        let url = embed.get("image").map(|i| text(i, "url")).unwrap_or("");
        if let Some(name) = url.strip_prefix("attachment://") {
            // Without an `attachments` field a PATCH keeps what the message had.
            if payload.get("attachments").is_some() && !listed.iter().any(|a| text(a, "filename") == name) {
                problems
                    .push(format!("an embed shows attachment://{name}, which is not among the attachments"));
            }
        }
    }
    problems
}
