//! A presentation of a misère quotient by generators and relations, as
//! Plambeck and Siegel write them (`⟨a, b | a² = 1, b³ = b⟩`).

use super::MisereQuotient;
use std::collections::{HashSet, VecDeque};

/// A word in the generators: `counts[g]` copies of generator `g`.
pub type Word = Vec<u32>;

/// A presentation of a [`MisereQuotient`] by generators and relations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Presentation {
    /// The heap size each generator stands for (a, b, c, … in order).
    pub generators: Vec<u64>,
    /// The normal word of each element (graded-lexicographically least).
    pub normal: Vec<Word>,
    /// Relations `lhs = rhs`: the least words that are not normal, with
    /// their normal forms. Together they rewrite any word to normal form.
    pub relations: Vec<(Word, Word)>,
    /// The normal word of each heap `0..=upto`.
    pub heaps: Vec<Word>,
}

impl Presentation {
    pub(crate) fn of(q: &MisereQuotient) -> Presentation {
        // Generators: heaps whose element lies outside the submonoid of the
        // heaps before them.
        let mut generators: Vec<u64> = Vec::new();
        let mut reach = vec![false; q.order()];
        reach[0] = true;
        for n in 1..=q.upto() {
            let e = q.heap(n).expect("within upto");
            if reach[e] {
                continue;
            }
            generators.push(n);
            // Close the submonoid under the new generator.
            let mut queue: VecDeque<usize> = (0..q.order()).filter(|&x| reach[x]).collect();
            while let Some(x) = queue.pop_front() {
                for &g in &generators {
                    let y = q.mul(x, q.heap(g).expect("within upto"));
                    if !reach[y] {
                        reach[y] = true;
                        queue.push_back(y);
                    }
                }
            }
        }
        let gen_el: Vec<usize> = generators
            .iter()
            .map(|&g| q.heap(g).expect("within upto"))
            .collect();
        // Normal words: least in graded-lex order, found degree by degree.
        let k = generators.len();
        let mut normal: Vec<Option<Word>> = vec![None; q.order()];
        normal[0] = Some(vec![0; k]);
        let mut level = vec![0usize];
        let mut relations = Vec::new();
        let mut lhs_seen: HashSet<Word> = HashSet::new();
        let mut is_normal: HashSet<Word> = HashSet::new();
        is_normal.insert(vec![0; k]);
        while !level.is_empty() {
            let mut cands: Vec<(Word, usize)> = Vec::new();
            for &x in &level {
                let w = normal[x].clone().expect("set on its level");
                for (g, &ge) in gen_el.iter().enumerate() {
                    let mut v = w.clone();
                    v[g] += 1;
                    cands.push((v, q.mul(x, ge)));
                }
            }
            // Graded-lex: the same degree on this level; compare largest
            // exponent of the first generator first.
            cands.sort_by(|a, b| b.0.cmp(&a.0));
            cands.dedup_by(|a, b| a.0 == b.0);
            let mut next = Vec::new();
            for (v, y) in cands {
                if normal[y].is_none() {
                    is_normal.insert(v.clone());
                    normal[y] = Some(v);
                    next.push(y);
                } else if normal[y].as_ref() != Some(&v) && !lhs_seen.contains(&v) {
                    // Not normal: a relation when every word one letter
                    // shorter is normal (a least non-normal word).
                    let least = (0..k).filter(|&g| v[g] > 0).all(|g| {
                        let mut u = v.clone();
                        u[g] -= 1;
                        is_normal.contains(&u)
                    });
                    lhs_seen.insert(v.clone());
                    if least {
                        relations.push((v, normal[y].clone().expect("checked")));
                    }
                }
            }
            level = next;
        }
        let normal: Vec<Word> = normal
            .into_iter()
            .map(|w| w.expect("every element is reached"))
            .collect();
        let heaps = (0..=q.upto())
            .map(|n| normal[q.heap(n).expect("within upto")].clone())
            .collect();
        Presentation {
            generators,
            normal,
            relations,
            heaps,
        }
    }

    /// The name of generator `g`: `a`…`z`, then `a1`, `b1`, ….
    pub fn generator_name(g: usize) -> String {
        let letter = (b'a' + (g % 26) as u8) as char;
        match g / 26 {
            0 => letter.to_string(),
            r => format!("{letter}{r}"),
        }
    }

    /// A word written as `a²b`, or `1` for the empty word.
    pub fn write(word: &Word) -> String {
        let mut s = String::new();
        for (g, &e) in word.iter().enumerate() {
            if e == 0 {
                continue;
            }
            s.push_str(&Self::generator_name(g));
            if e > 1 {
                s.push_str(&superscript(e));
            }
        }
        if s.is_empty() {
            s.push('1');
        }
        s
    }
}

fn superscript(e: u32) -> String {
    const DIGITS: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    e.to_string()
        .bytes()
        .map(|b| DIGITS[(b - b'0') as usize])
        .collect()
}
