package main

// save: the game of a play session as a PDN file, written by the board
// package's PDN writer so that every PDN reader of the project (and other
// programs) reads it back.

import (
	"bytes"
	"os"

	"damka/engine/board"
)

// pdnGame is the session's game with its tags: the players by the side the
// person plays now, the date, and the result when the game is over ("*"
// while it goes on).
func (g *game) pdnGame() *board.Game {
	pg := g.game.Clone()
	white, black := "you", "damka "+version
	if g.you == board.Black {
		white, black = black, white
	}
	result := "*"
	if s := g.status(); s.Over {
		result = board.ResultToken(g.v, s.White())
	}
	pg.Tags = []board.Tag{
		{Name: "Event", Value: "damka play"},
		{Name: "Date", Value: g.now().Format("2006.01.02")},
		{Name: "White", Value: white},
		{Name: "Black", Value: black},
		{Name: "Result", Value: result},
	}
	pg.Result = result
	return pg
}

// save writes the game to path, replacing the file.
func (g *game) save(path string) {
	if path == "" {
		g.printf("usage: save FILE\n")
		return
	}
	var buf bytes.Buffer
	if err := g.pdnGame().WritePDN(&buf); err != nil {
		g.printf("save: %v\n", err)
		return
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		g.printf("save: %v\n", err)
		return
	}
	g.printf("saved %d moves to %s\n", g.game.Len(), path)
}
