//! How a game is played, shared by every game (heap boards, graphs, Sprouts) and by the modules that
//! read, word and play turns for it: the rules (normal or misère), the opponent (another person, or
//! the computer at a level) and the two sides. A leaf: it uses nothing else in `play`.

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Rules {
    /// The player who cannot move loses.
    Normal,
    /// The player who cannot move wins.
    Misere,
}

impl Rules {
    /// The rules from the engine's flag.
    pub fn from_misere(misere: bool) -> Rules {
        if misere {
            Rules::Misere
        } else {
            Rules::Normal
        }
    }

    /// The engine's flag: whether the player who cannot move wins.
    pub fn is_misere(self) -> bool {
        self == Rules::Misere
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// Always a winning move when there is one.
    Perfect,
    /// Usually perfect, sometimes a random move.
    Strong,
    /// Random legal moves.
    Learner,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Perfect, Level::Strong, Level::Learner];

    pub fn name(self) -> &'static str {
        match self {
            Level::Perfect => "perfect",
            Level::Strong => "strong",
            Level::Learner => "learner",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Opponent {
    /// Two people take turns at the board.
    Human,
    /// The computer plays one side.
    Computer { moves_first: bool, level: Level },
}

impl Opponent {
    /// The person takes the computer's side and the computer the person's ("Swap sides").
    pub fn swapped(self) -> Opponent {
        match self {
            Opponent::Computer { moves_first, level } => Opponent::Computer {
                moves_first: !moves_first,
                level,
            },
            Opponent::Human => Opponent::Human,
        }
    }
}

/// The player to move: the one who moved first, or the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    First,
    Second,
}
