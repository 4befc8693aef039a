//! The accounts' endpoints: sign up, sign in and out (here or everywhere), the signed-in player,
//! a new password, deleting the account, and keeping a guest's games. A session is a cookie;
//! a request that carries one is refused when it comes from another site's page.
// An error here is the answer itself, sent as it is: a large `Err` is not copied far.
#![allow(clippy::result_large_err)]

use super::{failed, refuse, too_many, Address, Answer};
use crate::accounts::{self, Account, LOGIN_WINDOW_MS};
use crate::limits::Limited;
use crate::metrics::Refusal;
use crate::rooms::{now_ms, Failure};
use crate::site::Site;
use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequestParts, State};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;
use topochess_protocol::account::{Claim, Claimed, Credentials, Deletion, Me, PasswordChange};

/// A signed-in request: the account, and the session's token.
pub struct Signed {
    /// The account.
    pub account: Account,
    /// The session's token (from the cookie).
    pub token: String,
}

/// The session a request carries, as an extractor (see [`session`]).
pub struct Session(pub Option<Signed>);

impl FromRequestParts<Arc<Site>> for Session {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, site: &Arc<Site>) -> Result<Self, Response> {
        session(site, &parts.headers).await.map(Session)
    }
}

/// A signed-in request, as an extractor: refused with 401 without a session (see [`signed`]).
pub struct SignedIn(pub Signed);

impl FromRequestParts<Arc<Site>> for SignedIn {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, site: &Arc<Site>) -> Result<Self, Response> {
        signed(site, &parts.headers).await.map(SignedIn)
    }
}

/// The session a request carries, if any (an unknown or expired token: none). A request that
/// carries a cookie and comes from another site's page is refused (403); a store that fails,
/// 503.
pub async fn session(site: &Site, headers: &HeaderMap) -> Result<Option<Signed>, Response> {
    let Some(token) = accounts::token_of(headers) else {
        return Ok(None);
    };
    if !accounts::same_origin(headers) {
        site.metrics.refused(Refusal::CrossSite);
        return Err(refuse(
            StatusCode::FORBIDDEN,
            "A request from another site's page: refused.",
        ));
    }
    let since = now_ms().saturating_sub(accounts::SESSION_DAYS * 24 * 3600 * 1000);
    let found = site
        .store
        .session(&accounts::token_proof(&token), since)
        .await;
    match site.stored("read a session", found) {
        Ok(account) => Ok(account.map(|account| Signed { account, token })),
        Err(failure) => Err(failed(failure)),
    }
}

/// Whether the site is served over HTTPS (behind a proxy that says so): the cookie is Secure.
fn https(site: &Site, headers: &HeaderMap) -> bool {
    site.behind_proxy
        && headers
            .get("x-forwarded-proto")
            .and_then(|v| v.to_str().ok())
            .is_some_and(|p| p.eq_ignore_ascii_case("https"))
}

/// `answer` with `cookie` set.
fn with_cookie(mut answer: Response, cookie: &str) -> Response {
    if let Ok(value) = HeaderValue::from_str(cookie) {
        answer.headers_mut().append(header::SET_COOKIE, value);
    }
    answer
}

/// The body, or the answer that refuses it.
pub(super) fn body<T>(read: Result<Json<T>, JsonRejection>) -> Result<T, Response> {
    read.map(|Json(t)| t)
        .map_err(|e| refuse(StatusCode::BAD_REQUEST, e.body_text()))
}

/// A new session for `account`: kept, and its cookie.
async fn open(site: &Site, headers: &HeaderMap, account: &Account) -> Result<String, Response> {
    let token = accounts::new_token();
    let opened = site
        .store
        .open_session(&accounts::token_proof(&token), account.id, now_ms())
        .await;
    site.rooms
        .stored("open a session", opened)
        .map_err(failed)?;
    Ok(accounts::session_cookie(&token, https(site, headers)))
}

fn me(account: &Account) -> Me {
    Me {
        title: account.bot.then(|| accounts::BOT.to_string()),
        ..Me::new(&account.name, account.created)
    }
}

/// `POST /api/account/signup`.
pub async fn signup(
    State(site): State<Arc<Site>>,
    Address(from): Address,
    _: Session,
    headers: HeaderMap,
    read: Result<Json<Credentials>, JsonRejection>,
) -> Answer {
    if let Err(wait) = site.limits.check(Limited::Signup, from) {
        site.metrics.refused(Refusal::SignupLimit);
        return Err(too_many("accounts made", wait));
    }
    let new = body(read)?;
    let why =
        accounts::bad_name(&new.name).or_else(|| accounts::weak_password(&new.name, &new.password));
    if let Some(why) = why {
        return Err(refuse(StatusCode::BAD_REQUEST, why));
    }
    let hash = accounts::hash(new.password)
        .await
        .map_err(|e| failed(Failure::Store(e)))?;
    let made = site.store.sign_up(&new.name, &hash, now_ms()).await;
    let Some(account) = site.stored("make an account", made).map_err(failed)? else {
        return Err(refuse(StatusCode::BAD_REQUEST, "That name is taken."));
    };
    tracing::info!(name = %account.name, "an account made");
    let cookie = open(&site, &headers, &account).await?;
    Ok(with_cookie(
        (StatusCode::CREATED, Json(me(&account))).into_response(),
        &cookie,
    ))
}

