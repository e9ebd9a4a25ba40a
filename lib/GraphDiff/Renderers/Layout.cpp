//===- Layout.cpp - A layered layout of a diff picture --------------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "Layout.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <deque>
#include <map>
#include <numeric>

using namespace graphdiff;

static constexpr double kGapX = 24, kGapY = 44, kMargin = 24, kClusterPad = 8,
                        kClusterLabel = 18;
static constexpr double kStep = kLayoutNodeWidth + kGapX;
/// A region wider than this gets no box (it would push whole rows aside).
static constexpr double kMaxBoxedWidth = 4 * kStep;

namespace {
/// The working state of one layout.
struct Layering {
  const Drawing &drawing;
  unsigned n;
  std::vector<std::vector<unsigned>> preds, succs;
  std::vector<unsigned> layer;
  std::vector<std::vector<unsigned>> rows;
  /// x of each node's left side.
  std::vector<double> x;
  /// The fused region a node belongs to or stands for, or -1.
  std::vector<int> group;
  /// The mean x of each fused region's members.
  std::vector<double> groupX;

  explicit Layering(const Drawing &drawing)
      : drawing(drawing), n(drawing.nodes.size()), preds(n), succs(n),
        layer(n, 0), x(n, 0), group(n, -1) {
    for (const DrawEdge &edge : drawing.edges) {
      // A replacing node is placed by what it reads, beside its region.
      if (edge.replacedBy)
        continue;
      preds[edge.to].push_back(edge.from);
      succs[edge.from].push_back(edge.to);
    }
    for (auto [index, cluster] : llvm::enumerate(drawing.clusters)) {
      group[cluster.replacer] = index;
      for (unsigned member : cluster.members)
        group[member] = index;
    }
  }

  void longestPath(const std::vector<unsigned> &start);
  void assignLayers(llvm::ArrayRef<int> order);
  void orderRows();
  /// The mean x of `v`'s neighbours in other layers, or its own x.
  double
  barycenter(unsigned v,
             const std::vector<std::vector<unsigned>> &neighbours) const {
    double sum = 0;
    unsigned count = 0;
    for (unsigned u : neighbours[v])
      if (layer[u] != layer[v]) {
        sum += x[u];
        ++count;
      }
    return count ? sum / count : x[v];
  }
  void orderRow(std::vector<unsigned> &row,
                const std::vector<std::vector<unsigned>> &neighbours);
  void placeRow(const std::vector<unsigned> &row,
                const std::vector<std::vector<unsigned>> &neighbours);
  void placeColumns();
};
} // namespace

/// Longest-path layers, each node at least at `start`, in a topological
/// order that follows the drawing's (canonical) node order; a cycle, which
/// only collapsed groups can make, is broken at its lowest-numbered node.
void Layering::longestPath(const std::vector<unsigned> &start) {
  layer = start;
  std::vector<unsigned> pending(n);
  std::vector<bool> placed(n, false);
  std::deque<unsigned> ready;
  for (unsigned v = 0; v < n; ++v) {
    pending[v] = preds[v].size();
    if (!pending[v])
      ready.push_back(v);
  }
  unsigned done = 0, next = 0;
  while (done < n) {
    if (ready.empty()) {
      while (placed[next])
        ++next;
      ready.push_back(next);
    }
    unsigned v = ready.front();
    ready.pop_front();
    if (placed[v])
      continue;
    placed[v] = true;
    ++done;
    for (unsigned p : preds[v])
      if (placed[p])
        layer[v] = std::max(layer[v], layer[p] + 1);
    for (unsigned s : succs[v])
      if (!placed[s] && --pending[s] == 0)
        ready.push_back(s);
  }
}

