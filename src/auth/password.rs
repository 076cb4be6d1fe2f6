//! argon2id password hashing, off the async threads and bounded in concurrency.
//!
//! Each hash takes ~19 MiB for ~40 ms: a semaphore keeps a burst of sign-ins from multiplying
//! that. Unknown names are checked against a fixed dummy hash so that timing does not tell
//! which accounts exist.

use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use argon2::{Algorithm, Argon2, Params, Version};
use std::sync::{Arc, LazyLock};
use tokio::sync::Semaphore;

/// argon2id, m = 19456 KiB, t = 2, p = 1 (OWASP's first recommendation).
fn argon2() -> Argon2<'static> {
    let params = Params::new(19_456, 2, 1, None).expect("constant argon2 parameters are valid");
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// A hash of a password nobody knows, made once per process with the real parameters.
static DUMMY_HASH: LazyLock<String> =
    LazyLock::new(|| hash_blocking("maku dummy password for unknown names").unwrap_or_default());

#[derive(Debug, thiserror::Error)]
#[error("password hashing failed: {0}")]
pub struct HashError(String);

/// A hashing failure is the server's, never the caller's. The mapping lives here, beside the
/// error it maps, and not in `error.rs`: `error` is a layer below `auth`
/// (docs/architecture.md), so it names no service's error; each service says how its own errors
/// become an `AppError`.
impl From<HashError> for crate::error::AppError {
    fn from(e: HashError) -> Self {
        crate::error::AppError::Internal(e.to_string())
    }
}

pub fn hash_blocking(password: &str) -> Result<String, HashError> {
    argon2()
        .hash_password(password.as_bytes())
        .map(|h| h.to_string())
        .map_err(|e| HashError(e.to_string()))
}

/// True when `password` matches `hash`. With no hash (unknown name) the dummy is checked, so the
/// answer is false and takes as long.
pub fn verify_blocking(password: &str, hash: Option<&str>) -> bool {
    match hash {
        Some(h) => argon2().verify_password(password.as_bytes(), h).is_ok(),
        None => {
            let _ = argon2().verify_password(password.as_bytes(), DUMMY_HASH.as_str());
            false
        }
    }
}

/// The shared hasher: at most `permits` hashes at once, each on the blocking pool.
#[derive(Clone)]
pub struct Hasher {
    permits: Arc<Semaphore>,
}

impl Hasher {
    pub fn new(permits: usize) -> Hasher {
        // Compute the dummy now, not in the first unlucky request.
        LazyLock::force(&DUMMY_HASH);
        Hasher {
            permits: Arc::new(Semaphore::new(permits.max(1))),
        }
    }

    pub async fn hash(&self, password: String) -> Result<String, HashError> {
        let _permit = self
            .permits
            .acquire()
            .await
            .map_err(|e| HashError(e.to_string()))?;
        tokio::task::spawn_blocking(move || hash_blocking(&password))
            .await
            .map_err(|e| HashError(e.to_string()))?
    }

    pub async fn verify(&self, password: String, hash: Option<String>) -> bool {
        let Ok(_permit) = self.permits.acquire().await else {
            return false;
        };
        tokio::task::spawn_blocking(move || verify_blocking(&password, hash.as_deref()))
            .await
            .unwrap_or(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hash_and_verify() {
        let h = hash_blocking("correct horse").expect("hash");
        assert!(h.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"));
        assert!(verify_blocking("correct horse", Some(&h)));
        assert!(!verify_blocking("wrong horse", Some(&h)));
        assert!(!verify_blocking("correct horse", None));
        assert!(!verify_blocking("x", Some("not a hash")));
    }
}
