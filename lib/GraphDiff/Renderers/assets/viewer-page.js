/* graph-diff HTML report: the page around the pictures (search, the
 * changes-only and side-by-side switches, node details, the action list
 * linked both ways). HTMLRenderer.cpp embeds this file after
 * viewer-canvas.js.
 *
 * For tests: load errors go to #errors; once the page is ready, body gets
 * data-ready (items drawn in all pictures), data-drawn (those in view on the
 * first screen) and data-load-ms (the time from navigation start), and
 * window.graphDiff exposes the pictures. */
(function () {
  'use strict';
  var start = performance.now();
  var errors = document.getElementById('errors');
  window.addEventListener('error', function (e) {
    errors.textContent += 'error: ' + e.message + '\n';
  });
  var box = document.getElementById('search');
  var hits = document.getElementById('hits');
  var changesOnly = document.getElementById('changes-only');
  var mode = document.getElementById('mode');
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
    if (panel.hidden) {
      panel.hidden = false;
      // The canvas just got narrower.
      pic.resize();
    }
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
    if (row.action !== undefined) {
      dl.appendChild(text('dt', 'action'));
      var dd = document.createElement('dd');
      var link = text('a', pair.actionItems[row.action].textContent.trim());
      link.className = 'action-link';
      link.addEventListener('click', function () { selectAction(pair, row.action); });
      dd.appendChild(link);
      dl.appendChild(dd);
    }
    panel.appendChild(dl);
    var ir = target && row.tir ? row.tir : row.ir;
    if (ir) {
      // An unchanged node's target IR is its source IR under other names.
      if (target && !row.tir && !row['new']) panel.appendChild(text('dt', 'IR (as in the source)'));
      panel.appendChild(text('pre', ir, 'ir'));
    }
  }

  function markAction(pair, index) {
    pair.actionItems.forEach(function (li, k) { li.classList.toggle('current', k === index); });
    var li = pair.actionItems[index], list = pair.actionList;
    if (!li) return;
    // Scroll the list only, never the page.
    var top = li.offsetTop - list.offsetTop;
    if (top < list.scrollTop || top > list.scrollTop + list.clientHeight - li.offsetHeight)
      list.scrollTop = top - list.clientHeight / 2;
  }

  function selectItem(pair, i) {
    var pic = pair.picture;
    document.body.setAttribute('data-selected', pic.items[i].name + ' ' + pic.items[i].side);
    pic.selected = i;
    pic.marked = new Set();
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
      pic.selected = first;
      showDetails(pair, first);
      pic.centerOn(first);
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

  function hasMatch(pair, match) {
    return pair.data.views.all.nodes.some(function (n) {
      var row = pair.data.nodes[n[0]];
      return (!row['new'] && match({name: row.name, side: 'L'}, row)) ||
        (GraphDiffPicture.onTarget(row) && match({name: row.tname || row.name, side: 'R'}, row));
    });
  }

  var found = [], current = -1, benchRequested = false;
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
      pair.actionItems.forEach(function (li) {
        li.classList.toggle('hidden', q !== '' && li.textContent.toLowerCase().indexOf(lower) < 0);
      });
      pic.draw();
    });
    // Nothing in the changes-only view but something in the full one: show
    // the full one.
    if (match && !found.length && changesOnly.checked && pairs.some(function (pair) {
      return hasMatch(pair, match);
    })) {
      changesOnly.checked = false;
      pairs.forEach(function (p) { p.picture.show('all', null); });
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
    var hit = found[current];
    hit.pair.picture.centerOn(hit.item);
    hit.pair.section.scrollIntoView({block: 'nearest'});
  }

  function init() {
    document.querySelectorAll('section.pair').forEach(function (section) {
      var data = JSON.parse(section.querySelector('script.pair-data').textContent);
      var pair = {section: section, data: data,
                  details: section.querySelector('.details'),
                  actionList: section.querySelector('ol.actions'),
                  actionItems: Array.prototype.slice.call(section.querySelectorAll('ol.actions li'))};
      pair.picture = new GraphDiffPicture(section.querySelector('canvas'), data,
                                          function (i) { selectItem(pair, i); });
      pair.actionItems.forEach(function (li, k) {
        li.addEventListener('click', function () { selectAction(pair, k); });
      });
      pairs.push(pair);
    });
    changesOnly.checked = pairs.some(function (p) { return p.data.changesFirst; });
    pairs.forEach(function (p) {
      var want = changesOnly.checked ? 'changes' : 'all';
      if (p.picture.viewName !== want) p.picture.show(want, null);
    });
    changesOnly.addEventListener('change', function () {
      pairs.forEach(function (p) { p.picture.show(changesOnly.checked ? 'changes' : 'all', null); });
      search();
    });
    mode.addEventListener('change', function () {
      pairs.forEach(function (p) { p.picture.show(null, mode.value); });
      search();
    });
    document.getElementById('fit').addEventListener('click', function () {
      pairs.forEach(function (p) { p.picture.fit(); });
    });
    box.addEventListener('input', search);
    box.addEventListener('keydown', function (e) { if (e.key === 'Enter') next(); });
    // `page.html#q=%5` opens the page with that search done,
    // `#select=%5` with that node's details shown, `#action=3` with the
    // fourth action of the first graph selected (`&` joins them). A value
    // that is not valid percent-encoding is taken as it is.
    var params = {};
    window.location.hash.replace(/^#/, '').split('&').forEach(function (part) {
      var eq = part.indexOf('=');
      if (eq < 0) return;
      var value = part.slice(eq + 1);
      try { value = decodeURIComponent(value); } catch (e) { /* taken literally */ }
      params[part.slice(0, eq)] = value;
    });
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
    // `#click=center` and `#wheel=center,DY` send the first picture the
    // mouse events of a click and a wheel turn at its centre (for tests).
    var canvas = pairs.length ? pairs[0].picture.canvas : null;
    var at = function (type, extra) {
      var rect = canvas.getBoundingClientRect(), init = {
        bubbles: true, cancelable: true,
        clientX: rect.left + rect.width / 2, clientY: rect.top + rect.height / 2};
      for (var key in extra) init[key] = extra[key];
      return type === 'wheel' ? new WheelEvent(type, init) : new MouseEvent(type, init);
    };
    if (canvas && params.click === 'center') {
      canvas.dispatchEvent(at('mousedown', {}));
      window.dispatchEvent(at('mouseup', {}));
    }
    if (canvas && params.wheel !== undefined) {
      document.body.setAttribute('data-scale-before', pairs[0].picture.scale.toFixed(3));
      canvas.dispatchEvent(at('wheel', {deltaY: Number(params.wheel.split(',')[1])}));
      pairs[0].picture.draw();
      document.body.setAttribute('data-scale', pairs[0].picture.scale.toFixed(3));
    }
    benchRequested = params.bench !== undefined;
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
        pairs.forEach(function (p) { p.picture.show(view, null); });
      }));
      out.push(view + '-fit-frame=' + time(function () {
        pairs.forEach(function (p) { p.picture.fit(); });
      }));
      out.push(view + '-zoomed-frame=' + time(function () {
        pairs.forEach(function (p) { p.picture.home(); });
      }));
    });
    out.push('search=' + time(function () { box.value = '%5'; search(); }));
    document.body.setAttribute('data-bench', out.join(' '));
  }

  try {
    init();
  } catch (e) {
    errors.textContent += 'error: ' + e.message + '\n';
  }
  var total = 0, drawn = 0;
  pairs.forEach(function (p) { total += p.picture.items.length; drawn += p.picture.drawn; });
  document.body.setAttribute('data-ready', String(total));
  document.body.setAttribute('data-drawn', String(drawn));
  document.body.setAttribute('data-load-ms', String(Math.round(performance.now())));
  document.body.setAttribute('data-script-ms', String(Math.round(performance.now() - start)));
  if (benchRequested) bench();
  window.graphDiff = {pairs: pairs, search: search, selectAction: selectAction, selectItem: selectItem};
})();
