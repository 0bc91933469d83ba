// damka's board page. The server knows the rules: it sends the board
// drawn as SVG with every legal move and its route; this script only
// matches clicks and drags against that list and shows what comes back.
"use strict";

const $ = (id) => document.getElementById(id);
let S = null;            // the latest state from the server
let selected = null;     // the square of the piece chosen to move
let received = 0;        // when S arrived (for the running clock)
let events = null;       // the server-sent event stream
let drag = null;         // a piece being dragged
let pdnText = "";        // the PDN last loaded (its other games are chosen from it)

async function api(path, body) {
  const opts = body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify(Object.assign({ id: S ? S.id : "" }, body)),
  };
  let reply;
  try {
    const r = await fetch(path, opts);
    reply = await r.json();
    if (!r.ok) {
      showMessage(reply.error || r.statusText);
      return null;
    }
  } catch (e) {
    showMessage("the server does not answer: " + e.message);
    return null;
  }
  showMessage("");
  return reply;
}

function showMessage(text) { $("message").textContent = text; }

function setState(st) {
  if (!st) return;
  const fresh = !S || S.id !== st.id;
  // A reply and an event may arrive out of order: never go back to an
  // older state (seq counts the states the server made).
  if (!fresh && st.seq < S.seq) return;
  // The same state may come twice (the reply to a request and the event
  // stream): the lines of info events that came between are newer than
  // those the state was made with, so a late copy must not wipe them.
  if (!fresh && st.seq === S.seq && st.gen === S.gen && depthOf(S.lines) > depthOf(st.lines)) st.lines = S.lines;
  const before = S;
  S = st;
  received = performance.now();
  selected = null;
  sessionStorage.setItem("damka-session", st.id);
  if (fresh) listen();
  render(before);
}

// depthOf is the depth of the deepest line (0 without lines).
function depthOf(lines) {
  return (lines || []).reduce((d, l) => Math.max(d, l.depth || 0), 0);
}

function listen() {
  if (events) events.close();
  events = new EventSource("/api/events?id=" + encodeURIComponent(S.id));
  events.addEventListener("state", (e) => setState(JSON.parse(e.data)));
  events.addEventListener("info", (e) => {
    const info = JSON.parse(e.data);
    if (S && info.gen === S.gen) { S.lines = info.lines; renderLines(); renderEval(); }
  });
  events.addEventListener("review", (e) => {
    if (!S) return;
    S.review = JSON.parse(e.data);
    renderReview();
  });
  events.addEventListener("failure", (e) => showMessage(JSON.parse(e.data).error));
}

// A browser opens at most six connections to a server, and each event
// stream holds one: a page that is hidden or left lets its stream go, so
// that other tabs (and the page's own requests) are never starved of
// connections; it takes the stream and the state again when shown.
function pause() { if (events) { events.close(); events = null; } }
async function resume() {
  if (!S || events) return;
  try {
    const r = await fetch("/api/state?id=" + encodeURIComponent(S.id));
    if (r.ok) { S = null; setState(await r.json()); return; }
    showMessage((await r.json()).error);
  } catch (e) { showMessage("the server does not answer: " + e.message); }
}
document.addEventListener("visibilitychange", () => { if (document.hidden) pause(); else resume(); });
window.addEventListener("pagehide", pause);
window.addEventListener("pageshow", (e) => { if (e.persisted) resume(); });

function myTurn() {
  return !S.over && S.view === S.plies && (S.human === "both" || S.human === S.tomove);
}

// canMove says whether clicks may play on the board shown: the person's
// turn at the game's end, or any position of an analysis board.
function canMove() {
  return S.moves.length > 0 && (S.human === "both" || myTurn());
}

function statusText() {
  if (S.over) return S.status;
  if (S.view < S.plies) return "Looking at move " + moveLabel(S.view - 1) + " (→ or End to return)";
  const side = S.tomove === "white" ? "White" : "Black";
  if (S.human === "both") return side + " to move";
  if (S.human === S.tomove) return "Your move (" + side + ")";
  return S.thinking ? "damka is thinking…" : "damka to move";
}

