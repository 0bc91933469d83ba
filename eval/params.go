package eval

// params are the weights of one variant family. Values are in the score
// unit (100 = one man). They are hand-set starting points, not tuned.
type params struct {
	king      int // value of a king
	guard     int // middlegame bonus per man on a guarding back-row square
	balance   int // middlegame penalty per man of left/right imbalance
	locked    int // penalty per man whose way forward is blocked by the opponent
	mobility  int // bonus per free forward step of a man
	kingDiag  int // flying king on the main diagonal
	kingCtr   int // king on a central square
	runaway   int // bonus for a man that cannot be stopped, before distance
	runawayPP int // runaway bonus lost per row still to go
	under     int // Bashni: a piece under a top, in percent of the same piece on top
	// drawish is set for flying-king games, where a lone king holds many
	// endings a piece or two down.
	drawish bool
}

var (
	// International: a flying king on 50 squares is worth about three men.
	paramsInternational = params{
		king: 320, guard: 8, balance: 3, locked: 6, mobility: 1,
		kingDiag: 20, kingCtr: 5, runaway: 160, runawayPP: 15, under: 50, drawish: true,
	}
	// Russian and Brazilian: flying kings on the small board; men reach the
	// far row quickly, so runaways matter more per row.
	paramsFlying8x8 = params{
		king: 300, guard: 10, balance: 3, locked: 6, mobility: 1,
		kingDiag: 25, kingCtr: 5, runaway: 150, runawayPP: 20, under: 50, drawish: true,
	}
	// English: a short king is only somewhat better than a man.
	paramsShort = params{
		king: 140, guard: 10, balance: 2, locked: 4, mobility: 2,
		kingDiag: 0, kingCtr: 8, runaway: 30, runawayPP: 5, under: 50,
	}
)
