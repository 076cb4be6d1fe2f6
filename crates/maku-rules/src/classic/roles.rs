//! Roles and factions of the classic presets (`../shared/rules/classic.md`); seats and teams are
//! the table's (`crate::table`).

use crate::setups::RoleCode;
use crate::table::Team;

/// The two factions of 无间道 (WJ-1): 匪 and 警.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Faction {
    /// 匪
    Fei,
    /// 警
    Jing,
}

impl Faction {
    pub const ALL: [Faction; 2] = [Faction::Fei, Faction::Jing];

    /// `匪` or `警`: the role, the peek call and the winner's name.
    pub fn name(self) -> &'static str {
        match self {
            Faction::Fei => "匪",
            Faction::Jing => "警",
        }
    }

    pub fn from_name(name: &str) -> Option<Faction> {
        match name {
            "匪" => Some(Faction::Fei),
            "警" => Some(Faction::Jing),
            _ => None,
        }
    }

    pub fn other(self) -> Faction {
        match self {
            Faction::Fei => Faction::Jing,
            Faction::Jing => Faction::Fei,
        }
    }
}

/// A seat's secret role, dealt at the start and kept to the end.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    Killer,
    Police,
    Civilian,
    /// 4.0's doctor at a classic table that deals one (a judge's own setup): good, in no team
    /// (R4-2: it learns nobody), it saves one seat a night (R4-3), by R4-4 (2) and (4).
    Doctor,
    /// 5.0's sniper at a classic table that deals one (a judge's own setup): good, in no team
    /// (5.0: nobody learns anybody's role), it shoots one seat a night (R5-1), by R5-3.
    Sniper,
    /// 4.0's butterfly (花蝴蝶) at a classic table that deals one (a judge's own setup): good, in
    /// no team (R4-2: it learns nobody), it hugs one other seat a night (R4-3), by R4-4 (1), (2).
    Butterfly,
    /// 4.0's secret police (秘密警察) at a classic table that deals one: good, in no team thread
    /// (R4-2: he learns nobody), once per game he kills one other seat (R4-3), by R4-4 (1), (3);
    /// a police role for CL-10 (R4-6 counts him with the police).
    SecretPolice,
    /// 4.0's forest elder (森林老人) at a classic table that deals one: good, in no team (R4-2:
    /// it learns nobody), it silences one seat a night, itself allowed (R4-3), applied after the
    /// night's deaths (R4-4 (5)); the silenced seat keeps its vote but not its voice the next
    /// day (R4-5).
    Elder,
    /// 4.0's undercover (卧底) at a classic table that deals one (a judge's own setup): he wins
    /// with the killers; the killers learn him and he them, and he sits in their thread in act
    /// 1 only; the police learn him as a member of their team without knowing which he is
    /// (R4-2); he checks with the police (R4-3) and reads `killer` (`undercover.rs`).
    Undercover,
    /// 5.0's magician (魔法师) at a classic table that deals one (a judge's own setup): he wins
    /// with the killers and reads `killer` (R5-3 (4)'s `bad`), in no team (5.0: nobody learns
    /// anybody); each night he takes one other seat's action away (R5-1, R5-3 (2)), and while
    /// every killer is out he holds the kill instead (R5-2; `magician.rs`).
    Magician,
    /// 5.0's wizard (巫师) at a classic table that deals one (a judge's own setup): he wins with
    /// the killers and reads `killer` (R5-3 (4)'s `bad`), in no team (5.0: nobody learns
    /// anybody); each night he queries one other seat and learns whom its own submission named
    /// (R5-1, R5-3 (4)), and while every killer and the magician dealt are out he holds the
    /// kill instead (R5-2; `wizard.rs`).
    Wizard,
    /// 5.0's good civilian (善民) at a classic table that deals one (a judge's own setup):
    /// good, in no team (5.0: nobody learns anybody); each night it casts one dark vote on a
    /// living seat, itself allowed (R5-1), added unseen to the next day's first vote round
    /// (R5-4; `dark_vote.rs`); it counts among the civilians (CL-10).
    GoodCivilian,
    /// 5.0's evil civilian (恶民) at a classic table that deals one: he wins with the killers
    /// but does not count with them nor among the civilians (R5-5: "civilians do not count"),
    /// and a check of him reads `not_killer` (R5-3 (4): the police learn `good`); in no team;
    /// each night he casts one dark vote as the good civilian does (R5-1, R5-4).
    EvilCivilian,
    /// 5.0's doctor (医生), the needle doctor, at a classic table that deals one (a judge's own
    /// setup; 4.0's doctor is [`Role::Doctor`]): good, in no team (5.0: nobody learns anybody);
    /// each night it needles one living seat, itself allowed (R5-1): the needle cancels one
    /// kill or shot on its seat, and a seat given two empty needles dies (R5-3 (5);
    /// `needle.rs`); it counts among the civilians (CL-10).
    NeedleDoctor,
    /// 5.0's forest elder (森林老人, bad; the code `dark_elder`) at a classic table that deals
    /// one (a judge's own setup): he wins with the killers and reads `killer` (R5-3 (4)'s
    /// `bad`), in no team (5.0: nobody learns anybody); each night he silences one living
    /// seat, itself allowed (R5-1), landing with the rest after the magic (R5-3 (3)): the next
    /// day the silenced seat neither speaks nor votes (R5-4); while every killer and the
    /// magician dealt are out he holds the kill instead (R5-2; `dark_elder.rs`). 4.0's elder
    /// ([`Role::Elder`]) is another role, good.
    DarkElder,
    /// 5.0's butterfly (花蝴蝶（护身）, the shield butterfly) at a classic table that deals one
    /// (a judge's own setup): good, in no team (5.0: nobody learns anybody); each night it hugs
    /// one other seat (R5-1), immune that night to everything aimed at it, while what lands on
    /// the butterfly lands on it too (R5-3 (1)-(4); `shield.rs`); it counts among the
    /// civilians (CL-10).
    ShieldButterfly,
    /// A wujian seat (WJ-1): it knows only its own faction.
    Faction(Faction),
}

