//! The picture on the reveal page: the finished game's timeline ([`Timeline`], made by its
//! variant from the reveal) drawn as an inline SVG on the server — seats down, acts across —
//! with the same facts as a table beside it. No script: it scrolls sideways on a phone and
//! fits the page on paper.

use std::collections::BTreeMap;

use crate::i18n::Tr;
use crate::rules::{LinkKind, Message, Timeline, Tone};

/// Width of the column of seat names.
const NAMES_W: i64 = 168;
/// Height of the row of act headings.
const HEAD_H: i64 = 30;
/// Height of one seat's lane.
const ROW_H: i64 = 38;
/// Width of one act's column.
const ACT_W: i64 = 156;
/// Height of one legend line.
const KEY_H: i64 = 22;
/// The widest picture shown scaled to the width of the page (about 800 px on a wide screen):
/// five acts, their text still three quarters of its size. Wider ones scroll.
const FIT_W: i64 = 1100;

/// The picture, measured and worded for one reader.
pub struct Picture {
    pub width: i64,
    /// Narrow enough to be scaled down to the page's width on a wide screen (a few acts);
    /// a longer game scrolls sideways in its labelled box instead.
    pub fits: bool,
    pub height: i64,
    pub title: String,
    pub desc: String,
    /// The act headings, with the left edge and the centre of their column.
    pub heads: Vec<(i64, i64, String)>,
    pub lanes: Vec<LaneView>,
    pub bands: Vec<Band>,
    pub outs: Vec<OutMark>,
    pub arrows: Vec<Arrow>,
    pub legend_y: i64,
    pub tones: Vec<ToneKey>,
    pub kinds: Vec<KindKey>,
    /// The same facts, act by act, as table rows.
    pub facts: Vec<FactRow>,
}

pub struct LaneView {
    /// Top of the lane.
    pub y: i64,
    pub game_id: String,
    pub real_id: String,
}

/// A role held over some acts: a patterned bar with the role's name at its start.
pub struct Band {
    pub x: i64,
    pub y: i64,
    pub w: i64,
    pub tone: &'static str,
    pub label: String,
}

/// A seat going out: a cross and the cause, then its lane greyed to the end.
pub struct OutMark {
    pub x: i64,
    pub y: i64,
    /// Width of the greyed rest of the lane.
    pub rest: i64,
    pub cause: String,
}

/// One link between seats: a vertical arrow inside its act's column (a ring for a seat
/// naming itself).
pub struct Arrow {
    pub kind: &'static str,
    pub x: i64,
    pub y1: i64,
    pub y2: i64,
    pub selfward: bool,
    /// The link in words (the arrow's tooltip).
    pub text: String,
}

pub struct ToneKey {
    pub tone: &'static str,
    pub y: i64,
    /// The roles of this side, as the picture names them.
    pub roles: String,
}

pub struct KindKey {
    pub kind: &'static str,
    pub y: i64,
    pub name: String,
}

pub struct FactRow {
    pub act: u32,
    pub who: String,
    pub what: String,
    pub whom: String,
}

/// Left edge of act `act`'s column.
fn col(act: u32) -> i64 {
    NAMES_W + i64::from(act.max(1) - 1) * ACT_W
}

