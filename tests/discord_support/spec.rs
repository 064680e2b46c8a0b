//! Discord's own description of its HTTP API (`../shared/discord/openapi.json`,
//! OpenAPI 3.1, MIT) as the judge of everything the fake Discord sees and
//! says: each request the bot makes (route, method, query, JSON body) and
//! each answer the fake gives is checked against the schema Discord
//! publishes for it, so the fake and the adapter cannot agree on a shape
//! Discord does not have.
//!
//! The spec is read once per test binary; a validator is compiled the first
//! time its schema is used and kept. Two readings are stricter than JSON
//! Schema's defaults, both on purpose:
//! - a field the spec does not describe is refused when it holds a value
//!   (a second pass, on a closed copy of the spec, `unevaluatedProperties:
//!   false` on every described object): Discord ignores such a field, so
//!   sending one is a bug that would otherwise pass unseen. A field left
//!   empty (`null`, `[]`, `{}`, `false`) is the same to Discord as one left
//!   out: serenity sends every field of its command option model, so a
//!   user option carries `"choices": []`;
//! - `format`s are checked (`date-time`, `uri`).

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, OnceLock};

use jsonschema::error::ValidationErrorKind;
use jsonschema::{Draft, Registry, ValidationError, Validator};
use serde_json::{json, Map, Value};

/// Where the spec is: beside the project (see its README), unless
/// `DISCORD_OPENAPI` names another file.
fn spec_path() -> String {
    std::env::var("DISCORD_OPENAPI")
        .unwrap_or_else(|_| concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/discord/openapi.json").to_owned())
}

/// The URI the spec is registered under (never fetched).
const BASE: &str = "https://discord.invalid/openapi.json";

/// Where the schemas of the operations are copied inside the spec, under
/// plain keys, so a `$ref` to them needs no escaping.
const CHECKS: &str = "x-cardtable-checks";

/// One route and method of the spec.
#[derive(Debug)]
pub struct Operation {
    pub method: String,
    /// The path template, e.g. `/channels/{channel_id}/messages`.
    pub template: String,
    segments: Vec<Segment>,
    /// The query parameters it takes.
    query: Vec<String>,
    /// The key of its JSON request body under [`CHECKS`], and whether one is required.
    body: Option<(String, bool)>,
    /// Its answers by status (`200`, `4XX`, …): the key of the JSON body
    /// under [`CHECKS`], `None` for an answer without one.
    responses: Vec<(String, Option<String>)>,
}

#[derive(Debug)]
enum Segment {
    Literal(String),
    Parameter,
}

impl Operation {
    fn matches(&self, segments: &[&str]) -> bool {
        self.segments.len() == segments.len()
            && self.segments.iter().zip(segments).all(|(s, p)| match s {
                Segment::Literal(l) => l == p,
                Segment::Parameter => !p.is_empty(),
            })
    }

    fn literals(&self) -> usize {
        self.segments.iter().filter(|s| matches!(s, Segment::Literal(_))).count()
    }
}

pub struct Spec {
    /// The spec as published.
    registry: Registry<'static>,
    /// The spec with every described object closed to other fields.
    closed: Registry<'static>,
    operations: Vec<Operation>,
    /// Compiled validators by (closed, pointer).
    validators: Mutex<HashMap<(bool, String), Arc<Validator>>>,
}

/// The spec, read and prepared once (see [`try_spec`]).
pub fn spec() -> &'static Spec {
    try_spec().expect("Discord's OpenAPI description is beside the project")
}

/// The spec, read and prepared once; `None` when it is not beside the
/// project (a machine with the repository alone), said once on stderr:
/// the fake then checks only the rules of `rules.rs`, and the tests of
/// the judge itself ([`spec_found`]) are skipped.
pub fn try_spec() -> Option<&'static Spec> {
    static SPEC: OnceLock<Option<Spec>> = OnceLock::new();
    SPEC.get_or_init(|| {
        let path = spec_path();
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(e) => {
                eprintln!(
                    "{path}: {e}: Discord's OpenAPI description is not beside the project, so requests \
                     are NOT checked against it (set DISCORD_OPENAPI to its file)"
                );
                return None;
            }
        };
        let mut doc: Value = serde_json::from_str(&text).expect("openapi.json is JSON");
        let mut checks = Map::new();
        let operations = operations(&doc, &mut checks);
        doc[CHECKS] = Value::Object(checks);
        let mut closed = doc.clone();
        make_strict(&mut closed);
        let registry = |doc: Value| {
            Registry::new()
                .add(BASE, Draft::Draft202012.create_resource(doc))
                .and_then(|r| r.prepare())
                .expect("the spec is a schema resource")
        };
        Some(Spec {
            registry: registry(doc),
            closed: registry(closed),
            operations,
            validators: Mutex::new(HashMap::new()),
        })
    })
    .as_ref()
}

