#pragma once

// A strict reader for the YAML that small configuration files use (agent/metrics/web_config.h):
// block mappings nested by spaces, lists of scalars (`- item` lines or `[a, b]`), `{}`, plain,
// 'single-' and "double-quoted" scalars on one line, `#` comments and a leading `---`. Anything
// else YAML allows (anchors, aliases, tags, block scalars, multi-line scalars, flow mappings,
// tabs in indentation, duplicate keys) is an error naming its line, so a file never means
// something other than what the reader understood. Bounded: 64 KiB, 4 KiB a line, 8 levels,
// 4,096 nodes.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fleetdeck::agent::metrics {

struct YamlEntry;

struct YamlNode {
    enum class Kind { Null, Scalar, Map, List };
    Kind kind = Kind::Null;
    int line = 0;               // where it starts, from 1
    std::string text;           // Scalar: its value, quotes removed
    bool quoted = false;        // Scalar: written in quotes (so `'true'` is a string)
    std::vector<YamlEntry> entries;  // Map, in file order
    std::vector<YamlNode> items;     // List
};

struct YamlEntry {
    std::string key;
    YamlNode value;
};

struct YamlLimits {
    std::size_t max_bytes = 64 * 1024;
    std::size_t max_line = 4096;
    int max_depth = 8;
    std::size_t max_nodes = 4096;
};

struct YamlResult {
    std::optional<YamlNode> root;  // a Map, or Null for an empty document
    std::string error;             // "line 3: expected KEY: VALUE, got '- x'"
};

YamlResult parse_yaml_subset(std::string_view text, const YamlLimits& limits = {});

}  // namespace fleetdeck::agent::metrics
