package match

// schedule maps a game number to its players and opening. It is a pure
// function of the game number, so that --resume and concurrent workers
// agree on every game without shared state.
//
// Games come in pairs: game 2q and 2q+1 play the same opening with colours
// swapped. Pairs cycle through the pairings (every pair of engines, in
// order (0,1), (0,2), ..., (1,2), ...): pair q belongs to pairing q mod P,
// and round q / P of that pairing, which plays opening (q / P) mod
// len(openings). In game 2q the pairing's first engine has White.
type schedule struct {
	pairings [][2]int
	perPair  int // games per pairing
	openings int
}

func newSchedule(engines, gamesPerPairing, openings int) schedule {
	s := schedule{perPair: gamesPerPairing, openings: max(openings, 1)}
	for i := 0; i < engines; i++ {
		for j := i + 1; j < engines; j++ {
			s.pairings = append(s.pairings, [2]int{i, j})
		}
	}
	return s
}

func (s schedule) total() int { return s.perPair * len(s.pairings) }

// pair returns the game pair of game idx and its pairing.
func (s schedule) pair(idx int) (q, pairing int) {
	q = idx / 2
	return q, q % len(s.pairings)
}

// at returns the engines playing White and Black in game idx and the
// opening.
func (s schedule) at(idx int) (white, black, opening int) {
	q, pi := s.pair(idx)
	p := s.pairings[pi]
	opening = (q / len(s.pairings)) % s.openings
	if idx%2 == 0 {
		return p[0], p[1], opening
	}
	return p[1], p[0], opening
}
