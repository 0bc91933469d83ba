// Package web is the board in the browser behind "damka serve": an HTTP
// server with its page embedded, one game session per browser tab, the
// engine searching in this process and its thinking streamed to the page
// over server-sent events.
//
// The page holds no rules: the server sends the board already drawn (the
// diagram package, the same drawing as "damka diagram") with every legal
// move and its route, and the page only matches clicks against that list.
// So every variant the board package knows plays here, and every move is
// checked by the one move generator.
package web

import (
	"crypto/rand"
	"embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"sort"
	"strings"
	"sync"
	"time"

	"damka/board"
	"damka/egdb"
	"damka/engine"
	"damka/engine/skill"
)

//go:embed assets
var assets embed.FS

// Config configures a Server.
type Config struct {
	// Engine are the options of each session's engine (threads, hash,
	// tables, book).
	Engine engine.Options
	// NewSearcher makes a session's engine; nil means engine.New. Tests
	// substitute a fast one.
	NewSearcher func(engine.Options) engine.Searcher
	// MaxSessions bounds the engines held at once (each with its own
	// transposition table): a game that needs one when all are taken gets
	// that of the game least recently used, which keeps its game and gets
	// an engine again when it needs one. The games themselves are cheap:
	// gamesPerEngine times as many are kept, those of closed tabs going
	// first. 0 means 8.
	MaxSessions int
	// ReviewLimits bound the search of each position of a review; zero
	// means reviewLimits.
	ReviewLimits engine.Limits
	// LoopbackOnly refuses requests whose Host is not a loopback name or
	// address, so that a web page elsewhere cannot reach the server
	// through a DNS name rebound to 127.0.0.1 ("damka serve" without
	// --allow-remote).
	LoopbackOnly bool
	// Tables opens a variant's endgame tables for the verdict shown on
	// the page; nil means the tables embedded in the binary.
	Tables func(v *board.Variant) (*egdb.DB, error)
}

// Server serves the page and the game API.
type Server struct {
	cfg Config
	mux *http.ServeMux

	mu       sync.Mutex
	sessions map[string]*session
	// holders are the sessions holding an engine (at most MaxSessions).
	holders map[*session]bool

	// idleAnalysis is how long analysis goes on with no page listening (a
	// reload reconnects well within it) before it stops: an infinite
	// search for a closed tab would hold a core for nothing.
	idleAnalysis time.Duration

	tablesMu sync.Mutex
	tables   map[*board.Variant]*egdb.DB // nil entries: none for that variant
}

// maxBody bounds a request body: a PDN of a long game is a few KB, and
// nothing the page sends comes close to this.
const maxBody = 1 << 20

// New returns a server; Handler serves it.
func New(cfg Config) *Server {
	if cfg.MaxSessions < 1 {
		cfg.MaxSessions = 8
	}
	if cfg.NewSearcher == nil {
		cfg.NewSearcher = func(o engine.Options) engine.Searcher { return engine.New(o) }
	}
	if cfg.Tables == nil {
		cfg.Tables = egdb.OpenEmbedded
	}
	s := &Server{cfg: cfg, mux: http.NewServeMux(), sessions: map[string]*session{}, holders: map[*session]bool{}, tables: map[*board.Variant]*egdb.DB{}, idleAnalysis: 10 * time.Second}
	static, err := fs.Sub(assets, "assets")
	if err != nil {
		panic(err) // the embedded directory is part of the build
	}
	s.mux.Handle("GET /", http.FileServerFS(static))
	s.mux.HandleFunc("GET /api/options", s.handleOptions)
	s.mux.HandleFunc("POST /api/new", s.handleNew)
	s.mux.HandleFunc("GET /api/state", s.withSession(func(ss *session, _ request) (any, error) { return ss.snapshot(), nil }))
	s.mux.HandleFunc("POST /api/move", s.withSession(func(ss *session, r request) (any, error) { return ss.move(r.Move) }))
	s.mux.HandleFunc("POST /api/undo", s.withSession(func(ss *session, _ request) (any, error) { return ss.undo() }))
	s.mux.HandleFunc("POST /api/flip", s.withSession(func(ss *session, _ request) (any, error) { return ss.toggleFlip(), nil }))
	s.mux.HandleFunc("POST /api/analyse", s.withSession(func(ss *session, r request) (any, error) { return ss.setAnalysis(r.On, r.MultiPV) }))
	s.mux.HandleFunc("POST /api/go", s.withSession(func(ss *session, _ request) (any, error) { return ss.switchSides() }))
	s.mux.HandleFunc("POST /api/view", s.withSession(func(ss *session, r request) (any, error) { return ss.setView(r.Ply) }))
	s.mux.HandleFunc("POST /api/resign", s.withSession(func(ss *session, _ request) (any, error) { return ss.resign() }))
	s.mux.HandleFunc("POST /api/draw", s.withSession(func(ss *session, _ request) (any, error) { return ss.offerDraw() }))
	s.mux.HandleFunc("POST /api/hint", s.withSession(func(ss *session, _ request) (any, error) { return ss.askHint() }))
	s.mux.HandleFunc("POST /api/review", s.withSession(func(ss *session, _ request) (any, error) { return ss.startReview() }))
	s.mux.HandleFunc("POST /api/pdn", s.withSession(func(ss *session, r request) (any, error) { return ss.loadPDN(r.PDN, r.Game) }))
	s.mux.HandleFunc("GET /api/pdn", s.handlePDN)
	s.mux.HandleFunc("GET /api/events", s.handleEvents)
	return s
}

