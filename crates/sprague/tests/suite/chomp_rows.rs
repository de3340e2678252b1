//! Three-row Chomp ([`sprague::solve::by_third_row`]): the P-positions against a
//! plain search over every three-row Young diagram, and the table that
//! Brouwer published (as quoted in OEIS A147983).

use sprague::solve::{by_third_row, three_row_p_positions};
use std::collections::HashMap;

/// Whether the diagram of rows [a, b, c] (a ≥ b ≥ c, the poison at the
/// top left) is a P-position, by a plain memoised search over every
/// diagram a bite leaves; the recursion is at most a + b + c deep.
fn plain_p(rows: [u32; 3], memo: &mut HashMap<[u32; 3], bool>) -> bool {
    if let Some(&p) = memo.get(&rows) {
        return p;
    }
    let mut p = true;
    'moves: for i in 0..3 {
        for j in 0..rows[i] {
            if i == 0 && j == 0 {
                continue; // the poison
            }
            let mut after = rows;
            for r in after.iter_mut().skip(i) {
                *r = (*r).min(j);
            }
            if plain_p(after, memo) {
                p = false;
                break 'moves;
            }
        }
    }
    memo.insert(rows, p);
    p
}

#[test]
fn three_row_p_positions_agree_with_the_plain_search_on_every_small_diagram() {
    const A: u32 = 36;
    let f = three_row_p_positions(A as usize, &sprague::Stop::new()).unwrap();
    let mut memo = HashMap::new();
    let mut p_count = 0;
    for a in 1..=A {
        for b in 0..=a {
            for c in 0..=b {
                let p = plain_p([a, b, c], &mut memo);
                p_count += p as u32;
                assert_eq!(p, f[b as usize][c as usize] == Some(a), "[{a}, {b}, {c}]");
            }
        }
    }
    // The check is not empty: one P-position at most per (b, c).
    assert!(p_count > A * 3, "{p_count}");
}

/// Brouwer's table for the third rows c ≤ 5: c = 0, a = b + 1; c = 1,
/// only [3,1,1] and [2,2,1]; c = 2, a = b + 2; c = 3, [6,3,3], [7,4,3],
/// [5,5,3]; c = 4, [8,4,4], [9,5,4], [10,6,4], [7,7,4]; c = 5, [10,5,5],
/// [9,6,5] and [k+11, k+7, 5] for every k ≥ 0.
#[test]
fn brouwers_table_of_the_first_third_rows() {
    const B: usize = 400;
    let rows = by_third_row(B, &sprague::Stop::new()).unwrap();
    let run = |c: usize| rows[c].run.map(|r| (r.from, r.to, r.offset));
    assert!(rows[0].positions.is_empty() && run(0) == Some((0, B as u32, 1)));
    assert_eq!(rows[1].positions, vec![[3, 1, 1], [2, 2, 1]]);
    assert_eq!(run(1), None);
    assert!(rows[2].positions.is_empty() && run(2) == Some((2, B as u32, 2)));
    assert_eq!(rows[3].positions, vec![[6, 3, 3], [7, 4, 3], [5, 5, 3]]);
    assert_eq!(run(3), None);
    assert_eq!(
        rows[4].positions,
        vec![[8, 4, 4], [9, 5, 4], [10, 6, 4], [7, 7, 4]]
    );
    assert_eq!(run(4), None);
    assert_eq!(rows[5].positions, vec![[10, 5, 5], [9, 6, 5]]);
    assert_eq!(run(5), Some((7, B as u32, 4)));
}
