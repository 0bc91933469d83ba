package weak

import (
	"damka/board"
	"damka/engine"
)

// Material is the material balance of the side to move in men: a man counts
// 1, a king 3. It is the score of the test engines (the fake Hub engine and
// MaterialScored), a stand-in evaluation whose value anyone can check by hand.
func Material(p *board.Position) int {
	us, them := p.Side, p.Side.Opponent()
	// PieceCount and KingCount also see a Canadian position's edge squares.
	return p.PieceCount(us) + 2*p.KingCount(us) - p.PieceCount(them) - 2*p.KingCount(them)
}

// materialScored reports Material of the root (in engine units, 100 a man)
// as the score of whatever its inner searcher plays.
type materialScored struct{ inner engine.Searcher }

// MaterialScored wraps s so that every result's score is 100 * Material of
// the searched position: a searcher whose scores are known exactly, for
// tests of what is done with scores (opening selection, adjudication).
func MaterialScored(s engine.Searcher) engine.Searcher { return materialScored{s} }

func (m materialScored) Search(g *board.Game, lim engine.Limits, info func(engine.Info)) engine.Result {
	r := m.inner.Search(g, lim, info)
	r.Score = 100 * Material(g.Position())
	return r
}
func (m materialScored) Stop()                       {}
func (m materialScored) PonderHit()                  {}
func (m materialScored) NewGame()                    { m.inner.NewGame() }
func (m materialScored) SetOptions(o engine.Options) { m.inner.SetOptions(o) }