function render(before) {
  $("board").innerHTML = S.svg;
  animate(before);
  $("title").textContent = S.title;
  $("status").textContent = statusText();
  $("status").classList.toggle("over", S.over);
  $("tables").textContent = S.tables || "";
  $("fen-now").textContent = S.fen;
  $("analyse").checked = S.analysing;
  $("multipv").value = String(S.multipv);
  $("human").value = S.human;
  $("variant").value = S.variant;
  $("pdn-download").href = "/api/pdn?id=" + encodeURIComponent(S.id);
  $("move-text").placeholder = S.example ? "e.g. " + S.example : "";
  $("choices").innerHTML = "";
  const playing = S.human !== "both";
  $("resign").disabled = S.over;
  $("draw").disabled = S.over;
  $("hint").disabled = S.over && S.view === S.plies;
  $("go").disabled = S.over;
  $("undo").disabled = S.plies === 0;
  $("go").textContent = playing ? "Switch sides" : "Engine move";
  renderPlayers();
  renderHistory();
  renderLines();
  renderEval();
  renderReview();
  renderClocks();
  highlight();
}

// animate slides the piece of the move just played from its origin, when
// the new state is the old one a ply further on.
function animate(before) {
  if (!before || before.id !== S.id || S.view !== before.view + 1 || S.plies < S.view) return;
  const svg = $("board").querySelector("svg");
  const last = svg && svg.querySelectorAll(".mark.last");
  if (!last || last.length < 2) return;
  const from = last[0].dataset.sq, to = last[last.length - 1].dataset.sq;
  const a = svg.querySelector('.sq[data-sq="' + from + '"]'), b = svg.querySelector('.sq[data-sq="' + to + '"]');
  const piece = svg.querySelector('.piece[data-sq="' + to + '"]');
  if (!a || !b || !piece || from === to) return;
  const dx = +a.getAttribute("x") - +b.getAttribute("x"), dy = +a.getAttribute("y") - +b.getAttribute("y");
  piece.style.transform = "translate(" + dx + "px," + dy + "px)";
  piece.getBoundingClientRect(); // apply the start before the transition
  piece.classList.add("moving");
  requestAnimationFrame(() => { piece.style.transform = ""; });
}

function renderPlayers() {
  const bottom = S.flip ? "black" : "white";
  const top = bottom === "white" ? "black" : "white";
  for (const [where, side] of [["top", top], ["bottom", bottom]]) {
    const el = $("player-" + where);
    el.dataset.side = side;
    const i = side === "white" ? 0 : 1;
    const you = S.human === side || S.human === "both" ? " (you)" : "";
    el.querySelector(".name").innerHTML = "";
    el.querySelector(".name").append((side === "white" ? "○ " : "● ") + S.players[i]);
    if (you && S.players[i] === "Human") {
      const y = document.createElement("span");
      y.className = "you";
      y.textContent = you;
      el.querySelector(".name").append(y);
    }
  }
}

function moveLabel(ply) {
  if (ply < 0) return "0 (start)";
  const n = ply + S.firstply;
  return Math.floor(n / 2) + 1 + (n % 2 === 0 ? "." : "...");
}

const markClass = { "??": "mark-qq", "?": "mark-q", "?!": "mark-qe" };

function renderHistory() {
  const hist = $("history");
  hist.innerHTML = "";
  const marks = S.review && S.review.marks ? S.review.marks : [];
  const add = (cls, text) => { const el = document.createElement("span"); el.className = cls; el.textContent = text; hist.appendChild(el); return el; };
  if (S.history.length === 0) add("empty", "no moves yet");
  let col = 0;
  for (let i = 0; i < S.history.length; i++) {
    const n = i + S.firstply;
    if (n % 2 === 0 || i === 0) {
      add("num", Math.floor(n / 2) + 1 + ".");
      col = 0;
      if (n % 2 === 1) { add("mv empty-black", "…"); col = 1; }
    }
    const el = add("mv", S.history[i]);
    el.dataset.ply = String(i + 1);
    if (marks[i]) {
      const m = document.createElement("span");
      m.className = markClass[marks[i]];
      m.textContent = marks[i];
      el.appendChild(m);
    }
    if (i + 1 === S.view) el.classList.add("current");
    col++;
  }
  if (S.result && S.result !== "*") add("result", S.result + (S.over ? " · " + S.status : ""));
  // Scroll the list alone (scrollIntoView would scroll the page too).
  const cur = hist.querySelector(".current");
  if (cur && (cur.offsetTop < hist.scrollTop || cur.offsetTop + cur.offsetHeight > hist.scrollTop + hist.clientHeight)) {
    hist.scrollTop = cur.offsetTop - hist.clientHeight / 2;
  }
}

