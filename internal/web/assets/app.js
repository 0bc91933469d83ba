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
  // older position (gen counts the session's changes).
  if (!fresh && st.gen < S.gen) return;
  S = st;
  received = performance.now();
  selected = null;
  sessionStorage.setItem("damka-session", st.id);
  if (fresh) listen();
  render();
}

function listen() {
  if (events) events.close();
  events = new EventSource("/api/events?id=" + encodeURIComponent(S.id));
  events.addEventListener("state", (e) => setState(JSON.parse(e.data)));
  events.addEventListener("info", (e) => {
    const info = JSON.parse(e.data);
    if (S && info.gen === S.gen) { S.lines = info.lines; renderLines(); }
  });
  events.addEventListener("failure", (e) => showMessage(JSON.parse(e.data).error));
}

function render() {
  $("board").innerHTML = S.svg;
  $("title").textContent = S.title;
  $("status").textContent = S.status;
  $("tables").textContent = S.tables || "";
  $("fen-now").textContent = S.fen;
  $("thinking").textContent = S.thinking ? "thinking..." : (S.analysing ? "analysing" : "");
  $("analyse").checked = S.analysing;
  $("multipv").value = String(S.multipv);
  $("pdn-download").href = "/api/pdn?id=" + encodeURIComponent(S.id);
  $("choices").innerHTML = "";
  const hist = $("history");
  hist.innerHTML = "";
  for (let i = 0; i < S.history.length; i += 2) {
    const li = document.createElement("li");
    li.textContent = S.history.slice(i, i + 2).join("  ");
    hist.appendChild(li);
  }
  renderLines();
  renderClocks();
  highlight();
}

function renderLines() {
  const body = $("lines").querySelector("tbody");
  body.innerHTML = "";
  for (const l of S.lines || []) {
    if (!l.depth && !l.book) continue;
    const tr = document.createElement("tr");
    const cells = [l.multipv, l.book ? "book" : l.depth, l.score, l.nodes, l.pv];
    for (const c of cells) {
      const td = document.createElement("td");
      td.textContent = c;
      tr.appendChild(td);
    }
    body.appendChild(tr);
  }
}

function clockText(ms) {
  ms = Math.max(0, ms);
  if (ms < 10000) return (ms / 1000).toFixed(1);
  const s = Math.floor(ms / 1000);
  return Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
}

function renderClocks() {
  const bottomWhite = !S.flip;
  const sides = { top: bottomWhite ? "black" : "white", bottom: bottomWhite ? "white" : "black" };
  for (const where of ["top", "bottom"]) {
    const el = $("clock-" + where), side = sides[where];
    el.querySelector(".who").textContent = side === "white" ? "White" : "Black";
    el.dataset.side = side;
    if (!S.clock) { el.querySelector(".time").textContent = ""; el.classList.remove("running", "low"); continue; }
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
  if (!S || !myTurn()) return;
  if (selected === null) {
    for (const m of S.moves) squareEl(m.from)?.classList.add("can");
    return;
  }
  squareEl(selected)?.classList.add("sel");
  for (const m of S.moves) {
    if (m.from !== selected) continue;
    squareEl(m.to)?.classList.add("tgt");
    for (const s of m.path.slice(1, -1)) squareEl(s)?.classList.add("via");
  }
}

function myTurn() {
  return !S.over && (S.human === "both" || S.human === S.tomove);
}

function squareAt(x, y) {
  const el = document.elementFromPoint(x, y);
  const sq = el && el.closest("#board [data-sq]");
  return sq ? sq.dataset.sq : null;
}

// choose handles a press on square sq: select a piece, or play the
// selected piece to sq.
function choose(sq) {
  if (!S || sq === null) return false;
  if (!myTurn()) { showMessage(S.over ? "the game is over" : "wait: it is the engine's turn"); return false; }
  if (selected !== null && sq !== selected) {
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
  if (choose(sq) || selected === null || sq !== selected) return;
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

async function newGame(extra) {
  const body = Object.assign({
    variant: $("variant").value, human: $("human").value, time: $("time").value, fen: $("fen").value,
  }, extra || {});
  const st = await api("/api/new", body);
  if (st) setState(st);
}

async function showPDN() {
  try {
    const r = await fetch("/api/pdn?id=" + encodeURIComponent(S.id));
    const text = await r.text();
    if (!r.ok) { showMessage(JSON.parse(text).error); return; }
    $("pdn-text").value = text;
  } catch (e) { showMessage("the server does not answer: " + e.message); }
}

async function loadPDN(text) {
  const st = await api("/api/pdn", { pdn: text });
  if (st) { setState(st); $("variant").value = st.variant; }
}

$("new").onclick = () => newGame();
$("flip").onclick = async () => setState(await api("/api/flip", {}));
$("undo").onclick = async () => setState(await api("/api/undo", {}));
$("go").onclick = async () => setState(await api("/api/go", {}));
$("analyse").onchange = async () => setState(await api("/api/analyse", { on: $("analyse").checked, multipv: +$("multipv").value }));
$("multipv").onchange = async () => setState(await api("/api/analyse", { on: $("analyse").checked, multipv: +$("multipv").value }));
$("move-form").onsubmit = (e) => { e.preventDefault(); const t = $("move-text").value; $("move-text").value = ""; play(t); };
$("pdn-show").onclick = showPDN;
$("pdn-load").onclick = () => loadPDN($("pdn-text").value);
$("pdn-file").onchange = () => {
  const f = $("pdn-file").files[0];
  if (!f) return;
  const rd = new FileReader();
  rd.onload = () => { $("pdn-text").value = rd.result; loadPDN(rd.result); };
  rd.readAsText(f);
};

async function init() {
  const menus = await (await fetch("/api/options")).json();
  for (const v of menus.variants) $("variant").add(new Option(v.title + " (" + v.name + ")", v.name));
  for (const t of menus.times) $("time").add(new Option(t.title, t.name));
  const params = new URLSearchParams(location.search);
  if (params.get("time")) $("time").add(new Option(params.get("time"), params.get("time"), true, true));
  $("variant").value = params.get("variant") || "international";
  if (params.get("human")) $("human").value = params.get("human");
  const old = sessionStorage.getItem("damka-session");
  if (old) {
    try {
      const r = await fetch("/api/state?id=" + encodeURIComponent(old));
      if (r.ok) { const st = await r.json(); setState(st); $("variant").value = st.variant; return; }
    } catch (e) { /* start afresh */ }
  }
  await newGame();
}
init();
