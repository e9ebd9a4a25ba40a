/* graph-diff HTML report: one graph pair's picture on a canvas.
 * HTMLRenderer.cpp embeds this file. The layout comes from the tool (the
 * page's JSON data); this script only draws what is in view (nodes sorted by
 * y, found by binary search; edges tested against the view), zooms and pans,
 * and finds the node under the mouse. `data.nodes` is the node table as one
 * object per row (viewer-page.js decodes the page's columns); views come
 * from `views(name)`, which parses those not needed first on demand. */
var GraphDiffPicture = (function () {
  'use strict';
  var W = 170, H = 40, TOP = 30, TEXT_SCALE = 0.35;
  var COLORS = {
    unchanged: '#d9d9d9', updated: '#ffe066', replaced: '#8db8ee',
    deleted: '#f08080', inserted: '#8fd694', replacing: '#4a90e2'
  };
  // A change that --only left out: its colour three quarters of the way to
  // white (dimColor in ViewerData.cpp).
  var DIM_COLORS = {
    unchanged: '#f5f5f5', updated: '#fff7d8', replaced: '#e2edfa',
    deleted: '#fbdfdf', inserted: '#e3f4e4', replacing: '#d1e3f7'
  };
  // Edges by kind: on both sides, "replaced by", source only, target only.
  var EDGE_COLORS = ['#777', '#4a90e2', '#e03131', '#2b8a3e'];

  function cut(text, width) {
    return text.length <= width ? text : text.slice(0, width - 1) + '\u2026';
  }

  // Whether a table row has a counterpart drawn on the target side.
  function onTarget(row) {
    if (row['new']) return true;
    if (row.input) return row.status !== 'deleted';
    return row.status === 'unchanged' || row.status === 'updated';
  }

  // Where a line from the centre of box (x1, y1) to the centre of box
  // (x2, y2) leaves the first box (both W x H).
  function border(x1, y1, x2, y2) {
    var dx = x2 - x1, dy = y2 - y1;
    var t = Math.min(dx ? (W / 2) / Math.abs(dx) : Infinity, dy ? (H / 2) / Math.abs(dy) : Infinity, 1);
    return [x1 + W / 2 + dx * t, y1 + H / 2 + dy * t];
  }

  function Picture(canvas, data, onClick, views) {
    this.canvas = canvas;
    this.data = data;
    this.onClick = onClick;
    this.views = views;
    this.ctx = canvas.getContext('2d');
    this.viewName = data.changesFirst ? 'changes' : 'all';
    this.checks = false;
    this.mode = 'side';
    this.scale = 1; this.tx = 0; this.ty = 0;
    this.hits = new Set();
    this.marked = new Set();
    this.partners = new Set();
    this.selected = -1;
    this.drawn = 0;
    this.pending = false;
    this.build();
    this.attach();
    this.resize();
    this.home();
  }

  // The key of the view shown: "all" or "changes", "Checks" appended when
  // the hidden checks are shown and the pair has some.
  Picture.prototype.viewKey = function () {
    return this.viewName + (this.checks && this.data.hiddenChecks ? 'Checks' : '');
  };

  // Items are what is drawn: a view node on one side (L source, R target,
  // M merged) at world coordinates. Side by side, the two sides are two
  // panes that show the same world window, so that a node and its
  // counterpart are at the same place in both; a node only one side has is
  // drawn on the other as a dashed outline (a ghost), and a fused region's
  // "replaced by" edge runs, in each pane, between the real nodes and the
  // ghosts.
  Picture.prototype.build = function () {
    var data = this.data, view = this.views(this.viewKey());
    var side = this.mode === 'side';
    var items = [], left = [], right = [];
    var vn = view.nodes, ve = view.edges;
    for (var v = 0; 3 * v < vn.length; ++v) {
      var r = vn[3 * v], x = vn[3 * v + 1], y = vn[3 * v + 2] + TOP, row = data.nodes[r];
      if (!side) {
        left[v] = items.length;
        items.push({v: v, row: r, x: x, y: y, side: 'M', name: row.name});
        continue;
      }
      if (!row['new']) {
        left[v] = items.length;
        items.push({v: v, row: r, x: x, y: y, side: 'L', name: row.name});
      }
      if (onTarget(row)) {
        right[v] = items.length;
        items.push({v: v, row: r, x: x, y: y, side: 'R', name: row.tname || row.name});
      }
    }
    this.left = left;
    this.right = right;
    var edges = [];
    // `panes`: where the edge is drawn ('L', 'R', 'LR', 'M').
    var push = function (i, j, kind, panes) {
      var p = items[i], q = items[j], x1, y1, x2, y2;
      if (kind === 1) {
        var a = border(p.x, p.y, q.x, q.y), b = border(q.x, q.y, p.x, p.y);
        x1 = a[0]; y1 = a[1]; x2 = b[0]; y2 = b[1];
      } else {
        x1 = p.x + W / 2; y1 = p.y + H; x2 = q.x + W / 2; y2 = q.y;
      }
      edges.push({x1: x1, y1: y1, x2: x2, y2: y2, kind: kind, panes: panes,
                  minX: Math.min(x1, x2), maxX: Math.max(x1, x2),
                  minY: Math.min(y1, y2), maxY: Math.max(y1, y2)});
    };
    var counts = [0, 0, 0, 0];
    for (var k = 0; k < ve.length; k += 3) {
      var a = ve[k], b = ve[k + 1], kind = ve[k + 2];
      if (!side) {
        if (left[a] !== undefined && left[b] !== undefined) { push(left[a], left[b], kind, 'M'); counts[kind]++; }
        continue;
      }
      if (kind === 1) {
        var from = left[a] !== undefined ? left[a] : right[a], to = right[b] !== undefined ? right[b] : left[b];
        if (from !== undefined && to !== undefined) { push(from, to, 1, 'LR'); counts[1]++; }
        continue;
      }
      var l = kind !== 3 && left[a] !== undefined && left[b] !== undefined;
      var rr = kind !== 2 && right[a] !== undefined && right[b] !== undefined;
      if (l || rr) push(l ? left[a] : right[a], l ? left[b] : right[b], kind, (l ? 'L' : '') + (rr ? 'R' : ''));
      counts[kind] += (l ? 1 : 0) + (rr ? 1 : 0);
    }
    items.forEach(function (item) {
      var row = data.nodes[item.row];
      item.label = cut(item.name, 26);
      item.kind = cut(item.side === 'R' && row.tkind ? row.tkind : row.kind, 28);
      item.color = (row.dim ? DIM_COLORS : COLORS)[row.status] || '#fff';
      // Only on its own side: drawn as a ghost on the other.
      item.alone = side && (item.side === 'L' ? right[item.v] === undefined : left[item.v] === undefined);
    });
    var byY = items.map(function (_, i) { return i; });
    byY.sort(function (a, b) { return items[a].y - items[b].y || items[a].x - items[b].x; });
    this.items = items;
    this.byY = byY;
    this.edges = edges;
    this.edgeCounts = counts;
    this.clusters = [];
    var clusters = this.clusters;
    view.clusters.forEach(function (c) {
      if (c[2][2] > 0) clusters.push({box: c[2], label: 'fused into ' + data.nodes[vn[3 * c[0]]].name});
    });
    this.width = view.width;
    this.height = view.height + TOP;
    this.side = side;
    this.hits = new Set();
    this.marked = new Set();
    this.partners = new Set();
    this.selected = -1;
  };

  // Rebuilds for another view ("all", "changes"), mode ("side", "merged")
  // or with the hidden checks shown or not (true, false; null: as is).
  Picture.prototype.show = function (viewName, mode, checks) {
    if (viewName) this.viewName = viewName;
    if (mode) this.mode = mode;
    if (checks !== undefined && checks !== null) this.checks = checks;
    this.build();
    this.resize();
    this.home();
  };

  Picture.prototype.itemsOfRow = function (row) {
    var out = [];
    this.items.forEach(function (item, i) { if (item.row === row) out.push(i); });
    return out;
  };

  // The other side's items for item i: the same row there, or for a node
  // of a fused region the node that replaced it (and the other way round).
  Picture.prototype.counterparts = function (i) {
    var item = this.items[i], out = [], self = this;
    if (item.side === 'M') return out;
    var there = item.side === 'L' ? this.right : this.left;
    if (there[item.v] !== undefined) return [there[item.v]];
    var ve = this.views(this.viewKey()).edges;
    for (var k = 0; k < ve.length; k += 3) {
      if (ve[k + 2] !== 1) continue;
      var a = ve[k], b = ve[k + 1];
      if (item.side === 'L' && a === item.v && self.right[b] !== undefined) out.push(self.right[b]);
      if (item.side === 'R' && b === item.v && self.left[a] !== undefined) out.push(self.left[a]);
    }
    // A region's members all point at its replacer.
    if (item.side === 'L' && !out.length) {
      var row = this.data.nodes[item.row];
      if (row.action !== undefined) {
        var rows = this.data.actionNodes[row.action] || [];
        rows.forEach(function (r) {
          self.itemsOfRow(r).forEach(function (j) { if (self.items[j].side === 'R' && self.items[j].alone) out.push(j); });
        });
      }
    }
    return out;
  };

  Picture.prototype.resize = function () {
    var ratio = window.devicePixelRatio || 1;
    var w = this.canvas.clientWidth || 800, h = this.canvas.clientHeight || 500;
    this.canvas.width = Math.round(w * ratio);
    this.canvas.height = Math.round(h * ratio);
    this.viewW = w; this.viewH = h; this.ratio = ratio;
    var half = Math.floor(w / 2);
    this.panes = this.side ? [{side: 'L', x: 0, w: half, title: 'source'},
                              {side: 'R', x: half, w: w - half, title: 'target'}]
                           : [{side: 'M', x: 0, w: w, title: ''}];
    this.paneW = this.panes[0].w;
  };

  // The height of the part of the canvas inside the window (the page
  // above the first picture pushes its bottom out of the first screen):
  // what fitting and centring aim at.
  Picture.prototype.shownH = function () {
    var top = this.canvas.getBoundingClientRect().top, inner = window.innerHeight || this.viewH;
    if (top < 0 || top >= inner) return this.viewH;
    return Math.max(Math.min(this.viewH, inner - top), Math.min(this.viewH, 200));
  };

  // Fits the world box [x0, x1] x [y0, y1] into a pane, at most at scale 1.
  Picture.prototype.fitBox = function (x0, y0, x1, y1) {
    var h = this.shownH();
    var s = Math.min(this.paneW / (x1 - x0 + 40), (h - TOP) / (y1 - y0 + 40), 1);
    this.scale = Math.max(s, 0.002);
    this.tx = (this.paneW - (x0 + x1) * this.scale) / 2;
    this.ty = TOP / 2 + (h - (y0 + y1) * this.scale) / 2;
  };

  // The box around the changed nodes, or null if none.
  Picture.prototype.changedBox = function () {
    var items = this.items, data = this.data, box = null;
    items.forEach(function (item) {
      var row = data.nodes[item.row];
      if (row.status === 'unchanged' || row.dim) return;
      if (!box) box = [item.x, item.y, item.x + W, item.y + H];
      box[0] = Math.min(box[0], item.x); box[1] = Math.min(box[1], item.y);
      box[2] = Math.max(box[2], item.x + W); box[3] = Math.max(box[3], item.y + H);
    });
    return box;
  };

  // The opening view: the whole picture if it is readable at once (text is
  // drawn), or without changes; else fitted to the changed nodes when
  // they fit at a scale that shows text; else (changes all over a big
  // graph) false, and the page opens on the first action.
  Picture.prototype.home = function () {
    var box = this.changedBox();
    this.fitBox(0, 0, this.width, this.height);
    if (!box || this.scale >= TEXT_SCALE) {
      this.readable = true;
      this.draw();
      return true;
    }
    this.fitBox(box[0], box[1], box[2], box[3]);
    var readable = this.scale >= TEXT_SCALE;
    this.readable = readable;
    this.draw();
    return readable;
  };

  // Where the changes are thickest: the items of the window of the size a
  // pane shows at scale `scale` (a window's top at a changed item, centred
  // on it across) that holds the most changed items, in y order; the first
  // such window from the top wins ties.
  Picture.prototype.busiest = function (scale) {
    var items = this.items, data = this.data, changed = [];
    this.byY.forEach(function (i) {
      var row = data.nodes[items[i].row];
      if (row.status !== 'unchanged' && !row.dim && (items[i].side !== 'R' || row['new'])) changed.push(i);
    });
    var w = this.paneW / scale - W, h = this.shownH() / scale - H - TOP, best = [], end = 0;
    for (var a = 0; a < changed.length; ++a) {
      var top = items[changed[a]], inside = [];
      while (end < changed.length && items[changed[end]].y <= top.y + h) ++end;
      for (var b = a; b < end; ++b) {
        var item = items[changed[b]];
        if (Math.abs(item.x - top.x) <= w / 2) inside.push(changed[b]);
      }
      if (inside.length > best.length) best = inside;
    }
    return best;
  };

  // Fits the items `list`.
  Picture.prototype.fitItems = function (list) {
    var items = this.items, x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    list.forEach(function (j) {
      x0 = Math.min(x0, items[j].x); y0 = Math.min(y0, items[j].y);
      x1 = Math.max(x1, items[j].x + W); y1 = Math.max(y1, items[j].y + H);
    });
    this.fitBox(x0, y0, x1, y1);
    this.draw();
  };

  Picture.prototype.fit = function () {
    this.fitBox(0, 0, this.width, this.height);
    this.draw();
  };

  // Centres the items `list` (a node and its counterparts), keeping the
  // scale if it shows text.
  Picture.prototype.centerOn = function (i, more) {
    var list = [i].concat(more || []), items = this.items;
    if (!items[i]) return;
    var x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    list.forEach(function (j) {
      x0 = Math.min(x0, items[j].x); y0 = Math.min(y0, items[j].y);
      x1 = Math.max(x1, items[j].x + W); y1 = Math.max(y1, items[j].y + H);
    });
    var s = Math.max(this.scale, 0.8), h = this.shownH();
    // Zoom out if the node and its counterparts do not fit.
    s = Math.max(Math.min(s, this.paneW / (x1 - x0 + 80), h / (y1 - y0 + 80)), TEXT_SCALE);
    this.scale = s;
    this.tx = this.paneW / 2 - (x0 + x1) / 2 * s;
    this.ty = h / 2 - (y0 + y1) / 2 * s;
    this.draw();
  };

  // Whether item i is wholly in view, in its own pane and in the window.
  Picture.prototype.inView = function (i) {
    var item = this.items[i], s = this.scale;
    var x = this.tx + item.x * s, y = this.ty + item.y * s;
    return x >= 0 && y >= 0 && x + W * s <= this.paneW && y + H * s <= this.shownH();
  };

  Picture.prototype.paneAt = function (px) {
    for (var k = 0; k < this.panes.length; ++k)
      if (px < this.panes[k].x + this.panes[k].w) return this.panes[k];
    return this.panes[this.panes.length - 1];
  };

  Picture.prototype.zoomAt = function (factor, px, py) {
    px -= this.paneAt(px).x;
    var s = Math.min(4, Math.max(0.002, this.scale * factor));
    var wx = (px - this.tx) / this.scale, wy = (py - this.ty) / this.scale;
    this.scale = s;
    this.tx = px - wx * s;
    this.ty = py - wy * s;
    this.redraw();
  };

  Picture.prototype.redraw = function () {
    var self = this;
    if (this.pending) return;
    this.pending = true;
    window.requestAnimationFrame(function () { self.pending = false; self.draw(); });
  };

  // The first index into byY whose item ends below y.
  Picture.prototype.firstBelow = function (y) {
    var lo = 0, hi = this.byY.length;
    while (lo < hi) {
      var mid = (lo + hi) >> 1;
      if (this.items[this.byY[mid]].y + H < y) lo = mid + 1; else hi = mid;
    }
    return lo;
  };

  Picture.prototype.visible = function (x0, y0, x1, y1) {
    var out = [];
    for (var k = this.firstBelow(y0 - H); k < this.byY.length; ++k) {
      var i = this.byY[k], item = this.items[i];
      if (item.y > y1) break;
      if (item.x + W >= x0 && item.x <= x1 && item.y + H >= y0) out.push(i);
    }
    return out;
  };

  Picture.prototype.hitTest = function (px, py) {
    var pane = this.paneAt(px), items = this.items;
    var x = (px - pane.x - this.tx) / this.scale, y = (py - this.ty) / this.scale;
    var found = this.visible(x, y, x, y).filter(function (i) { return items[i].side === pane.side; });
    return found.length ? found[0] : -1;
  };

  Picture.prototype.draw = function () {
    var ctx = this.ctx, s = this.scale, r = this.ratio, self = this;
    ctx.setTransform(r, 0, 0, r, 0, 0);
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, this.viewW, this.viewH);
    var x0 = -this.tx / s, y0 = -this.ty / s;
    var x1 = x0 + this.paneW / s, y1 = y0 + this.viewH / s;
    var shown = this.visible(x0, y0, x1, y1);
    var drawn = 0;
    this.panes.forEach(function (pane) {
      ctx.save();
      ctx.setTransform(r, 0, 0, r, 0, 0);
      ctx.beginPath();
      ctx.rect(pane.x, 0, pane.w, self.viewH);
      ctx.clip();
      ctx.setTransform(r * s, 0, 0, r * s, r * (pane.x + self.tx), r * self.ty);
      var mine = [], ghosts = [];
      shown.forEach(function (i) {
        var item = self.items[i];
        if (item.side === pane.side) mine.push(i);
        else if (item.alone) ghosts.push(i);
      });
      drawn += mine.length;
      self.drawPane(pane.side, mine, ghosts, x0, y0, x1, y1);
      ctx.restore();
      ctx.setTransform(r, 0, 0, r, 0, 0);
      if (pane.title) {
        ctx.font = 'bold 13px Helvetica, Arial, sans-serif';
        ctx.textAlign = 'left';
        ctx.fillStyle = 'rgba(255,255,255,0.85)';
        ctx.fillRect(pane.x, 0, pane.w, 22);
        ctx.fillStyle = '#555';
        ctx.fillText(pane.title, pane.x + 10, 16);
      }
      if (pane.x > 0) {
        ctx.strokeStyle = '#999';
        ctx.lineWidth = 1;
        ctx.beginPath();
        ctx.moveTo(pane.x + 0.5, 0);
        ctx.lineTo(pane.x + 0.5, self.viewH);
        ctx.stroke();
      }
    });
    this.drawn = drawn;
  };

  // One pane: `mine` its side's items in view, `ghosts` the other side's
  // items in view that have no counterpart here.
  Picture.prototype.drawPane = function (side, mine, ghosts, x0, y0, x1, y1) {
    var ctx = this.ctx, text = this.scale >= TEXT_SCALE, items = this.items;
    // Fused regions, behind everything (their members are source nodes).
    if (side !== 'R') {
      ctx.setLineDash([6, 4]);
      this.clusters.forEach(function (c) {
        var b = c.box, bx = b[0], by = b[1] + TOP;
        if (bx > x1 || bx + b[2] < x0 || by > y1 || by + b[3] < y0) return;
        ctx.fillStyle = '#eef4fc';
        ctx.strokeStyle = '#4a90e2';
        ctx.lineWidth = 1.2;
        ctx.fillRect(bx, by, b[2], b[3]);
        ctx.strokeRect(bx, by, b[2], b[3]);
        if (text) {
          ctx.fillStyle = '#2a6ab8';
          ctx.font = '11px Helvetica, Arial, sans-serif';
          ctx.textAlign = 'left';
          ctx.fillText(cut(c.label, 40), bx + 4, by + 12);
        }
      });
      ctx.setLineDash([]);
    }
    this.drawEdges(side, x0, y0, x1, y1);
    // Ghosts: where the other side has a node this one lacks.
    if (ghosts.length) {
      ctx.setLineDash([5, 4]);
      ctx.strokeStyle = '#aaa';
      ctx.lineWidth = Math.max(1, 0.8 / this.scale);
      ghosts.forEach(function (i) { ctx.strokeRect(items[i].x, items[i].y, W, H); });
      ctx.setLineDash([]);
    }
    this.drawNodes(mine, text);
  };

  Picture.prototype.drawEdges = function (side, x0, y0, x1, y1) {
    var ctx = this.ctx, s = this.scale, curved = s > 0.15;
    var paths = [new Path2D(), new Path2D(), new Path2D(), new Path2D()], heads = new Path2D();
    this.edges.forEach(function (e) {
      if (e.panes.indexOf(side) < 0) return;
      if (e.maxX < x0 || e.minX > x1 || e.maxY < y0 || e.minY > y1) return;
      var p = paths[e.kind];
      p.moveTo(e.x1, e.y1);
      if (curved && e.kind !== 1) {
        p.bezierCurveTo(e.x1, e.y1 + 30, e.x2, e.y2 - 30, e.x2, e.y2);
      } else {
        p.lineTo(e.x2, e.y2);
      }
      if (s > 0.5) {
        var dx = e.kind !== 1 && curved ? 0 : e.x2 - e.x1;
        var dy = e.kind !== 1 && curved ? 1 : e.y2 - e.y1;
        var len = Math.sqrt(dx * dx + dy * dy) || 1;
        dx /= len; dy /= len;
        heads.moveTo(e.x2, e.y2);
        heads.lineTo(e.x2 - 8 * dx + 4 * dy, e.y2 - 8 * dy - 4 * dx);
        heads.lineTo(e.x2 - 8 * dx - 4 * dy, e.y2 - 8 * dy + 4 * dx);
        heads.closePath();
      }
    });
    ctx.lineWidth = Math.max(1.2, 0.6 / s);
    ctx.strokeStyle = EDGE_COLORS[0];
    ctx.stroke(paths[0]);
    // Edges one side lacks: thick, dashed where they were removed.
    ctx.lineWidth = Math.max(3, 1.5 / s);
    ctx.strokeStyle = EDGE_COLORS[3];
    ctx.stroke(paths[3]);
    ctx.setLineDash([6, 4]);
    ctx.strokeStyle = EDGE_COLORS[2];
    ctx.stroke(paths[2]);
    ctx.strokeStyle = EDGE_COLORS[1];
    ctx.lineWidth = Math.max(2, 1 / s);
    ctx.stroke(paths[1]);
    ctx.setLineDash([]);
    ctx.fillStyle = '#555';
    ctx.fill(heads);
  };

  Picture.prototype.drawNodes = function (shown, text) {
    var ctx = this.ctx, items = this.items, data = this.data, s = this.scale;
    var byColor = {};
    shown.forEach(function (i) {
      var item = items[i];
      var path = byColor[item.color] || (byColor[item.color] = new Path2D());
      var row = data.nodes[item.row];
      if (row.input && path.roundRect) path.roundRect(item.x, item.y, W, H, H / 2);
      else if (path.roundRect) path.roundRect(item.x, item.y, W, H, 6);
      else path.rect(item.x, item.y, W, H);
    });
    Object.keys(byColor).sort().forEach(function (color) {
      ctx.fillStyle = color;
      ctx.fill(byColor[color]);
      if (s > 0.2) {
        ctx.strokeStyle = '#666';
        ctx.lineWidth = 1;
        ctx.stroke(byColor[color]);
      }
    });
    var outline = function (set, color, width, dash) {
      ctx.strokeStyle = color;
      ctx.lineWidth = Math.max(width, width * 0.8 / s);
      if (dash) ctx.setLineDash(dash);
      shown.forEach(function (i) {
        if (set.has(i)) ctx.strokeRect(items[i].x - 2, items[i].y - 2, W + 4, H + 4);
      });
      ctx.setLineDash([]);
    };
    outline(this.marked, '#e8590c', 3);
    outline(this.hits, '#e8590c', 4);
    outline(this.partners, '#111', 3, [6, 3]);
    if (this.selected >= 0) outline(new Set([this.selected]), '#111', 4);
    // Collapsed groups get a dashed border.
    ctx.setLineDash([4, 3]);
    ctx.strokeStyle = '#444';
    ctx.lineWidth = 1.5;
    shown.forEach(function (i) {
      if (data.nodes[items[i].row].count) ctx.strokeRect(items[i].x, items[i].y, W, H);
    });
    ctx.setLineDash([]);
    if (!text) return;
    ctx.textAlign = 'center';
    shown.forEach(function (i) {
      var item = items[i], row = data.nodes[item.row];
      ctx.fillStyle = row.dim ? '#999' : row.status === 'replacing' ? '#fff' : '#222';
      ctx.font = 'bold 11px Helvetica, Arial, sans-serif';
      ctx.fillText(item.label, item.x + W / 2, item.y + 16);
      ctx.font = '11px Helvetica, Arial, sans-serif';
      ctx.fillText(item.kind, item.x + W / 2, item.y + 32);
    });
  };

  Picture.prototype.attach = function () {
    var self = this, canvas = this.canvas, drag = null;
    canvas.addEventListener('wheel', function (e) {
      e.preventDefault();
      var rect = canvas.getBoundingClientRect();
      self.zoomAt(Math.exp(-e.deltaY * 0.0015), e.clientX - rect.left, e.clientY - rect.top);
    }, {passive: false});
    canvas.addEventListener('mousedown', function (e) {
      drag = {x: e.clientX, y: e.clientY, tx: self.tx, ty: self.ty, moved: false};
      canvas.classList.add('dragging');
    });
    window.addEventListener('mousemove', function (e) {
      if (!drag) return;
      var dx = e.clientX - drag.x, dy = e.clientY - drag.y;
      if (Math.abs(dx) + Math.abs(dy) > 3) drag.moved = true;
      self.tx = drag.tx + dx;
      self.ty = drag.ty + dy;
      self.redraw();
    });
    window.addEventListener('mouseup', function (e) {
      if (!drag) return;
      var moved = drag.moved;
      drag = null;
      canvas.classList.remove('dragging');
      if (moved) return;
      var rect = canvas.getBoundingClientRect();
      var i = self.hitTest(e.clientX - rect.left, e.clientY - rect.top);
      if (i >= 0) self.onClick(i);
    });
    canvas.addEventListener('dblclick', function (e) {
      var rect = canvas.getBoundingClientRect();
      self.zoomAt(2, e.clientX - rect.left, e.clientY - rect.top);
    });
    window.addEventListener('resize', function () { self.resize(); self.draw(); });
    if (window.ResizeObserver) {
      new ResizeObserver(function () {
        if (canvas.clientWidth !== self.viewW || canvas.clientHeight !== self.viewH) {
          self.resize();
          self.draw();
        }
      }).observe(canvas);
    }
  };

  Picture.onTarget = onTarget;
  Picture.TEXT_SCALE = TEXT_SCALE;
  Picture.W = W;
  Picture.H = H;
  return Picture;
})();
