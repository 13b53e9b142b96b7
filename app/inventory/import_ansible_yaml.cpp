#include "app/inventory/importers.h"

#include <map>
#include <memory>

#include <QCoreApplication>
#include <yaml.h>

namespace fleetdeck {
namespace {

using Vars = std::map<QString, QString>;

// A loaded libyaml document; nodes are looked up by index.
class YamlDocument {
public:
    explicit YamlDocument(const QByteArray& text) {
        yaml_parser_initialize(&parser_);
        yaml_parser_set_input_string(&parser_, reinterpret_cast<const unsigned char*>(text.constData()),
                                     static_cast<size_t>(text.size()));
        loaded_ = yaml_parser_load(&parser_, &doc_) != 0;
        if (!loaded_)
            error_ = QStringLiteral("line %1: %2").arg(parser_.problem_mark.line + 1).arg(QString::fromUtf8(parser_.problem ? parser_.problem : "malformed YAML"));
    }
    ~YamlDocument() {
        if (loaded_) yaml_document_delete(&doc_);
        yaml_parser_delete(&parser_);
    }
    YamlDocument(const YamlDocument&) = delete;
    YamlDocument& operator=(const YamlDocument&) = delete;

    bool loaded() const { return loaded_; }
    const QString& error() const { return error_; }
    yaml_node_t* root() { return loaded_ ? yaml_document_get_root_node(&doc_) : nullptr; }
    yaml_node_t* node(int index) { return yaml_document_get_node(&doc_, index); }

    static QString scalar(const yaml_node_t* n) {
        if (!n || n->type != YAML_SCALAR_NODE) return {};
        return QString::fromUtf8(reinterpret_cast<const char*>(n->data.scalar.value), static_cast<int>(n->data.scalar.length));
    }
    static bool isNull(const yaml_node_t* n) {
        if (!n) return true;
        if (n->type != YAML_SCALAR_NODE) return false;
        const QString s = scalar(n);
        return s.isEmpty() || s == QLatin1String("~") || s == QLatin1String("null");
    }
    // Calls f(key, value) for each pair of a mapping node.
    template <typename F>
    void forEachPair(yaml_node_t* mapping, F f) {
        if (!mapping || mapping->type != YAML_MAPPING_NODE) return;
        for (yaml_node_pair_t* p = mapping->data.mapping.pairs.start; p < mapping->data.mapping.pairs.top; ++p)
            f(scalar(node(p->key)), node(p->value));
    }

private:
    yaml_parser_t parser_{};
    yaml_document_t doc_{};
    bool loaded_ = false;
    QString error_;
};

class YamlWalk {
public:
    YamlWalk(YamlDocument& doc, ImportResult& result) : doc_(doc), result_(result) {}

    void group(const QString& name, yaml_node_t* node, int depth = 0) {
        if (doc_.isNull(node)) return;
        // YAML aliases can make a group its own child, or repeat one group a million times.
        if (depth > kMaxGroupDepth || ++groupsVisited_ > kMaxGroupVisits) {
            if (!walkCut_) result_.warnings << QCoreApplication::translate("inventory", "group %1: children nested too deep or repeated too often; skipped").arg(name);
            walkCut_ = true;
            return;
        }
        if (node->type != YAML_MAPPING_NODE) {
            result_.warnings << QCoreApplication::translate("inventory", "group %1: expected a mapping with hosts/children/vars").arg(name);
            return;
        }
        doc_.forEachPair(node, [&](const QString& key, yaml_node_t* value) {
            if (key == QLatin1String("vars")) {
                for (const auto& [k, v] : scalars(value)) parsed.groupVars[name][k] = v;
            } else if (key == QLatin1String("hosts")) {
                doc_.forEachPair(value, [&](const QString& host, yaml_node_t* hv) { addHost(host, name, hv); });
            } else if (key == QLatin1String("children")) {
                doc_.forEachPair(value, [&](const QString& child, yaml_node_t* cv) {
                    if (!parsed.children[name].contains(child)) parsed.children[name] << child;
                    group(child, cv, depth + 1);
                });
            } else {
                result_.warnings << QCoreApplication::translate("inventory", "group %1: '%2' ignored").arg(name, key);
            }
        });
    }