/// Whether the spec is beside the project; the judge's own tests return
/// early when it is not (see [`try_spec`]).
pub fn spec_found() -> bool {
    try_spec().is_some()
}

/// Every operation of the spec, with its schemas copied into `checks`.
fn operations(doc: &Value, checks: &mut Map<String, Value>) -> Vec<Operation> {
    let mut out = Vec::new();
    for (template, item) in doc["paths"].as_object().expect("paths") {
        let shared = item["parameters"].as_array().cloned().unwrap_or_default();
        for (method, op) in item.as_object().unwrap() {
            if method == "parameters" {
                continue;
            }
            let n = out.len();
            let query = shared
                .iter()
                .chain(op["parameters"].as_array().into_iter().flatten())
                .filter(|p| p["in"] == "query")
                .filter_map(|p| p["name"].as_str().map(str::to_owned))
                .collect();
            let body = op["requestBody"]["content"]["application/json"]["schema"].clone();
            let body = (!body.is_null()).then(|| {
                let key = format!("op{n}-request");
                checks.insert(key.clone(), body);
                (key, op["requestBody"]["required"] == true)
            });
            let mut responses = Vec::new();
            for (status, answer) in op["responses"].as_object().into_iter().flatten() {
                let answer = follow(doc, answer);
                let schema = &answer["content"]["application/json"]["schema"];
                let key = (!schema.is_null()).then(|| {
                    let key = format!("op{n}-{status}");
                    checks.insert(key.clone(), schema.clone());
                    key
                });
                responses.push((status.clone(), key));
            }
            let segments = template
                .trim_start_matches('/')
                .split('/')
                .map(|s| if s.starts_with('{') { Segment::Parameter } else { Segment::Literal(s.to_owned()) })
                .collect();
            out.push(Operation {
                method: method.to_uppercase(),
                template: template.clone(),
                segments,
                query,
                body,
                responses,
            });
        }
    }
    out
}

/// `value`, or what its `$ref` (inside the spec) points to.
fn follow<'a>(doc: &'a Value, value: &'a Value) -> &'a Value {
    match value["$ref"].as_str().and_then(|r| r.strip_prefix('#')) {
        Some(pointer) => doc.pointer(pointer).unwrap_or(value),
        None => value,
    }
}

/// The closed copy of the spec: refuses fields it does not describe
/// (`unevaluatedProperties: false` on every object schema that lists its
/// properties, except the parts of an `allOf`: there the whole is closed,
/// not each part), and asks nothing else the spec as published asks.
fn make_strict(doc: &mut Value) {
    // Schemas that are a part of an `allOf` by reference (`Error` in
    // `ErrorResponse`): closing them would refuse the other parts' fields.
    let mut parts = HashSet::new();
    collect_all_of_refs(&doc["components"], &mut parts);
    for (name, schema) in doc["components"]["schemas"].as_object_mut().expect("schemas") {
        let is_part = parts.contains(&format!("#/components/schemas/{name}"));
        close(schema, is_part);
    }
    for check in doc[CHECKS].as_object_mut().expect("checks").values_mut() {
        close(check, false);
    }
}

fn collect_all_of_refs(v: &Value, out: &mut HashSet<String>) {
    match v {
        Value::Object(m) => {
            for part in m.get("allOf").and_then(Value::as_array).into_iter().flatten() {
                if let Some(r) = part["$ref"].as_str() {
                    out.insert(r.to_owned());
                }
            }
            m.values().for_each(|v| collect_all_of_refs(v, out));
        }
        Value::Array(a) => a.iter().for_each(|v| collect_all_of_refs(v, out)),
        _ => {}
    }
}