$("history").addEventListener("click", (e) => {
  const mv = e.target.closest(".mv[data-ply]");
  if (mv) view(+mv.dataset.ply);
});

// viewing is the position asked for and not yet shown: keys pressed
// quickly count from it, not from the position still on the board.
let viewing = null;

async function view(ply) {
  if (!S) return;
  ply = Math.max(0, Math.min(S.plies, ply));
  if (ply === (viewing !== null ? viewing : S.view)) return;
  viewing = ply;
  const st = await api("/api/view", { ply });
  if (viewing === ply) viewing = null;
  setState(st);
}

function viewBase() { return viewing !== null ? viewing : S.view; }

function renderLines() {
  const body = $("lines").querySelector("tbody");
  body.innerHTML = "";
  const lines = S.lines || [];
  $("lines").classList.toggle("playable", S.human === "both");
  // As many rows as lines asked for, filled or not: the page does not
  // jump as lines come and go.
  const rows = Math.max(lines.length, S.multipv);
  for (let r = 0; r < rows; r++) {
    const l = lines[r];
    const tr = document.createElement("tr");
    const cells = l ? [r + 1, l.book ? "book" : l.depth, l.score, l.nodes] : [r + 1, "", "", ""];
    for (const c of cells) {
      const td = document.createElement("td");
      td.textContent = c;
      tr.appendChild(td);
    }
    const td = document.createElement("td");
    const pv = document.createElement("div");
    pv.className = "pv";
    td.appendChild(pv);
    if (l) {
      l.moves.forEach((m, k) => {
        const sp = document.createElement("span");
        sp.className = "pvmove";
        sp.textContent = m;
        sp.dataset.line = String(r);
        sp.dataset.k = String(k);
        pv.appendChild(sp);
        pv.appendChild(document.createTextNode(" "));
      });
    }
    tr.appendChild(td);
    body.appendChild(tr);
  }
  const thinking = S.thinking && S.analysing ? "damka thinks about its move" : (S.analysing ? "analysing the position shown" : "engine off: tick it to see the engine's lines");
  $("thinking").textContent = thinking;
}

// A click on a move of a line plays the line up to it (analysis boards).
$("lines").addEventListener("click", async (e) => {
  const sp = e.target.closest(".pvmove");
  if (!sp || !S || S.human !== "both") return;
  const line = S.lines[+sp.dataset.line];
  if (!line) return;
  for (const m of line.moves.slice(0, +sp.dataset.k + 1)) {
    const st = await api("/api/move", { move: m });
    if (!st) return;
    setState(st);
  }
});

// renderEval fills the evaluation bar from the analysis, or from the
// review's score of the position shown.
function renderEval() {
  let white = null, text = "";
  if (S.analysing && S.lines && S.lines.length > 0) { white = S.lines[0].white; text = S.lines[0].score; }
  else if (S.review && S.review.scores && S.review.scores[S.view] !== undefined) {
    text = S.review.scores[S.view];
    white = text.startsWith("White wins") ? 10000 : text.startsWith("Black wins") ? -10000 : Math.round(parseFloat(text) * 100);
  }
  $("evalbar").classList.toggle("off", white === null);
  const share = white === null ? 0.5 : 0.5 + 0.5 * Math.tanh(white / 300);
  $("evalfill").style.height = (share * 100).toFixed(1) + "%";
  $("evaltext").textContent = text.replace("White wins in ", "W#").replace("Black wins in ", "B#");
  $("evalbar").title = "evaluation from White's side: " + (text || "engine off");
}

