//! A request of lichess's API for programs (`docs/api.md`): by a program signed in by a token
//! (`crate::routes::bearer`), or by the account's own page (the session's cookie): [`Player`].
// An error here is the answer itself, sent as it is: a large `Err` is not copied far.
#![allow(clippy::result_large_err)]

use super::bearer::Bearer;
use super::{limited, refuse, Address};
use crate::accounts::Account;
use crate::limits::Limited;
use crate::site::Site;
use axum::extract::{FromRequestParts, OptionalFromRequestParts};
use axum::http::request::Parts;
use axum::http::{header, StatusCode};
use axum::response::Response;
use std::sync::Arc;

/// A request by a program signed in by a token, or by the account's own page (its session's
/// cookie, from this site's pages only): lichess's API answers both, a page with every scope.
pub struct Player {
    /// The account.
    pub account: Account,
    /// The token's scopes, comma-separated; none for the account's own page.
    scopes: Option<String>,
}

impl Player {
    /// Whether the request may do what one of `scopes` allows; if not, the refusal (403, as
    /// lichess answers).
    pub fn may(&self, scopes: &[&str]) -> Result<(), Response> {
        let has = self
            .scopes
            .as_deref()
            .is_none_or(|kept| kept.split(',').any(|s| scopes.contains(&s)));
        if has {
            return Ok(());
        }
        let why = format!("Missing scope: this needs one of {}.", scopes.join(", "));
        Err(refuse(StatusCode::FORBIDDEN, why))
    }
}

impl FromRequestParts<Arc<Site>> for Player {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, site: &Arc<Site>) -> Result<Self, Response> {
        if parts.headers.contains_key(header::AUTHORIZATION) {
            let bearer = Bearer::from_request_parts(parts, site).await?;
            return Ok(Player {
                account: bearer.account,
                scopes: Some(bearer.token.scopes),
            });
        }
        let Address(from) = Address::from_request_parts(parts, site).await?;
        limited(site, Limited::Lobby, from)?;
        let signed = super::account::signed(site, &parts.headers).await?;
        Ok(Player {
            account: signed.account,
            scopes: None,
        })
    }
}

/// A request that may be anonymous (an open challenge, as lichess's): a token given must be
/// good, and a page's session is read if it has one.
impl OptionalFromRequestParts<Arc<Site>> for Player {
    type Rejection = Response;

    async fn from_request_parts(
        parts: &mut Parts,
        site: &Arc<Site>,
    ) -> Result<Option<Self>, Response> {
        if parts.headers.contains_key(header::AUTHORIZATION) {
            let player = <Player as FromRequestParts<Arc<Site>>>::from_request_parts(parts, site);
            return player.await.map(Some);
        }
        let signed = super::account::session(site, &parts.headers).await?;
        Ok(signed.map(|s| Player {
            account: s.account,
            scopes: None,
        }))
    }
}