/// Measures and words `t` for the reader `tr`; `title` and `winner` name the game and its end.
pub fn draw(tr: &Tr, t: &Timeline, title: &str, winner: &str) -> Picture {
    let acts = t.acts.max(1);
    let right = col(acts + 1);
    let row_of: BTreeMap<&str, usize> = t
        .lanes
        .iter()
        .enumerate()
        .map(|(i, l)| (l.game_id.as_str(), i))
        .collect();
    let top = |i: usize| HEAD_H + i64::try_from(i).unwrap_or(0) * ROW_H;
    let centre = |i: usize| top(i) + ROW_H / 2;

    let mut bands = Vec::new();
    let mut outs = Vec::new();
    let mut facts = Vec::new();
    let mut tone_roles: BTreeMap<Tone, Vec<String>> = BTreeMap::new();
    for (i, lane) in t.lanes.iter().enumerate() {
        let out_x = lane.out.as_ref().map(|o| col(o.act) + ACT_W / 2);
        let starts: Vec<i64> = lane
            .spans
            .iter()
            .enumerate()
            .map(|(k, s)| {
                if k == 0 {
                    col(1)
                } else {
                    col(s.from) + ACT_W / 2
                }
            })
            .collect();
        for (k, span) in lane.spans.iter().enumerate() {
            let end = starts
                .get(k + 1)
                .copied()
                .unwrap_or(right)
                .min(out_x.unwrap_or(right));
            let label = tr.say(&span.role);
            let names = tone_roles.entry(span.tone).or_default();
            if !names.contains(&label) {
                names.push(label.clone());
            }
            facts.push(FactRow {
                act: if k == 0 { 1 } else { span.from },
                who: lane.game_id.clone(),
                what: tr.t1(
                    if k == 0 {
                        "picture-fact-dealt"
                    } else {
                        "picture-fact-became"
                    },
                    "role",
                    &label,
                ),
                whom: String::new(),
            });
            // A role taken in the act the seat went out still shows, if narrowly.
            if end > starts[k] || k + 1 == lane.spans.len() {
                bands.push(Band {
                    x: starts[k],
                    y: top(i) + 6,
                    w: (end - starts[k]).max(24),
                    tone: span.tone.name(),
                    label,
                });
            }
        }
        if let (Some(o), Some(x)) = (&lane.out, out_x) {
            let cause = tr.say(&o.cause);
            facts.push(FactRow {
                act: o.act,
                who: lane.game_id.clone(),
                what: tr.t1("picture-fact-out", "cause", &cause),
                whom: String::new(),
            });
            outs.push(OutMark {
                x,
                y: centre(i),
                rest: right - x,
                cause,
            });
        }
    }

    // Each act's links side by side in its column: votes in the right half, the rest in the
    // left half, each at its own x so that no two arrows overlap.
    let mut arrows = Vec::new();
    let mut kinds_used: Vec<LinkKind> = Vec::new();
    let mut by_act: BTreeMap<(u32, bool), Vec<usize>> = BTreeMap::new();
    for (n, l) in t.links.iter().enumerate() {
        let ballot = matches!(l.kind, LinkKind::Vote | LinkKind::Revote);
        by_act.entry((l.act, ballot)).or_default().push(n);
    }
    for ((act, ballot), list) in &by_act {
        let half = ACT_W / 2 - 14;
        let count = i64::try_from(list.len()).unwrap_or(1).max(1);
        let step = (half / count).clamp(2, 12);
        let x0 = col(*act) + if *ballot { ACT_W / 2 + 8 } else { 8 };
        for (k, &n) in list.iter().enumerate() {
            let l = &t.links[n];
            let (Some(&a), Some(&b)) = (row_of.get(l.from.as_str()), row_of.get(l.to.as_str()))
            else {
                continue;
            };
            if !kinds_used.contains(&l.kind) {
                kinds_used.push(l.kind);
            }
            let what = tr.say(&l.label);
            let x = x0 + (i64::try_from(k).unwrap_or(0) % (half / step).max(1)) * step;
            let (y1, y2) = (centre(a), centre(b));
            // The arrow ends short of the target's centre, so its head stays visible.
            let y2 = match y2.cmp(&y1) {
                std::cmp::Ordering::Greater => y2 - 5,
                std::cmp::Ordering::Less => y2 + 5,
                std::cmp::Ordering::Equal => y2,
            };
            arrows.push(Arrow {
                kind: l.kind.name(),
                x,
                y1,
                y2,
                selfward: a == b,
                text: format!(
                    "{} · {} → {}: {what}",
                    tr.t1("game-act", "act", act),
                    l.from,
                    l.to
                ),
            });
            facts.push(FactRow {
                act: *act,
                who: l.from.clone(),
                what,
                whom: l.to.clone(),
            });
        }
    }
    facts.sort_by_key(|f| f.act);
    kinds_used.sort();

    let lanes_bottom = top(t.lanes.len());
    let legend_y = lanes_bottom + 18;
    let tones: Vec<ToneKey> = tone_roles
        .into_iter()
        .enumerate()
        .map(|(k, (tone, names))| ToneKey {
            tone: tone.name(),
            y: legend_y + i64::try_from(k).unwrap_or(0) * KEY_H,
            roles: names.join(" / "),
        })
        .collect();
    let mut kinds: Vec<KindKey> = kinds_used
        .iter()
        .enumerate()
        .map(|(k, kind)| KindKey {
            kind: kind.name(),
            y: legend_y + i64::try_from(tones.len() + k).unwrap_or(0) * KEY_H,
            name: t
                .names
                .iter()
                .find(|(k, _)| k == kind)
                .map(|(_, m)| tr.say(m))
                .unwrap_or_else(|| kind.name().to_string()),
        })
        .collect();
    if !outs.is_empty() {
        kinds.push(KindKey {
            kind: "out",
            y: legend_y + i64::try_from(tones.len() + kinds.len()).unwrap_or(0) * KEY_H,
            name: tr.t("picture-key-out"),
        });
    }
    // The legend: one line per side (its roles), then one per kind of link drawn.
    let keys = i64::try_from(tones.len() + kinds.len()).unwrap_or(0);
    let height = legend_y + keys * KEY_H + 8;
    // Room at the right for the cause of an out in the last act.
    let width = right.max(640) + 120;

    let winner_sentence = tr.t1("reveal-winner", "winner", &winner);
    Picture {
        width,
        fits: width <= FIT_W,
        height,
        title: tr.t1("picture-title", "title", &title),
        desc: format!(
            "{} {} {}",
            tr.say(
                &Message::key("picture-desc")
                    .arg("seats", u64::try_from(t.lanes.len()).unwrap_or(0))
                    .arg("acts", acts)
            ),
            winner_sentence,
            tr.t("picture-desc-how")
        ),
        heads: (1..=acts)
            .map(|a| (col(a), col(a) + ACT_W / 2, tr.t1("game-act", "act", &a)))
            .collect(),
        lanes: t
            .lanes
            .iter()
            .enumerate()
            .map(|(i, l)| LaneView {
                y: top(i),
                game_id: l.game_id.clone(),
                real_id: l.real_id.clone(),
            })
            .collect(),
        bands,
        outs,
        arrows,
        legend_y,
        tones,
        kinds,
        facts,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;
    use crate::rules::{Lane, Link, Out, Span};

    fn link(act: u32, kind: LinkKind, from: &str, to: &str) -> Link {
        Link {
            act,
            kind,
            from: from.into(),
            to: to.into(),
            label: Message::key("action-vote"),
        }
    }

    /// Bars run from act to act and stop where the seat went out; each link is an arrow
    /// inside its own act's column (ballots in its right half), a seat naming itself a ring;
    /// every fact is a row of the table, in act order.
    #[test]
    fn every_fact_is_drawn_in_its_act_and_listed() {
        let span = |from, tone| Span {
            from,
            role: Message::text(if tone == Tone::Bad { "K" } else { "G" }),
            tone,
        };
        let t = Timeline {
            acts: 2,
            lanes: vec![
                Lane {
                    game_id: "A".into(),
                    real_id: "a".into(),
                    spans: vec![span(1, Tone::Good), span(2, Tone::Bad)],
                    out: Some(Out {
                        act: 2,
                        cause: Message::text("voted"),
                    }),
                },
                Lane {
                    game_id: "B".into(),
                    real_id: "b".into(),
                    spans: vec![span(1, Tone::Good)],
                    out: None,
                },
            ],
            links: vec![
                link(1, LinkKind::Vote, "A", "B"),
                link(1, LinkKind::Vote, "B", "B"),
                link(2, LinkKind::Night, "A", "B"),
            ],
            names: Vec::new(),
        };
        let p = draw(&Tr::new(Lang::En), &t, "G", "good");
        let bars: Vec<(i64, i64, &str)> = p.bands.iter().map(|b| (b.x, b.w, b.tone)).collect();
        let mid2 = col(2) + ACT_W / 2;
        assert_eq!(
            bars,
            [
                (col(1), mid2 - col(1), "good"),
                (mid2, 24, "bad"),
                (col(1), col(3) - col(1), "good"),
            ]
        );
        assert_eq!(p.outs.len(), 1);
        assert_eq!((p.outs[0].x, p.outs[0].rest), (mid2, col(3) - mid2));
        assert_eq!(p.arrows.len(), 3);
        for (a, act) in p.arrows.iter().zip([1, 1, 2]) {
            assert!(a.x > col(act) && a.x < col(act + 1), "inside its act");
        }
        assert!(
            p.arrows[0].x > col(1) + ACT_W / 2,
            "a ballot in the right half"
        );
        assert!(p.arrows[2].x < mid2, "an action in the left half");
        assert!(!p.arrows[0].selfward && p.arrows[1].selfward);
        assert!(p.arrows[0].y2 > p.arrows[0].y1, "A is above B");
        let acts: Vec<u32> = p.facts.iter().map(|f| f.act).collect();
        assert_eq!(acts, [1, 1, 1, 1, 2, 2, 2]);
        assert_eq!(p.lanes.len(), 2);
        assert!(p.width >= col(3) && p.height > p.legend_y);
        assert!(p.desc.contains("2 seats over 2 acts"), "{}", p.desc);
    }

    /// Issue 38 item 13d: a game of four or five acts is scaled to the page's width on a wide
    /// screen (it was cut after act 4); a long one scrolls in its labelled box instead.
    #[test]
    fn a_few_acts_fit_the_page_and_a_long_game_scrolls() {
        let of = |acts| Timeline {
            acts,
            lanes: Vec::new(),
            links: Vec::new(),
            names: Vec::new(),
        };
        let tr = Tr::new(Lang::En);
        for acts in [1, 4, 5] {
            assert!(draw(&tr, &of(acts), "G", "good").fits, "{acts} acts fit");
        }
        for acts in [6, 12] {
            assert!(
                !draw(&tr, &of(acts), "G", "good").fits,
                "{acts} acts scroll"
            );
        }
    }
}
