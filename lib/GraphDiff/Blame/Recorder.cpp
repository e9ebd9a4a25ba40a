//===- Recorder.cpp - Follow the graphs of a pipeline pass by pass --------===//
//
// Part of graph-diff.
//
// The recorder keeps, for every graph, the version of each of its nodes, a
// copy of the graph as the last pass that changed it left it (one extra copy
// of the IR's graphs in all) and the fingerprint of the graph itself. After
// each pass it compares fingerprints; only a graph that changed is diffed
// against its copy and composed, and only then is the copy renewed.
//
// Passes on functions run on several threads at once, each on its own
// function: the state of a graph is only touched by the thread running a
// pass on it, and the table of graphs is locked. A pass is numbered by how
// many passes ran on the graph before it, which is the same for every graph
// of a pipeline (a graph a pass makes starts at that pass), so the history
// is the same at any thread count.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Blame/Blame.h"

#include "GraphDiff/Dialect/Patch/IR/Patch.h"
#include "GraphDiff/Differ/GraphDiffer.h"
#include "GraphDiff/Differ/ModuleGraphs.h"
#include "GraphDiff/Graph/Graph.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/Threading.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassInstrumentation.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <mutex>

using namespace mlir;
using namespace graphdiff;
using namespace graphdiff::blame;

static constexpr StringLiteral kFinishPass = "graph-diff-blame-finish";

namespace {
/// What a constant is, its location aside: its op, attributes and type
/// (all uniqued in the context, so they compare by identity).
struct ConstantKey {
  OperationName name;
  DictionaryAttr attributes;
  Type type;
  bool operator==(const ConstantKey &other) const {
    return name == other.name && attributes == other.attributes &&
           type == other.type;
  }
};
} // namespace

/// The key of `op` if it is a constant (ConstantLike, one result, no
/// operands).
static std::optional<ConstantKey> constantKey(Operation *op) {
  if (!op->hasTrait<OpTrait::ConstantLike>() || op->getNumResults() != 1 ||
      op->getNumOperands() != 0)
    return std::nullopt;
  return ConstantKey{op->getName(), op->getAttrDictionary(),
                     op->getResult(0).getType()};
}

/// Links each output constant a pass created (with no location: one with a
/// location says where it was made) to an input constant of the same key
/// that an earlier pass erased, first to first, in block order: a constant
/// is its value, and rewrites erase and re-create them (Origin::Recreated).
/// `outputKeys` holds the key of each such output constant.
static void
linkRecreatedConstants(GraphHistory &history,
                       ArrayRef<std::optional<ConstantKey>> inputKeys,
                       ArrayRef<std::optional<ConstantKey>> outputKeys) {
  SmallVector<bool> claimed(inputKeys.size(), false);
  for (auto [out, key] : llvm::zip(history.outputs, outputKeys)) {
    Version &made = history.versions[out.version];
    if (!key || made.origin != Origin::Created)
      continue;
    for (unsigned i = 0, e = inputKeys.size(); i < e; ++i) {
      if (claimed[i] || !inputKeys[i] || !(*inputKeys[i] == *key))
        continue;
      unsigned last = history.lineageOf(i).back();
      Version &erased = history.versions[last];
      if (erased.fate != Fate::Erased || erased.successor ||
          erased.endPass > made.pass)
        continue;
      claimed[i] = true;
      made.origin = Origin::Recreated;
      made.parents = {last};
      erased.successor = out.version;
      break;
    }
  }
}

/// Whether `op` is a graph blame follows: a named `lg.graph` or function
/// whose body is one block.
static bool isFollowedGraph(Operation *op) {
  return isDiffableGraph(op) && op->getNumRegions() == 1 &&
         llvm::hasSingleElement(op->getRegion(0)) &&
         op->getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName());
}

/// The graphs at or under `root`, in walk order.
static SmallVector<Operation *> graphsUnder(Operation *root) {
  SmallVector<Operation *> graphs;
  if (isFollowedGraph(root)) {
    graphs.push_back(root);
    return graphs;
  }
  root->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op == root)
      return WalkResult::advance();
    if (isFollowedGraph(op)) {
      graphs.push_back(op);
      return WalkResult::skip();
    }
    // Ops with a graph-like body that blame does not follow (several
    // blocks): nothing inside them is a graph of the module either.
    if (isDiffableGraph(op))
      return WalkResult::skip();
    return WalkResult::advance();
  });
  return graphs;
}

static std::string keyOf(Operation *graph) {
  return graphKey(Graph::getSymbolPath(graph));
}

