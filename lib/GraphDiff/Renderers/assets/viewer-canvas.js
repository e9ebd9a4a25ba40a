/* graph-diff HTML report: one graph pair's picture on a canvas.
 * HTMLRenderer.cpp embeds this file. The layout comes from the tool (the
 * page's JSON data); this script only draws what is in view (nodes sorted by
 * y, found by binary search; edges tested against the view), zooms and pans,
 * and finds the node under the mouse. `data.nodes` is the node table as one
 * object per row (viewer-page.js decodes the page's columns); views come
 * from `views(name)`, which parses those not needed first on demand. */
var GraphDiffPicture = (function () {
  'use strict';
  var W = 170, H = 40, PANEL_GAP = 90, TOP = 30;
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
    this.selected = -1;
    this.drawn = 0;
    this.pending = false;
    this.build();
    this.attach();
    this.resize();
    this.home();
  }

  // Items are what is drawn: a view node on one side (L source, R target,
  // M merged) at world coordinates.
  // The key of the view shown: "all" or "changes", "Checks" appended when
  // the hidden checks are shown and the pair has some.
  Picture.prototype.viewKey = function () {
    return this.viewName + (this.checks && this.data.hiddenChecks ? 'Checks' : '');
  };

  Picture.prototype.build = function () {
    var data = this.data, view = this.views(this.viewKey());
    var side = this.mode === 'side';
    var items = [], left = [], right = [];
    var offset = view.width + PANEL_GAP, vn = view.nodes, ve = view.edges;
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
        items.push({v: v, row: r, x: x + offset, y: y, side: 'R', name: row.tname || row.name});
      }
    }
    var edges = [];
    for (var k = 0; k < ve.length; k += 3) {
      var a = ve[k], b = ve[k + 1], kind = ve[k + 2];
      var push = function (i, j, kind) {
        if (i === undefined || j === undefined) return;
        var p = items[i], q = items[j];
        var cross = p.side !== q.side;
        edges.push({x1: p.x + (cross ? W : W / 2), y1: p.y + (cross ? H / 2 : H),
                    x2: q.x + (cross ? 0 : W / 2), y2: q.y + (cross ? H / 2 : 0), kind: kind});
      };
      if (!side) push(left[a], left[b], kind);
      else if (kind === 1) push(left[a], right[b], 1);
      else if (kind === 2) push(left[a], left[b], 2);
      else if (kind === 3) push(right[a], right[b], 3);
      else { push(left[a], left[b], 0); push(right[a], right[b], 0); }
    }
    edges.forEach(function (e) {
      e.minX = Math.min(e.x1, e.x2); e.maxX = Math.max(e.x1, e.x2);
      e.minY = Math.min(e.y1, e.y2); e.maxY = Math.max(e.y1, e.y2);
    });
    items.forEach(function (item) {
      var row = data.nodes[item.row];
      item.label = cut(item.name, 26);
      item.kind = cut(item.side === 'R' && row.tkind ? row.tkind : row.kind, 28);
      item.color = (row.dim ? DIM_COLORS : COLORS)[row.status] || '#fff';
    });
    var byY = items.map(function (_, i) { return i; });
    byY.sort(function (a, b) { return items[a].y - items[b].y || items[a].x - items[b].x; });
    this.items = items;
    this.byY = byY;
    this.edges = edges;
    this.edgeCounts = [0, 0, 0, 0];
    var counts = this.edgeCounts;
    edges.forEach(function (e) { counts[e.kind]++; });
    this.clusters = [];
    var clusters = this.clusters;
    view.clusters.forEach(function (c) {
      if (c[2][2] > 0) clusters.push({box: c[2], label: 'fused into ' + data.nodes[vn[3 * c[0]]].name});
    });
    this.width = side ? 2 * view.width + PANEL_GAP : view.width;
    this.height = view.height + TOP;
    this.panelX = side ? offset : -1;
    this.hits = new Set();
    this.marked = new Set();
    this.selected = -1;
  };

  // Rebuilds for another view ("all", "changes"), mode ("side", "merged")
  // or with the hidden checks shown or not (true, false; null: as is).
  Picture.prototype.show = function (viewName, mode, checks) {
    if (viewName) this.viewName = viewName;
    if (mode) this.mode = mode;
    if (checks !== undefined && checks !== null) this.checks = checks;
    this.build();
    this.home();
  };

  Picture.prototype.itemsOfRow = function (row) {
    var out = [];
    this.items.forEach(function (item, i) { if (item.row === row) out.push(i); });
    return out;
  };

  Picture.prototype.resize = function () {
    var ratio = window.devicePixelRatio || 1;
    var w = this.canvas.clientWidth || 800, h = this.canvas.clientHeight || 500;
    this.canvas.width = Math.round(w * ratio);
    this.canvas.height = Math.round(h * ratio);
    this.viewW = w; this.viewH = h; this.ratio = ratio;
  };

  // The opening view: the whole width if it is readable; else scale 0.6
  // from the top, centred on the first change.
  Picture.prototype.home = function () {
    var s = Math.min(1, this.viewW / (this.width + 40));
    this.ty = 10;
    if (s >= 0.6) {
      this.scale = s;
      this.tx = (this.viewW - this.width * s) / 2;
    } else {
      var items = this.items, data = this.data, first = this.byY[0];
      for (var k = 0; k < this.byY.length; ++k) {
        var item = items[this.byY[k]];
        if (item.side !== 'R' && data.nodes[item.row].status !== 'unchanged') {
          first = this.byY[k];
          break;
        }
      }
      this.scale = 0.6;
      this.tx = first === undefined ? 20 : this.viewW / 2 - (items[first].x + W / 2) * 0.6;
      this.ty = first === undefined ? 10 : Math.min(10, 60 - items[first].y * 0.6);
    }
    this.draw();
  };

  Picture.prototype.fit = function () {
    var s = Math.min(this.viewW / (this.width + 40), this.viewH / (this.height + 40), 1);
    this.scale = Math.max(s, 0.002);
    this.tx = (this.viewW - this.width * this.scale) / 2;
    this.ty = (this.viewH - this.height * this.scale) / 2;
    this.draw();
  };

  Picture.prototype.centerOn = function (i) {
    var item = this.items[i];
    if (!item) return;
    this.scale = Math.max(this.scale, 0.8);
    this.tx = this.viewW / 2 - (item.x + W / 2) * this.scale;
    this.ty = this.viewH / 2 - (item.y + H / 2) * this.scale;
    this.draw();
  };

  Picture.prototype.zoomAt = function (factor, px, py) {
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
    var x = (px - this.tx) / this.scale, y = (py - this.ty) / this.scale;
    var found = this.visible(x, y, x, y);
    return found.length ? found[0] : -1;
  };

  Picture.prototype.draw = function () {
    var ctx = this.ctx, s = this.scale, r = this.ratio;
    ctx.setTransform(r, 0, 0, r, 0, 0);
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, this.viewW, this.viewH);
    ctx.setTransform(r * s, 0, 0, r * s, r * this.tx, r * this.ty);
    var x0 = -this.tx / s, y0 = -this.ty / s;
    var x1 = x0 + this.viewW / s, y1 = y0 + this.viewH / s;
    var text = s >= 0.35;
    ctx.font = 'bold 13px Helvetica, Arial, sans-serif';
    ctx.textAlign = 'left';
    ctx.fillStyle = '#555';
    if (this.panelX > 0) {
      ctx.fillText('source', 24, 18);
      ctx.fillText('target', this.panelX + 24, 18);
      ctx.strokeStyle = '#bbb';
      ctx.lineWidth = 1 / s;
      ctx.beginPath();
      ctx.moveTo(this.panelX - PANEL_GAP / 2, Math.max(0, y0));
      ctx.lineTo(this.panelX - PANEL_GAP / 2, Math.min(this.height, y1));
      ctx.stroke();
    }
    // Fused regions, behind everything.
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
        ctx.fillText(cut(c.label, 40), bx + 4, by + 12);
      }
    });
    ctx.setLineDash([]);
    this.drawEdges(x0, y0, x1, y1);
    var shown = this.visible(x0, y0, x1, y1);
    this.drawNodes(shown, text);
    this.drawn = shown.length;
  };

  Picture.prototype.drawEdges = function (x0, y0, x1, y1) {
    var ctx = this.ctx, s = this.scale, curved = s > 0.15;
    var paths = [new Path2D(), new Path2D(), new Path2D(), new Path2D()], heads = new Path2D();
    this.edges.forEach(function (e) {
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
    var outline = function (set, color, width) {
      ctx.strokeStyle = color;
      ctx.lineWidth = Math.max(width, width * 0.8 / s);
      shown.forEach(function (i) {
        if (set.has(i)) ctx.strokeRect(items[i].x - 2, items[i].y - 2, W + 4, H + 4);
      });
    };
    outline(this.marked, '#e8590c', 3);
    outline(this.hits, '#e8590c', 4);
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
  Picture.W = W;
  Picture.H = H;
  return Picture;
})();