// Handler is the server's HTTP handler.
func (s *Server) Handler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if s.cfg.LoopbackOnly && !loopbackHost(r.Host) {
			writeJSON(w, http.StatusForbidden, errorReply{fmt.Sprintf("host %q refused: this server answers only on loopback addresses", r.Host)})
			return
		}
		// A JSON body, never a form: a page of another site then cannot
		// post here without a CORS preflight, which is never answered.
		if r.Method == http.MethodPost && !strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
			writeJSON(w, http.StatusUnsupportedMediaType, errorReply{"requests must be sent as application/json"})
			return
		}
		s.mux.ServeHTTP(w, r)
	})
}

// loopbackHost says whether a Host header names this machine's loopback
// interface.
func loopbackHost(host string) bool {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// Close stops every session's search.
func (s *Server) Close() {
	s.mu.Lock()
	all := s.sessions
	s.sessions = map[string]*session{}
	s.mu.Unlock()
	// Not under s.mu: a session's lock is taken before the server's
	// (engineFor), never after it.
	for _, ss := range all {
		ss.close()
	}
}

// request is every field the page may send; each call reads its own.
type request struct {
	ID      string `json:"id"`
	Variant string `json:"variant"`
	FEN     string `json:"fen"`
	Human   string `json:"human"` // white, black or both
	Time    string `json:"time"`  // a time control name (timecontrol.go)
	Move    string `json:"move"`
	PDN     string `json:"pdn"`
	On      bool   `json:"on"`
	MultiPV int    `json:"multipv"`
	Ply     int    `json:"ply"`   // the position to show (view)
	Game    int    `json:"game"`  // the game of a PDN file, 0-based
	Level   int    `json:"level"` // the engine's level in a new game, 1..20 (0: 20)
}

// errorReply is what the page shows for bad input.
type errorReply struct {
	Error string `json:"error"`
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// badInput is an error the user caused (illegal move, bad FEN or PDN): 400
// with its message, shown on the page.
type badInput struct{ msg string }

func (e badInput) Error() string { return e.msg }

func badf(format string, a ...any) error { return badInput{fmt.Sprintf(format, a...)} }

func writeError(w http.ResponseWriter, err error) {
	status := http.StatusInternalServerError
	var bad badInput
	switch {
	case errors.As(err, &bad):
		status = http.StatusBadRequest
	case errors.Is(err, errNoSession):
		status = http.StatusNotFound
	}
	writeJSON(w, status, errorReply{err.Error()})
}

var errNoSession = errors.New("no such game (the server was restarted or the game was closed): start a new game")

// readRequest decodes a JSON body, or the query of a GET.
func readRequest(r *http.Request) (request, error) {
	var req request
	if r.Method == http.MethodGet {
		req.ID = r.URL.Query().Get("id")
		return req, nil
	}
	body, err := io.ReadAll(http.MaxBytesReader(nil, r.Body, maxBody))
	if err != nil {
		return req, badf("request too large or unreadable: %v", err)
	}
	if err := json.Unmarshal(body, &req); err != nil {
		return req, badf("malformed request: %v", err)
	}
	return req, nil
}

func (s *Server) withSession(fn func(*session, request) (any, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		req, err := readRequest(r)
		if err != nil {
			writeError(w, err)
			return
		}
		ss, err := s.session(req.ID)
		if err != nil {
			writeError(w, err)
			return
		}
		reply, err := fn(ss, req)
		if err != nil {
			writeError(w, err)
			return
		}
		writeJSON(w, http.StatusOK, reply)
	}
}

func (s *Server) session(id string) (*session, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ss := s.sessions[id]
	if ss == nil {
		return nil, errNoSession
	}
	ss.used = time.Now()
	return ss, nil
}

// handleNew starts a game: in the session named by id (replacing its
// game), or in a new session.
func (s *Server) handleNew(w http.ResponseWriter, r *http.Request) {
	req, err := readRequest(r)
	if err != nil {
		writeError(w, err)
		return
	}
	setup, err := parseSetup(req)
	if err != nil {
		writeError(w, err)
		return
	}
	ss, err := s.session(req.ID)
	if err != nil {
		ss = s.newSession()
	}
	writeJSON(w, http.StatusOK, ss.start(setup))
}

// gamesPerEngine is how many games are kept per engine: a game without
// its engine is a few KB.
const gamesPerEngine = 16

func (s *Server) newSession() *session {
	var raw [16]byte
	_, _ = rand.Read(raw[:])
	ss := newSession(s, hex.EncodeToString(raw[:]))
	var gone []*session
	s.mu.Lock()
	for len(s.sessions) >= s.cfg.MaxSessions*gamesPerEngine {
		// The least recently used game, one without a page open first: a
		// tab still open keeps its game as long as any other can go.
		var oldest *session
		oldestOpen := true
		for _, o := range s.sessions {
			open := o.open.Load() > 0
			if oldest == nil || oldestOpen && !open || open == oldestOpen && o.used.Before(oldest.used) {
				oldest, oldestOpen = o, open
			}
		}
		delete(s.sessions, oldest.id)
		delete(s.holders, oldest)
		gone = append(gone, oldest)
	}
	s.sessions[ss.id] = ss
	s.mu.Unlock()
	for _, o := range gone {
		o.close()
	}
	return ss
}

// engineFor gives ss an engine (ss.mu held, ss without one). When
// MaxSessions engines are held, it takes the least recently used game's
// that is not searching; a game whose lock is busy is passed over rather
// than waited for, since its holder may be waiting for s.mu.
func (s *Server) engineFor(ss *session) engine.Searcher {
	s.mu.Lock()
	defer s.mu.Unlock()
	for len(s.holders) >= s.cfg.MaxSessions {
		var victims []*session
		for o := range s.holders {
			if o != ss {
				victims = append(victims, o)
			}
		}
		sort.Slice(victims, func(i, j int) bool { return victims[i].used.Before(victims[j].used) })
		freed := false
		for _, o := range victims {
			if !o.mu.TryLock() {
				continue
			}
			if !o.searching {
				// Its last search may still be returning with the engine:
				// the engine is dropped, not handed on.
				o.eng = nil
				delete(s.holders, o)
				freed = true
			}
			o.mu.Unlock()
			if freed {
				break
			}
		}
		if !freed {
			break // every engine is busy: one more for a while
		}
	}
	s.holders[ss] = true
	// Every game's engine plays at a level (at the top level the wrapper
	// passes every call through); search sets the game's level per search.
	w, err := skill.Wrap(s.cfg.NewSearcher(s.cfg.Engine), skill.MaxLevel, 0, false)
	if err != nil {
		panic(err) // MaxLevel is in range
	}
	return w
}

// variantInfo is one entry of the page's variant menu.
type variantInfo struct {
	Name  string `json:"name"`
	Title string `json:"title"`
	Start string `json:"start"`
}

// handleOptions lists the page's menus: variants and time controls.
func (s *Server) handleOptions(w http.ResponseWriter, _ *http.Request) {
	var vs []variantInfo
	for _, v := range board.Variants() {
		vs = append(vs, variantInfo{v.Name, v.Title, v.StartFEN()})
	}
	sort.SliceStable(vs, func(i, j int) bool { return vs[i].Title < vs[j].Title })
	writeJSON(w, http.StatusOK, map[string]any{"variants": vs, "times": timeControls})
}

// handlePDN sends the game as a PDN file to download.
func (s *Server) handlePDN(w http.ResponseWriter, r *http.Request) {
	ss, err := s.session(r.URL.Query().Get("id"))
	if err != nil {
		writeError(w, err)
		return
	}
	text, err := ss.pdn()
	if err != nil {
		writeError(w, err)
		return
	}
	w.Header().Set("Content-Type", "application/x-draughts-pdn; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="damka-game.pdn"`)
	_, _ = io.WriteString(w, text)
}

// handleEvents streams a session's events (state after the engine moved,
// the engine's thinking) as server-sent events.
func (s *Server) handleEvents(w http.ResponseWriter, r *http.Request) {
	ss, err := s.session(r.URL.Query().Get("id"))
	if err != nil {
		writeError(w, err)
		return
	}
	flusher, ok := w.(http.Flusher)
	if !ok {
		writeError(w, errors.New("streaming not supported"))
		return
	}
	ch := ss.subscribe()
	defer ss.unsubscribe(ch)
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	fmt.Fprint(w, ": connected\n\n")
	flusher.Flush()
	keepAlive := time.NewTicker(20 * time.Second)
	defer keepAlive.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case ev, open := <-ch:
			if !open {
				return
			}
			data, _ := json.Marshal(ev.data)
			fmt.Fprintf(w, "event: %s\ndata: %s\n\n", ev.name, data)
			flusher.Flush()
		case <-keepAlive.C:
			fmt.Fprint(w, ": keep-alive\n\n")
			flusher.Flush()
		}
	}
}

// tablesFor opens the endgame tables of v once; nil when it has none.
func (s *Server) tablesFor(v *board.Variant) *egdb.DB {
	s.tablesMu.Lock()
	defer s.tablesMu.Unlock()
	db, seen := s.tables[v]
	if !seen {
		if egdb.Supported(v) == nil && !s.cfg.Engine.NoEGDB {
			db, _ = s.cfg.Tables(v)
		}
		s.tables[v] = db
	}
	return db
}
