//! Ballots and their tallies: the night's majority of a team (CL-1, CL-2; R4-4's kill and
//! check) and the day's vote with its ties (CL-6, CL-7; 4.0's vote, R4-1).

use super::seat::Seat;

/// CL-1's majority over the counting submissions (each seat's last, with its sequence number):
/// the seat named most; a tie goes to the tied seat named by the earliest counting submission.
/// `None` when nobody submitted.
pub fn majority(subs: &[Option<(Seat, u64)>]) -> Option<Seat> {
    let mut best: Option<(usize, u64, Seat)> = None;
    for &(target, _) in subs.iter().flatten() {
        let named = subs.iter().flatten().filter(|(t, _)| *t == target);
        let count = named.clone().count();
        let earliest = named.map(|(_, seq)| *seq).min().unwrap_or(u64::MAX);
        let better = match best {
            None => true,
            Some((c, e, _)) => count > c || (count == c && earliest < e),
        };
        if better {
            best = Some((count, earliest, target));
        }
    }
    best.map(|(_, _, t)| t)
}

/// What a round's ballots decide.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Count {
    /// Round 1 and nobody voted for: nobody is out.
    Nobody,
    /// The one seat with most votes.
    Out(Seat),
    /// The seats of the tie, in seat order.
    Tie(Vec<Seat>),
}

/// Counts `ballots` (each seat's, `None` for none or an abstention) for `candidates` (seat
/// order) in `round`. In rounds 2 and 3 a round that gives no candidate a vote is a tie of them
/// all (CL-7).
pub fn count(ballots: &[Option<Seat>], candidates: &[Seat], round: u8) -> Count {
    let votes = |c: Seat| ballots.iter().filter(|b| **b == Some(c)).count();
    let top = candidates.iter().map(|&c| votes(c)).max().unwrap_or(0);
    if top == 0 {
        return if round == 1 {
            Count::Nobody
        } else {
            Count::Tie(candidates.to_vec())
        };
    }
    let leaders: Vec<Seat> = candidates
        .iter()
        .copied()
        .filter(|&c| votes(c) == top)
        .collect();
    match leaders.as_slice() {
        [one] => Count::Out(*one),
        _ => Count::Tie(leaders),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cl_1_most_named_then_the_earliest_counting_submission() {
        let s = Seat;
        assert_eq!(majority(&[None, None]), None);
        assert_eq!(
            majority(&[Some((s(3), 5)), Some((s(4), 2)), Some((s(3), 9))]),
            Some(s(3))
        );
        assert_eq!(
            majority(&[Some((s(3), 5)), None, Some((s(4), 2))]),
            Some(s(4))
        );
    }

    #[test]
    fn cl_6_cl_7_counting() {
        let s = Seat;
        let all = [s(0), s(1), s(2)];
        assert_eq!(count(&[None, None, None], &all, 1), Count::Nobody);
        assert_eq!(
            count(&[None, None, None], &all[..2], 2),
            Count::Tie(vec![s(0), s(1)])
        );
        assert_eq!(
            count(&[Some(s(2)), Some(s(2)), Some(s(0))], &all, 1),
            Count::Out(s(2))
        );
        assert_eq!(
            count(&[Some(s(2)), Some(s(0)), None], &all, 1),
            Count::Tie(vec![s(0), s(2)])
        );
    }
}
