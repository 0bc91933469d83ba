package main

import (
	"os"

	"damka/board"
	"damka/format/pdn"
	"damka/internal/diagram"
)

func init() {
	register(command{"diagram", "draw a position (FEN, or a PDN game at a move) as an SVG picture", diagramCmd})
}

func diagramCmd(args []string) error {
	fs := newFlags("diagram")
	variant := fs.String("variant", "international", "rule set (with --fen)")
	fen := fs.String("fen", "", "position (PDN FEN); default the start position")
	pdn := fs.String("pdn", "", "PDN file: draw a position of one of its games instead of --fen")
	gameNo := fs.Int("game", 1, "with --pdn: which game of the file (1 = the first)")
	move := fs.Int("move", -1, "with --pdn: the position after this many half-moves (plies), 0 the start; default the end of the game")
	flip := fs.Bool("flip", false, "Black at the bottom")
	size := fs.Int("size", 50, "side of a square in pixels")
	out := fs.String("o", "", "output file (default: standard output)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *size < 8 || *size > 1000 {
		return usagef("--size must be from 8 to 1000 pixels, not %d", *size)
	}
	g, err := diagramGame(*variant, *fen, *pdn, *gameNo)
	if err != nil {
		return err
	}
	ply := *move
	switch {
	case *pdn == "" && ply != -1:
		return usagef("--move needs --pdn")
	case ply == -1:
		ply = g.Len()
	case ply < 0 || ply > g.Len():
		return usagef("--move %d: the game has %d half-moves (use 0 to %d)", ply, g.Len(), g.Len())
	}
	v := g.Variant()
	opt := diagram.Options{Flip: *flip, Towers: g.TowersAt(ply), SquareSize: *size}
	if ply > 0 {
		diagram.LastMove(v, g.At(ply-1), g.Moves()[ply-1], &opt)
	}
	w, closeOut, err := createOutput(*out)
	if err != nil {
		return err
	}
	defer closeOut()
	if err := diagram.Write(w, v, g.At(ply), opt); err != nil {
		return err
	}
	if f, ok := w.(*os.File); ok && f != os.Stdout {
		return f.Close()
	}
	return nil
}

// diagramGame is the game that --fen or --pdn name.
func diagramGame(variant, fen, pdnPath string, n int) (*board.Game, error) {
	if pdnPath == "" {
		return gameFlags(variant, fen)
	}
	if fen != "" {
		return nil, usagef("give --fen or --pdn, not both")
	}
	f, err := os.Open(pdnPath)
	if err != nil {
		return nil, usagef("--pdn: %v", err)
	}
	defer f.Close()
	games, err := pdn.Read(f)
	if err != nil {
		return nil, usagef("--pdn %s: %s", pdnPath, clipQuoted(err.Error()))
	}
	if len(games) == 0 {
		return nil, usagef("--pdn %s: no game in the file", pdnPath)
	}
	if n < 1 || n > len(games) {
		return nil, usagef("--game %d: %s holds %d game(s)", n, pdnPath, len(games))
	}
	return games[n-1].Game, nil
}
