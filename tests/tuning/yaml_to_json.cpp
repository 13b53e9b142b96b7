#include "tests/tuning/yaml_to_json.h"

#include <yaml.h>

namespace fleetdeck::test {
namespace {

nlohmann::json convert(yaml_document_t* doc, yaml_node_t* node) {
    switch (node->type) {
    case YAML_SCALAR_NODE:
        return std::string(reinterpret_cast<const char*>(node->data.scalar.value), node->data.scalar.length);
    case YAML_SEQUENCE_NODE: {
        nlohmann::json out = nlohmann::json::array();
        for (yaml_node_item_t* i = node->data.sequence.items.start; i < node->data.sequence.items.top; ++i)
            out.push_back(convert(doc, yaml_document_get_node(doc, *i)));
        return out;
    }
    case YAML_MAPPING_NODE: {
        nlohmann::json out = nlohmann::json::object();
        for (yaml_node_pair_t* p = node->data.mapping.pairs.start; p < node->data.mapping.pairs.top; ++p) {
            const nlohmann::json key = convert(doc, yaml_document_get_node(doc, p->key));
            out[key.is_string() ? key.get<std::string>() : key.dump()] = convert(doc, yaml_document_get_node(doc, p->value));
        }
        return out;
    }
    default: return nullptr;
    }
}

}  // namespace

std::optional<nlohmann::json> yamlToJson(const std::string& text, std::string* error) {
    yaml_parser_t parser;
    yaml_document_t doc;
    yaml_parser_initialize(&parser);
    yaml_parser_set_input_string(&parser, reinterpret_cast<const unsigned char*>(text.data()), text.size());
    std::optional<nlohmann::json> out;
    if (!yaml_parser_load(&parser, &doc)) {
        if (error)
            *error = std::string(parser.problem ? parser.problem : "parse error") + " at line " +
                     std::to_string(parser.problem_mark.line + 1);
    } else {
        yaml_node_t* root = yaml_document_get_root_node(&doc);
        out = root ? convert(&doc, root) : nlohmann::json();
        yaml_document_delete(&doc);
    }
    yaml_parser_delete(&parser);
    return out;
}

}  // namespace fleetdeck::test