void Layering::assignLayers(llvm::ArrayRef<int> order) {
  longestPath(std::vector<unsigned>(n, 0));
  // A node that reads nothing drawn starts at the layer of the closest node
  // written before it that does read something.
  if (order.size() == n) {
    std::vector<unsigned> byOrder;
    for (unsigned v = 0; v < n; ++v)
      if (order[v] >= 0)
        byOrder.push_back(v);
    std::stable_sort(
        byOrder.begin(), byOrder.end(),
        [&](unsigned a, unsigned b) { return order[a] < order[b]; });
    std::vector<unsigned> start(n, 0);
    unsigned last = 0;
    for (unsigned v : byOrder) {
      if (preds[v].empty())
        start[v] = last;
      else
        last = layer[v];
    }
    longestPath(start);
  }
  // Nodes that read nothing (constants, graph inputs) sit just above their
  // first reader rather than all on the top row.
  for (unsigned v = 0; v < n; ++v) {
    if (!preds[v].empty() || succs[v].empty())
      continue;
    unsigned first = ~0u;
    for (unsigned s : succs[v])
      first = std::min(first, layer[s]);
    if (first != ~0u && first > 0)
      layer[v] = first - 1;
  }
  unsigned numLayers =
      n ? *std::max_element(layer.begin(), layer.end()) + 1 : 0;
  rows.assign(numLayers, {});
  for (unsigned v = 0; v < n; ++v)
    rows[layer[v]].push_back(v);
  for (std::vector<unsigned> &row : rows)
    for (auto [i, v] : llvm::enumerate(row))
      x[v] = (i - (row.size() - 1) / 2.0) * kStep;
}

/// Orders `row` by the mean x of each node's neighbours in other layers (the
/// barycenter heuristic). A fused region's members in the row and the node
/// that replaced it share their mean key, so they stay side by side.
void Layering::orderRow(std::vector<unsigned> &row,
                        const std::vector<std::vector<unsigned>> &neighbours) {
  std::vector<double> key(row.size());
  for (auto [i, v] : llvm::enumerate(row)) {
    key[i] = barycenter(v, neighbours);
  }
  std::map<int, std::pair<double, unsigned>> groupKey;
  for (auto [i, v] : llvm::enumerate(row))
    if (group[v] >= 0) {
      auto &[sum, count] = groupKey[group[v]];
      sum += key[i];
      ++count;
    }
  for (auto [i, v] : llvm::enumerate(row))
    if (group[v] >= 0) {
      auto [sum, count] = groupKey[group[v]];
      key[i] = sum / count + 1e-6 * i;
      // The node that replaced a region, in a row without its members: at
      // their mean x, so that it lands beside them.
      const DrawCluster &cluster = drawing.clusters[group[v]];
      if (count == 1 && drawing.nodes[v].cluster < 0 &&
          !cluster.members.empty()) {
        double mean = 0;
        for (unsigned m : cluster.members)
          mean += x[m];
        key[i] = mean / cluster.members.size() + kStep / 2;
      }
    }
  std::vector<unsigned> order(row.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](unsigned a, unsigned b) { return key[a] < key[b]; });
  std::vector<unsigned> sorted;
  sorted.reserve(row.size());
  for (unsigned i : order)
    sorted.push_back(row[i]);
  row = std::move(sorted);
  for (auto [i, v] : llvm::enumerate(row))
    x[v] = (i - (row.size() - 1) / 2.0) * kStep;
}

/// Two sweeps down (by predecessors) and up (by successors).
void Layering::orderRows() {
  for (unsigned sweep = 0; sweep < 2; ++sweep) {
    for (std::vector<unsigned> &row : rows)
      orderRow(row, preds);
    for (auto it = rows.rbegin(); it != rows.rend(); ++it)
      orderRow(*it, succs);
  }
}

/// Moves the nodes of `row`, keeping their order and a gap between them, as
/// close as it can to the mean x of their neighbours: the mean of the
/// leftmost and the rightmost placement that respect the gaps.
void Layering::placeRow(const std::vector<unsigned> &row,
                        const std::vector<std::vector<unsigned>> &neighbours) {
  size_t size = row.size();
  if (!size)
    return;
  std::vector<double> want(size), left(size), right(size);
  for (auto [i, v] : llvm::enumerate(row)) {
    want[i] = barycenter(v, neighbours);
    // A fused region's members line up under each other, and the node that
    // replaced them stands beside them (its own neighbours can be far
    // apart, and then its "replaced by" edge would cross the picture).
    if (group[v] >= 0)
      want[i] = groupX[group[v]] + (drawing.nodes[v].cluster >= 0 ? 0 : kStep);
  }
  left[0] = want[0];
  for (size_t i = 1; i < size; ++i)
    left[i] = std::max(want[i], left[i - 1] + kStep);
  right[size - 1] = want[size - 1];
  for (size_t i = size - 1; i-- > 0;)
    right[i] = std::min(want[i], right[i + 1] - kStep);
  for (size_t i = 0; i < size; ++i)
    x[row[i]] = (left[i] + right[i]) / 2;
}

