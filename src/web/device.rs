//! Where a sign-in comes from, as the pages and the API read it from the request: the client
//! address ([`client_ip`]) and the browser's device cookie (`maku_device`, see `auth::traces`).
//! A page sign-in gives a browser without the cookie a new one; the API only reads one that a
//! client sends.

use crate::app::AppState;
use crate::auth::traces::{DEVICE_COOKIE, SignInFrom, new_device, well_formed_device};
use crate::error::AppError;
use crate::web::viewer::client_ip;
use actix_web::cookie::{Cookie, SameSite};
use actix_web::{HttpRequest, HttpResponse};

/// The device cookie's value, when the request carries a well-formed one.
fn device_of(req: &HttpRequest) -> Option<String> {
    req.cookie(DEVICE_COOKIE)
        .map(|c| c.value().to_string())
        .filter(|v| well_formed_device(v))
}

/// Where an API sign-in comes from (a device cookie only if the client sent one).
pub fn api_sign_in(req: &HttpRequest, state: &AppState) -> SignInFrom {
    SignInFrom {
        ip: client_ip(req, &state.settings.trusted_proxies),
        device: device_of(req),
    }
}

/// Where a page sign-in comes from, and the device cookie to set when the browser has none
/// (set on the sign-in's answer with [`with_device`]).
pub fn page_sign_in(req: &HttpRequest, state: &AppState) -> (SignInFrom, Option<Cookie<'static>>) {
    let (device, fresh) = match device_of(req) {
        Some(d) => (d, None),
        None => {
            let d = new_device();
            let cookie = Cookie::build(DEVICE_COOKIE, d.clone())
                .path("/")
                .http_only(true)
                .secure(state.settings.secure_cookies)
                .same_site(SameSite::Lax)
                // Browsers keep a cookie at most 400 days.
                .max_age(actix_web::cookie::time::Duration::days(400))
                .finish();
            (d, Some(cookie))
        }
    };
    let from = SignInFrom {
        ip: client_ip(req, &state.settings.trusted_proxies),
        device: Some(device),
    };
    (from, fresh)
}

/// `resp` with the new device cookie, if there is one.
pub fn with_device(
    mut resp: HttpResponse,
    cookie: Option<Cookie<'static>>,
) -> Result<HttpResponse, AppError> {
    if let Some(c) = cookie {
        resp.add_cookie(&c)
            .map_err(|e| AppError::Internal(e.to_string()))?;
    }
    Ok(resp)
}
