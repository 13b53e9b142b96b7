#include "ui/commission/commission_progress.h"

#include <algorithm>

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QSaveFile>
#include <QCoreApplication>
#include <QStandardPaths>

#include "agent/json/json.h"
#include "app/commission/result_json.h"

namespace fleetdeck::commission {
namespace {

using Json = nlohmann::json;

const char* kProgressFormat = "fleetdeck-commission-progress";
constexpr int kProgressVersion = 1;

const char* loadName(CheckOptions::Load load) {
    switch (load) {
    case CheckOptions::Load::Nothing: return "nothing";
    case CheckOptions::Load::OwnJob: return "own_job";
    case CheckOptions::Load::Command: return "command";
    }
    return "nothing";
}

std::string utf8(const QString& s) { return s.toStdString(); }
QString qstr(const Json& j) { return QString::fromStdString(j.get<std::string>()); }

Problem progressFieldProblem(const QString& field, const QString& what) {
    return Problem{ProblemCode::BadInput, QStringLiteral("%1: %2").arg(field, what)};
}

}  // namespace

CommissionProgress::Step CommissionProgress::nextStep() const {
    if (targets.isEmpty()) return Step::Hosts;
    if (!spec) return Step::Spec;
    if (!result) return Step::Checks;
    if (reportPath.isEmpty()) return Step::Report;
    return Step::Done;
}

QString CommissionProgress::resumeText() const {
    QString where;
    switch (nextStep()) {
    case Step::Hosts: where = QCoreApplication::translate("CommissionProgress", "no hosts chosen yet"); break;
    case Step::Spec: where = QCoreApplication::translate("CommissionProgress", "hosts chosen, no spec yet"); break;
    case Step::Checks: where = QCoreApplication::translate("CommissionProgress", "spec ready, checks not run"); break;
    case Step::Report: where = QCoreApplication::translate("CommissionProgress", "checks done, report not written"); break;
    case Step::Done: where = QCoreApplication::translate("CommissionProgress", "report written"); break;
    }
    const QString what = !rack.isEmpty()          ? QCoreApplication::translate("CommissionProgress", "rack %1").arg(rack)
                         : targets.size() == 1    ? QCoreApplication::translate("CommissionProgress", "1 host")
                                                  : QCoreApplication::translate("CommissionProgress", "%1 hosts").arg(targets.size());
    return QCoreApplication::translate("CommissionProgress", "Resume commissioning of %1 (%2)").arg(what, where);
}

QString CommissionProgress::fileName() const {
    QString base = rack.isEmpty() ? QStringLiteral("run") : rack;
    // A rack name is the operator's text: keep it to characters a file name can hold everywhere.
    for (QChar& c : base)
        if (!c.isLetterOrNumber() && c != QLatin1Char('-') && c != QLatin1Char('_') && c != QLatin1Char('.')) c = QLatin1Char('_');
    if (base.startsWith(QLatin1Char('.'))) base.prepend(QLatin1Char('_'));
    return base + QStringLiteral(".json");
}

QString defaultProgressDirectory() {
    // AppDataLocation without the organization: the desktop app names one, the command line does
    // not, and both use the same files.
    return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) + QLatin1Char('/') + QCoreApplication::applicationName() + QStringLiteral("/commission");
}

QByteArray toJson(const CommissionProgress& p) {
    Json j = {{"format", kProgressFormat}, {"version", kProgressVersion}, {"rack", utf8(p.rack)}};
    Json targets = Json::array();
    for (const QString& t : p.targets) targets.push_back(utf8(t));
    j["targets"] = std::move(targets);
    if (p.spec) {
        const QByteArray spec = commission::toJson(*p.spec);
        j["spec"] = Json::parse(spec.constData(), spec.constData() + spec.size());
        j["spec_source"] = utf8(p.specSource);
    }
    j["options"] = {{"latency_round", p.options.latencyRound},
                    {"burn_in_s", p.options.burnInS},
                    {"load", loadName(p.options.load)},
                    {"load_command", utf8(p.options.loadCommand)}};
    if (p.result) j["result"] = commission::toJson(*p.result);
    if (!p.reportPath.isEmpty()) j["report_path"] = utf8(p.reportPath);
    j["updated_ms"] = p.updatedMs;
    return QByteArray::fromStdString(j.dump(2)) + '\n';
}

