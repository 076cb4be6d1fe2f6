//! `GET /api/v1/games/{id}/replay?seat=G&act=N` (../shared/spec/api.md): act N of a finished
//! game as seat G saw it, the same facts the replay page shows. Before the end it is the `404`
//! of a game that does not exist, for every reader.

use crate::app::AppState;
use crate::error::AppError;
use crate::game::replay::{self, ReplayPost, ReplayQuery};
use crate::game::service::iso;
use actix_web::{HttpResponse, get, web};
use serde_json::{Value, json};

/// A replay's post: where it is (`thread`: `game` or a team's key, and its floor there), who
/// wrote it (a game ID; `null` for the judge and the system), when, and its stored HTML. An act
/// post or a judge's clock notice is data, as in the game thread's JSON: its `html` is `null`
/// and `act` or `notice` holds it.
fn post_json(p: &ReplayPost) -> Value {
    let post = &p.post;
    let system = post.act.is_some() || post.notice.is_some();
    let mut v = json!({
        "thread": p.thread,
        "floor": post.floor,
        "author": post.author,
        "at": iso(post.created_at),
        "html": if system { Value::Null } else { Value::String(post.html.clone()) },
        "kind": post.kind,
    });
    if let Value::Object(m) = &mut v {
        if let Some(a) = &post.act {
            m.insert("act".into(), serde_json::to_value(a).unwrap_or(Value::Null));
        }
        if let Some(n) = &post.notice {
            m.insert(
                "notice".into(),
                serde_json::to_value(n).unwrap_or(Value::Null),
            );
        }
    }
    v
}

#[get(
    "/games/{id}/replay",
    wrap = "actix_web::middleware::from_fn(crate::web::page_cache::anonymous)",
    wrap = "actix_web::middleware::from_fn(crate::web::conditional::etag)"
)]
async fn api_replay(
    state: web::Data<AppState>,
    id: web::Path<i64>,
    q: web::Query<ReplayQuery>,
) -> Result<HttpResponse, AppError> {
    let game_id = *id;
    let act = q.act()?;
    let seat = q.into_inner().seat;
    let r = state
        .db(move |c| replay::seat_replay(c, game_id, seat.as_deref(), act))
        .await?;
    Ok(HttpResponse::Ok().json(json!({
        "game": r.game,
        "seat": r.seat,
        "act": r.act,
        "acts": r.acts,
        "role": r.role,
        "alive": r.alive,
        "private": r.private,
        "team": r.team.iter().map(post_json).collect::<Vec<_>>(),
        "public": r.public.iter().map(post_json).collect::<Vec<_>>(),
        "events": r.events,
        "notes": r.notes,
    })))
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(api_replay);
}
