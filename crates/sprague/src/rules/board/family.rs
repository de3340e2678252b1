//! Families of boards: a spec with `N` in place of one size
//! (`cram:3xN`, `node-kayles:path:N`, `chomp:3xN`) names a game for each
//! n, so that `table` and `analyze` can run along it.

/// What a board parser says of an `N` in place of a size where one board
/// is wanted (`value cram:3xN`).
pub(crate) const NOT_ONE_BOARD: &str = "N names a family (`table`, `analyze` and `plot` run along it): give one board here, with a number in place of N";

/// Whether `c` may stand next to the `N` of a family.
fn delimits(c: Option<char>) -> bool {
    matches!(c, None | Some(':' | ',' | 'x' | 'X' | '/'))
}

/// Where the `N` of the family `spec` stands (after the game's name).
fn find_n(spec: &str) -> Option<usize> {
    let (name, _) = spec.split_once(':')?;
    let chars: Vec<(usize, char)> = spec.char_indices().collect();
    let mut found = None;
    for (k, &(i, c)) in chars.iter().enumerate() {
        if i <= name.len() || c != 'N' {
            continue;
        }
        let before = chars.get(k.wrapping_sub(1)).map(|x| x.1);
        let after = chars.get(k + 1).map(|x| x.1);
        if delimits(before) && delimits(after) {
            if found.is_some() {
                return None;
            }
            found = Some(i);
        }
    }
    found
}

/// Whether `spec` names a family of games (one `N` in place of a size).
///
/// ```
/// use sprague::rules::{family_member, is_family};
/// assert!(is_family("cram:3xN"));
/// assert!(!is_family("cram:3x4"));
/// assert_eq!(family_member("node-kayles:path:N", 7), "node-kayles:path:7");
/// ```
pub fn is_family(spec: &str) -> bool {
    find_n(spec.trim()).is_some()
}

/// The member n of the family `spec` (the spec itself when it is none).
pub fn family_member(spec: &str, n: u64) -> String {
    let spec = spec.trim();
    match find_n(spec) {
        Some(i) => format!("{}{n}{}", &spec[..i], &spec[i + 1..]),
        None => spec.to_string(),
    }
}

/// The error of the member n of the family `spec` as an error of the
/// family: a member that is no game (`chomp:1,2,1` of `chomp:N,2,1`, a
/// board past the largest) names the family, the n and the member.
pub(crate) fn member_error(spec: &str, n: u64, e: crate::Error) -> crate::Error {
    match e {
        crate::Error::BadSpec { spec: member, reason } => crate::Error::BadSpec {
            spec: spec.trim().to_string(),
            reason: format!("its member N = {n} (`{member}`) is not a game: {reason}"),
        },
        e => e,
    }
}
