//! The one place a secret is taken out of a URL or setting before it is
//! printed or logged: the bot's start-up line, every start-up error, the
//! settings' `Debug`, `cardtable loadtest`'s report and the tools' errors
//! all go through [`redact`].

/// Query parameters whose value is a secret (`?password=…` is another
/// way to give PostgreSQL its password).
const SECRET_PARAMETERS: &[&str] = &["password", "sslpassword", "pass", "passwd", "secret", "token"];

/// What a secret is replaced by.
const HIDDEN: &str = "***";

/// `url` without its secrets, fit for a log line or an error: the password
/// of `user:password@host` (also when the scheme is mistyped, as in
/// `postgres//user:password@host`) and the value of a secret query
/// parameter (`?password=…`, `&sslpassword=…`) become `***`. Anything else
/// is kept, so the line still says which server and database it means.
pub fn redact(url: &str) -> String {
    // The credentials first: a password may hold a '?'.
    let url = redact_credentials(url);
    let Some((before_query, query)) = url.split_once('?') else { return url };
    let pairs: Vec<String> = query
        .split('&')
        .map(|pair| match pair.split_once('=') {
            Some((key, _)) if SECRET_PARAMETERS.iter().any(|s| key.eq_ignore_ascii_case(s)) => {
                format!("{key}={HIDDEN}")
            }
            _ => pair.to_owned(),
        })
        .collect();
    format!("{before_query}?{}", pairs.join("&"))
}

/// `scheme://user:password@host/path` with the password hidden; the
/// credentials are what comes before the last `@` of the authority.
fn redact_credentials(url: &str) -> String {
    let (scheme, rest) = match url.find("://") {
        Some(i) => url.split_at(i + 3),
        None => ("", url),
    };
    // The last '@': a password may hold '@', '/' or '?'.
    let Some(at) = rest.rfind('@') else { return url.to_owned() };
    let (credentials, host) = rest.split_at(at);
    match credentials.split_once(':') {
        Some((user, _)) => format!("{scheme}{user}:{HIDDEN}{host}"),
        None => url.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::redact;

    #[test]
    fn passwords_in_the_authority_are_hidden() {
        assert_eq!(redact("postgres://bot:s3cret@db:5432/x"), "postgres://bot:***@db:5432/x");
        assert_eq!(redact("postgres://bot:p@ss/w:rd@db/x"), "postgres://bot:***@db/x");
        assert_eq!(redact("postgres://:s3cret@db/x"), "postgres://:***@db/x");
        assert_eq!(
            redact("postgres://bot:s3?cret@db/x?sslmode=disable"),
            "postgres://bot:***@db/x?sslmode=disable"
        );
        assert_eq!(redact("postgres//bot:s3cret@db/x"), "postgres//bot:***@db/x");
        assert_eq!(redact("http://proxy:s3cret@127.0.0.1:3000"), "http://proxy:***@127.0.0.1:3000");
    }

    #[test]
    fn secret_query_parameters_are_hidden() {
        assert_eq!(
            redact("postgres://bot@db/x?sslmode=disable&password=s3cret"),
            "postgres://bot@db/x?sslmode=disable&password=***"
        );
        assert_eq!(redact("postgres://db/x?SSLPASSWORD=s3cret"), "postgres://db/x?SSLPASSWORD=***");
    }

    #[test]
    fn urls_without_secrets_are_kept() {
        assert_eq!(redact("postgres://db/x"), "postgres://db/x");
        assert_eq!(redact("postgres://bot@db/x"), "postgres://bot@db/x");
        assert_eq!(redact("sqlite://cardtable.db"), "sqlite://cardtable.db");
        assert_eq!(redact("sqlite:x.db?mode=rwc"), "sqlite:x.db?mode=rwc");
    }
}
