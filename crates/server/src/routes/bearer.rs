//! A program's request signed in by a personal access token (`Authorization: Bearer <token>`,
//! `crate::routes::tokens`): the [`Bearer`] extractor, within the address's limit of reads.
// An error here is the answer itself, sent as it is: a large `Err` is not copied far.
#![allow(clippy::result_large_err)]

use super::{failed, limited, refuse, Address};
use crate::accounts::{self, Account};
use crate::limits::Limited;
use crate::site::Site;
use crate::store::tokens::Token;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::Response;
use std::sync::Arc;

/// A request signed in by a token: its account and the token (with its scopes).
pub struct Bearer {
    /// The account.
    pub account: Account,
    /// The token, as kept.
    pub token: Token,
}

/// The token a request's `Authorization: Bearer` carries, if well formed.
fn bearer_of(headers: &HeaderMap) -> Option<&str> {
    let value = headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    let (kind, token) = value.split_once(' ')?;
    let token = token.trim();
    let well_formed = token.len() <= 100 && token.bytes().all(|b| b.is_ascii_graphic());
    (kind.eq_ignore_ascii_case("bearer") && well_formed).then_some(token)
}

impl FromRequestParts<Arc<Site>> for Bearer {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, site: &Arc<Site>) -> Result<Self, Response> {
        let Address(from) = Address::from_request_parts(parts, site).await?;
        limited(site, Limited::Api, from)?;
        let Some(token) = bearer_of(&parts.headers) else {
            let why = "This needs a token: Authorization: Bearer <token>.";
            return Err(refuse(StatusCode::UNAUTHORIZED, why));
        };
        let found = site.store.token(&accounts::token_proof(token)).await;
        match site.stored("read a token", found).map_err(failed)? {
            Some((account, token)) => Ok(Bearer { account, token }),
            None => Err(refuse(StatusCode::UNAUTHORIZED, "No such token.")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    #[test]
    fn a_bearer_token_is_read_only_when_well_formed() {
        let with = |value: &str| {
            let mut headers = HeaderMap::new();
            headers.insert(header::AUTHORIZATION, HeaderValue::from_str(value).unwrap());
            bearer_of(&headers).map(String::from)
        };
        assert_eq!(with("Bearer tpc_abc"), Some("tpc_abc".into()));
        assert_eq!(with("bearer tpc_abc"), Some("tpc_abc".into()));
        assert_eq!(with("Basic dXNlcjpwYXNz"), None);
        assert_eq!(with(&format!("Bearer {}", "x".repeat(101))), None);
        assert_eq!(bearer_of(&HeaderMap::new()), None);
    }
}
