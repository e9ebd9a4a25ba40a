//===- ProfileTextRenderer.cpp - A profile diff as tfprof_diff prints it --===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Profile/Render/ProfileRenderers.h"
#include "GraphDiff/Support/PythonFloat.h"

#include "llvm/Support/Format.h"

using namespace graphdiff;

/// tfprof_diff says "memory" for its one metric; other metrics by name.
static std::string quantityOf(const ProfileDiff &diff) {
  return diff.metric == "bytes" ? "memory" : diff.metric;
}

std::vector<std::string>
graphdiff::profileDiffHeader(const ProfileDiff &diff,
                             const ProfileRenderOptions &options) {
  std::vector<std::string> lines;
  std::string inputs;
  for (size_t i = 0; i < diff.names.size(); ++i)
    inputs += (i ? ", " : "") + diff.files[i] + " (" + diff.names[i] + ")";
  lines.push_back("Comparing " + options.subject + " " + inputs);
  std::string q = quantityOf(diff);
  lines.push_back(" - Showing nodes with minimum size >= " +
                  formatSignificant(diff.options.minSize, diff.kind) +
                  " and relative difference in " + q +
                  " >= " + formatPythonFloat(diff.options.delta * 100) +
                  "% or such children");
  const std::string &to = diff.names[diff.minuend];
  const std::string &from = diff.names[diff.subtrahend];
  lines.push_back(" - Showing absolute " + q + " differences " + q + "(" + to +
                  ") - " + q + "(" + from + ") and relative " + q +
                  " differences " + q + "(" + to + ") / " + q + "(" + from +
                  ")");
  if (diff.options.maxDepth > 0)
    lines.push_back(" - Showing nodes up to depth " +
                    std::to_string(diff.options.maxDepth));
  // Memory profiles: what could not be sized (never in tfprof files).
  const ProfileDiffNode &root = diff.nodes.front();
  if (llvm::any_of(root.unsized, [](int64_t n) { return n != 0; })) {
    std::string counts;
    for (size_t i = 0; i < diff.names.size(); ++i)
      counts += (i ? ", " : "") + diff.names[i] + " " +
                std::to_string(root.unsized[i]);
    lines.push_back(" - Not counted, of unknown size (dynamic shapes): " +
                    counts + " values");
  }
  return lines;
}

std::string graphdiff::formatNodeValues(const ProfileDiff &diff,
                                        const ProfileDiffNode &node) {
  std::string text;
  for (size_t i = 0; i < node.values.size(); ++i) {
    if (!node.values[i])
      continue;
    if (!text.empty())
      text += " ";
    text += diff.names[i] + ":" +
            formatSignificant(diff.valueOf(node, i), diff.kind);
  }
  return text;
}

std::string graphdiff::formatNodeDiff(const ProfileDiff &diff,
                                      const ProfileDiffNode &node) {
  std::string text = formatSignificant(node.diff, diff.kind);
  return text.front() == '-' ? text : "+" + text;
}

std::string graphdiff::formatNodeRatio(const ProfileDiffNode &node) {
  if (!node.ratio)
    return "";
  char buffer[64];
  std::snprintf(buffer, sizeof(buffer), "x%.1f", *node.ratio);
  return buffer;
}

static void renderNode(const ProfileDiff &diff, unsigned index,
                       const ProfileRenderOptions &options,
                       llvm::raw_ostream &os) {
  const ProfileDiffNode &node = diff.nodes[index];
  if (!node.shown)
    return;
  os.indent(2 * node.depth) << (node.depth == 0 ? "_TfProfRoot" : node.path)
                            << " (" << formatNodeValues(diff, node) << ") ";
  if (options.color)
    os << (node.diff > 0 ? "\033[93m" : "\033[94m");
  os << formatNodeDiff(diff, node) << " " << formatNodeRatio(node);
  if (options.color)
    os << "\033[0m";
  // Memory profiles: values of unknown size under the node (never in
  // tfprof files, so their lines stay tfprof_diff's).
  if (llvm::any_of(node.unsized, [](int64_t n) { return n != 0; })) {
    os << " [unsized";
    for (size_t i = 0; i < node.unsized.size(); ++i)
      os << " " << diff.names[i] << ":" << node.unsized[i];
    os << "]";
  }
  os << "\n";
  for (unsigned child : node.children)
    renderNode(diff, child, options, os);
}

void graphdiff::renderProfileDiffText(const ProfileDiff &diff,
                                      const ProfileRenderOptions &options,
                                      llvm::raw_ostream &os) {
  for (const std::string &line : profileDiffHeader(diff, options))
    os << line << "\n";
  os << "\n";
  renderNode(diff, 0, options, os);
}