void Layering::placeColumns() {
  for (unsigned round = 0; round < 2; ++round) {
    groupX.assign(drawing.clusters.size(), 0);
    for (auto [index, cluster] : llvm::enumerate(drawing.clusters)) {
      for (unsigned m : cluster.members)
        groupX[index] += x[m];
      if (!cluster.members.empty())
        groupX[index] /= cluster.members.size();
    }
    for (const std::vector<unsigned> &row : rows)
      placeRow(row, preds);
    for (auto it = rows.rbegin(); it != rows.rend(); ++it)
      placeRow(*it, succs);
  }
}

DrawingLayout graphdiff::layoutDrawing(const Drawing &drawing,
                                       llvm::ArrayRef<int> order) {
  Layering state(drawing);
  state.assignLayers(order);
  state.orderRows();
  state.placeColumns();
  std::vector<double> &x = state.x;
  auto rowY = [](unsigned layer) {
    return kMargin + kClusterLabel + layer * (kLayoutNodeHeight + kGapY);
  };

  // Fused-region boxes: nodes of other regions or outside any region that
  // fall inside a box are pushed to its right, with the rest of their row.
  DrawingLayout result;
  result.clusters.resize(drawing.clusters.size());
  auto boxOf = [&](const DrawCluster &cluster, LayoutBox &box) {
    if (cluster.members.empty())
      return false;
    double x0 = 1e300, x1 = -1e300;
    unsigned top = ~0u, bottom = 0;
    for (unsigned m : cluster.members) {
      x0 = std::min(x0, x[m]);
      x1 = std::max(x1, x[m] + kLayoutNodeWidth);
      top = std::min(top, state.layer[m]);
      bottom = std::max(bottom, state.layer[m]);
    }
    if (bottom - top >= kMaxBoxedLayers || x1 - x0 > kMaxBoxedWidth)
      return false;
    box.x = x0 - kClusterPad;
    box.y = rowY(top) - kClusterLabel;
    box.width = x1 - x0 + 2 * kClusterPad;
    box.height = rowY(bottom) - rowY(top) + kLayoutNodeHeight + kClusterLabel +
                 kClusterPad;
    return true;
  };
  for (unsigned round = 0; round < 8; ++round) {
    bool moved = false;
    for (auto [index, cluster] : llvm::enumerate(drawing.clusters)) {
      LayoutBox box;
      if (!boxOf(cluster, box))
        continue;
      unsigned top = state.layer[cluster.members.front()], bottom = top;
      for (unsigned m : cluster.members) {
        top = std::min(top, state.layer[m]);
        bottom = std::max(bottom, state.layer[m]);
      }
      for (unsigned l = top; l <= bottom; ++l) {
        std::vector<unsigned> &row = state.rows[l];
        for (size_t i = 0; i < row.size(); ++i) {
          unsigned v = row[i];
          bool member = drawing.nodes[v].cluster == static_cast<int>(index);
          if (member || x[v] + kLayoutNodeWidth <= box.x ||
              x[v] >= box.x + box.width)
            continue;
          x[v] = box.x + box.width + kGapX / 2;
          for (size_t j = i + 1; j < row.size(); ++j)
            x[row[j]] = std::max(x[row[j]], x[row[j - 1]] + kStep);
          moved = true;
        }
      }
    }
    if (!moved)
      break;
  }

  double minX = 0, maxX = 0;
  if (drawing.nodes.size()) {
    minX = *std::min_element(x.begin(), x.end());
    maxX = *std::max_element(x.begin(), x.end());
  }
  for (auto [index, cluster] : llvm::enumerate(drawing.clusters)) {
    LayoutBox &box = result.clusters[index];
    if (!boxOf(cluster, box))
      box = LayoutBox();
    else
      minX = std::min(minX, box.x);
  }
  // Shift so that the leftmost box starts at the margin.
  double shift = kMargin - minX;
  for (LayoutBox &box : result.clusters)
    if (box.width > 0)
      box.x += shift;
  result.nodes.resize(drawing.nodes.size());
  result.layers = state.layer;
  for (unsigned v = 0; v < drawing.nodes.size(); ++v)
    result.nodes[v] = LayoutBox{x[v] + shift, rowY(state.layer[v]),
                                kLayoutNodeWidth, kLayoutNodeHeight};
  result.width = maxX - minX + kLayoutNodeWidth + 2 * kMargin;
  for (const LayoutBox &box : result.clusters)
    result.width = std::max(result.width, box.x + box.width + kMargin);
  result.height = rowY(state.rows.size()) - kGapY + kMargin;
  if (state.rows.empty())
    result.height = 2 * kMargin;
  return result;
}
