#pragma once

#include <optional>
#include <string>
#include <variant>

#include "agent/json/json.h"

namespace fleetdeck::tuning {

using Json = nlohmann::json;

enum class Workload { Training, Inference };
enum class Interconnect { Ethernet, Infiniband, Roce };
enum class ModelMemory { FitsOneGpu, FitsOneNode, Sharded };
enum class DataLocation { LocalNvme, Nas, ObjectStore };
enum class Tenancy { Dedicated, Shared };

// The four workload shapes of knowledge/tuning.md; rules are mostly keyed on them.
enum class Shape { TrainingDistributed, TrainingSingleNode, InferenceLatency, InferenceThroughput };

// What the operator told the wizard (or wrote into an answers file for the CLI). docs/rules.md
// documents the JSON form.
struct TuningAnswers {
    Workload workload = Workload::Training;
    bool distributed = false;
    int nodes = 1;
    Interconnect interconnect = Interconnect::Ethernet;
    ModelMemory modelMemory = ModelMemory::FitsOneGpu;
    DataLocation dataLocation = DataLocation::LocalNvme;
    std::optional<int> latencyTargetMs;  // inference p99; none = throughput-bound
    Tenancy tenancy = Tenancy::Dedicated;
    std::optional<int> powerCapW;  // per server; none = no cap

    Shape shape() const;
    bool operator==(const TuningAnswers&) const = default;
};

// A problem in an answers document; `field` is the JSON key at fault ("nodes").
struct AnswersError {
    std::string field;
    std::string message;  // "answers.nodes: a distributed job needs at least 2 nodes"
};

std::variant<TuningAnswers, AnswersError> parseAnswers(const Json& document);
Json toJson(const TuningAnswers& answers);

// Answers as condition values: {"workload": "training", "shape": "training_distributed", ...}.
// Nullable fields become booleans ("latency_target_ms": true when set).
Json conditionView(const TuningAnswers& answers);

std::string_view to_string(Workload v);
std::string_view to_string(Interconnect v);
std::string_view to_string(ModelMemory v);
std::string_view to_string(DataLocation v);
std::string_view to_string(Tenancy v);
std::string_view to_string(Shape v);
// "training, distributed over 4 nodes (InfiniBand)" — for headers.
std::string describe(const TuningAnswers& answers);
// The same in the installed translation's language (the "plan" context), for the plan's text; the
// English describe() is what exports and profiles keep.
std::string describeTranslated(const TuningAnswers& answers);

}  // namespace fleetdeck::tuning