fn close(v: &mut Value, is_part: bool) {
    match v {
        Value::Object(m) => {
            let open = !m.contains_key("additionalProperties") && !m.contains_key("unevaluatedProperties");
            let described = m.contains_key("properties")
                || m.get("allOf").and_then(Value::as_array).is_some_and(|parts| {
                    parts.iter().any(|p| p.get("properties").is_some() || p["type"] == "object")
                });
            if open && described && !is_part {
                m.insert("unevaluatedProperties".into(), Value::Bool(false));
            }
            // This pass sees emptied fields left out and only looks for
            // fields with no place: what is required, and which one
            // alternative fits, the first pass checks.
            if m.get("required").is_some_and(Value::is_array) {
                m.remove("required");
            }
            if let Some(alternatives) = m.remove("oneOf") {
                m.insert("anyOf".into(), alternatives);
            }
            for (key, child) in m.iter_mut() {
                if key == "allOf" {
                    for part in child.as_array_mut().into_iter().flatten() {
                        close(part, true);
                    }
                } else if key != "examples" && key != "example" && key != "enum" && key != "const" {
                    close(child, false);
                }
            }
        }
        Value::Array(a) => a.iter_mut().for_each(|v| close(v, false)),
        _ => {}
    }
}

impl Spec {
    /// The operation `method path` (path after `/api/v10`, query removed):
    /// the most specific template that matches.
    pub fn operation(&self, method: &str, path: &str) -> Result<&Operation, String> {
        let segments: Vec<&str> = path.trim_start_matches('/').split('/').collect();
        let matching: Vec<&Operation> = self.operations.iter().filter(|o| o.matches(&segments)).collect();
        if matching.is_empty() {
            return Err(format!("{method} {path}: no such route in Discord's API"));
        }
        matching.iter().filter(|o| o.method == method).max_by_key(|o| o.literals()).copied().ok_or_else(
            || {
                let mut routes: Vec<String> =
                    matching.iter().map(|o| format!("{} {}", o.method, o.template)).collect();
                routes.sort();
                format!("{method} {path}: Discord has no {method} on this route (only {})", routes.join(", "))
            },
        )
    }

    /// Checks one request; `path` is after `/api/v10` and may carry a query.
    /// Returns the operation, or what Discord would refuse.
    pub fn check_request(&self, method: &str, path: &str, body: &Value) -> Result<&Operation, String> {
        let (path, query) = path.split_once('?').unwrap_or((path, ""));
        let op = self.operation(method, path)?;
        let route = format!("{method} {}", op.template);
        for pair in query.split('&').filter(|p| !p.is_empty()) {
            let name = pair.split('=').next().unwrap_or("");
            if !op.query.iter().any(|q| q == name) {
                return Err(format!("{route}: query parameter `{name}` is not in Discord's API"));
            }
        }
        match (&op.body, body) {
            (None, Value::Null) => {}
            (None, _) => return Err(format!("{route}: takes no body, got {body}")),
            (Some((_, true)), Value::Null) => return Err(format!("{route}: the body is missing")),
            (Some((_, false)), Value::Null) => {}
            (Some((key, _)), body) => {
                self.check(key, body).map_err(|e| format!("{route}: request body: {e}"))?;
            }
        }
        Ok(op)
    }

    /// Checks the fake's answer to `op`: `status` (e.g. 200) and JSON `body`
    /// (`None`: no body).
    pub fn check_response(&self, op: &Operation, status: u16, body: Option<&Value>) -> Result<(), String> {
        let route = format!("{} {}", op.method, op.template);
        let exact = status.to_string();
        let class = format!("{}XX", status / 100);
        let described = op
            .responses
            .iter()
            .find(|(s, _)| *s == exact)
            .or_else(|| op.responses.iter().find(|(s, _)| *s == class));
        let Some((_, schema)) = described else {
            // Discord describes no 5xx bodies: anything goes there.
            return if status >= 500 {
                Ok(())
            } else {
                Err(format!("{route}: Discord does not answer {status} here"))
            };
        };
        match (schema, body) {
            (None, None) => Ok(()),
            (None, Some(b)) => Err(format!("{route}: a {status} answer has no body, the fake sent {b}")),
            (Some(_), None) => Err(format!("{route}: a {status} answer has a body, the fake sent none")),
            (Some(key), Some(body)) => {
                self.check(key, body).map_err(|e| format!("{route}: the fake's {status} answer: {e}"))
            }
        }
    }

    /// Checks `value` against the component schema `name` (e.g. `MessageResponse`).
    pub fn check_schema(&self, name: &str, value: &Value) -> Result<(), String> {
        self.check_pointer(&format!("/components/schemas/{name}"), value).map_err(|e| format!("{name}: {e}"))
    }

