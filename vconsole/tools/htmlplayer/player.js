/* vconsole's web player: draws a recorded run from its screen changes, as the card did.
   The arithmetic follows vconsole/render.py (glyph row codes, colour tables, cursor, border),
   vconsole/capture.py (the 4:3 row spreading) and vconsole/synth.py (the speaker's filter). */
"use strict";
(function () {
  // D: the run's description (vconsole/tools/htmlexport.py, HtmlRecorder.data); part: its binary parts, inflated
  const $ = (id) => document.getElementById(id);
  const EPS = 1e-6;
  const KEY_EVERY = 64;  // a full state kept every this many events, for seeking back
  const CELLS = 1, CURSOR = 2, BORDER = 4, BLINK = 8, FONT = 16, PALETTE = 32;

  const cw = D.cellW, ch = D.cellH, cols = D.cols, rows = D.rows, bx = D.bandX, by = D.bandY;
  const activeW = cols * cw, activeH = rows * ch, frameW = activeW + 2 * bx, frameH = activeH + 2 * by;
  const nCells = rows * cols;
  let fonts = [];  // the character sets: 256 x cellH bytes each
  let tables = [];  // [palette][blink*2 + textOn]: fg 256x3 then bg 256x3

  // -- the events (columns: see vconsole/tools/htmlexport.py) -----------------------------------------
  let times = new Float64Array(0), col = {}, at = {};
  let keys = [];  // full states at events 0, KEY_EVERY, 2 KEY_EVERY, ...
  let notes = {start: new Float64Array(0), length: new Float64Array(0), hz: new Float64Array(0)};
  const TYPES = {time: Float64Array, mask: Uint32Array, count: Uint16Array, step: Uint16Array};

  function newState() {
    return {cells: new Uint8Array(nCells * 2), row: 0, col: 0, mask: 0, border: 0, blink: 1, font: 0, palette: 0};
  }
  function copyState(s) {
    const c = Object.assign({}, s);
    c.cells = s.cells.slice();
    return c;
  }
  function apply(s, i) {
    const flags = col.flags[i];
    if (flags & CELLS) {
      const n = col.count[at.count[i]];
      let p = at.cell[i], cell = -1;
      for (let k = 0; k < n; k++, p++) {
        cell += col.step[p];
        s.cells[2 * cell] = col.char[p]; s.cells[2 * cell + 1] = col.attr[p];
      }
    }
    if (flags & CURSOR) {
      const c = at.cursor[i];
      s.row = col.cursor[2 * c]; s.col = col.cursor[2 * c + 1]; s.mask = col.mask[c];
    }
    if (flags & BORDER) s.border = col.border[at.border[i]];
    if (flags & BLINK) s.blink = col.blink[at.blink[i]];
    if (flags & FONT) s.font = col.font[at.font[i]];
    if (flags & PALETTE) s.palette = col.palette[at.palette[i]];
  }
  function decodeEvents(u8) {
    for (const name in D.sections) {
      const [off, n] = D.sections[name], T = TYPES[name] || Uint8Array;
      col[name] = new T(u8.buffer.slice(u8.byteOffset + off, u8.byteOffset + off + n * T.BYTES_PER_ELEMENT));
    }
    const n = D.eventCount;
    times = col.time;
    const where = {count: 0, cell: 0, cursor: 0, border: 0, blink: 0, font: 0, palette: 0};
    for (const k in where) at[k] = new Uint32Array(n);
    for (let i = 0; i < n; i++) {
      const flags = col.flags[i];
      for (const k in where) at[k][i] = where[k];
      if (flags & CELLS) { where.cell += col.count[where.count]; where.count++; }
      if (flags & CURSOR) where.cursor++;
      if (flags & BORDER) where.border++;
      if (flags & BLINK) where.blink++;
      if (flags & FONT) where.font++;
      if (flags & PALETTE) where.palette++;
    }
    const s = newState();
    for (let i = 0; i < n; i++) {
      apply(s, i);
      if (i % KEY_EVERY === 0) keys.push(copyState(s));
    }
  }
  function decodeNotes(u8) {
    const n = D.noteCount, f = new Float64Array(u8.buffer, u8.byteOffset, 3 * n);
    notes = {start: f.slice(0, n), length: f.slice(n, 2 * n), hz: f.slice(2 * n, 3 * n)};
  }
  function eventAt(t) {  // the last event at or before t (the first one before the run starts)
    let lo = 0, hi = times.length - 1;
    if (hi < 0 || t < times[0]) return 0;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (times[mid] <= t) lo = mid; else hi = mid - 1;
    }
    return lo;
  }
  let cur = null, curIdx = -1;
  function stateAt(idx) {
    if (cur === null || idx < curIdx || idx - curIdx > KEY_EVERY) {
      const k = Math.floor(idx / KEY_EVERY);
      cur = copyState(keys[k]); curIdx = k * KEY_EVERY;
    }
    while (curIdx < idx) apply(cur, ++curIdx);
    return cur;
  }

  // -- drawing native pixels (render.render_frame) ------------------------------------------------
  const native = document.createElement("canvas");
  native.width = frameW; native.height = frameH;
  const nctx = native.getContext("2d", {willReadFrequently: true});
  const image = nctx.createImageData(frameW, frameH);
  const px = image.data;
  let drawnKey = "";

  function phase(t) {
    const frame = Math.floor(t * D.refreshHz + EPS);
    return [Math.floor(frame / D.textBlinkFrames) % 2 === 0, Math.floor(frame / D.cursorBlinkFrames) % 2 === 0];
  }
  const px32 = new Uint32Array(px.buffer);
  const packed = new Map();  // colour table -> 512 RGBA words (fg 0-255, bg 256-511), little-endian
  function words(table) {
    let w = packed.get(table);
    if (!w) {
      w = new Uint32Array(512);
      for (let k = 0; k < 512; k++) w[k] = (0xFF000000 | (table[3 * k + 2] << 16) | (table[3 * k + 1] << 8) | table[3 * k]) >>> 0;
      packed.set(table, w);
    }
    return w;
  }
  function drawCell(s, cell, w, font) {
    const chr = s.cells[2 * cell], attr = s.cells[2 * cell + 1], r = Math.floor(cell / cols), c = cell - r * cols;
    const fg = w[attr], bg = w[256 + attr], n9 = cw === 9;
    const under = D.underlineRow >= 0 && (attr & 7) === 1;
    for (let y = 0; y < ch; y++) {
      const b = font[chr * ch + y];
      let code = n9 ? ((b << 1) | (chr >= 0xC0 && chr <= 0xDF ? b & 1 : 0)) : b;
      if (under && y === D.underlineRow) code = (1 << cw) - 1;
      let o = (by + r * ch + y) * frameW + bx + c * cw;
      for (let x = cw - 1; x >= 0; x--) px32[o++] = (code >> x) & 1 ? fg : bg;
    }
  }
  let painted = null;  // what the native picture shows: cells, table, font, border, the cursor's cell
  function paint(s, textOn, cursorOn) {
    // The blink phase changes only attributes with bit 7 while blinking is on: without one, either table does.
    let blinking = false;
    if (s.blink) for (let i = 1; i < s.cells.length; i += 2) if (s.cells[i] & 0x80) { blinking = true; break; }
    const tk = (s.blink ? 2 : 0) + (textOn || !blinking ? 1 : 0);
    const w = words(tables[s.palette][tk]), font = fonts[s.font];
    const full = painted === null || painted.palette !== s.palette || painted.tk !== tk || painted.font !== s.font ||
                 painted.border !== s.border;
    if (full) {
      for (let i = 0; i < nCells; i++) drawCell(s, i, w, font);
      if (bx || by) {  // the overscan band: colour (border & 15), which never blinks
        const b = w[s.border & 15];
        for (let y = 0; y < frameH; y++) {
          const o = y * frameW;
          if (y < by || y >= by + activeH) px32.fill(b, o, o + frameW);
          else { px32.fill(b, o, o + bx); px32.fill(b, o + bx + activeW, o + frameW); }
        }
      }
    } else {
      const old = painted.cells, now = s.cells;
      for (let i = 0; i < nCells; i++) {
        if (old[2 * i] !== now[2 * i] || old[2 * i + 1] !== now[2 * i + 1]) drawCell(s, i, w, font);
      }
      if (painted.cursor >= 0) drawCell(s, painted.cursor, w, font);
    }
    let cursor = -1;
    if (cursorOn && s.mask && s.row < rows && s.col < cols) {
      // the cursor: the cell's foreground colour in the shown phase, 8 dots wide
      const lit = words(tables[s.palette][(s.blink ? 2 : 0) + 1]);
      cursor = s.row * cols + s.col;
      const fg = lit[s.cells[2 * cursor + 1]];
      for (let y = 0; y < ch; y++) {
        if (!((s.mask >>> y) & 1)) continue;
        const o = (by + s.row * ch + y) * frameW + bx + s.col * cw;
        px32.fill(fg, o, o + 8);
      }
    }
    painted = {cells: s.cells.slice(), palette: s.palette, tk: tk, font: s.font, border: s.border, cursor: cursor};
    nctx.putImageData(image, 0, 0);
  }
  function drawNative(t) {
    const idx = eventAt(t), [textOn, cursorOn] = phase(t);
    const key = idx + ":" + textOn + ":" + cursorOn;
    if (key === drawnKey) return false;
    paint(stateAt(idx), textOn, cursorOn);
    drawnKey = key;
    return true;
  }

  // -- the 4:3 display (capture.to_display; capture.spread spreads lines over rows) ----------------
  function spread(y, nat, shown) { return Math.floor(((2 * y + 1) * nat) / (2 * shown)); }
  function geometry(z) {
    const sw = Math.round(activeW * z);
    const sh = Math.round((activeH * D.scanW * 3 * sw) / (4 * D.scanH * activeW));
    return {z: z, w: Math.round(frameW * z), activeH: sh, bandX: Math.round(bx * z),
            bandY: Math.round((by * sh) / activeH), activeW: sw};
  }
  function rowMap(g) {
    const m = [];
    for (let y = 0; y < g.bandY; y++) m.push(spread(y, by, g.bandY));
    for (let y = 0; y < g.activeH; y++) m.push(by + spread(y, activeH, g.activeH));
    for (let y = 0; y < g.bandY; y++) m.push(by + activeH + spread(y, by, g.bandY));
    return m;
  }
  const columnMaps = new Map();
  function columnMap(w) {  // display column -> native column: whole repeats at whole zooms (as to_display)
    let m = columnMaps.get(w);
    if (!m) {
      m = new Uint32Array(w);
      for (let x = 0; x < w; x++) m[x] = spread(x, frameW, w);
      columnMaps.set(w, m);
    }
    return m;
  }
  function show(canvas, g) {  // the native picture, nearest neighbour, into canvas at geometry g
    const map = rowMap(g), h = map.length, w = g.w;
    if (canvas.width !== w || canvas.height !== h) { canvas.width = w; canvas.height = h; canvas.vcImage = null; }
    const c = canvas.getContext("2d");
    if (!canvas.vcImage) canvas.vcImage = c.createImageData(w, h);
    const dst = new Uint32Array(canvas.vcImage.data.buffer), cm = columnMap(w);
    for (let y = 0, prev = -1; y < h; y++) {
      const o = y * w;
      if (map[y] === prev) { dst.copyWithin(o, o - w, o); continue; }
      prev = map[y];
      const src = prev * frameW;
      for (let x = 0; x < w; x++) dst[o + x] = px32[src + cm[x]];
    }
    c.putImageData(canvas.vcImage, 0, 0);
  }

  // -- the player ------------------------------------------------------------------------------
  const screen = $("vc-view"), note = $("vc-note");
  let t = 0, playing = false, speed = 1, muted = false, zoom = "fit", shownGeom = null;
  let wallAnchor = 0, tAnchor = 0;

  function fitZoom() {
    const full = document.fullscreenElement;
    const availW = (full ? window.innerWidth : Math.min(window.innerWidth - 16, 1600));
    const availH = window.innerHeight - (full ? 0 : 80);
    const g1 = geometry(1);
    return Math.max(0.25, Math.min(availW / g1.w, availH / (g1.activeH + 2 * g1.bandY)));
  }
  function geom() {
    const z = zoom === "fit" ? fitZoom() : zoom;
    if (!shownGeom || shownGeom.z !== z) shownGeom = geometry(z);
    return shownGeom;
  }
  let shownKey = "";
  function render(force) {
    const changed = drawNative(t);
    const g = geom(), key = g.z + ":" + drawnKey;
    if (changed || force || key !== shownKey) { show(screen, g); shownKey = key; }
    updateBar();
  }
  function fmt(s) {
    const m = Math.floor(s / 60), r = s - 60 * m;
    return m + ":" + (r < 10 ? "0" : "") + r.toFixed(1);
  }
  function updateBar() {
    $("vc-time").textContent = fmt(t) + " / " + fmt(D.end);
    if (!seeking) $("vc-seek").value = String(D.end > 0 ? Math.round((t / D.end) * 1000) : 0);
    $("vc-play").innerHTML = playing ? "&#10074;&#10074;" : "&#9654;";
    $("vc-mute").textContent = muted ? "muted" : "sound on";
  }
  function clampTime(x) { return Math.max(0, Math.min(D.end, x)); }
  function seek(x) {
    t = clampTime(x); tAnchor = t; wallAnchor = performance.now();
    audio.restart();
    render(false);
  }
  function play() {
    if (t >= D.end) t = 0;
    playing = true; tAnchor = t; wallAnchor = performance.now();
    audio.start();
    requestAnimationFrame(tick);
    updateBar();
  }
  function pause() { playing = false; audio.stop(); updateBar(); }
  function toggle() { playing ? pause() : play(); }
  let frames = [];  // wall time of each drawn tick, for the benchmark
  function tick(now) {
    if (!playing) return;
    const a = audio.clock();
    t = a !== null ? a : tAnchor + ((now - wallAnchor) / 1000) * speed;
    if (t >= D.end) { t = D.end; render(false); pause(); return; }
    const t0 = performance.now();
    render(false);
    frames.push(performance.now() - t0);
    if (frames.length > 4000) frames.shift();
    audio.feed(t);
    requestAnimationFrame(tick);
  }
  function step() {
    pause();
    let i = eventAt(t);
    while (i < times.length && times[i] <= t) i++;
    seek(i < times.length ? times[i] : D.end);
  }
  function setSpeed(x) {
    speed = x; $("vc-speed").value = String(x);
    tAnchor = t; wallAnchor = performance.now();
    audio.restart();
    note.textContent = speed === 1 ? "" : "sound plays at 1x only";
  }
  function screenText(s) {
    const lines = [];
    for (let r = 0; r < rows; r++) {
      let line = "";
      for (let c = 0; c < cols; c++) line += D.cp437[s.cells[(r * cols + c) * 2]];
      lines.push(line.replace(/\s+$/, ""));
    }
    while (lines.length && lines[lines.length - 1] === "") lines.pop();
    return lines.join("\n") + "\n";
  }
  function copyText() {
    const text = screenText(stateAt(eventAt(t)));
    const fallback = () => {
      const ta = document.createElement("textarea");
      ta.value = text; document.body.appendChild(ta); ta.select();
      const ok = document.execCommand("copy"); ta.remove();
      note.textContent = ok ? "screen copied as text" : "the browser refused to copy";
    };
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(text).then(() => { note.textContent = "screen copied as text"; }, fallback);
    } else fallback();
  }
  function savePng() {
    drawNative(t);
    const c = document.createElement("canvas");
    show(c, geometry(1));
    c.toBlob((blob) => {
      const a = document.createElement("a");
      a.href = URL.createObjectURL(blob);
      a.download = (D.title || "vconsole").replace(/[^A-Za-z0-9_-]+/g, "-") + "-" + t.toFixed(2) + "s.png";
      document.body.appendChild(a); a.click(); a.remove();
      setTimeout(() => URL.revokeObjectURL(a.href), 1000);
    }, "image/png");
  }
  function fullscreen() {
    if (document.fullscreenElement) document.exitFullscreen();
    else if ($("vc-player").requestFullscreen) $("vc-player").requestFullscreen();
  }
  function toggleMute() { muted = !muted; tAnchor = t; wallAnchor = performance.now(); audio.restart(); updateBar(); }

  // -- sound (synth.py: square wave, the small-speaker filter when the run used it) ----------------
  const audio = {
    ctx: null, osc: null, gate: null, until: 0, anchorT: 0, anchorA: 0, running: false, filters: 0,
    ensure() {
      if (this.ctx || !(window.AudioContext || window.webkitAudioContext)) return;
      const ctx = new (window.AudioContext || window.webkitAudioContext)();
      const osc = ctx.createOscillator(), gate = ctx.createGain(), out = ctx.createGain();
      osc.type = "square"; gate.gain.value = 0; out.gain.value = D.volume;
      let node = gate;
      osc.connect(gate);
      if (D.speakerModel === "filtered") {
        for (const [kind, hz] of [["high", D.highpassHz], ["low", D.lowpassHz]]) {
          const [b, a] = biquad(kind, hz, ctx.sampleRate);
          const f = ctx.createIIRFilter(b, a);
          node.connect(f); node = f; this.filters++;
        }
      }
      node.connect(out); out.connect(ctx.destination);
      osc.start();
      this.ctx = ctx; this.osc = osc; this.gate = gate;
    },
    active() { return !muted && speed === 1 && playing && this.ctx !== null; },
    start() {
      this.ensure();
      if (this.ctx && this.ctx.state === "suspended") this.ctx.resume();
      this.restart();
    },
    restart() {
      this.silence();
      if (!playing) return;
      if (this.ctx) { this.anchorT = t; this.anchorA = this.ctx.currentTime + 0.05; this.until = t; }
      this.running = this.active();
      if (this.running) this.feed(t);
    },
    stop() { this.silence(); this.running = false; },
    silence() {
      if (!this.ctx) return;
      const now = this.ctx.currentTime;
      this.gate.gain.cancelScheduledValues(0); this.gate.gain.setValueAtTime(0, now);
      this.osc.frequency.cancelScheduledValues(0);
    },
    clock() {  // machine time from the audio clock while sound plays (the picture follows the sound)
      if (!this.running || this.ctx.state !== "running") return null;
      return Math.max(this.anchorT, this.anchorT + (this.ctx.currentTime - this.anchorA));
    },
    feed(now) {
      if (!this.running) return;
      const horizon = now + 1.0;
      if (this.until >= horizon) return;
      const at = (x) => this.anchorA + (x - this.anchorT);
      const S = notes.start, L = notes.length, H = notes.hz;
      let i = lowerNote(this.until);
      for (; i < S.length && S[i] < horizon; i++) {
        const end = S[i] + L[i];
        if (end <= this.until) continue;
        const from = Math.max(S[i], this.until, this.anchorT);
        this.osc.frequency.setValueAtTime(H[i], at(from));
        this.gate.gain.setValueAtTime(1, at(from));
        this.gate.gain.setValueAtTime(0, at(end));
      }
      this.until = horizon;
    },
  };
  function lowerNote(x) {  // the first note that ends after x
    const S = notes.start, L = notes.length;
    let lo = 0, hi = S.length;
    while (lo < hi) { const m = (lo + hi) >> 1; if (S[m] + L[m] <= x) lo = m + 1; else hi = m; }
    return lo;
  }
  function biquad(kind, hz, rate) {  // synth._biquad: RBJ cookbook, Butterworth Q
    const w0 = (2 * Math.PI * hz) / rate, cos = Math.cos(w0), alpha = Math.sin(w0) / (2 * Math.SQRT1_2);
    const b = kind === "low" ? [(1 - cos) / 2, 1 - cos, (1 - cos) / 2] : [(1 + cos) / 2, -(1 + cos), (1 + cos) / 2];
    const a = [1 + alpha, -2 * cos, 1 - alpha];
    return [b.map((v) => v / a[0]), a.map((v) => v / a[0])];
  }

  // -- links: #t=83.5&zoom=1 ------------------------------------------------------------------
  function parseHash() {
    const out = {};
    for (const part of location.hash.replace(/^#/, "").split("&")) {
      const eq = part.indexOf("=");
      if (eq > 0) out[decodeURIComponent(part.slice(0, eq))] = decodeURIComponent(part.slice(eq + 1));
    }
    return out;
  }
  function readTime(text) {
    if (text === undefined || text === null) return null;
    const s = String(text).trim().replace(/s$/, "");
    if (!/^\d+(\.\d*)?$|^\.\d+$/.test(s)) return NaN;
    return Number(s);
  }
  function readZoom(text) {
    if (text === undefined || text === null) return null;
    if (text === "fit") return "fit";
    const z = Number(text);
    return isFinite(z) && z >= 0.25 && z <= 16 ? z : NaN;
  }
  function setZoom(z) {
    zoom = z;
    $("vc-zoom").value = String(z);
    if ($("vc-zoom").value !== String(z)) {  // a zoom the menu lacks: add it
      const o = document.createElement("option"); o.value = String(z); o.textContent = "zoom " + z;
      $("vc-zoom").appendChild(o);
      $("vc-zoom").value = String(z);
    }
    render(true);
  }
  function applyLink(first) {
    const h = parseHash(), problems = [];
    const tz = readTime(h.t), z = readZoom(h.zoom);
    if (z !== null) { if (Number.isNaN(z)) problems.push("zoom " + h.zoom); else setZoom(z); }
    if (tz !== null) {
      if (Number.isNaN(tz)) problems.push("time " + h.t);
      else { pause(); seek(tz); }
    } else if (first && D.at !== null) { seek(D.at); }
    note.textContent = problems.length ? "the link's " + problems.join(" and ") + " is not understood: ignored" : "";
  }

  // -- the test hook (#test=1.5,2,...): pictures and text at those times, into the page --------------
  function runTest(h) {
    const out = {link: {t: t, zoom: zoom, playing: playing, note: note.textContent}, native: [], shown: [], text: [],
                 end: D.end, events: times.length,
                 notes: Array.from(notes.start, (s, i) => [s, notes.length[i], notes.hz[i]])};
    const list = h.test.split(",").map(Number);
    setZoom(1);
    for (const x of list) {
      pause(); seek(x); drawnKey = ""; render(true);
      out.native.push(native.toDataURL("image/png"));
      out.shown.push(screen.toDataURL("image/png"));
      out.text.push(screenText(stateAt(eventAt(t))));
    }
    if (h.bench) {  // frame time at a speed: draw the run's frames as 60 Hz playback would
      const sp = Number(h.bench), dt = sp / 60, cost = [];
      setZoom(2);
      for (let x = 0; x <= D.end; x += dt) {
        const t0 = performance.now(); t = x; render(false); cost.push(performance.now() - t0);
      }
      out.frameMs = cost;
    }
    out.resources = performance.getEntriesByType("resource").map((e) => e.name);
    const pre = document.createElement("pre");
    pre.id = "vc-test"; pre.textContent = JSON.stringify(out);
    document.body.appendChild(pre);
  }

  // -- wiring ---------------------------------------------------------------------------------
  let seeking = false;
  function wire() {
    $("vc-play").onclick = () => { toggle(); };
    $("vc-step").onclick = step;
    $("vc-mute").onclick = toggleMute;
    $("vc-png").onclick = savePng;
    $("vc-text").onclick = copyText;
    $("vc-full").onclick = fullscreen;
    $("vc-speed").onchange = (e) => setSpeed(Number(e.target.value));
    $("vc-zoom").onchange = (e) => setZoom(e.target.value === "fit" ? "fit" : Number(e.target.value));
    const bar = $("vc-seek");
    bar.oninput = () => { seeking = true; seek((Number(bar.value) / 1000) * D.end); };
    bar.onchange = () => { seeking = false; updateBar(); };
    screen.onclick = () => toggle();
    const SPEEDS = [0.25, 0.5, 1, 2, 4, 8];
    document.addEventListener("keydown", (e) => {
      if (e.ctrlKey || e.altKey || e.metaKey) return;
      const k = e.key;
      if (k === " ") toggle();
      else if (k === "ArrowRight") seek(t + (e.shiftKey ? 30 : 5));
      else if (k === "ArrowLeft") seek(t - (e.shiftKey ? 30 : 5));
      else if (k === "ArrowUp") setSpeed(SPEEDS[Math.min(SPEEDS.length - 1, SPEEDS.indexOf(speed) + 1)]);
      else if (k === "ArrowDown") setSpeed(SPEEDS[Math.max(0, SPEEDS.indexOf(speed) - 1)]);
      else if (k === "." || k === "n") step();
      else if (k === "f") fullscreen();
      else if (k === "m") toggleMute();
      else if (k === "Home") seek(0);
      else if (k === "End") seek(D.end);
      else return;
      e.preventDefault();
      if (document.activeElement && document.activeElement.blur) document.activeElement.blur();
    });
    window.addEventListener("hashchange", () => applyLink(false));
    window.addEventListener("resize", () => { if (zoom === "fit") render(true); });
    document.addEventListener("fullscreenchange", () => render(true));
  }

  async function main() {
    const glyphs = part.fonts, colours = part.tables;
    for (let i = 0; i < glyphs.length; i += 256 * ch) fonts.push(glyphs.subarray(i, i + 256 * ch));
    for (let i = 0; i < colours.length; i += 4 * 1536) {
      tables.push([0, 1, 2, 3].map((k) => colours.subarray(i + k * 1536, i + (k + 1) * 1536)));
    }
    decodeEvents(part.events);
    decodeNotes(part.notes);
    wire();
    if (D.zoom !== null) setZoom(D.zoom);
    render(true);
    applyLink(true);
    const h = parseHash();
    if (h.test) runTest(h);
    window.vconsolePlayer = {seek, play, pause, state: () => ({t, playing, speed, muted, zoom}),
      sound: () => ({context: audio.ctx !== null, running: audio.running, filtered: audio.filters > 0})};
  }
  main().catch((e) => { note.textContent = "this recording cannot be played here: " + e; });
})();