function renderReview() {
  const rv = S.review;
  const prog = $("review-progress");
  prog.hidden = !rv || !rv.running;
  if (rv && rv.running) { prog.max = rv.total || 1; prog.value = rv.done; }
  $("review").disabled = S.plies === 0 || !!(rv && rv.running);
  $("review").textContent = rv && rv.running ? "Reviewing… " + rv.done + "/" + rv.total : "Review the game";
  const done = rv && rv.graph;
  $("graph-box").hidden = !done;
  document.body.classList.toggle("reviewed", !!done);
  $("graph").innerHTML = done ? rv.graph : "";
  $("review-current").textContent = done ? (rv.current || "") : "";
  $("review-sums").textContent = done ? "White: " + rv.white + "\nBlack: " + rv.black : (rv && rv.error ? rv.error : "");
  const list = $("mistakes");
  list.innerHTML = "";
  for (const n of (done && rv.notes) || []) {
    const li = document.createElement("li");
    li.dataset.ply = String(n.ply);
    const mark = document.createElement("span");
    mark.className = markClass[n.mark];
    mark.textContent = n.mark;
    li.append(moveLabel(n.ply - 1) + " " + n.move, mark, " lost " + n.lost + ", better " + n.best);
    li.title = "refutation: " + n.refutation;
    list.appendChild(li);
  }
}

$("graph").addEventListener("click", (e) => {
  const pt = e.target.closest("[data-ply]");
  if (pt) view(+pt.dataset.ply);
});
$("mistakes").addEventListener("click", (e) => {
  const li = e.target.closest("li[data-ply]");
  if (li) view(+li.dataset.ply);
});

function clockText(ms) {
  ms = Math.max(0, ms);
  if (ms < 10000) return (ms / 1000).toFixed(1);
  const s = Math.floor(ms / 1000);
  return Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
}

function renderClocks() {
  for (const where of ["top", "bottom"]) {
    const el = $("player-" + where).querySelector(".clock");
    const side = $("player-" + where).dataset.side;
    if (!S.clock) { el.classList.add("none"); el.classList.remove("running", "low"); continue; }
    el.classList.remove("none");
    let ms = S.clock[side];
    const running = S.clock.running === side;
    if (running) ms -= performance.now() - received;
    el.querySelector(".time").textContent = clockText(ms);
    el.classList.toggle("running", running);
    el.classList.toggle("low", ms < 10000);
  }
}
setInterval(() => { if (S && S.clock && S.clock.running) renderClocks(); }, 100);

function squareEl(name) { return $("board").querySelector('.sq[data-sq="' + name + '"]'); }

// highlight marks the selected piece and its targets, or with nothing
// selected every piece that can move (only those that can take, when a
// capture is compulsory).
function highlight() {
  for (const el of $("board").querySelectorAll(".sq")) el.classList.remove("sel", "tgt", "via", "can");
  if (!S || !canMove()) return;
  if (selected === null) {
    for (const m of S.moves) squareEl(m.from)?.classList.add("can");
    return;
  }
  squareEl(selected)?.classList.add("sel");
  for (const m of S.moves) {
    if (m.from !== selected) continue;
    if (m.to !== selected) squareEl(m.to)?.classList.add("tgt");
    for (const s of m.path.slice(1, -1)) squareEl(s)?.classList.add("via");
  }
}

function squareAt(x, y) {
  const el = document.elementFromPoint(x, y);
  const sq = el && el.closest("#board [data-sq]");
  return sq ? sq.dataset.sq : null;
}

// choose handles a press on square sq: select a piece, or play the
// selected piece to sq. A press on the selected piece again plays its
// circular capture (a route back to its own square) when it has one.
function choose(sq) {
  if (!S || sq === null) return false;
  if (!canMove()) {
    if (S.view < S.plies && !S.over) showMessage("you are looking at an earlier position: press End (or →) to return to the game");
    else showMessage(S.over ? "the game is over" : "wait: it is damka's turn");
    return false;
  }
  if (selected !== null) {
    const cands = S.moves.filter((m) => m.from === selected && m.to === sq);
    if (cands.length === 1) { play(cands[0].text); return true; }
    if (cands.length > 1) { offerChoices(cands); return true; }
  }
  if (S.moves.some((m) => m.from === sq)) {
    selected = sq;
    showMessage("");
  } else if (selected === null || sq !== selected) {
    const forced = S.moves.some((m) => m.captured.length > 0);
    showMessage(forced ? "a capture is compulsory: the pieces that must take are " + froms() : "no move from " + sq);
    selected = null;
  }
  highlight();
  return false;
}

