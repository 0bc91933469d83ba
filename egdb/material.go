package egdb

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"damka/board"
)

// Material is the piece count of one slice: white men, black men, white
// kings, black kings. Every stored position has White to move; a position
// with Black to move is looked up as its colour-reversed twin
// (board.Position.Mirror), whose material is Material.Mirror. That halves
// the tables and is valid because the rules of every Normal-goal variant
// damka knows treat the two colours alike up to the 180-degree turn of the
// board (the brute-force test checks it without using Mirror).
type Material struct {
	WM, BM, WK, BK int
}

// Pieces is the total number of pieces.
func (m Material) Pieces() int { return m.WM + m.BM + m.WK + m.BK }

// Men is the number of men of both sides.
func (m Material) Men() int { return m.WM + m.BM }

// Mirror is the material of the colour-reversed positions.
func (m Material) Mirror() Material { return Material{m.BM, m.WM, m.BK, m.WK} }

// String writes the material as white "-" black, each side as its men and
// kings: "2k-1k" is two white kings against one black king, "1m1k-2m" a
// white man and king against two black men. White is to move.
func (m Material) String() string {
	side := func(men, kings int) string {
		s := ""
		if men > 0 {
			s += strconv.Itoa(men) + "m"
		}
		if kings > 0 {
			s += strconv.Itoa(kings) + "k"
		}
		if s == "" {
			s = "0"
		}
		return s
	}
	return side(m.WM, m.WK) + "-" + side(m.BM, m.BK)
}

// ParseMaterial reads the notation of Material.String.
func ParseMaterial(s string) (Material, error) {
	var m Material
	w, b, ok := strings.Cut(strings.ToLower(strings.TrimSpace(s)), "-")
	if !ok {
		return m, fmt.Errorf("slice %q: want white-black such as 2k-1k or 1m1k-2m", s)
	}
	side := func(t string) (men, kings int, err error) {
		if t == "0" {
			return 0, 0, nil
		}
		if t == "" {
			return 0, 0, fmt.Errorf("slice %q: empty side", s)
		}
		for t != "" {
			i := 0
			for i < len(t) && t[i] >= '0' && t[i] <= '9' {
				i++
			}
			if i == 0 || i == len(t) || i > 2 {
				return 0, 0, fmt.Errorf("slice %q: want counts such as 2m1k", s)
			}
			n, _ := strconv.Atoi(t[:i])
			switch {
			case t[i] == 'm' && men == 0 && kings == 0:
				men = n
			case t[i] == 'k' && kings == 0:
				kings = n
			default:
				return 0, 0, fmt.Errorf("slice %q: want men then kings, such as 2m1k", s)
			}
			t = t[i+1:]
		}
		return men, kings, nil
	}
	var err error
	if m.WM, m.WK, err = side(w); err != nil {
		return m, err
	}
	if m.BM, m.BK, err = side(b); err != nil {
		return m, err
	}
	return m, nil
}

// valid reports whether m describes positions that can be tabled for v:
// both sides have a piece (a side without pieces has lost already, which
// needs no table) and the men fit on the squares they may stand on.
func (m Material) valid(v *board.Variant) bool {
	g := v.Geo
	menSquares := g.Squares - g.Width/2
	return m.WM >= 0 && m.BM >= 0 && m.WK >= 0 && m.BK >= 0 &&
		m.WM+m.WK > 0 && m.BM+m.BK > 0 &&
		m.WM <= menSquares && m.BM <= menSquares && m.Pieces() <= g.Squares
}

// canonical is the member of the pair {m, m.Mirror()} that names the pair.
func (m Material) canonical() Material {
	r := m.Mirror()
	if less(r, m) {
		return r
	}
	return m
}

func less(a, b Material) bool {
	if a.Pieces() != b.Pieces() {
		return a.Pieces() < b.Pieces()
	}
	if a.Men() != b.Men() {
		return a.Men() < b.Men()
	}
	if a.WM != b.WM {
		return a.WM > b.WM
	}
	if a.BM != b.BM {
		return a.BM > b.BM
	}
	return a.WK > b.WK
}

// Materials lists every tabled material of v with at most n pieces, in
// build order: fewer pieces first (captures lead there), then fewer men
// (promotions lead there), mirror twins side by side since they are solved
// together.
func Materials(v *board.Variant, n int) []Material {
	var out []Material
	for p := 2; p <= n; p++ {
		for wm := 0; wm <= p; wm++ {
			for bm := 0; wm+bm <= p; bm++ {
				for wk := 0; wm+bm+wk <= p; wk++ {
					m := Material{wm, bm, wk, p - wm - bm - wk}
					if m.valid(v) {
						out = append(out, m)
					}
				}
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i].canonical(), out[j].canonical()
		if a != b {
			return less(a, b)
		}
		return out[i] == a && out[j] != a
	})
	return out
}

// Dependencies lists the materials (White to move) that the positions of
// the pair {m, m.Mirror()} can reach by a capture or a promotion: they must
// be solved before the pair. Materials where a side has no pieces are left
// out (those positions are lost for the side to move, by rule).
func Dependencies(v *board.Variant, m Material) []Material {
	seen := map[Material]bool{}
	var out []Material
	add := func(c Material) {
		c = c.Mirror() // the child has Black to move: look it up mirrored
		if c.valid(v) && !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
	}
	for _, s := range []Material{m, m.Mirror()} {
		// White moves. A capture takes at least one black piece and may
		// crown the capturing man; a quiet move may crown a man.
		for bm := 0; bm <= s.BM; bm++ {
			for bk := 0; bk <= s.BK; bk++ {
				if bm+bk == s.BM+s.BK {
					continue
				}
				add(Material{s.WM, bm, s.WK, bk})
				if s.WM > 0 {
					add(Material{s.WM - 1, bm, s.WK + 1, bk})
				}
			}
		}
		if s.WM > 0 {
			add(Material{s.WM - 1, s.BM, s.WK + 1, s.BK})
		}
	}
	sort.Slice(out, func(i, j int) bool { return less(out[i], out[j]) })
	return out
}

// Wave is the length of the longest chain of dependencies below m: slices
// of one wave depend only on earlier waves, so a batch system may run the
// slices of a wave as independent jobs.
func Wave(v *board.Variant, m Material) int {
	memo := map[Material]int{}
	var wave func(m Material) int
	wave = func(m Material) int {
		m = m.canonical()
		if w, ok := memo[m]; ok {
			return w
		}
		w := 0
		for _, d := range Dependencies(v, m) {
			w = max(w, wave(d)+1)
		}
		memo[m] = w
		return w
	}
	return wave(m)
}