    fn check(&self, key: &str, value: &Value) -> Result<(), String> {
        self.check_pointer(&format!("/{CHECKS}/{key}"), value)
    }

    /// `value` by the spec as published, then, emptied fields left out, by
    /// the closed spec.
    fn check_pointer(&self, pointer: &str, value: &Value) -> Result<(), String> {
        self.validator(false, pointer).validate(value).map_err(|e| explain(&e))?;
        let filled = without_empty_fields(value);
        self.validator(true, pointer).validate(&filled).map_err(|e| explain(&e))
    }

    fn validator(&self, closed: bool, pointer: &str) -> Arc<Validator> {
        let key = (closed, pointer.to_owned());
        if let Some(v) = self.validators.lock().unwrap().get(&key) {
            return v.clone();
        }
        let schema = json!({ "$ref": format!("{BASE}#{pointer}") });
        let validator = jsonschema::options()
            .with_draft(Draft::Draft202012)
            .with_registry(if closed { &self.closed } else { &self.registry })
            .should_validate_formats(true)
            // Formats of numbers: `format` checks strings only.
            .with_format("snowflake", |_: &str| true)
            .with_format("nonce", |_: &str| true)
            .build(&schema)
            .unwrap_or_else(|e| panic!("the spec's schema at {pointer} does not compile: {e}"));
        let validator = Arc::new(validator);
        self.validators.lock().unwrap().insert(key, validator.clone());
        validator
    }
}

/// `value` without the fields of its objects that hold nothing (`null`,
/// `[]`, `{}`, `false`): to Discord the same as fields left out.
pub fn without_empty_fields(value: &Value) -> Value {
    let empty = |v: &Value| match v {
        Value::Null | Value::Bool(false) => true,
        Value::Array(a) => a.is_empty(),
        Value::Object(o) => o.is_empty(),
        _ => false,
    };
    match value {
        Value::Object(m) => Value::Object(
            m.iter().filter(|(_, v)| !empty(v)).map(|(k, v)| (k.clone(), without_empty_fields(v))).collect(),
        ),
        Value::Array(a) => Value::Array(a.iter().map(without_empty_fields).collect()),
        other => other.clone(),
    }
}

/// One line naming where `error` is and what is wrong; inside an `anyOf`
/// or `oneOf`, the alternative that went deepest (the one the value was
/// meant to be) explains it.
pub fn explain(error: &ValidationError<'_>) -> String {
    let context = match error.kind() {
        ValidationErrorKind::AnyOf { context } | ValidationErrorKind::OneOfNotValid { context } => {
            Some(context)
        }
        _ => None,
    };
    if let Some(best) = context.and_then(|branches| best_branch(error.instance_path().as_str(), branches)) {
        return explain(best);
    }
    let at = error.instance_path().as_str();
    let at = if at.is_empty() { "the body" } else { at };
    let what = match error.kind() {
        ValidationErrorKind::UnevaluatedProperties { unexpected } => {
            format!("field(s) {} not in Discord's schema", unexpected.join(", "))
        }
        _ => error.masked().to_string(),
    };
    format!("at `{at}`: {}", shorten(&what))
}

/// The error that best explains why no alternative of a union at `at`
/// matched: the alternatives whose `type` (Discord's discriminator) the
/// value has are the ones meant; among them, the one whose errors lie
/// deepest in the value, and in it the deepest error.
fn best_branch<'a>(
    at: &str,
    branches: &'a [Vec<ValidationError<'static>>],
) -> Option<&'a ValidationError<'static>> {
    let depth = |e: &ValidationError<'_>| e.instance_path().as_str().matches('/').count();
    let discriminator = format!("{at}/type");
    let wrong_kind = |e: &ValidationError<'_>| {
        e.instance_path().as_str() == discriminator
            && matches!(e.kind(), ValidationErrorKind::Enum { .. } | ValidationErrorKind::Constant { .. })
    };
    let score = |b: &Vec<ValidationError<'static>>| {
        (!b.iter().any(wrong_kind), b.iter().map(depth).max().unwrap_or(0), usize::MAX - b.len())
    };
    let branch = branches.iter().filter(|b| !b.is_empty()).max_by_key(|b| score(b))?;
    branch.iter().max_by_key(|e| depth(e))
}

fn shorten(text: &str) -> String {
    const MAX: usize = 300;
    if text.chars().count() <= MAX {
        text.to_owned()
    } else {
        format!("{}…", text.chars().take(MAX).collect::<String>())
    }
}
