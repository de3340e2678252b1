//! The page's files, embedded in the binary at build time: nothing is read
//! from disk, so no request path can reach a file on the server.

use crate::error::ApiError;
use axum::http::{header, HeaderValue, Uri};
use axum::response::{IntoResponse, Response};
use include_dir::{include_dir, Dir};

static ASSETS: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/assets");

/// Serves an embedded file by its path (`/` is `index.html`); anything
/// under `/api/` that no route took is an unknown endpoint.
pub(crate) async fn serve(uri: Uri) -> Response {
    let path = uri.path();
    if path == "/api" || path.starts_with("/api/") {
        return ApiError::not_found(format!(
            "no API endpoint `{}` (see docs/web.md)",
            sprague::excerpt(path)
        ))
        .into_response();
    }
    let name = match path.trim_start_matches('/') {
        "" => "index.html",
        p => p,
    };
    match ASSETS.get_file(name) {
        Some(file) if !name.contains("..") => {
            let mut r = file.contents().into_response();
            r.headers_mut()
                .insert(header::CONTENT_TYPE, HeaderValue::from_static(mime(name)));
            r.headers_mut()
                .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
            r
        }
        _ => ApiError::not_found(format!("no page `{}`", sprague::excerpt(path))).into_response(),
    }
}

/// The content type of an embedded file, by its extension.
fn mime(name: &str) -> &'static str {
    match name.rsplit('.').next() {
        Some("html") => "text/html; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("js") => "text/javascript; charset=utf-8",
        Some("json") => "application/json",
        Some("png") => "image/png",
        Some("svg") => "image/svg+xml",
        _ => "application/octet-stream",
    }
}
