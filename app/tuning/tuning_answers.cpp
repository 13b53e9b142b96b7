#include "app/tuning/tuning_answers.h"

#include <array>

#include <QCoreApplication>

#include "agent/protocol/decode.h"

namespace fleetdeck::tuning {
namespace {

template <class E, std::size_t N>
struct Names {
    std::array<std::pair<E, std::string_view>, N> pairs;

    std::string_view name(E v) const {
        for (const auto& [e, n] : pairs)
            if (e == v) return n;
        return "?";
    }
    std::vector<std::string_view> all() const {
        std::vector<std::string_view> out;
        for (const auto& p : pairs) out.push_back(p.second);
        return out;
    }
    E from(std::string_view n) const {
        for (const auto& [e, name] : pairs)
            if (name == n) return e;
        return pairs[0].first;
    }
};

constexpr Names<Workload, 2> kWorkloads{{{{Workload::Training, "training"}, {Workload::Inference, "inference"}}}};
constexpr Names<Interconnect, 3> kInterconnects{
    {{{Interconnect::Ethernet, "ethernet"}, {Interconnect::Infiniband, "infiniband"}, {Interconnect::Roce, "roce"}}}};
constexpr Names<ModelMemory, 3> kModelMemory{{{{ModelMemory::FitsOneGpu, "fits_one_gpu"},
                                               {ModelMemory::FitsOneNode, "fits_one_node"},
                                               {ModelMemory::Sharded, "sharded"}}}};
constexpr Names<DataLocation, 3> kDataLocations{{{{DataLocation::LocalNvme, "local_nvme"},
                                                  {DataLocation::Nas, "nas"},
                                                  {DataLocation::ObjectStore, "object_store"}}}};
constexpr Names<Tenancy, 2> kTenancy{{{{Tenancy::Dedicated, "dedicated"}, {Tenancy::Shared, "shared"}}}};
constexpr Names<Shape, 4> kShapes{{{{Shape::TrainingDistributed, "training_distributed"},
                                     {Shape::TrainingSingleNode, "training_single_node"},
                                     {Shape::InferenceLatency, "inference_latency"},
                                     {Shape::InferenceThroughput, "inference_throughput"}}}};

constexpr const char* kKnownKeys[] = {"workload", "distributed", "nodes", "interconnect", "model_memory",
                                      "data_location", "latency_target_ms", "tenancy", "power_cap_w"};

// The key named in "answers.nodes: ..." messages.
std::string field_of(const std::string& message) {
    const auto start = message.find('.');
    const auto end = message.find(':');
    if (start == std::string::npos || end == std::string::npos || end <= start) return {};
    std::string field = message.substr(start + 1, end - start - 1);
    if (const auto dot = field.find_first_of(".["); dot != std::string::npos) field.resize(dot);
    return field;
}

AnswersError error(const std::string& field, const std::string& what) {
    return {field, "answers." + field + ": " + what};
}

std::optional<AnswersError> cross_check(const TuningAnswers& a) {
    if (a.distributed && a.nodes < 2) return error("nodes", "a distributed job needs at least 2 nodes");
    if (!a.distributed && a.nodes != 1) return error("nodes", "a job that is not distributed runs on 1 node");
    if (a.workload == Workload::Training && a.latencyTargetMs)
        return error("latency_target_ms", "only for inference; use null for training");
    return std::nullopt;
}

}  // namespace

Shape TuningAnswers::shape() const {
    if (workload == Workload::Training) return distributed ? Shape::TrainingDistributed : Shape::TrainingSingleNode;
    return latencyTargetMs ? Shape::InferenceLatency : Shape::InferenceThroughput;
}

std::variant<TuningAnswers, AnswersError> parseAnswers(const Json& document) {
    if (!document.is_object()) return AnswersError{"", "answers: expected a JSON object"};
    for (const auto& [key, value] : document.items()) {
        if (std::find(std::begin(kKnownKeys), std::end(kKnownKeys), key) == std::end(kKnownKeys))
            return error(key, "unknown field (known: workload, distributed, nodes, interconnect, model_memory, "
                              "data_location, latency_target_ms, tenancy, power_cap_w)");
    }
    try {
        const protocol::ParamReader r(document, "answers");
        TuningAnswers a;
        a.workload = kWorkloads.from(r.one_of("workload", kWorkloads.all()));
        a.distributed = r.boolean("distributed");
        a.nodes = static_cast<int>(r.integer_in("nodes", 1, 100000));
        a.interconnect = kInterconnects.from(r.one_of("interconnect", kInterconnects.all()));
        a.modelMemory = kModelMemory.from(r.one_of("model_memory", kModelMemory.all()));
        a.dataLocation = kDataLocations.from(r.one_of("data_location", kDataLocations.all()));
        if (r.has("latency_target_ms")) a.latencyTargetMs = static_cast<int>(r.integer_in("latency_target_ms", 1, 600000));
        a.tenancy = kTenancy.from(r.one_of("tenancy", kTenancy.all()));
        if (r.has("power_cap_w")) a.powerCapW = static_cast<int>(r.integer_in("power_cap_w", 100, 100000));
        if (auto problem = cross_check(a)) return *problem;
        return a;
    } catch (const protocol::DecodeError& e) {
        return AnswersError{field_of(e.what()), e.what()};
    }
}

Json toJson(const TuningAnswers& a) {
    return {
        {"workload", to_string(a.workload)},
        {"distributed", a.distributed},
        {"nodes", a.nodes},
        {"interconnect", to_string(a.interconnect)},
        {"model_memory", to_string(a.modelMemory)},
        {"data_location", to_string(a.dataLocation)},
        {"latency_target_ms", a.latencyTargetMs ? Json(*a.latencyTargetMs) : Json()},
        {"tenancy", to_string(a.tenancy)},
        {"power_cap_w", a.powerCapW ? Json(*a.powerCapW) : Json()},
    };
}

Json conditionView(const TuningAnswers& a) {
    Json view = toJson(a);
    view["latency_target_ms"] = a.latencyTargetMs.has_value();
    view["power_cap_w"] = a.powerCapW.has_value();
    view["shape"] = to_string(a.shape());
    return view;
}

std::string_view to_string(Workload v) { return kWorkloads.name(v); }
std::string_view to_string(Interconnect v) { return kInterconnects.name(v); }
std::string_view to_string(ModelMemory v) { return kModelMemory.name(v); }
std::string_view to_string(DataLocation v) { return kDataLocations.name(v); }
std::string_view to_string(Tenancy v) { return kTenancy.name(v); }
std::string_view to_string(Shape v) { return kShapes.name(v); }

std::string describe(const TuningAnswers& a) {
    std::string text(to_string(a.workload));
    if (a.distributed) text += ", distributed over " + std::to_string(a.nodes) + " nodes (" + std::string(to_string(a.interconnect)) + ")";
    else text += ", single node";
    if (a.latencyTargetMs) text += ", p99 target " + std::to_string(*a.latencyTargetMs) + " ms";
    else if (a.workload == Workload::Inference) text += ", throughput-bound";
    text += ", model " + std::string(to_string(a.modelMemory)) + ", data on " + std::string(to_string(a.dataLocation));
    text += ", " + std::string(to_string(a.tenancy));
    if (a.powerCapW) text += ", power cap " + std::to_string(*a.powerCapW) + " W";
    return text;
}

namespace {

// An answer's value (an enum's name) in words of the "plan" context.
QString answerWord(std::string_view value) {
    static const std::pair<const char*, const char*> kWords[] = {
        {"training", QT_TRANSLATE_NOOP("plan", "training")},
        {"inference", QT_TRANSLATE_NOOP("plan", "inference")},
        {"ethernet", QT_TRANSLATE_NOOP("plan", "ethernet")},
        {"infiniband", QT_TRANSLATE_NOOP("plan", "infiniband")},
        {"roce", QT_TRANSLATE_NOOP("plan", "roce")},
        {"fits_one_gpu", QT_TRANSLATE_NOOP("plan", "fits_one_gpu")},
        {"fits_one_node", QT_TRANSLATE_NOOP("plan", "fits_one_node")},
        {"sharded", QT_TRANSLATE_NOOP("plan", "sharded")},
        {"local_nvme", QT_TRANSLATE_NOOP("plan", "local_nvme")},
        {"nas", QT_TRANSLATE_NOOP("plan", "nas")},
        {"object_store", QT_TRANSLATE_NOOP("plan", "object_store")},
        {"dedicated", QT_TRANSLATE_NOOP("plan", "dedicated")},
        {"shared", QT_TRANSLATE_NOOP("plan", "shared")},
    };
    for (const auto& [name, words] : kWords)
        if (value == name) return QCoreApplication::translate("plan", words);
    return QString::fromUtf8(value.data(), static_cast<qsizetype>(value.size()));
}

QString planWords(const char* english) { return QCoreApplication::translate("plan", english); }

}  // namespace

std::string describeTranslated(const TuningAnswers& a) {
    QString text = answerWord(to_string(a.workload));
    if (a.distributed)
        text += planWords(QT_TRANSLATE_NOOP("plan", ", distributed over %1 nodes (%2)"))
                    .arg(a.nodes)
                    .arg(answerWord(to_string(a.interconnect)));
    else text += planWords(QT_TRANSLATE_NOOP("plan", ", single node"));
    if (a.latencyTargetMs) text += planWords(QT_TRANSLATE_NOOP("plan", ", p99 target %1 ms")).arg(*a.latencyTargetMs);
    else if (a.workload == Workload::Inference) text += planWords(QT_TRANSLATE_NOOP("plan", ", throughput-bound"));
    text += planWords(QT_TRANSLATE_NOOP("plan", ", model %1, data on %2")).arg(answerWord(to_string(a.modelMemory)), answerWord(to_string(a.dataLocation)));
    text += planWords(QT_TRANSLATE_NOOP("plan", ", %1")).arg(answerWord(to_string(a.tenancy)));
    if (a.powerCapW) text += planWords(QT_TRANSLATE_NOOP("plan", ", power cap %1 W")).arg(*a.powerCapW);
    return text.toStdString();
}

}  // namespace fleetdeck::tuning
