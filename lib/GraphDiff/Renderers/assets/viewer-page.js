/* graph-diff HTML report: the page around the pictures (search, the
 * changes-only, checks and side-by-side switches, node details, the action
 * list linked both ways). HTMLRenderer.cpp embeds this file after
 * viewer-canvas.js, in the page's head. Each pair's section calls addPair()
 * right after its first data, so that its picture is drawn while the rest of
 * the page (the action lists, the other views, the IR) is still being read;
 * the page calls finish() at its end.
 *
 * For tests: load errors go to #errors; once the page is ready, body gets
 * data-ready (items drawn in all pictures), data-drawn (those in view on the
 * first screen), data-first-frame-ms (from navigation start to the first
 * picture drawn), data-load-ms (to the end of the page's script) and
 * data-script-ms (the time spent in this script), and window.graphDiff
 * exposes the pictures. */
var GraphDiffViewer = (function () {
  'use strict';
  var scriptMs = 0, early = [];
  // Errors before #errors is read wait in `early`.
  function report(message) {
    var errors = document.getElementById('errors');
    if (errors) errors.textContent += message + '\n';
    else early.push(message);
  }
  window.addEventListener('error', function (e) { report('error: ' + e.message); });
  var box, hits, changesOnly, checks, mode;
  var pairs = [];

  function text(tag, content, cls) {
    var el = document.createElement(tag);
    el.textContent = content;
    if (cls) el.className = cls;
    return el;
  }

  // The details of one drawn item: which side, names, kind, status,
  // location, its action and its IR.
  function showDetails(pair, i) {
    var pic = pair.picture, item = pic.items[i], row = pair.data.nodes[item.row];
    var panel = pair.details, target = item.side === 'R';
    panel.hidden = false;
    panel.textContent = '';
    panel.appendChild(text('h3', item.name));
    var dl = document.createElement('dl');
    var add = function (key, value) {
      if (value === undefined || value === '') return;
      dl.appendChild(text('dt', key));
      dl.appendChild(text('dd', value));
    };
    add('side', item.side === 'M' ? (row['new'] ? 'target' : 'source') :
        (target ? 'target' : 'source'));
    add('kind', target && row.tkind ? row.tkind : row.kind);
    add('status', row.status + (row.count ? ' (' + row.count + ' nodes)' : ''));
    if (row.tname && !target) add('in the target', row.tname);
    if (row.tname && target) add('in the source', row.name);
    add('location', target && row.tloc ? row.tloc : row.loc);
    if (row.action !== undefined && pair.actionItems[row.action]) {
      dl.appendChild(text('dt', 'action'));
      var dd = document.createElement('dd');
      // The line as the list has it, its long lists folded apart from the
      // list's (the nodes of a kind are listed in the list only).
      var line = document.createElement('span');
      line.className = 'action-link';
      Array.prototype.forEach.call(pair.actionItems[row.action].childNodes, function (child) {
        if (!(child.classList && child.classList.contains('nodes'))) line.appendChild(child.cloneNode(true));
      });
      line.addEventListener('click', function (e) {
        if (!lineClick(pair, row.action, e)) selectAction(pair, row.action);
      });
      dd.appendChild(line);
      dl.appendChild(dd);
    }
    panel.appendChild(dl);
    var tir = irOf(pair, item.row, true), ir = target && tir ? tir : irOf(pair, item.row, false);
    if (ir) {
      // An unchanged node's target IR is its source IR under other names.
      if (target && !tir && !row['new']) panel.appendChild(text('dt', 'IR (as in the source)'));
      panel.appendChild(text('pre', ir, 'ir'));
    }
  }

  // Lists longer than FOLD_ABOVE names show their first FOLD_SHOWN, then
  // `+N more` (HTMLRenderer.cpp folds a fused region's names the same way).
  var FOLD_ABOVE = 8, FOLD_SHOWN = 5;

  // `elements` (joined by `separator`) as a list that folds: a span.names
  // as HTMLRenderer.cpp writes one.
  function foldedList(elements, separator) {
    var names = document.createElement('span'), into = names;
    names.className = 'names';
    names.setAttribute('data-count', String(elements.length));
    var folded = elements.length > FOLD_ABOVE;
    if (folded) names.setAttribute('data-shown', String(FOLD_SHOWN));
    elements.forEach(function (el, k) {
      if (folded && k === FOLD_SHOWN) {
        into = names.appendChild(document.createElement('span'));
        into.className = 'rest';
      }
      if (k) into.appendChild(document.createTextNode(separator));
      into.appendChild(el);
    });
    if (folded) {
      var more = names.appendChild(document.createElement('a'));
      more.className = 'more';
      more.title = 'click to show them all';
      more.setAttribute('data-more', '+' + (elements.length - FOLD_SHOWN).toLocaleString('en-US') + ' more');
    }
    return names;
  }

  // A folded list (span.names) shown whole, or folded again. For tests,
  // body[data-names-shown] says how many of its names are now displayed.
  function toggleNames(names) {
    names.classList.toggle('expanded');
    var rest = names.querySelector(':scope > .rest'), count = Number(names.getAttribute('data-count'));
    var shown = rest && getComputedStyle(rest).display === 'none' ? Number(names.getAttribute('data-shown')) : count;
    document.body.setAttribute('data-names-shown', shown + ' of ' + count);
  }

  // A click inside action `index`'s line (in the list, or its copy in the
  // details): on `+N more`, that list shown whole or folded again; on a
  // counted kind (`tensor.empty x9`), its nodes listed under the line; on
  // one of those, that node. Whether it was one of these.
  function lineClick(pair, index, e) {
    var el = e.target.closest ? e.target.closest('a.more, a.kind, a.node') : null;
    if (!el) return false;
    if (el.classList.contains('more')) {
      toggleNames(el.parentNode);
    } else if (el.classList.contains('kind')) {
      var line = el.parentNode;
      showKind(pair, index, Array.prototype.indexOf.call(line.querySelectorAll(':scope > a.kind'), el));
    } else {
      selectNode(pair, index, Number(el.getAttribute('data-row')), el);
    }
    return true;
  }

  // The source-side item of table row `row` in the picture, or -1.
  function sourceItem(pic, row) {
    for (var i = 0; i < pic.items.length; ++i)
      if (pic.items[i].row === row && pic.items[i].side !== 'R') return i;
    return -1;
  }

  // The `k`th counted kind of action `index`'s line: its nodes listed under
  // the line (folded if long), each a link to the node; in the picture
  // they are outlined, the first centred and selected. A second click on
  // the kind closes the list.
  function showKind(pair, index, k) {
    var li = pair.actionItems[index], kinds = li.querySelectorAll(':scope > a.kind'), kind = kinds[k];
    if (!kind) return;
    var old = li.querySelector(':scope > .nodes');
    Array.prototype.forEach.call(kinds, function (a) { a.classList.remove('open'); });
    if (old) li.removeChild(old);
    if (old && old.getAttribute('data-index') === String(k)) return;
    var rows = kind.getAttribute('data-rows').split(' ').map(Number);
    var box = document.createElement('div');
    box.className = 'nodes';
    box.setAttribute('data-index', String(k));
    box.appendChild(text('span', kind.textContent + ': ', 'label'));
    box.appendChild(foldedList(rows.map(function (row) {
      var a = text('a', pair.data.nodes[row].name, 'node');
      a.setAttribute('data-row', String(row));
      return a;
    }), ', '));
    li.appendChild(box);
    kind.classList.add('open');
    var pic = pair.picture, wanted = new Set(rows), marked = new Set();
    pic.items.forEach(function (item, i) {
      if (item.side !== 'R' && wanted.has(item.row)) marked.add(i);
    });
    markAction(pair, index);
    pic.marked = marked;
    var first = sourceItem(pic, rows[0]);
    if (first >= 0) {
      focus(pair, first);
      showDetails(pair, first);
    } else {
      pic.draw();
    }
  }

  // Node `row` of action `index`, from its kind's list (`link`): selected
  // and centred with its counterparts, the kind's nodes still outlined.
  function selectNode(pair, index, row, link) {
    var pic = pair.picture, i = sourceItem(pic, row);
    if (i < 0) return;
    Array.prototype.forEach.call(pair.actionList.querySelectorAll('a.node.current'), function (a) {
      a.classList.remove('current');
    });
    link.classList.add('current');
    markAction(pair, index);
    focus(pair, i);
    showDetails(pair, i);
    pic.draw();
  }

  // Opens (or closes, `open` false) the folded group of identical actions
  // that header `li` stands for.
  function unfold(pair, header, open) {
    header.classList.toggle('open', open);
    var group = header.getAttribute('data-group');
    (pair.groups[group] || []).forEach(function (li) { li.classList.toggle('unfolded', open); });
  }

  function markAction(pair, index) {
    if (pair.current !== undefined && pair.actionItems[pair.current])
      pair.actionItems[pair.current].classList.remove('current');
    pair.current = index;
    var li = pair.actionItems[index], list = pair.actionList;
    if (li) li.classList.add('current');
    if (!li) return;
    // An action of a folded group: open the group.
    var group = li.getAttribute('data-group');
    if (group !== null && pair.headers[group] && !li.classList.contains('unfolded'))
      unfold(pair, pair.headers[group], true);
    // Scroll the list only, never the page.
    var top = li.offsetTop - list.offsetTop;
    if (top < list.scrollTop || top > list.scrollTop + list.clientHeight - li.offsetHeight)
      list.scrollTop = top - list.clientHeight / 2;
  }

  var SIDES = {L: 'source', R: 'target', M: 'merged'};
  // `name side` of each of `list` that is wholly in view, for tests.
  function inView(pic, list) {
    return list.filter(function (j) { return pic.inView(j); }).map(function (j) {
      return pic.items[j].name + ' ' + SIDES[pic.items[j].side];
    }).join(', ');
  }

  // Item i selected (outlined), its counterparts on the other side
  // outlined dashed, and both centred: the two panes share their window,
  // so a node and its counterpart sit at the same place in each.
  function focus(pair, i) {
    var pic = pair.picture, partners = pic.counterparts(i);
    pic.selected = i;
    pic.partners = new Set(partners);
    pic.centerOn(i, partners);
    var body = document.body;
    body.setAttribute('data-selected', pic.items[i].name + ' ' + pic.items[i].side);
    body.setAttribute('data-counterparts', partners.map(function (j) {
      return pic.items[j].name + ' ' + SIDES[pic.items[j].side];
    }).join(', '));
    body.setAttribute('data-in-view', inView(pic, [i].concat(partners)));
  }

  function selectItem(pair, i) {
    var pic = pair.picture;
    pic.marked = new Set();
    focus(pair, i);
    showDetails(pair, i);
    markAction(pair, pair.data.nodes[pic.items[i].row].action);
    pic.draw();
  }

  // An action: its nodes highlighted (source nodes on the source side, new
  // ones on the target side), the first one centred and selected.
  function selectAction(pair, index) {
    var pic = pair.picture, marked = new Set(), first = -1;
    (pair.data.actionNodes[index] || []).forEach(function (row) {
      pic.itemsOfRow(row).forEach(function (i) {
        var item = pic.items[i];
        if (item.side === 'R' && !pair.data.nodes[row]['new'] && pic.itemsOfRow(row).length > 1)
          return;
        marked.add(i);
        if (first < 0) first = i;
      });
    });
    markAction(pair, index);
    pic.marked = marked;
    if (first >= 0) {
      focus(pair, first);
      showDetails(pair, first);
    } else {
      pic.draw();
    }
  }

  // `%5`, `@conv1`: that exact name; anything else: a case-insensitive
  // substring of a name, kind or location.
  function matcher(q) {
    if (/^[%@]\S+$/.test(q)) return function (item) { return item.name === q; };
    var lower = q.toLowerCase();
    return function (item, row) {
      return item.name.toLowerCase().indexOf(lower) >= 0 ||
        (item.side === 'R' && row.tkind ? row.tkind : row.kind).toLowerCase().indexOf(lower) >= 0 ||
        (row.loc || '').toLowerCase().indexOf(lower) >= 0 ||
        (item.side === 'R' && (row.tloc || '').toLowerCase().indexOf(lower) >= 0);
    };
  }

  // Whether the full view (with the hidden checks if `checks`) has a match.
  function hasMatch(pair, match, checks) {
    var view = viewOf(pair, checks && pair.data.hiddenChecks ? 'allChecks' : 'all');
    if (!view) return false;
    for (var k = 0; k < view.nodes.length; k += 3) {
      var row = pair.data.nodes[view.nodes[k]];
      if ((!row['new'] && match({name: row.name, side: 'L'}, row)) ||
          (GraphDiffPicture.onTarget(row) && match({name: row.tname || row.name, side: 'R'}, row)))
        return true;
    }
    return false;
  }

  var found = [], current = -1;
  function search() {
    var q = box.value.trim();
    var match = q === '' ? null : matcher(q);
    found = [];
    pairs.forEach(function (pair) {
      var pic = pair.picture, set = new Set();
      if (match) {
        pic.byY.forEach(function (i) {
          if (match(pic.items[i], pair.data.nodes[pic.items[i].row])) {
            set.add(i);
            found.push({pair: pair, item: i});
          }
        });
      }
      pic.hits = set;
      var lower = q.toLowerCase();
      // The lines' text, read once (thousands of lines on a big model).
      if (!pair.actionTexts) {
        pair.actionTexts = pair.actionItems.map(function (li) { return li.textContent.toLowerCase(); });
      }
      pair.actionItems.forEach(function (li, k) {
        li.classList.toggle('hidden', q !== '' && pair.actionTexts[k].indexOf(lower) < 0);
      });
      // While searching, the matching actions are listed one by one.
      if (pair.actionList) pair.actionList.classList.toggle('searching', q !== '');
      pic.draw();
    });
    // Nothing in the changes-only view but something in the full one: show
    // the full one; nothing there but in the hidden checks: show them.
    var shown = checks && checks.checked;
    if (match && !found.length && changesOnly.checked && pairs.some(function (pair) {
      return hasMatch(pair, match, shown);
    })) {
      changesOnly.checked = false;
      pairs.forEach(function (p) { p.picture.show('all', null, null); });
      search();
      return;
    }
    if (match && !found.length && checks && !shown && pairs.some(function (pair) {
      return hasMatch(pair, match, true);
    })) {
      checks.checked = true;
      pairs.forEach(function (p) { p.picture.show(null, null, true); });
      search();
      return;
    }
    hits.textContent = q === '' ? '' : found.length + (found.length === 1 ? ' node' : ' nodes');
    current = -1;
    if (found.length) next();
  }
  function next() {
    if (!found.length) return;
    current = (current + 1) % found.length;
    var hit = found[current], pic = hit.pair.picture, partners = pic.counterparts(hit.item);
    // Scrolled first: centring aims at the part of the picture in the window.
    hit.pair.section.scrollIntoView({block: 'nearest'});
    pic.partners = new Set(partners);
    pic.centerOn(hit.item, partners);
    document.body.setAttribute('data-hit', pic.items[hit.item].name + ' ' + SIDES[pic.items[hit.item].side]);
    document.body.setAttribute('data-hit-in-view', inView(pic, [hit.item].concat(partners)));
  }

  // The node table as one object per row, from the page's columns
  // (docs/Renderers.md).
  function decodeRows(data) {
    var c = data.nodes, strings = data.strings, statuses = data.statuses;
    var place = function (column, r) {
      var file = column[3 * r];
      if (file < 0) return undefined;
      var line = column[3 * r + 1];
      return line ? strings[file] + ':' + line + ':' + column[3 * r + 2] : strings[file];
    };
    var rows = new Array(c.name.length);
    for (var r = 0; r < rows.length; ++r) {
      var flags = c.flags[r], tname = c.tname[r], tkind = c.tkind[r], action = c.action[r];
      rows[r] = {name: c.name[r], kind: strings[c.kind[r]], status: statuses[c.status[r]],
                 'new': (flags & 1) !== 0, input: (flags & 2) !== 0, dim: (flags & 4) !== 0, count: 0,
                 loc: place(c.loc, r), tname: tname === 0 ? undefined : tname,
                 tloc: place(c.tloc, r), tkind: tkind < 0 ? undefined : strings[tkind],
                 action: action < 0 ? undefined : action};
    }
    for (var k = 0; k < c.count.length; k += 2) rows[c.count[k]].count = c.count[k + 1];
    return rows;
  }

  // A view of the pair: the one the page opened on, or one of those the
  // section keeps for later (undefined while the page is still loading).
  function viewOf(pair, name) {
    var views = pair.data.views;
    if (!views[name] && !pair.moreViews) {
      var script = pair.section.querySelector('script.pair-views');
      if (!script) return undefined;
      pair.moreViews = JSON.parse(script.textContent);
      for (var key in pair.moreViews) views[key] = pair.moreViews[key];
    }
    return views[name];
  }

  // A row's IR text (its target IR for `target`), rebuilt from the shared
  // shape and the row's names; read from the page on first use.
  function irOf(pair, row, target) {
    if (!pair.ir) {
      var script = pair.section.querySelector('script.pair-ir');
      if (!script) return '';
      pair.ir = JSON.parse(script.textContent);
      pair.ir.target = {};
      for (var k = 0; k < pair.ir.tir.length; k += 3)
        pair.ir.target[pair.ir.tir[k]] = [pair.ir.tir[k + 1], pair.ir.tir[k + 2]];
    }
    var piece = target ? pair.ir.target[row] : [pair.ir.ir[2 * row], pair.ir.ir[2 * row + 1]];
    if (!piece || piece[0] < 0) return '';
    var parts = pair.ir.shapes[piece[0]].split('%'), names = piece[1].split(' ');
    var out = parts[0];
    for (var i = 1; i < parts.length; ++i) out += '%' + names[i - 1] + parts[i];
    return out;
  }

  function timed(what) {
    var t = performance.now();
    try {
      what();
    } catch (e) {
      report('error: ' + e.message);
    }
    scriptMs += performance.now() - t;
  }

  // The pair whose section holds the calling script: its picture, drawn now.
  function addPair() {
    var section = document.currentScript.parentNode;
    timed(function () {
      if (!box) {
        box = document.getElementById('search');
        hits = document.getElementById('hits');
        changesOnly = document.getElementById('changes-only');
        checks = document.getElementById('checks');
        mode = document.getElementById('mode');
      }
      var data = JSON.parse(section.querySelector('script.pair-data').textContent);
      data.nodes = decodeRows(data);
      var pair = {section: section, data: data, details: section.querySelector('.details'),
                  actionList: null, actionItems: [], groups: {}, headers: {}};
      pair.picture = new GraphDiffPicture(section.querySelector('canvas'), data,
                                          function (i) { selectItem(pair, i); },
                                          function (name) { return viewOf(pair, name); });
      if (!pairs.length) {
        changesOnly.checked = data.changesFirst;
        document.body.setAttribute('data-first-frame-ms', String(Math.round(performance.now())));
      }
      pairs.push(pair);
    });
  }

  var benchRequested = false;
  function finish() {
    timed(function () {
      early.forEach(report);
      early = [];
      if (!box) return;
      pairs.forEach(function (pair) {
        pair.actionList = pair.section.querySelector('ol.actions');
        var template = pair.actionList.querySelector('template');
        if (template) pair.actionList.replaceChild(template.content, template);
        // Beside the picture, under the details.
        pair.section.querySelector('.side').appendChild(pair.actionList);
        Array.prototype.forEach.call(pair.actionList.children, function (li) {
          var group = li.getAttribute('data-group');
          if (li.classList.contains('fold')) {
            pair.headers[group] = li;
            li.addEventListener('click', function () { unfold(pair, li, !li.classList.contains('open')); });
            return;
          }
          var k = Number(li.getAttribute('data-action'));
          pair.actionItems[k] = li;
          if (group !== null) (pair.groups[group] = pair.groups[group] || []).push(li);
          li.addEventListener('click', function (e) {
            if (!lineClick(pair, k, e)) selectAction(pair, k);
          });
        });
      });
      changesOnly.checked = pairs.some(function (p) { return p.data.changesFirst; });
      pairs.forEach(function (p) {
        var want = changesOnly.checked ? 'changes' : 'all';
        if (p.picture.viewName !== want) p.picture.show(want, null, null);
      });
      var showAll = function () {
        pairs.forEach(function (p) {
          p.picture.show(changesOnly.checked ? 'changes' : 'all', null, checks ? checks.checked : false);
        });
        search();
      };
      changesOnly.addEventListener('change', showAll);
      if (checks) checks.addEventListener('change', showAll);
      mode.addEventListener('change', function () {
        pairs.forEach(function (p) { p.picture.show(null, mode.value, null); });
        search();
      });
      document.getElementById('fit').addEventListener('click', function () {
        pairs.forEach(function (p) { p.picture.fit(); });
      });
      box.addEventListener('input', search);
      box.addEventListener('keydown', function (e) { if (e.key === 'Enter') next(); });
      // `page.html#q=%5` opens the page with that search done,
      // `#select=%5` with that node's details shown, `#action=3` with the
      // fourth action of the first graph selected, `#checks=1` with the
      // hidden checks shown (`&` joins them). A value that is not valid
      // percent-encoding is taken as it is.
      var params = {};
      window.location.hash.replace(/^#/, '').split('&').forEach(function (part) {
        var eq = part.indexOf('=');
        if (eq < 0) return;
        var value = part.slice(eq + 1);
        try { value = decodeURIComponent(value); } catch (e) { /* taken literally */ }
        params[part.slice(0, eq)] = value;
      });
      if (params.checks === '1' && checks) {
        checks.checked = true;
        showAll();
      }
      if (params.q !== undefined) {
        box.value = params.q;
        search();
      }
      if (params.select !== undefined) {
        pairs.some(function (pair) {
          var pic = pair.picture;
          for (var i = 0; i < pic.items.length; ++i)
            if (pic.items[i].name === params.select) { selectItem(pair, i); pic.centerOn(i); return true; }
          return false;
        });
      }
      if (params.action !== undefined && pairs.length) selectAction(pairs[0], Number(params.action));
      // Opening on the change: each picture is fitted to its changed nodes
      // (Picture.home); where they are spread too wide to read at once, on
      // the part where they are thickest, its first action marked.
      var asked = params.q !== undefined || params.select !== undefined || params.action !== undefined;
      pairs.forEach(function (pair, k) {
        var opened = 'changes';
        if (!pair.picture.readable && !asked) {
          // The changes spread too wide to read at once: the part of the
          // picture where they are thickest, and the action of its first
          // change from the top.
          var pic = pair.picture, region = pic.busiest(0.6);
          if (region.length) {
            // With the nodes that replaced them, so that the "replaced by"
            // edges end in view, if that can still be read.
            var whole = region.slice();
            region.forEach(function (j) { whole = whole.concat(pic.counterparts(j)); });
            pic.fitItems(whole);
            if (pic.scale < GraphDiffPicture.TEXT_SCALE) pic.fitItems(region);
            var row = pair.data.nodes[pic.items[region[0]].row];
            if (row.action !== undefined) {
              markAction(pair, row.action);
              opened = 'action ' + row.action;
            }
            pic.selected = region[0];
            showDetails(pair, region[0]);
            pic.draw();
          }
        }
        if (k === 0) {
          document.body.setAttribute('data-open', asked ? 'url' : opened);
          var pic = pair.picture, changed = 0, total = 0;
          pic.items.forEach(function (item, j) {
            if (!pic.inView(j)) return;
            ++total;
            if (pair.data.nodes[item.row].status !== 'unchanged') ++changed;
          });
          // Nodes wholly in view on the first screen, and the changed ones.
          document.body.setAttribute('data-open-in-view', total + ' ' + changed);
          // Whether the details and the action list sit beside the picture.
          var p = pair.section.querySelector('.picture').getBoundingClientRect();
          var side = pair.section.querySelector('.side').getBoundingClientRect();
          document.body.setAttribute('data-side', side.left >= p.right - 1 && side.top < p.bottom ? 'beside' : 'below');
        }
      });
      // `#click=center` and `#wheel=center,DY` send the first picture the
      // mouse events of a click and a wheel turn at the centre of its first
      // pane's part in the window, where centring puts a node (for tests).
      var canvas = pairs.length ? pairs[0].picture.canvas : null;
      var at = function (type, extra) {
        var rect = canvas.getBoundingClientRect(), pane = pairs[0].picture.panes[0], init = {
          bubbles: true, cancelable: true,
          clientX: rect.left + pane.x + pane.w / 2, clientY: rect.top + pairs[0].picture.shownH() / 2};
        for (var key in extra) init[key] = extra[key];
        return type === 'wheel' ? new WheelEvent(type, init) : new MouseEvent(type, init);
      };
      // `#click=` also takes, comma-separated and clicked in order,
      // `more-N` (the `+N more` of the first graph's action N),
      // `kind-N-K` (the Kth counted kind of action N), `node-K` (the Kth
      // node a kind's click listed), `nodes-more` (the `+N more` of those
      // nodes) and `details-more` (the `+N more` in the details); one that
      // is not on the page is an error.
      if (canvas && params.click !== undefined) params.click.split(',').forEach(function (what) {
        if (what === 'center') {
          canvas.dispatchEvent(at('mousedown', {}));
          window.dispatchEvent(at('mouseup', {}));
          return;
        }
        var pair = pairs[0], part = what.split('-'), li = pair.actionItems[Number(part[1])], el = null;
        if (part[0] === 'more' && li) el = li.querySelector(':scope > .names > a.more');
        if (part[0] === 'kind' && li) el = li.querySelectorAll(':scope > a.kind')[Number(part[2])];
        if (part[0] === 'node') el = pair.actionList.querySelectorAll('.nodes a.node')[Number(part[1])];
        if (what === 'nodes-more') el = pair.actionList.querySelector('.nodes > .names > a.more');
        if (what === 'details-more') el = pair.details.querySelector('.action-link > .names > a.more');
        if (!el) report('error: #click=' + what + ': not on the page');
        else el.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true}));
      });
      if (canvas && params.wheel !== undefined) {
        document.body.setAttribute('data-scale-before', pairs[0].picture.scale.toFixed(3));
        canvas.dispatchEvent(at('wheel', {deltaY: Number(params.wheel.split(',')[1])}));
        pairs[0].picture.draw();
        document.body.setAttribute('data-scale', pairs[0].picture.scale.toFixed(3));
      }
      benchRequested = params.bench !== undefined;
    });
    var total = 0, drawn = 0, edges = [0, 0, 0, 0];
    pairs.forEach(function (p) {
      total += p.picture.items.length;
      drawn += p.picture.drawn;
      p.picture.edgeCounts.forEach(function (n, k) { edges[k] += n; });
    });
    var body = document.body;
    body.setAttribute('data-ready', String(total));
    body.setAttribute('data-drawn', String(drawn));
    // Edges drawn by kind: on both sides, replaced by, source only, target only.
    body.setAttribute('data-edges', edges.join(' '));
    body.setAttribute('data-load-ms', String(Math.round(performance.now())));
    body.setAttribute('data-script-ms', String(Math.round(scriptMs)));
    if (benchRequested) bench();
    window.graphDiff = {pairs: pairs, search: search, selectAction: selectAction, selectItem: selectItem};
  }

  // `#bench=1` (scripts/viewer-benchmark.sh): the worst frames, everything
  // in view in both views, and a search, timed into body[data-bench].
  function bench() {
    var time = function (what) {
      var t = performance.now();
      what();
      return Math.round(performance.now() - t);
    };
    var out = [];
    ['changes', 'all'].forEach(function (view) {
      out.push(view + '-build=' + time(function () {
        pairs.forEach(function (p) { p.picture.show(view, null, null); });
      }));
      out.push(view + '-fit-frame=' + time(function () {
        pairs.forEach(function (p) { p.picture.fit(); });
      }));
      out.push(view + '-zoomed-frame=' + time(function () {
        pairs.forEach(function (p) { p.picture.home(); });
      }));
    });
    out.push('details=' + time(function () {
      pairs.forEach(function (p) { if (p.picture.items.length) selectItem(p, 0); });
    }));
    out.push('search=' + time(function () { box.value = '%5'; search(); }));
    document.body.setAttribute('data-bench', out.join(' '));
  }

  return {addPair: addPair, finish: finish};
})();