impl Role {
    /// R5-2's line of the kill after the killers at a classic table: the bad specials of 5.0
    /// the table may deal, in the book's order — the magician, 5.0's forest elder (the
    /// classic `dark_elder`; 4.0's `elder`, a good seat, is none of them), then the wizard. A
    /// role not dealt counts as out.
    pub const HEIRS: [Role; 3] = [Role::Magician, Role::DarkElder, Role::Wizard];

    /// The role a classic table deals for the document's `code` (wujian's cards are its
    /// factions): the setup check reads a deal as this engine counts its seats at the end
    /// (the parity win rule's check at the start, `setups/check.rs`).
    pub fn of_code(code: RoleCode) -> Role {
        match code {
            RoleCode::Killer => Role::Killer,
            RoleCode::Police => Role::Police,
            RoleCode::Civilian => Role::Civilian,
            RoleCode::Bandit => Role::Faction(Faction::Fei),
            RoleCode::Cop => Role::Faction(Faction::Jing),
            RoleCode::Butterfly => Role::Butterfly,
            RoleCode::Elder => Role::Elder,
            RoleCode::Doctor => Role::Doctor,
            RoleCode::Undercover => Role::Undercover,
            RoleCode::SecretPolice => Role::SecretPolice,
            RoleCode::Sniper => Role::Sniper,
            RoleCode::GoodCivilian => Role::GoodCivilian,
            RoleCode::Magician => Role::Magician,
            RoleCode::Wizard => Role::Wizard,
            RoleCode::EvilCivilian => Role::EvilCivilian,
            RoleCode::NeedleDoctor => Role::NeedleDoctor,
            RoleCode::DarkElder => Role::DarkElder,
            RoleCode::ShieldButterfly => Role::ShieldButterfly,
        }
    }

    /// Whether it counts for good at the end (CL-10's good, the parity rule's): a police role
    /// ([`Role::counts_as_police`]) or one counted among the civilians
    /// ([`Role::counts_as_civilian`]). Not the evil civilian (R5-5: "civilians do not count"),
    /// nor a wujian faction.
    pub fn counts_for_good(self) -> bool {
        self.counts_as_police() || self.counts_as_civilian()
    }

