//! How a component looks, so that front ends can draw it the way the game
//! is played: heaps of tokens, a board with its coin, a pair of numbers,
//! cards with the running gcd.

use crate::rules::Ruleset;

/// The look of one component.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(tag = "shape", rename_all = "lowercase"))]
pub enum Shape {
    /// A heap (a row of tokens) of this size; `cap` is the most a loopy
    /// heap may hold.
    Heap {
        /// Tokens in the heap.
        size: u64,
        /// The cap of a heap that may grow (`updown`).
        cap: Option<u64>,
    },
    /// A board of `rows` × `cols` with the coin in its bottom-left corner;
    /// it moves up and right towards the top-right corner.
    Board {
        /// Rows of the board.
        rows: u64,
        /// Columns of the board.
        cols: u64,
    },
    /// Two numbers (Wythoff's heaps, Wizards and Numbers).
    Pair {
        /// The first number.
        a: u64,
        /// The second number.
        b: u64,
    },
    /// Cards on the table and the gcd of the cards taken so far (0 before
    /// the first).
    Cards {
        /// The running gcd.
        g: u64,
        /// The cards left.
        cards: Vec<u64>,
    },
    /// Anything else, as text (a node of a graph game).
    Text {
        /// The position as the rules write it.
        text: String,
    },
    /// A region of a board (Cram, Chomp): the whole board, one string per
    /// row from the top, `.` for a cell of this component and `#` for any
    /// other. The components of a sum are drawn on one board.
    Cells {
        /// The game (`cram`, `chomp`): what a click on a cell means.
        game: String,
        /// The rows.
        rows: Vec<String>,
    },
    /// A component of a game on a graph (Node Kayles, octal games on
    /// graphs): the whole graph, and the vertices this component holds.
    Network {
        /// The game (`node-kayles`, `octal-graph`).
        game: String,
        /// Every vertex's name.
        names: Vec<String>,
        /// Where each vertex is drawn (thousandths of width and height).
        xy: Vec<(u32, u32)>,
        /// The edges, as vertex indices.
        edges: Vec<(u32, u32)>,
        /// The vertices of this component.
        present: Vec<u32>,
    },
}

fn pair(text: &str) -> Option<(u64, u64)> {
    let (a, b) = text.split_once(',')?;
    Some((a.trim().parse().ok()?, b.trim().parse().ok()?))
}

/// The shape of `p` under `rules`.
pub(crate) fn shape<R: Ruleset>(rules: &R, p: &R::Position) -> Shape {
    if let Some(split) = rules.splitting() {
        return match split.look(p) {
            crate::rules::board::Look::Cells { game, rows } => Shape::Cells {
                game: game.to_string(),
                rows,
            },
            crate::rules::board::Look::Graph {
                game,
                names,
                xy,
                edges,
                present,
            } => Shape::Network {
                game: game.to_string(),
                names,
                xy,
                edges,
                present,
            },
        };
    }
    let spec = rules.spec();
    let text = rules.format_position(p);
    let name = spec.split(':').next().unwrap_or("");
    if let Some(size) = rules.heap_size(p) {
        let cap = (name == "updown")
            .then(|| spec.rsplit('/').next().and_then(|m| m.parse().ok()))
            .flatten();
        return Shape::Heap { size, cap };
    }
    match name {
        "updown" => {
            if let (Ok(size), Some(cap)) =
                (text.parse(), spec.rsplit('/').next().and_then(|m| m.parse().ok()))
            {
                return Shape::Heap { size, cap: Some(cap) };
            }
        }
        "grid" => {
            if let Some((rows, cols)) = pair(&text) {
                return Shape::Board { rows, cols };
            }
        }
        "wythoff" | "wizards" => {
            if let Some((a, b)) = pair(&text) {
                return Shape::Pair { a, b };
            }
        }
        "gcd" => {
            let (g, list) = match text.strip_prefix("g=") {
                Some(rest) => rest.split_once(';').unwrap_or((rest, "")),
                None => ("0", text.as_str()),
            };
            let cards: Option<Vec<u64>> = list
                .split(',')
                .filter(|c| !c.trim().is_empty())
                .map(|c| c.trim().parse().ok())
                .collect();
            if let (Ok(g), Some(cards)) = (g.parse(), cards) {
                return Shape::Cards { g, cards };
            }
        }
        _ => {}
    }
    Shape::Text { text }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Game, GameVisitor};

    fn look(spec: &str, text: &str) -> Shape {
        struct Look<'a>(&'a str);
        impl GameVisitor for Look<'_> {
            type Output = Shape;
            fn visit<R: Ruleset>(self, rules: &R) -> Shape {
                shape(rules, &rules.parse_position(self.0).unwrap())
            }
        }
        spec.parse::<Game>().unwrap().visit(Look(text))
    }

    #[test]
    fn each_game_has_its_look() {
        assert_eq!(look("kayles", "7"), Shape::Heap { size: 7, cap: None });
        assert_eq!(
            look("cram:2x3", ".##/..#"),
            Shape::Cells {
                game: "cram".into(),
                rows: vec![".##".into(), "..#".into()]
            }
        );
        let Shape::Network { present, edges, .. } = look("node-kayles:path:4", "2,3") else {
            panic!("a graph")
        };
        assert_eq!((present, edges.len()), (vec![1, 2], 3));
        assert_eq!(
            look("updown:1,2/3/20", "7"),
            Shape::Heap {
                size: 7,
                cap: Some(20)
            }
        );
        assert_eq!(look("grid:2x3", "4,5"), Shape::Board { rows: 4, cols: 5 });
        assert_eq!(look("wythoff", "5,3"), Shape::Pair { a: 3, b: 5 });
        assert_eq!(look("wizards", "10,21"), Shape::Pair { a: 10, b: 21 });
        assert_eq!(
            look("gcd", "6,10"),
            Shape::Cards {
                g: 0,
                cards: vec![6, 10]
            }
        );
        assert_eq!(
            look("gcd", "g=5;5,6"),
            Shape::Cards {
                g: 5,
                cards: vec![5, 6]
            }
        );
    }
}