    AnsibleInventoryText parsed;

private:
    Vars scalars(yaml_node_t* mapping) {
        Vars vars;
        doc_.forEachPair(mapping, [&](const QString& k, yaml_node_t* v) {
            if (v && v->type == YAML_SCALAR_NODE) vars[k] = YamlDocument::scalar(v);
        });
        return vars;
    }

    void addHost(const QString& pattern, const QString& group, yaml_node_t* value) {
        const Vars own = scalars(value);
        for (const QString& name : expandHostRange(pattern)) {
            // Aliases can list the same hosts under many groups: the work is capped, not just the hosts.
            auto found = hostIndex_.find(name);
            if (++hostEntries_ > kMaxHostEntries ||
                (found == hostIndex_.end() && parsed.hosts.size() >= static_cast<std::size_t>(kMaxImportedHosts))) {
                if (!walkCut_) result_.warnings << QCoreApplication::translate("inventory", "more than %1 hosts; the rest is skipped").arg(kMaxImportedHosts);
                walkCut_ = true;
                return;
            }
            if (found == hostIndex_.end()) {
                found = hostIndex_.emplace(name, parsed.hosts.size()).first;
                parsed.hosts.push_back({name, {}, {}});
            }
            AnsibleInventoryText::Host* it = &parsed.hosts[found->second];
            if (group != QLatin1String("all") && group != QLatin1String("ungrouped") && !it->groups.contains(group))
                it->groups << group;
            for (const auto& [k, v] : own) it->vars[k] = v;
        }
    }

    static constexpr int kMaxGroupDepth = 32;
    static constexpr int kMaxGroupVisits = 4096;
    YamlDocument& doc_;
    ImportResult& result_;
    static constexpr int kMaxHostEntries = 100000;
    std::map<QString, std::size_t> hostIndex_;  // name → position in parsed.hosts
    int groupsVisited_ = 0;
    int hostEntries_ = 0;
    bool walkCut_ = false;
};

}  // namespace

std::optional<AnsibleInventoryText> parseAnsibleYaml(const QByteArray& text, ImportResult& result) {
    YamlDocument doc(text);
    if (!doc.loaded()) {
        result.error = std::move(InventoryText(QT_TRANSLATE_NOOP("inventory", "not readable as YAML: %1")).arg(doc.error()));
        return std::nullopt;
    }
    yaml_node_t* root = doc.root();
    if (!root || root->type != YAML_MAPPING_NODE) {
        result.error = InventoryText(QT_TRANSLATE_NOOP("inventory", "an Ansible YAML inventory starts with a mapping of groups (all: …)"));
        return std::nullopt;
    }
    YamlWalk walk(doc, result);
    doc.forEachPair(root, [&](const QString& name, yaml_node_t* node) { walk.group(name, node); });
    return std::move(walk.parsed);
}

ImportResult importAnsibleYaml(const QByteArray& text) {
    ImportResult result;
    if (const auto parsed = parseAnsibleYaml(text, result)) finishAnsibleImport(*parsed, QString(), result);
    return result;
}

std::optional<std::map<QString, QString>> ansibleVarsFromYaml(const QByteArray& text, QString& error) {
    YamlDocument doc(text);
    if (!doc.loaded()) {
        error = doc.error();
        return std::nullopt;
    }
    yaml_node_t* root = doc.root();
    Vars vars;
    if (YamlDocument::isNull(root)) return vars;  // an empty file: no variables
    if (root->type != YAML_MAPPING_NODE) {
        error = QStringLiteral("expected a mapping of variables");
        return std::nullopt;
    }
    doc.forEachPair(root, [&](const QString& k, yaml_node_t* v) {
        if (v && v->type == YAML_SCALAR_NODE) vars[k] = YamlDocument::scalar(v);
    });
    return vars;
}

}  // namespace fleetdeck