/// Wrong passwords at one name from one address (in the sign-in window) before that address is
/// refused at that name until the oldest leaves the window. Only the address that failed waits:
/// the owner, anywhere else, signs in as ever.
pub const PAIR_FAILURES: u32 = 5;

/// How long an attempt at a name under attack (the quota's wrong passwords at it, from
/// anywhere, in the window) waits before it is checked, from an address that has not failed at
/// that name: guessing from many addresses is slowed, and a right password still signs in.
pub const SLOWED: Duration = Duration::from_secs(2);

/// The key that counts wrong passwords at `name` from `from`.
fn pair_key(name: &str, from: IpAddr) -> String {
    format!("{}@{from}", accounts::name_key(name))
}

/// The account `name` if `password` is its password, as one answer whatever was wrong, with the
/// same work done for an unknown name as for a wrong password. Limited, for the attacker and not
/// for the owner: attempts per address, wrong passwords per name and address, and attempts at a
/// name under attack slowed from addresses new to it. `owner`: the signed-in owner confirming
/// their own password (a new password, deleting the account), whom only their own wrong
/// passwords limit.
async fn check(
    site: &Site,
    from: IpAddr,
    name: &str,
    password: String,
    owner: bool,
) -> Result<Account, Response> {
    if !owner {
        if let Err(wait) = site.limits.check(Limited::Login, from) {
            site.metrics.refused(Refusal::LoginLimit);
            return Err(too_many("sign-in attempts", wait));
        }
    }
    let store = &site.store;
    let now = now_ms();
    let since = now.saturating_sub(LOGIN_WINDOW_MS);
    let pair = pair_key(name, from);
    let counted = store.login_tries(&pair, since).await;
    let (failed_here, oldest) = site
        .rooms
        .stored("count wrong passwords", counted)
        .map_err(failed)?;
    if failed_here >= PAIR_FAILURES {
        site.metrics.refused(Refusal::LoginLimit);
        let wait = (oldest.unwrap_or(now) + LOGIN_WINDOW_MS).saturating_sub(now);
        return Err(super::too_many_said(
            "Too many wrong passwords for this name from this address",
            Duration::from_millis(wait),
        ));
    }
    if !owner && failed_here == 0 {
        let counted = store.login_tries(&accounts::name_key(name), since).await;
        let (failed_anywhere, _) = site
            .rooms
            .stored("count wrong passwords", counted)
            .map_err(failed)?;
        if failed_anywhere >= site.limits.quotas.name_logins_per_10min {
            tokio::time::sleep(SLOWED).await;
        }
    }
    let found = store.account(name).await;
    let account = site
        .rooms
        .stored("read an account", found)
        .map_err(failed)?;
    // The hash is checked whether the name exists or not (a decoy's for an unknown name): the
    // same time, the same answer.
    let right = accounts::verify(password, account.as_ref().map(|a| a.hash.clone())).await;
    match account {
        Some(account) if right => Ok(account),
        _ => {
            site.metrics.refused(Refusal::BadLogin);
            for key in [pair, accounts::name_key(name)] {
                let kept = store.login_try(&key, now, LOGIN_WINDOW_MS, u32::MAX).await;
                let _ = site.stored("count a wrong password", kept);
            }
            Err(refuse(StatusCode::BAD_REQUEST, "Wrong name or password."))
        }
    }
}

/// `POST /api/account/login`.
pub async fn login(
    State(site): State<Arc<Site>>,
    Address(from): Address,
    _: Session,
    headers: HeaderMap,
    read: Result<Json<Credentials>, JsonRejection>,
) -> Answer {
    let given = body(read)?;
    if given.name.len() > 64 || given.password.len() > 4 * accounts::MOST_PASSWORD {
        return Err(refuse(StatusCode::BAD_REQUEST, "Wrong name or password."));
    }
    let account = check(&site, from, &given.name, given.password, false).await?;
    let cookie = open(&site, &headers, &account).await?;
    Ok(with_cookie(Json(me(&account)).into_response(), &cookie))
}

/// The signed-in request, or the answer: 401 without a session.
pub(super) async fn signed(site: &Site, headers: &HeaderMap) -> Result<Signed, Response> {
    match session(site, headers).await? {
        Some(signed) => Ok(signed),
        None => Err(refuse(StatusCode::UNAUTHORIZED, "Sign in first.")),
    }
}