function froms() { return [...new Set(S.moves.map((m) => m.from))].join(", "); }

// offerChoices lets the player pick one of several captures that end on
// the same square but take other pieces.
function offerChoices(cands) {
  const box = $("choices");
  box.innerHTML = "Which capture? ";
  for (const m of cands) {
    const b = document.createElement("button");
    b.textContent = m.text;
    b.className = "choice";
    b.onclick = () => play(m.text);
    box.appendChild(b);
  }
}

async function play(text) {
  selected = null;
  setState(await api("/api/move", { move: text }));
  if (!S) return;
  highlight();
}

function svgPoint(svg, x, y) {
  const pt = svg.createSVGPoint();
  pt.x = x; pt.y = y;
  return pt.matrixTransform(svg.getScreenCTM().inverse());
}

$("board").addEventListener("pointerdown", (e) => {
  const sq = squareAt(e.clientX, e.clientY);
  const was = selected;
  if (choose(sq) || selected === null || sq !== selected || was === sq) return;
  const piece = $("board").querySelector('.piece[data-sq="' + sq + '"]');
  const svg = $("board").querySelector("svg");
  if (!piece || !svg) return;
  drag = { piece, svg, from: sq, start: svgPoint(svg, e.clientX, e.clientY), moved: false };
  piece.classList.add("dragging");
});

window.addEventListener("pointermove", (e) => {
  if (!drag) return;
  const p = svgPoint(drag.svg, e.clientX, e.clientY);
  const dx = p.x - drag.start.x, dy = p.y - drag.start.y;
  if (Math.abs(dx) + Math.abs(dy) > 3) drag.moved = true;
  drag.piece.setAttribute("transform", "translate(" + dx + " " + dy + ")");
});

window.addEventListener("pointerup", (e) => {
  if (!drag) return;
  const d = drag;
  drag = null;
  d.piece.classList.remove("dragging");
  d.piece.removeAttribute("transform");
  const sq = squareAt(e.clientX, e.clientY);
  if (d.moved && sq !== null && sq !== d.from) choose(sq);
});

window.addEventListener("keydown", (e) => {
  if (!S || e.target.closest("input, textarea, select") || e.altKey || e.ctrlKey || e.metaKey) return;
  const at = viewBase();
  const to = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: S.plies, ArrowUp: 0, ArrowDown: S.plies }[e.key];
  if (to === undefined) return;
  e.preventDefault();
  view(to);
});

async function newGame(extra) {
  const body = Object.assign({
    variant: $("variant").value, human: $("human").value, time: $("time").value, fen: $("fen").value,
    level: Number($("level").value),
  }, extra || {});
  const st = await api("/api/new", body);
  if (!st) return;
  // The PDN box and its games belong to the game that was.
  $("pdn-text").value = "";
  pdnText = "";
  $("pdn-games-label").hidden = true;
  setState(st);
}

async function showPDN() {
  try {
    const r = await fetch("/api/pdn?id=" + encodeURIComponent(S.id));
    const text = await r.text();
    if (!r.ok) { showMessage(JSON.parse(text).error); return; }
    $("pdn-text").value = text;
  } catch (e) { showMessage("the server does not answer: " + e.message); }
}

async function loadPDN(text, game) {
  const st = await api("/api/pdn", { pdn: text, game: game || 0 });
  if (!st) return;
  pdnText = text;
  const sel = $("pdn-games");
  sel.innerHTML = "";
  (st.games || []).forEach((t, i) => sel.add(new Option(t, String(i), false, i === st.game)));
  $("pdn-games-label").hidden = !st.games || st.games.length < 2;
  setState(st);
}

