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
//
// A shard (Config.Shard of Config.Shards) plays the game pairs q with
// q mod Shards == Shard: both colours of an opening stay in one shard, so
// that the pentanomial statistics of the shards pooled are the match's.
type schedule struct {
	pairings [][2]int
	perPair  int // games per pairing
	openings int
	shard    int
	shards   int // 0 or 1: the whole match
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

// total is the number of games of the whole match.
func (s schedule) total() int { return s.perPair * len(s.pairings) }

// mine reports whether game idx belongs to this run's shard.
func (s schedule) mine(idx int) bool {
	return s.shards <= 1 || (idx/2)%s.shards == s.shard
}

// planned is the number of games this run's shard plays.
func (s schedule) planned() int {
	if s.shards <= 1 {
		return s.total()
	}
	n := 0
	for i := 0; i < s.total(); i++ {
		if s.mine(i) {
			n++
		}
	}
	return n
}

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
