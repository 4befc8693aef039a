//! Personal access tokens (`docs/api.md`), as lichess has them: made, listed and revoked by a
//! signed-in player (the session's cookie, from this site's pages only), tested by anyone who
//! holds one, and a program's requests signed in by one (`Authorization: Bearer <token>`: the
//! [`Bearer`] extractor). A token is kept only as its SHA-256; the page shows it once.
// An error here is the answer itself, sent as it is: a large `Err` is not copied far.
#![allow(clippy::result_large_err)]

use super::account::{body, SignedIn};
use super::bearer::Bearer;
use super::{failed, limited, refuse, Address, Answer};
use crate::accounts;
use crate::limits::Limited;
use crate::rooms::{now_ms, random_u64};
use crate::site::Site;
use crate::store::tokens::Token;
use axum::extract::rejection::JsonRejection;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum::Json;
use std::collections::BTreeMap;
use std::sync::Arc;
use topochess_protocol::token::{token_fault, MadeToken, NewToken, TokenInfo, MOST_TOKENS};
use topochess_protocol::{id_text, parse_id};

/// What a token starts with: a program's author recognises it in a file or a log.
const PREFIX: &str = "tpc_";
/// The most tokens one test asks about.
const MOST_TESTED: usize = 1000;

fn info(token: Token) -> TokenInfo {
    TokenInfo {
        id: id_text(token.id),
        description: token.description,
        scopes: token
            .scopes
            .split(',')
            .filter(|s| !s.is_empty())
            .map(String::from)
            .collect(),
        created: token.created,
    }
}

/// `GET /api/account/tokens`: the signed-in player's tokens, oldest first.
pub async fn list(State(site): State<Arc<Site>>, SignedIn(signed): SignedIn) -> Answer {
    let found = site.store.tokens(signed.account.id).await;
    let tokens = site.stored("list the tokens", found).map_err(failed)?;
    let tokens: Vec<TokenInfo> = tokens.into_iter().map(info).collect();
    Ok(Json(tokens).into_response())
}

/// `POST /api/account/tokens`: a new token for the signed-in player; 201 with the token, shown
/// this once.
pub async fn make(
    State(site): State<Arc<Site>>,
    Address(from): Address,
    SignedIn(signed): SignedIn,
    read: Result<Json<NewToken>, JsonRejection>,
) -> Answer {
    limited(&site, Limited::Create, from)?;
    let new = body(read)?;
    if let Some(why) = token_fault(&new) {
        return Err(refuse(StatusCode::BAD_REQUEST, why));
    }
    let account = signed.account.id;
    let found = site.store.tokens(account).await;
    if site
        .stored("count the tokens", found)
        .map_err(failed)?
        .len()
        >= MOST_TOKENS
    {
        let why = format!("You have {MOST_TOKENS} tokens: revoke one first.");
        return Err(refuse(StatusCode::BAD_REQUEST, why));
    }
    let secret = format!("{PREFIX}{}", accounts::new_token());
    let token = Token {
        id: random_u64() >> 1,
        description: new.description.trim().to_string(),
        scopes: new.scopes.join(","),
        created: now_ms(),
    };
    let made = site
        .store
        .token_make(account, &accounts::token_proof(&secret), &token)
        .await;
    site.stored("keep a token", made).map_err(failed)?;
    tracing::info!(account, "a token made");
    let made = MadeToken {
        token: secret,
        info: info(token),
    };
    Ok((StatusCode::CREATED, Json(made)).into_response())
}

/// `POST /api/account/tokens/{id}/revoke`: the signed-in player's token `id` revoked; 204, or
/// 404 when they have none of that id.
pub async fn revoke(
    State(site): State<Arc<Site>>,
    SignedIn(signed): SignedIn,
    Path(id): Path<String>,
) -> Answer {
    let none = || refuse(StatusCode::NOT_FOUND, "You have no such token.");
    let id = parse_id(&id).ok_or_else(none)?;
    let revoked = site.store.token_revoke(signed.account.id, id).await;
    match site.stored("revoke a token", revoked).map_err(failed)? {
        true => Ok(StatusCode::NO_CONTENT.into_response()),
        false => Err(none()),
    }
}

/// `DELETE /api/token`: the token the request is signed in by revoked (lichess's way for a
/// program to let go of its own); 204.
pub async fn revoke_own(State(site): State<Arc<Site>>, bearer: Bearer) -> Answer {
    let revoked = site
        .store
        .token_revoke(bearer.account.id, bearer.token.id)
        .await;
    site.stored("revoke a token", revoked).map_err(failed)?;
    Ok(StatusCode::NO_CONTENT.into_response())
}

/// What `POST /api/token/test` says of a token it knows.
#[derive(serde::Serialize)]
struct Tested {
    scopes: String,
    #[serde(rename = "userId")]
    user_id: String,
    expires: Option<u64>,
}

/// `POST /api/token/test`: of each token in the body (comma-separated, at most 1,000), its
/// scopes and account, or `null` for one that is not (or no longer) a token, as lichess answers.
pub async fn test(State(site): State<Arc<Site>>, Address(from): Address, text: String) -> Answer {
    limited(&site, Limited::Lobby, from)?;
    let asked: Vec<&str> = text
        .split(',')
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .collect();
    if asked.len() > MOST_TESTED {
        let why = format!("At most {MOST_TESTED} tokens a test.");
        return Err(refuse(StatusCode::BAD_REQUEST, why));
    }
    let mut answers = BTreeMap::new();
    for token in asked {
        let found = if token.len() <= 100 {
            let found = site.store.token(&accounts::token_proof(token)).await;
            site.stored("read a token", found).map_err(failed)?
        } else {
            None
        };
        let tested = found.map(|(account, kept)| Tested {
            scopes: kept.scopes,
            user_id: account.name.to_lowercase(),
            expires: None,
        });
        answers.insert(token.to_string(), tested);
    }
    Ok(Json(answers).into_response())
}
