//! [`Posted`]: a form posted from one of maku's pages, taken only with the session's CSRF
//! token. Every state-changing form handler takes its fields through it, so no handler can
//! forget the check, and none does it by hand; nor the suspension's ([`super::suspended`]).

use super::viewer::Viewer;
use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest, web};
use serde::de::DeserializeOwned;
use std::future::Future;
use std::pin::Pin;

/// The reader and the fields of a form whose `csrf` field carried the reader's session token
/// ([`Viewer::check_csrf`]). The fields are read as [`web::Form`] reads them (the same limit and
/// error answers), the token taken out first: `T` never names it.
pub struct Posted<T> {
    pub viewer: Viewer,
    pub form: T,
}

/// The name of the token's field in every form of the pages.
const CSRF_FIELD: &str = "csrf";

/// The fields of a form that has none but its token (a button).
#[derive(serde::Deserialize)]
pub struct NoFields {}

impl<T: DeserializeOwned + 'static> FromRequest for Posted<T> {
    type Error = actix_web::Error;
    type Future = Pin<Box<dyn Future<Output = Result<Posted<T>, actix_web::Error>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let req = req.clone();
        let mut payload = payload.take();
        Box::pin(async move {
            let viewer = Viewer::extract(&req).await?;
            let body = web::Bytes::from_request(&req, &mut payload).await?;
            let (tokens, fields): (Vec<_>, Vec<_>) =
                url::form_urlencoded::parse(&body).partition(|(name, _)| name == CSRF_FIELD);
            let token = tokens
                .into_iter()
                .next()
                .map(|(_, v)| v)
                .unwrap_or_default();
            viewer.check_csrf(&token)?;
            // A suspended account writes nothing but what `suspended::STILL_OPEN` allows.
            if let (Some(account), Some(state)) = (
                &viewer.account,
                req.app_data::<web::Data<crate::app::AppState>>(),
            ) {
                super::suspended::refuse(state, &req, account).await?;
            }
            // The fields without the token: it is the shell's, never one of the form's own.
            let rest = url::form_urlencoded::Serializer::new(String::new())
                .extend_pairs(fields)
                .finish();
            let form =
                web::Form::<T>::from_request(&req, &mut Payload::from(web::Bytes::from(rest)))
                    .await?
                    .into_inner();
            Ok(Posted { viewer, form })
        })
    }
}

/// The one-time token of a page's reply or new-thread form (`forum::posting::Once`), made from
/// the session's token and `what` the page shows (the thread and its kept part, the board and
/// its threads): the same page gives the same token, so its `ETag` holds, and a page shown
/// after a new post gives another. Only a key: what it guards is the same form sent twice.
pub fn form_once(csrf: &str, what: &str) -> String {
    use sha2::Digest;
    let digest = sha2::Sha256::digest(format!("{csrf}\n{what}"));
    hex::encode(&digest[..16])
}
