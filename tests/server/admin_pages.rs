//! The admins' list of accounts (issue 42): every account reachable, newest first, a hundred a
//! page, the pages near one linked by the key of the account they start after or before.

use crate::helpers::*;
use maku::db::queries::users;
use maku::domain::Role;
use reqwest::StatusCode;

crate::on_both_backends!(every_account_is_on_one_page_of_the_admins_list);

/// The accounts an admin page lists (by their admin links), in order.
fn listed(body: &str) -> Vec<String> {
    body.match_indices("href=\"/admin/accounts/")
        .filter_map(|(at, m)| {
            let rest = &body[at + m.len()..];
            Some(rest[..rest.find('"')?].to_string())
        })
        .collect()
}

async fn every_account_is_on_one_page_of_the_admins_list(app: TestApp) {
    app.state
        .write(|c| {
            for n in 0..230 {
                let name = format!("acct{n:03}");
                let made = users::create(
                    c,
                    &name,
                    &name,
                    std::slice::from_ref(&name),
                    "x",
                    Role::Player,
                )?;
                assert!(matches!(made, users::Created::Ok(_)), "{name}");
            }
            Ok(())
        })
        .await
        .expect("accounts");
    let all: Vec<String> = app
        .state
        .db(|c| Ok(users::list(c, 0, 1000)?))
        .await
        .expect("accounts")
        .into_iter()
        .rev()
        .map(|u| u.username)
        .collect();
    assert!(all.len() > 230);
    let admin = app.admin().await;
    let mut page = admin.get("/admin").await;
    assert_eq!(page.status, StatusCode::OK);
    let mut seen = listed(&page.body);
    assert_eq!(seen.len(), 100);
    for n in 2.. {
        let Some(next) = pager_link(&page.body, n) else {
            break;
        };
        assert!(
            next.starts_with(&format!("/admin?page={n}&after=")),
            "{next}"
        );
        page = admin.get(&next).await;
        assert_eq!(page.status, StatusCode::OK);
        seen.extend(listed(&page.body));
    }
    assert_eq!(seen, all, "every account once, newest first");
    // Not for a player, whatever the key.
    let player = app.player("plain").await;
    let refused = player.get("/admin?after=5").await;
    assert_ne!(refused.status, StatusCode::OK);
    assert_eq!(
        admin.get("/admin?after=-5").await.status,
        StatusCode::BAD_REQUEST
    );
}