// confirmThen runs act on a second press within a few seconds, so that
// one stray click does not resign a game.
function confirmThen(button, question, act) {
  if (button.classList.contains("confirm")) {
    button.classList.remove("confirm");
    button.textContent = button.dataset.label;
    act();
    return;
  }
  button.dataset.label = button.textContent;
  button.textContent = question;
  button.classList.add("confirm");
  setTimeout(() => { if (button.classList.contains("confirm")) { button.classList.remove("confirm"); button.textContent = button.dataset.label; } }, 4000);
}

$("new").onclick = () => newGame();
// A new variant is a new game, from its own start: a FEN typed for the
// old board means nothing on the new one.
$("variant").onchange = () => { $("fen").value = ""; newGame(); };
$("flip").onclick = async () => setState(await api("/api/flip", {}));
$("undo").onclick = async () => setState(await api("/api/undo", {}));
$("go").onclick = async () => setState(await api("/api/go", {}));
$("hint").onclick = async () => { const st = await api("/api/hint", {}); if (st) { setState(st); if (!st.hint) $("thinking").textContent = "damka looks for a hint…"; } };
$("draw").onclick = async () => setState(await api("/api/draw", {}));
$("resign").onclick = () => confirmThen($("resign"), "Really resign?", async () => setState(await api("/api/resign", {})));
$("review").onclick = async () => setState(await api("/api/review", {}));
$("nav-first").onclick = () => view(0);
$("nav-prev").onclick = () => view(viewBase() - 1);
$("nav-next").onclick = () => view(viewBase() + 1);
$("nav-last").onclick = () => view(S.plies);
$("analyse").onchange = async () => setState(await api("/api/analyse", { on: $("analyse").checked, multipv: +$("multipv").value }));
$("multipv").onchange = async () => setState(await api("/api/analyse", { on: $("analyse").checked, multipv: +$("multipv").value }));
$("move-form").onsubmit = (e) => { e.preventDefault(); const t = $("move-text").value; $("move-text").value = ""; play(t); };
$("pdn-show").onclick = showPDN;
$("pdn-load").onclick = () => loadPDN($("pdn-text").value, 0);
$("pdn-games").onchange = () => loadPDN(pdnText, +$("pdn-games").value);
$("pdn-file").onchange = () => {
  const f = $("pdn-file").files[0];
  if (!f) return;
  const rd = new FileReader();
  rd.onload = () => { $("pdn-text").value = rd.result; loadPDN(rd.result, 0); };
  rd.readAsText(f);
};
$("coords").onchange = () => {
  document.body.classList.toggle("no-coords", !$("coords").checked);
  localStorage.setItem("damka-coords", $("coords").checked ? "on" : "off");
};

async function init() {
  if (localStorage.getItem("damka-coords") === "off") { $("coords").checked = false; document.body.classList.add("no-coords"); }
  const menus = await (await fetch("/api/options")).json();
  for (const v of menus.variants) $("variant").add(new Option(v.title + " (" + v.name + ")", v.name));
  for (const t of menus.times) $("time").add(new Option(t.title, t.name));
  // Levels: 20 is full strength; below, a weaker, human-like opponent
  // (docs/levels.md).
  for (let l = 20; l >= 1; l--) {
    const title = l === 20 ? "20: full strength" : l === 1 ? "1: beginner" : String(l);
    $("level").add(new Option(title, String(l)));
  }
  const params = new URLSearchParams(location.search);
  if (params.get("time")) $("time").add(new Option(params.get("time"), params.get("time"), true, true));
  $("variant").value = params.get("variant") || "international";
  if (params.get("human")) $("human").value = params.get("human");
  if (params.get("fen")) $("fen").value = params.get("fen");
  if (params.get("level")) $("level").value = params.get("level");
  // A reload of the page goes on with its game; a link that sets a game
  // up (?variant=...) starts that game.
  const old = sessionStorage.getItem("damka-session");
  if (old && !location.search) {
    try {
      const r = await fetch("/api/state?id=" + encodeURIComponent(old));
      if (r.ok) { setState(await r.json()); return; }
    } catch (e) { /* start afresh */ }
  }
  await newGame();
}
init();
