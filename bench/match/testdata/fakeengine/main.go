// Command fakeengine is a minimal Hub engine for the match runner's tests:
// it plays uniformly random legal moves (weak.NewRandomSearcher, reseeded
// at every new-game so that games are reproducible) and can misbehave on
// purpose.
//
//	fakeengine [hub] [-mode M] [-after N] [-seed S] [-think SECONDS] [-name NAME]
//
// Modes, triggered on the process's move number N+1 (counting every go
// think since it started): normal, crash (exit 3), hang (never answer),
// illegal (done move=1-2, never legal), garbage (an unparsable line),
// nomove (a bare done), slow (sleeps -think seconds whatever the clock
// says), term (sleeps -think seconds, then dies of SIGTERM). -think sleeps that long per move (at most the
// move-time, and 1/40 of the clock); a move-time is otherwise slept at 90%.
// The info score is the material balance (man 1, king 3) of the side to
// move, which the score-adjudication tests use.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"damka/bench/weak"
	"damka/board"
	"damka/engine"
	"damka/format/hubtext"
	"damka/protocol/hub"
)

func main() {
	args := os.Args[1:]
	if len(args) > 0 && args[0] == "hub" {
		args = args[1:]
	}
	fs := flag.NewFlagSet("fakeengine", flag.ExitOnError)
	mode := fs.String("mode", "normal", "normal, crash, hang, stuck, illegal, garbage, nomove, slow, term")
	after := fs.Int("after", 0, "misbehave after this many moves of the process")
	seed := fs.Int64("seed", 1, "random seed")
	think := fs.Float64("think", 0, "seconds to sleep per move")
	name := fs.String("name", "Fake", "id name")
	fs.Parse(args)

	out := bufio.NewWriter(os.Stdout)
	say := func(s string) { out.WriteString(s + "\n"); out.Flush() }
	v := board.International
	s := weak.NewRandomSearcher(*seed)
	var start, root board.Position // the pos command's base and its end
	var moves []board.Move
	var lim engine.Limits
	played := 0
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 0, 1<<16), 1<<22)
	for in.Scan() {
		l, err := hub.ParseLine(in.Text())
		if err != nil {
			say(hub.ErrorLine(err.Error()))
			continue
		}
		switch l.Command {
		case "hub":
			say(hub.Format("id", hub.A("name", *name), hub.A("version", "1.0"), hub.A("author", "damka tests")))
			say(`param name=variant value=normal type=enum values="normal russian brazilian english stavropol canadian"`)
			say("wait")
		case "set-param":
			n, _ := l.Get("name")
			val, _ := l.Get("value")
			if n == "variant" {
				if val == "normal" {
					val = "international"
				}
				if nv, err := board.Lookup(val); err == nil {
					v = nv
				}
			}
		case "init":
			say("ready")
		case "new-game":
			s.NewGame()
		case "pos":
			root, moves = v.Start(), nil
			if p, ok := l.Get("pos"); ok {
				if root, err = hubtext.ParsePosition(v, p); err != nil {
					say(hub.ErrorLine("bad position"))
					continue
				}
			}
			start = root
			ms, _ := l.Get("moves")
			for _, t := range strings.Fields(ms) {
				m, err := hubtext.ParseMove(v, &root, t)
				if err != nil {
					say(hub.ErrorLine("illegal move " + t))
					break
				}
				moves = append(moves, m)
				root = root.Play(m)
			}
			lim = engine.Limits{}
		case "level":
			if d, ok, _ := l.Int("depth"); ok {
				lim.Depth = d
			}
			if t, ok, _ := l.Float("move-time"); ok {
				lim.MoveTime = time.Duration(t * float64(time.Second))
			}
			if t, ok, _ := l.Float("time"); ok {
				lim.Time = time.Duration(t * float64(time.Second))
			}
		case "go":
			played++
			if played > *after {
				switch *mode {
				case "crash":
					fmt.Fprintln(os.Stderr, "fakeengine: crashing on purpose")
					os.Exit(3)
				case "hang":
					time.Sleep(time.Hour)
				case "stuck":
					stuck()
				case "illegal":
					say("done move=1-2")
					continue
				case "garbage":
					say(`done move="31-27`)
					continue
				case "nomove":
					say("done")
					continue
				case "slow":
					time.Sleep(time.Duration(*think * float64(time.Second)))
				case "term":
					// Killed from outside, as scancel kills every
					// process of a job: after -think seconds.
					time.Sleep(time.Duration(*think * float64(time.Second)))
					p, _ := os.FindProcess(os.Getpid())
					p.Signal(syscall.SIGTERM)
					time.Sleep(time.Hour)
				}
			}
			sleep := time.Duration(*think * float64(time.Second))
			if lim.MoveTime > 0 {
				if sleep == 0 || sleep > lim.MoveTime {
					sleep = lim.MoveTime * 9 / 10
				}
			}
			if lim.Time > 0 {
				sleep = min(sleep, lim.Time/40)
			}
			time.Sleep(sleep)
			g, err := board.GameOf(v, start, moves)
			if err != nil {
				say(hub.ErrorLine(err.Error()))
				continue
			}
			r := s.Search(g, lim, nil)
			if !r.HasBest {
				say("done")
				continue
			}
			say(hub.Format("info", hub.A("depth", "1"), hub.A("score", strconv.Itoa(weak.Material(&root))), hub.A("nodes", "1")))
			say(hub.Format("done", hub.A("move", hubtext.FormatMove(v, r.Best))))
		case "ping":
			say("pong")
		case "quit":
			return
		}
	}
}

// statusSilent: the status signal is not answered (mode stuck).
var statusSilent atomic.Bool

// stuck hangs as a process whose goroutines have all stopped: it no longer
// answers the status signal, and only SIGQUIT's stack dump (printed by the
// Go runtime from its signal handler) says where it stands.
func stuck() {
	statusSilent.Store(true)
	time.Sleep(time.Hour)
}
