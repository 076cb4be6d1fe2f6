//! The stylesheet and the optional script, compiled into the binary, and the health check.

use actix_web::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use actix_web::{HttpResponse, get, web};

const CSS: &str = include_str!("../../static/maku.css");
const JS: &str = include_str!("../../static/maku.js");

#[get("/static/{file}")]
async fn asset(file: web::Path<String>) -> HttpResponse {
    let (body, kind) = match file.as_str() {
        "maku.css" => (CSS, "text/css; charset=utf-8"),
        "maku.js" => (JS, "text/javascript; charset=utf-8"),
        _ => return HttpResponse::NotFound().finish(),
    };
    HttpResponse::Ok()
        .insert_header((CONTENT_TYPE, kind))
        .insert_header((CACHE_CONTROL, "public, max-age=3600"))
        .body(body)
}

#[get("/healthz")]
async fn healthz() -> HttpResponse {
    HttpResponse::Ok().content_type("text/plain").body("ok")
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(asset).service(healthz);
}