/// `POST /api/account/logout`: this session ends.
pub async fn logout(
    State(site): State<Arc<Site>>,
    Session(signed): Session,
    headers: HeaderMap,
) -> Answer {
    let cleared = accounts::cleared_cookie(https(&site, &headers));
    if let Some(signed) = signed {
        let closed = site
            .store
            .close_session(&accounts::token_proof(&signed.token))
            .await;
        site.stored("end a session", closed).map_err(failed)?;
    }
    Ok(with_cookie(
        StatusCode::NO_CONTENT.into_response(),
        &cleared,
    ))
}

/// `POST /api/account/logout-everywhere`: every session of the account ends, this one too.
pub async fn logout_everywhere(
    State(site): State<Arc<Site>>,
    SignedIn(signed): SignedIn,
    headers: HeaderMap,
) -> Answer {
    let closed = site.store.close_sessions(signed.account.id, None).await;
    site.rooms
        .stored("end the sessions", closed)
        .map_err(failed)?;
    Ok(with_cookie(
        StatusCode::NO_CONTENT.into_response(),
        &accounts::cleared_cookie(https(&site, &headers)),
    ))
}

/// `GET /api/account`.
pub async fn account(
    Session(signed): Session,
    bearer: Result<super::bearer::Bearer, Response>,
    headers: HeaderMap,
) -> Answer {
    let account = match (signed, bearer) {
        (Some(signed), _) => signed.account,
        (None, Ok(bearer)) => bearer.account,
        (None, Err(why)) if headers.contains_key(header::AUTHORIZATION) => return Err(why),
        (None, Err(_)) => return Err(refuse(StatusCode::UNAUTHORIZED, "Sign in first.")),
    };
    Ok(Json(me(&account)).into_response())
}

/// `GET /api/account/session`: the signed-in player, or `{"me": null}` for a guest (never a
/// `401`: a guest is not an error).
pub async fn session_of(Session(signed): Session) -> Json<topochess_protocol::account::Session> {
    Json(topochess_protocol::account::Session {
        me: signed.map(|s| me(&s.account)),
    })
}

/// `POST /api/account/password`: the account's other sessions end.
pub async fn password(
    State(site): State<Arc<Site>>,
    Address(from): Address,
    SignedIn(signed): SignedIn,
    read: Result<Json<PasswordChange>, JsonRejection>,
) -> Answer {
    let change = body(read)?;
    let name = signed.account.name.clone();
    check(&site, from, &name, change.current, true).await?;
    if let Some(why) = accounts::weak_password(&name, &change.new) {
        return Err(refuse(StatusCode::BAD_REQUEST, why));
    }
    let hash = accounts::hash(change.new)
        .await
        .map_err(|e| failed(Failure::Store(e)))?;
    let store = &site.store;
    let proof = accounts::token_proof(&signed.token);
    let changed = match store.set_password(signed.account.id, &hash).await {
        Ok(()) => store.close_sessions(signed.account.id, Some(&proof)).await,
        Err(e) => Err(e),
    };
    site.rooms
        .stored("change a password", changed)
        .map_err(failed)?;
    Ok(Json(me(&signed.account)).into_response())
}

/// `POST /api/account/delete`: the account, its sessions and ratings go; its games stay, under
/// "deleted player".
pub async fn delete(
    State(site): State<Arc<Site>>,
    Address(from): Address,
    SignedIn(signed): SignedIn,
    headers: HeaderMap,
    read: Result<Json<Deletion>, JsonRejection>,
) -> Answer {
    let given = body(read)?;
    check(&site, from, &signed.account.name, given.password, true).await?;
    site.rooms.forget(signed.account.id).await.map_err(failed)?;
    let deleted = site.store.delete_account(signed.account.id).await;
    site.rooms
        .stored("delete an account", deleted)
        .map_err(failed)?;
    tracing::info!(name = %signed.account.name, "an account deleted");
    Ok(with_cookie(
        StatusCode::NO_CONTENT.into_response(),
        &accounts::cleared_cookie(https(&site, &headers)),
    ))
}

/// `POST /api/account/claim`: this browser's guest games, counted or kept under the account.
pub async fn claim(
    State(site): State<Arc<Site>>,
    SignedIn(signed): SignedIn,
    read: Result<Json<Claim>, JsonRejection>,
) -> Answer {
    let claim = body(read)?;
    if !topochess_protocol::valid_secret(&claim.secret) {
        return Err(refuse(StatusCode::BAD_REQUEST, "a malformed secret"));
    }
    let games = site
        .rooms
        .claim(&signed.account, &claim.secret, claim.keep)
        .await
        .map_err(failed)?;
    Ok(Json(Claimed { games }).into_response())
}
