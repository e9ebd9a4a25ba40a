//===- Layout.h - A layered layout of a diff picture ------------*- C++ -*-===//
//
// Part of graph-diff.
//
// Places the nodes of a Drawing top to bottom in layers (Sugiyama style):
// longest-path layers over the canonical order, a few barycenter sweeps to
// reduce crossings, then x coordinates pulled towards each node's neighbours.
// Every step is linear or n log n in the size of the drawing and depends only
// on the drawing, so the same diff always gets the same picture. A fused
// region's box never covers a node outside the region (its replacing node
// included): nodes in the way are pushed to the right of the box.
//
// Private to the renderers (HTML uses it; DOT leaves layout to Graphviz).
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_LIB_RENDERERS_LAYOUT_H
#define GRAPHDIFF_LIB_RENDERERS_LAYOUT_H

#include "GraphDiff/Renderers/ReportModel.h"

#include <vector>

namespace graphdiff {

/// A rectangle in picture coordinates (y grows downwards).
struct LayoutBox {
  double x = 0, y = 0, width = 0, height = 0;
  bool overlaps(const LayoutBox &other) const {
    return x < other.x + other.width && other.x < x + width &&
           y < other.y + other.height && other.y < y + height;
  }
};

struct DrawingLayout {
  /// One box per drawing node.
  std::vector<LayoutBox> nodes;
  /// The layer of each drawing node (0 at the top).
  std::vector<unsigned> layers;
  /// One box per drawing cluster; a region whose members span more than
  /// kMaxBoxedLayers layers or four node widths gets no box (width 0): its
  /// members keep their colour and the "replaced by" edge.
  std::vector<LayoutBox> clusters;
  double width = 0, height = 0;
};

constexpr double kLayoutNodeWidth = 170, kLayoutNodeHeight = 40;
constexpr unsigned kMaxBoxedLayers = 4;

/// Lays out `drawing`. `order`, if not empty, gives each node's position in
/// the source file (-1 if unknown): a node that reads nothing drawn (a check
/// on a hidden constant, say) is placed at the layer of the node written
/// before it, not on the top row.
DrawingLayout layoutDrawing(const Drawing &drawing,
                            llvm::ArrayRef<int> order = {});

} // namespace graphdiff

#endif // GRAPHDIFF_LIB_RENDERERS_LAYOUT_H