Result<CommissionProgress> progressFromJson(const QByteArray& bytes) {
    const Json j = Json::parse(bytes.constData(), bytes.constData() + bytes.size(), nullptr, false);
    if (j.is_discarded() || !j.is_object() || j.value("format", std::string()) != kProgressFormat)
        return Problem{ProblemCode::BadInput, QStringLiteral("not a FleetDeck commissioning progress file")};
    if (!j.value("version", Json()).is_number_integer() || j["version"].get<int>() > kProgressVersion)
        return progressFieldProblem(QStringLiteral("version"), QStringLiteral("written by a newer FleetDeck; update FleetDeck"));
    CommissionProgress p;
    if (!j.value("rack", Json()).is_string()) return progressFieldProblem(QStringLiteral("rack"), QStringLiteral("expected a string"));
    p.rack = qstr(j["rack"]);
    if (!j.value("targets", Json()).is_array()) return progressFieldProblem(QStringLiteral("targets"), QStringLiteral("expected an array"));
    for (std::size_t i = 0; i < j["targets"].size(); ++i) {
        if (!j["targets"][i].is_string())
            return progressFieldProblem(QStringLiteral("targets[%1]").arg(i), QStringLiteral("expected a string"));
        p.targets << qstr(j["targets"][i]);
    }
    if (j.contains("spec")) {
        auto spec = rackSpecFromJson(QByteArray::fromStdString(j["spec"].dump()));
        if (!spec) return progressFieldProblem(QStringLiteral("spec"), spec.problem().message);
        p.spec = *spec;
        if (j.value("spec_source", Json()).is_string()) p.specSource = qstr(j["spec_source"]);
    }
    if (const auto o = j.find("options"); o != j.end() && o->is_object()) {
        if (o->value("latency_round", Json()).is_boolean()) p.options.latencyRound = (*o)["latency_round"].get<bool>();
        if (o->value("burn_in_s", Json()).is_number_integer()) p.options.burnInS = std::max(0, (*o)["burn_in_s"].get<int>());
        const std::string load = o->value("load", std::string("nothing"));
        p.options.load = load == "own_job" ? CheckOptions::Load::OwnJob
                         : load == "command" ? CheckOptions::Load::Command
                                             : CheckOptions::Load::Nothing;
        if (o->value("load_command", Json()).is_string()) p.options.loadCommand = qstr((*o)["load_command"]);
    }
    if (j.contains("result")) {
        auto result = commissionResultFromJson(j["result"]);
        if (!result) return progressFieldProblem(QStringLiteral("result"), result.problem().message);
        p.result = std::move(*result);
    }
    if (j.value("report_path", Json()).is_string()) p.reportPath = qstr(j["report_path"]);
    if (j.value("updated_ms", Json()).is_number_integer()) p.updatedMs = j["updated_ms"].get<std::int64_t>();
    return p;
}

std::optional<QString> saveProgress(const QString& directory, const CommissionProgress& progress) {
    if (!QDir().mkpath(directory))
        return QStringLiteral("cannot create %1: check that its parent folder is writable").arg(directory);
    CommissionProgress stamped = progress;
    stamped.updatedMs = std::max<std::int64_t>(stamped.updatedMs, QDateTime::currentMSecsSinceEpoch());
    QSaveFile file(QDir(directory).filePath(progress.fileName()));
    if (!file.open(QIODevice::WriteOnly) || file.write(toJson(stamped)) < 0 || !file.commit())
        return QStringLiteral("cannot write %1: %2").arg(file.fileName(), file.errorString());
    return std::nullopt;
}

std::vector<CommissionProgress> unfinishedProgress(const QString& directory) {
    std::vector<CommissionProgress> found;
    const QDir dir(directory);
    for (const QString& name : dir.entryList({QStringLiteral("*.json")}, QDir::Files)) {
        QFile file(dir.filePath(name));
        if (!file.open(QIODevice::ReadOnly)) continue;
        auto p = progressFromJson(file.readAll());
        if (p && p->nextStep() != CommissionProgress::Step::Done && !p->targets.isEmpty()) found.push_back(std::move(*p));
    }
    std::sort(found.begin(), found.end(),
              [](const CommissionProgress& a, const CommissionProgress& b) { return a.updatedMs > b.updatedMs; });
    return found;
}

void forgetProgress(const QString& directory, const CommissionProgress& progress) {
    QFile::remove(QDir(directory).filePath(progress.fileName()));
}

}  // namespace fleetdeck::commission