/// The first `file:line:col` in `loc`, or "".
static std::string describeLocation(Location loc) {
  std::string text;
  loc->walk([&](Location part) {
    if (auto fileLoc = dyn_cast<FileLineColLoc>(part)) {
      llvm::raw_string_ostream os(text);
      os << fileLoc.getFilename().getValue() << ":" << fileLoc.getLine() << ":"
         << fileLoc.getColumn();
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return text;
}

namespace graphdiff::blame {
class Recorder {
public:
  Recorder(std::string inputFile, std::string outputFile)
      : inputFile(std::move(inputFile)), outputFile(std::move(outputFile)) {}

  /// Records the input's graphs.
  void start(Operation *top) {
    for (Operation *graph : graphsUnder(top))
      add(graph, kInputPass);
  }

  void beforePass(Pass *pass, Operation *op) {
    // The first pass of the pipeline runs on the top of the IR (a pass
    // manager does not let a pass go first once its pipeline is parsed).
    if (!started && !op->getParentOp()) {
      started = true;
      start(op);
    }
    if (!isRecorded(pass) || !enter(pass, op))
      return;
    Pending pending;
    for (Operation *graph : graphsUnder(op)) {
      std::string key = keyOf(graph);
      GraphState *state = lookup(key);
      if (!state)
        continue;
      unsigned run = ++state->runs;
      pending.run = std::max(pending.run, run);
      pending.keys.push_back(std::move(key));
    }
    std::lock_guard<std::mutex> lock(mutex);
    if (pending.run) {
      passNames.try_emplace(pending.run, pass->getArgument().str());
      lastRun = std::max(lastRun, pending.run);
    } else {
      // A pass on IR without graphs: it runs after every pass so far.
      pending.run = lastRun + 1;
    }
    if (!isFollowedGraph(op))
      pendingByRun[{pass, op}] = std::move(pending);
  }

  void afterPass(Pass *pass, Operation *op) {
    if (!isRecorded(pass) || !leave(pass, op))
      return;
    Pending pending;
    if (!isFollowedGraph(op)) {
      std::lock_guard<std::mutex> lock(mutex);
      auto it = pendingByRun.find({pass, op});
      if (it != pendingByRun.end()) {
        pending = std::move(it->second);
        pendingByRun.erase(it);
      }
    }
    SmallVector<Operation *> graphs = graphsUnder(op);
    llvm::StringMap<bool> present;
    SmallVector<std::pair<Operation *, GraphState *>> known;
    for (Operation *graph : graphs) {
      std::string key = keyOf(graph);
      present[key] = true;
      if (GraphState *state = lookup(key))
        known.push_back({graph, state});
      else if (graph != op)
        // A graph the pass made (a pass on a graph cannot make it).
        add(graph, pending.run);
    }
    // What changed, each graph on its own (on the context's threads).
    parallelForEach(op->getContext(), known,
                    [&](auto &entry) { update(entry.first, *entry.second); });
    // The graphs the pass removed (or made into something blame does not
    // follow).
    for (const std::string &key : pending.keys)
      if (!present.count(key))
        if (GraphState *state = lookup(key))
          remove(*state, pending.run);
  }

  void afterPassFailed(Pass *pass, Operation *op) {
    if (!isRecorded(pass))
      return;
    leave(pass, op);
    std::lock_guard<std::mutex> lock(mutex);
    pendingByRun.erase({pass, op});
  }

  /// The history of the run, the output being `top`.
  BlameResult finish(Operation *top) {
    BlameResult result;
    result.inputFile = inputFile;
    result.outputFile = outputFile;
    for (unsigned run = 1; run <= lastRun; ++run) {
      PassRun pass;
      pass.index = run;
      auto it = passNames.find(run);
      pass.name = it == passNames.end() ? "?" : it->second;
      result.passes.push_back(std::move(pass));
    }
    // Lines of the output's ops, as the module prints.
    AsmState::LocationMap lines;
    {
      AsmState state(top, OpPrintingFlags(), &lines);
      llvm::raw_null_ostream sink;
      top->print(sink, state);
    }
    llvm::StringMap<bool> inOutput;
    for (Operation *graph : graphsUnder(top)) {
      std::string key = keyOf(graph);
      GraphState *state = lookup(key);
      if (!state || !state->live)
        continue;
      FailureOr<std::unique_ptr<Graph>> view = buildQuietly(graph);
      if (failed(view))
        continue;
      inOutput[key] = true;
      GraphHistory history = std::move(state->history);
      std::vector<std::optional<ConstantKey>> outputConstants;
      for (unsigned i = 0, e = (*view)->size(); i < e; ++i) {
        OutputOp out;
        out.version = state->current[i];
        out.name = (*view)->getNodeRefText(i);
        auto line = lines.find((*view)->getNode(i));
        if (line != lines.end())
          out.line = line->second.first;
        history.outputs.push_back(std::move(out));
        // A constant the pass gave a location says where it was made.
        Operation *node = (*view)->getNode(i);
        outputConstants.push_back(describeLocation(node->getLoc()).empty()
                                      ? constantKey(node)
                                      : std::nullopt);
      }
      linkRecreatedConstants(history, state->inputConstants, outputConstants);
      result.graphs.push_back(std::move(history));
    }
    std::vector<GraphHistory> gone;
    for (auto &entry : graphs) {
      GraphState &state = *entry.second;
      if (inOutput.count(entry.first()))
        continue;
      if (state.live)
        remove(state, lastRun);
      state.history.inOutput = false;
      gone.push_back(std::move(state.history));
    }
    llvm::sort(gone, [](const GraphHistory &a, const GraphHistory &b) {
      return a.name < b.name;
    });
    for (GraphHistory &history : gone)
      result.graphs.push_back(std::move(history));
    countPasses(result);
    return result;
  }

  ~Recorder() {
    for (auto &entry : graphs)
      if (entry.second->copy)
        entry.second->copy->erase();
  }

private:
  struct GraphState {
    GraphHistory history;
    /// The version of each node of the graph as it is now.
    std::vector<unsigned> current;
    /// The graph as the last pass that changed it left it, and the
    /// fingerprint of the graph then.
    Operation *copy = nullptr;
    std::optional<OperationFingerPrint> fingerPrint;
    /// Per input op, its key if it is a constant.
    std::vector<std::optional<ConstantKey>> inputConstants;
    /// How many passes ran on it.
    unsigned runs = 0;
    bool live = true;
  };
  /// What a pass on a module found before it ran: the graphs under it and
  /// the pass's number.
  struct Pending {
    SmallVector<std::string> keys;
    unsigned run = 0;
  };

  static bool isRecorded(Pass *pass) {
    StringRef argument = pass->getArgument();
    // Not the adaptors that run nested pipelines (their passes are
    // recorded), nor blame's own pass.
    return !argument.empty() && argument != kFinishPass;
  }

  /// Whether pass `pass` on `op` is one of the pipeline's, not one that a
  /// running pass runs on `op` or on an op in it (the inliner simplifies
  /// the functions it inlines into): what the inner pass changes belongs to
  /// the outer one. Marks `op` as being run on, if so.
  bool enter(Pass *pass, Operation *op) {
    std::lock_guard<std::mutex> lock(mutex);
    for (Operation *at = op; at; at = at->getParentOp())
      if (running.count(at)) {
        nested.insert({pass, op});
        return false;
      }
    running.insert(op);
    return true;
  }
  /// Whether `pass` on `op` was entered as one of the pipeline's.
  bool leave(Pass *pass, Operation *op) {
    std::lock_guard<std::mutex> lock(mutex);
    if (nested.erase({pass, op}))
      return false;
    running.erase(op);
    return true;
  }

  static FailureOr<std::unique_ptr<Graph>> buildQuietly(Operation *graph) {
    ScopedDiagnosticHandler quiet(graph->getContext(),
                                  [](Diagnostic &) { return success(); });
    return Graph::build(graph);
  }

  GraphState *lookup(StringRef key) {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = graphs.find(key);
    return it == graphs.end() ? nullptr : it->second.get();
  }

  /// Starts following `graph`, which pass `run` made (kInputPass: an input
  /// graph): every node an input op, or one the pass created.
  GraphState *add(Operation *graph, unsigned run) {
    FailureOr<std::unique_ptr<Graph>> view = buildQuietly(graph);
    if (failed(view))
      return nullptr;
    auto state = std::make_unique<GraphState>();
    state->history.name = keyOf(graph);
    state->history.inInput = run == kInputPass;
    state->history.createdBy = run;
    state->runs = run;
    for (unsigned i = 0, e = (*view)->size(); i < e; ++i) {
      Version version;
      version.opName = (*view)->getNode(i)->getName().getStringRef();
      if (run != kInputPass) {
        version.origin = Origin::Created;
        version.pass = run;
      } else {
        InputOp input;
        input.name = (*view)->getNodeRefText(i);
        input.location = describeLocation((*view)->getNode(i)->getLoc());
        state->history.inputs.push_back(std::move(input));
        state->inputConstants.push_back(constantKey((*view)->getNode(i)));
      }
      state->current.push_back(state->history.versions.size());
      state->history.versions.push_back(std::move(version));
    }
    state->copy = graph->clone();
    state->fingerPrint.emplace(graph);
    std::lock_guard<std::mutex> lock(mutex);
    auto [it, inserted] =
        graphs.try_emplace(state->history.name, std::move(state));
    if (!inserted)
      return nullptr;
    return it->second.get();
  }

  /// Composes what the last pass did to `graph`, if it changed it.
  void update(Operation *graph, GraphState &state) {
    OperationFingerPrint now(graph);
    if (state.fingerPrint && *state.fingerPrint == now)
      return;
    FailureOr<std::unique_ptr<Graph>> source = buildQuietly(state.copy);
    FailureOr<std::unique_ptr<Graph>> target = buildQuietly(graph);
    if (failed(source) || failed(target))
      return;
    OwningOpRef<ModuleOp> scratch =
        ModuleOp::create(UnknownLoc::get(graph->getContext()));
    OpBuilder builder(graph->getContext());
    builder.setInsertionPointToEnd(scratch->getBody());
    GraphDiff diff = diffGraphs(**source, **target, builder);
    composeDiff(state.history, state.current, diff, **target, state.runs);
    state.copy->erase();
    state.copy = graph->clone();
    state.fingerPrint = now;
  }

  /// `state`'s graph is gone after pass `run`: its ops were erased.
  void remove(GraphState &state, unsigned run) {
    for (unsigned v : state.current) {
      state.history.versions[v].fate = Fate::Erased;
      state.history.versions[v].endPass = run;
    }
    state.current.clear();
    state.history.removedBy = run;
    state.live = false;
    if (state.copy)
      state.copy->erase();
    state.copy = nullptr;
  }

  std::string inputFile, outputFile;
  bool started = false;
  std::mutex mutex;
  llvm::StringMap<std::unique_ptr<GraphState>> graphs;
  std::map<unsigned, std::string> passNames;
  unsigned lastRun = 0;
  llvm::DenseMap<std::pair<Pass *, Operation *>, Pending> pendingByRun;
  /// The ops the pipeline's passes are running on, and the passes that run
  /// inside them.
  llvm::DenseSet<Operation *> running;
  llvm::DenseSet<std::pair<Pass *, Operation *>> nested;
};
} // namespace graphdiff::blame

namespace {
class BlameInstrumentation : public PassInstrumentation {
public:
  explicit BlameInstrumentation(std::shared_ptr<Recorder> recorder)
      : recorder(std::move(recorder)) {}
  void runBeforePass(Pass *pass, Operation *op) override {
    recorder->beforePass(pass, op);
  }
  void runAfterPass(Pass *pass, Operation *op) override {
    recorder->afterPass(pass, op);
  }
  void runAfterPassFailed(Pass *pass, Operation *op) override {
    recorder->afterPassFailed(pass, op);
  }

private:
  std::shared_ptr<Recorder> recorder;
};

struct BlameFinishPass
    : public PassWrapper<BlameFinishPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(BlameFinishPass)
  BlameFinishPass(std::shared_ptr<Recorder> recorder,
                  std::function<LogicalResult(const BlameResult &)> finish)
      : recorder(std::move(recorder)), finish(std::move(finish)) {}
  StringRef getArgument() const override { return kFinishPass; }
  StringRef getDescription() const override {
    return "Hand the run's blame to its renderer";
  }
  void runOnOperation() override {
    markAllAnalysesPreserved();
    if (failed(finish(recorder->finish(getOperation()))))
      signalPassFailure();
  }
  std::shared_ptr<Recorder> recorder;
  std::function<LogicalResult(const BlameResult &)> finish;
};
} // namespace

std::shared_ptr<Recorder> blame::createRecorder(std::string inputFile,
                                                std::string outputFile) {
  return std::make_shared<Recorder>(std::move(inputFile),
                                    std::move(outputFile));
}

void blame::addBlame(PassManager &pm, std::shared_ptr<Recorder> recorder,
                     std::function<LogicalResult(const BlameResult &)> finish) {
  // Diffs build plans; dialects cannot be loaded once passes run threads.
  pm.getContext()->getOrLoadDialect<patch::PatchDialect>();
  pm.addInstrumentation(std::make_unique<BlameInstrumentation>(recorder));
  pm.addPass(std::make_unique<BlameFinishPass>(std::move(recorder),
                                               std::move(finish)));
}
