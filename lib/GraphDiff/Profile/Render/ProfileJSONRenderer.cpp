//===- ProfileJSONRenderer.cpp - A profile diff as JSON -------------------===//
//
// Part of graph-diff. The schema is in docs/ProfileDiff.md.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Profile/Render/ProfileRenderers.h"
#include "GraphDiff/Support/PythonFloat.h"

#include "llvm/Support/JSON.h"

using namespace graphdiff;

static void writeNode(llvm::json::OStream &j, const ProfileDiff &diff,
                      unsigned index) {
  const ProfileDiffNode &node = diff.nodes[index];
  j.object([&] {
    j.attribute("name", node.depth == 0 ? "_TFProfRoot" : node.name);
    j.attribute("path", node.path);
    j.attribute("depth", static_cast<int64_t>(node.depth));
    j.attributeArray("values", [&] {
      for (const std::optional<int64_t> &value : node.values)
        j.value(value ? llvm::json::Value(*value) : llvm::json::Value(nullptr));
    });
    j.attributeArray("unsized", [&] {
      for (int64_t count : node.unsized)
        j.value(count);
    });
    j.attribute("diff", node.diff);
    j.attribute("ratio", node.ratio ? llvm::json::Value(*node.ratio)
                                    : llvm::json::Value(nullptr));
    j.attribute("text", formatNodeValues(diff, node) + " " +
                            formatNodeDiff(diff, node) + " " +
                            formatNodeRatio(node));
    j.attribute("missing", node.isMissingSomewhere());
    j.attribute("children_hidden", node.childrenHidden);
    j.attributeArray("children", [&] {
      for (unsigned child : node.children)
        if (diff.nodes[child].shown)
          writeNode(j, diff, child);
    });
  });
}

void graphdiff::renderProfileDiffJSON(const ProfileDiff &diff,
                                      const ProfileRenderOptions &options,
                                      llvm::raw_ostream &os) {
  llvm::json::OStream j(os, 2);
  j.object([&] {
    j.attribute("format", "graph-diff-profile");
    j.attribute("version", 1);
    j.attribute("metric", diff.metric);
    j.attributeArray("inputs", [&] {
      for (size_t i = 0; i < diff.names.size(); ++i)
        j.object([&] {
          j.attribute("name", diff.names[i]);
          j.attribute("file", diff.files[i]);
        });
    });
    j.attribute("minuend", diff.names[diff.minuend]);
    j.attribute("subtrahend", diff.names[diff.subtrahend]);
    j.attributeObject("options", [&] {
      // Shortest spelling (0.1, not 0.10000000000000001).
      j.attributeBegin("delta");
      j.rawValue([&](llvm::raw_ostream &os) {
        os << formatPythonFloat(diff.options.delta);
      });
      j.attributeEnd();
      j.attribute("min_size", diff.options.minSize);
      j.attribute("max_depth", static_cast<int64_t>(diff.options.maxDepth));
      j.attributeArray("hide", [&] {
        for (const std::string &pattern : diff.options.hide)
          j.value(pattern);
      });
      j.attribute("swap", diff.options.swap);
    });
    j.attributeArray("header", [&] {
      for (const std::string &line : profileDiffHeader(diff, options))
        j.value(line);
    });
    j.attribute("differs", diff.differs());
    j.attributeBegin("root");
    if (diff.showsTree())
      writeNode(j, diff, 0);
    else
      j.value(nullptr);
    j.attributeEnd();
  });
  os << "\n";
}