    /// `killer`, `police`, `civilian`, `doctor`, `sniper`, `butterfly`, `secret_police`,
    /// `elder`, `undercover`, `magician`, `wizard`, `good_civilian`, `evil_civilian`,
    /// `needle_doctor`, `dark_elder`, `shield_butterfly`, or the faction's name.
    pub fn name(self) -> &'static str {
        match self {
            Role::Killer => "killer",
            Role::Police => "police",
            Role::Civilian => "civilian",
            Role::Doctor => "doctor",
            Role::Sniper => "sniper",
            Role::Butterfly => "butterfly",
            Role::SecretPolice => "secret_police",
            Role::Elder => "elder",
            Role::Undercover => "undercover",
            Role::Magician => "magician",
            Role::Wizard => "wizard",
            Role::GoodCivilian => "good_civilian",
            Role::EvilCivilian => "evil_civilian",
            Role::NeedleDoctor => "needle_doctor",
            Role::DarkElder => "dark_elder",
            Role::ShieldButterfly => "shield_butterfly",
            Role::Faction(f) => f.name(),
        }
    }

    /// The team it belongs to (CL-0), the one whose last living member it may be (CL-9);
    /// civilians, the doctor, the butterfly, the secret police and the elder (R4-2: they learn
    /// nobody), the sniper (5.0) and wujian seats have none. The undercover has none either: he
    /// is told both teams and sits in their threads ([`Role::told_in`], [`Role::sits_in`]) but
    /// is a killer of neither (R4-3: the kill is the killers') nor a police officer, and CL-9
    /// gives the surrender to a killer or a police officer only. Nor the magician and the
    /// wizard, nor the good and the evil civilian, nor the needle doctor, nor 5.0's forest
    /// elder, nor 5.0's butterfly (5.0: nobody learns anybody): each is told no team, sits in no
    /// thread and never surrenders.
    pub fn team(self) -> Option<Team> {
        match self {
            Role::Killer => Some(Team::Killers),
            Role::Police => Some(Team::Police),
            Role::Civilian
            | Role::Doctor
            | Role::Sniper
            | Role::Butterfly
            | Role::SecretPolice
            | Role::Elder
            | Role::Undercover
            | Role::Magician
            | Role::Wizard
            | Role::GoodCivilian
            | Role::EvilCivilian
            | Role::NeedleDoctor
            | Role::DarkElder
            | Role::ShieldButterfly
            | Role::Faction(_) => None,
        }
    }

    /// Whether it is told `team`'s members and named among them (CL-0): its own team's
    /// members; the undercover both teams (R4-2: the killers and he learn each other, and the
    /// police and he learn each other as one team).
    pub fn told_in(self, team: Team) -> bool {
        self.team() == Some(team) || self == Role::Undercover
    }

    /// Whether it reads and writes `team`'s thread in act `act` (CL-0, R4-2): its own team's
    /// members; the undercover the killers' in act 1 only ("from night 2 on he leaves their
    /// thread") and the police's throughout.
    pub fn sits_in(self, team: Team, act: u32) -> bool {
        match self {
            Role::Undercover => team == Team::Police || act == 1,
            _ => self.team() == Some(team),
        }
    }

    /// Whether it keeps `team` standing for CL-9 (a seat may surrender only as the last
    /// living member of its team): the team's own members; for the police also the
    /// undercover — the police do not know which member of their team he is (R4-2), so an
    /// officer is not the last while the undercover lives (the surrender offered to him would
    /// tell him who the other is). Not for the killers: he is no killer (the killers know
    /// him, and a killer whose fellow killers are out is the last of them). Never the
    /// magician, 5.0's forest elder nor the wizard: nobody knows them (5.0), and they are no
    /// members of a team.
    pub fn keeps_standing(self, team: Team) -> bool {
        self.team() == Some(team) || (team == Team::Police && self == Role::Undercover)
    }

    /// Whether it takes part in the police team's check (CL-2's majority, R4-3: the police and
    /// the undercover) and is told its result.
    pub fn checks(self) -> bool {
        matches!(self, Role::Police | Role::Undercover)
    }

    /// Whether it wins with the killers and counts with them for CL-10 and CL-11 ("all
    /// killers out"): the killers, the undercover (R4-6: good wins when all killers and the
    /// undercover are out), the magician, 5.0's forest elder and the wizard (R5-5: good wins
    /// when the bad specials are all out); a check of it reads `killer` (R4-3; R5-3 (4): the
    /// magician, the forest elder and the wizard are `bad`). Who knows whom is
    /// [`Role::told_in`]: the killers know none of 5.0's. Not the evil civilian: he wins with the killers
    /// ([`Role::wins_with_killers`]) but R5-5 does not count civilians, and R5-3 (4) reads him
    /// `good`.
    pub fn with_killers(self) -> bool {
        matches!(
            self,
            Role::Killer | Role::Undercover | Role::Magician | Role::DarkElder | Role::Wizard
        )
    }

    /// Whether it wins with the killers (CL-10's killers' side; the reveal's bad side): every
    /// role that counts with them ([`Role::with_killers`]), and 5.0's evil civilian, who is of
    /// the bad side but counts for nothing at the end (R5-5: "civilians do not count").
    pub fn wins_with_killers(self) -> bool {
        self.with_killers() || self == Role::EvilCivilian
    }

    /// R5-1: whether it may not name itself with any action ("the ban follows the role"), so
    /// that holding the kill (R5-2) it may not kill itself: the magician and the wizard. Not
    /// 5.0's forest elder, whose silence may name himself, and so may his kill (the classic
    /// killers' may too, CL-1).
    pub fn self_banned(self) -> bool {
        matches!(self, Role::Magician | Role::Wizard)
    }

    /// Whether it hugs one other seat at night: 4.0's butterfly (R4-3) and 5.0's, the shield
    /// butterfly (R5-1). A classic table deals one of them at most (`setup-role-one`,
    /// `setup-one-butterfly`), so a night holds one hug.
    pub fn hugs(self) -> bool {
        matches!(self, Role::Butterfly | Role::ShieldButterfly)
    }

    /// Whether it casts a dark vote at night (R5-1: the good and the evil civilian).
    pub fn dark_votes(self) -> bool {
        matches!(self, Role::GoodCivilian | Role::EvilCivilian)
    }

    /// Whether it counts among the civilians of CL-10 ("all civilians out") and CL-11: the
    /// civilians, and the doctor, the sniper, the butterfly (either book's), the elder, 5.0's
    /// good civilian and 5.0's needle doctor, good seats outside the police dealt in their place
    /// (`docs/setups.md`, "Roles across books"). The secret police is not: he is a police role
    /// ([`Role::counts_as_police`]); nor are the undercover, the magician, 5.0's forest elder and
    /// the wizard, who count with the killers ([`Role::with_killers`]); nor is 5.0's evil
    /// civilian, who wins with the killers and counts for nobody (R5-5: "civilians do not count";
    /// a civilian of the killers' side is no
    /// civilian of CL-10's "all civilians out").
    pub fn counts_as_civilian(self) -> bool {
        matches!(
            self,
            Role::Civilian
                | Role::Doctor
                | Role::Sniper
                | Role::Butterfly
                | Role::ShieldButterfly
                | Role::Elder
                | Role::GoodCivilian
                | Role::NeedleDoctor
        )
    }

    /// Whether it counts among the police of CL-10 ("all police out → killers win"): the
    /// police, and the secret police, whom R4-6 counts with them ("the two police and the
    /// secret police are all out"). He sits in no police thread (R4-2) and CL-4's count of
    /// last words stays the police dealt (R4-1: last words for the first 2 seats out of 4.0's
    /// two police and a secret police). The undercover is not police: he wins with the
    /// killers.
    pub fn counts_as_police(self) -> bool {
        matches!(self, Role::Police | Role::SecretPolice)
    }
}

/// Where a wujian seat opens its eyes on the one night (WJ-2).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Call {
    /// At the call of this faction.
    At(Faction),
    /// Not at all.
    Closed,
}

impl Call {
    pub const NAMES: [&'static str; 3] = ["匪", "警", "none"];

    /// `匪`, `警` or `none`, as the action object names it.
    pub fn name(self) -> &'static str {
        match self {
            Call::At(f) => f.name(),
            Call::Closed => "none",
        }
    }

    pub fn from_name(name: &str) -> Option<Call> {
        match name {
            "none" => Some(Call::Closed),
            other => Faction::from_name(other).map(Call::At),
        }
    }
}
