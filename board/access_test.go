package board

import (
	"slices"
	"testing"
)

// accessPositions returns positions of random games of v (kings appear as
// men are crowned), plus the extra FENs.
func accessPositions(t *testing.T, v *Variant, extra ...string) []Position {
	var out []Position
	for _, fen := range extra {
		p, err := v.ParseFEN(fen)
		if err != nil {
			t.Fatalf("%s: %v", fen, err)
		}
		out = append(out, p)
	}
	var ml MoveList
	seed := uint64(7)
	for game := 0; game < 4; game++ {
		p := v.Start()
		for ply := 0; ply < 150; ply++ {
			out = append(out, p)
			if v.Generate(&p, &ml); ml.N == 0 {
				break
			}
			seed = seed*6364136223846793005 + 1442695040888963407
			p = p.Play(ml.Moves[int(seed>>33)%ml.N])
		}
	}
	return out
}

// TestAccessors checks every accessor against At, square by square, on
// every board: Canadian's squares above the word included.
func TestAccessors(t *testing.T) {
	extra := map[string][]string{"canadian": {"W:WK1,8,72:B66,K71,30", "B:WK66:BK67"}}
	for _, v := range Variants() {
		t.Run(v.Name, func(t *testing.T) {
			kings, high := 0, 0
			for _, p := range accessPositions(t, v, extra[v.Name]...) {
				total, hasKing := 0, false
				var want, got []Square
				for n := 1; n <= v.Geo.Squares; n++ {
					s, _ := v.Square(n)
					pc := p.At(s)
					king := pc == WhiteKing || pc == BlackKing
					if p.IsKing(s) != king {
						t.Fatalf("%s: IsKing(%d) = %v, piece %d", v.FEN(&p), n, !king, pc)
					}
					for c := White; c <= Black; c++ {
						has := pc == WhiteMan+Piece(c) || pc == WhiteKing+Piece(c)
						if p.Has(c, s) != has {
							t.Fatalf("%s: Has(%s, %d) = %v, piece %d", v.FEN(&p), c, n, !has, pc)
						}
					}
					if s < 64 && (p.KingsIn(s.Bit()) != 0) != king {
						t.Fatalf("%s: KingsIn(square %d) wrong", v.FEN(&p), n)
					}
					if pc != Empty {
						total++
						want = append(want, s)
						if s >= 64 {
							high++
						}
					}
					if king {
						hasKing = true
						kings++
					}
				}
				for s, pc := range p.All() {
					if pc == Empty || p.At(s) != pc {
						t.Fatalf("%s: All gave piece %d on frame bit %d, At %d", v.FEN(&p), pc, s, p.At(s))
					}
					got = append(got, s)
				}
				slices.Sort(want)
				slices.Sort(got)
				if !slices.Equal(got, want) {
					t.Fatalf("%s: All gave %v, want %v", v.FEN(&p), got, want)
				}
				if p.TotalCount() != total || p.HasKing() != hasKing {
					t.Fatalf("%s: TotalCount %d HasKing %v, want %d %v", v.FEN(&p), p.TotalCount(), p.HasKing(), total, hasKing)
				}
				if p.PieceCount(White)+p.PieceCount(Black) != total {
					t.Fatalf("%s: PieceCount sum %d, want %d", v.FEN(&p), p.PieceCount(White)+p.PieceCount(Black), total)
				}
				if !p.IsWide() {
					if q := FromBoard64(p.Board64(), p.Side); q.Board64() != p.Board64() || q.Side != p.Side {
						t.Fatalf("%s: FromBoard64 does not give the words back", v.FEN(&p))
					}
					b := p.Board64()
					if w, bl, k := p.Words(); w != b.Pieces[White] || bl != b.Pieces[Black] || k != b.Kings {
						t.Fatalf("%s: Words and Board64 differ", v.FEN(&p))
					}
				}
			}
			if kings == 0 {
				t.Error("no king in the positions checked")
			}
			if v.Geo.Wide && high == 0 {
				t.Error("no piece above the word in the positions checked")
			}
		})
	}
}

// Board64 hands out words only where they are the whole board.
func TestBoard64RefusesCanadian(t *testing.T) {
	p := Canadian.Start()
	defer func() {
		if recover() == nil {
			t.Error("Board64 of a Canadian position did not panic")
		}
	}()
	_ = p.Board64()
}

func TestWordsRefusesCanadian(t *testing.T) {
	p := Canadian.Start()
	defer func() {
		if recover() == nil {
			t.Error("Words of a Canadian position did not panic")
		}
	}()
	_, _, _ = p.Words()
}
