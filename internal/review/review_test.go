package review

import (
	"testing"

	"damka/engine"
)

func TestMark(t *testing.T) {
	for _, tc := range []struct {
		loss int
		want string
	}{
		{0, ""}, {29, ""}, {30, "?!"}, {69, "?!"}, {70, "?"}, {149, "?"}, {150, "??"}, {Cap * 2, "??"},
	} {
		if got := Mark(tc.loss); got != tc.want {
			t.Errorf("Mark(%d) = %q, want %q", tc.loss, got, tc.want)
		}
	}
}

func TestFormatWhite(t *testing.T) {
	for _, tc := range []struct {
		s    int
		want string
	}{
		{2, "+0.02"}, {-135, "-1.35"}, {0, "+0.00"},
		{engine.WinScore - 13, "White wins in 7"}, {-(engine.WinScore - 13), "Black wins in 7"},
	} {
		if got := FormatWhite(tc.s); got != tc.want {
			t.Errorf("FormatWhite(%d) = %q, want %q", tc.s, got, tc.want)
		}
	}
	if Capped(engine.WinScore) != Cap || Capped(-engine.WinScore) != -Cap || Capped(42) != 42 {
		t.Errorf("Capped does not bound to ±%d", Cap)
	}
}
