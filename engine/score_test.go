package engine

import "testing"

func TestFormatScore(t *testing.T) {
	for _, c := range []struct {
		s    int
		want string
	}{
		{0, "+0.00"}, {23, "+0.23"}, {-150, "-1.50"}, {7999, "+79.99"},
		{WinScore - 1, "win in 1"}, {WinScore - 3, "win in 2"}, {WinScore - 4, "win in 2"},
		{-WinScore, "loss in 0"}, {-(WinScore - 2), "loss in 1"},
	} {
		if got := FormatScore(c.s); got != c.want {
			t.Errorf("FormatScore(%d) = %q, want %q", c.s, got, c.want)
		}
	}
}
