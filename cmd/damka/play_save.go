package main

// save and load: the game of a play session as a PDN file, written by the
// board package's PDN writer so that every PDN reader of the project (and
// other programs) reads it back, and read back to go on with it.

import (
	"bytes"
	"os"
	"strconv"
	"strings"

	"damka/board"
	"damka/format/pdn"
)

// pdnGame is the session's game with its tags: the players by the side the
// person plays now, the date, and the result when the game is over ("*"
// while it goes on).
func (g *game) pdnGame() *pdn.Game {
	pg := &pdn.Game{Game: g.game.Clone()}
	white, black := "you", "damka "+version
	if g.you == board.Black {
		white, black = black, white
	}
	result := "*"
	if s := g.status(); s.Over {
		result = pdn.ResultToken(g.v, s.White())
	}
	pg.Tags = []pdn.Tag{
		{Name: "Event", Value: "damka play"},
		{Name: "Date", Value: pdn.Date(g.now())},
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
	if err := g.pdnGame().Write(&buf); err != nil {
		g.printf("save: %v\n", err)
		return
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		g.printf("save: %v\n", err)
		return
	}
	g.printf("saved %s to %s\n", moveCount(g.game.Len()), path)
}

// load replaces the session's game by game N (default 1) of a PDN file:
// "load FILE" or "load FILE N". Its variant becomes the session's; the
// engine moves if it is its turn.
func (g *game) load(args string) {
	path, n := args, 1
	if i := strings.LastIndexByte(args, ' '); i > 0 {
		if k, err := strconv.Atoi(args[i+1:]); err == nil {
			path, n = strings.TrimSpace(args[:i]), k
		}
	}
	if path == "" {
		g.printf("usage: load FILE [N]\n")
		return
	}
	pg, err := readPDNGame(path, n)
	if err != nil {
		g.printf("load: %s\n", clipQuoted(err.Error()))
		return
	}
	g.reset(pg.Game)
	g.printf("loaded %s, %s; you play %s\n", g.v.Title, moveCount(g.game.Len()), title(g.you))
	g.show()
	g.engineTurn()
}
